package cli

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"os"
	"slices"

	segjson "github.com/segmentio/encoding/json"

	"github.com/atomic-script/atomic-script/engine"
)

// invocation is what a `run --json` result says ran: the script (its
// name and the SHA-256 of its text), its arguments, the file mode and the
// repository's name. `--repos --resume` keeps a result only when it
// passed for the same script, arguments and mode.
type invocation struct {
	Script       string   `json:"script"`
	ScriptSHA256 string   `json:"scriptSha256"`
	Args         []string `json:"args"`
	Mode         string   `json:"mode"`
	Name         string   `json:"name"`
}

func newInvocation(script, code string, args []string, mode, name string) invocation {
	sum := sha256.Sum256([]byte(code))
	if args == nil {
		args = []string{}
	}
	return invocation{Script: script, ScriptSHA256: hex.EncodeToString(sum[:]), Args: args, Mode: mode, Name: name}
}

func (inv invocation) withName(name string) invocation {
	inv.Name = name
	return inv
}

// passedIn reports whether the result in file passed (exit 0) for the
// same script text, arguments and mode as inv.
func (inv invocation) passedIn(file string) bool {
	data, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	var r struct {
		OK         bool        `json:"ok"`
		ExitCode   int         `json:"exitCode"`
		NotRun     bool        `json:"notRun"`
		Invocation *invocation `json:"invocation"`
	}
	if segjson.Unmarshal(data, &r) != nil || !r.OK || r.ExitCode != engine.ExitOK || r.NotRun || r.Invocation == nil {
		return false
	}
	got := r.Invocation
	return got.ScriptSHA256 == inv.ScriptSHA256 && got.Mode == inv.Mode && slices.Equal(got.Args, inv.Args)
}

// writeNotRunResult writes the result of a run a fleet never started.
func writeNotRunResult(w io.Writer, inv invocation, why string) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(struct {
		SchemaVersion int        `json:"schemaVersion"`
		Invocation    invocation `json:"invocation"`
		OK            bool       `json:"ok"`
		ExitCode      int        `json:"exitCode"`
		NotRun        bool       `json:"notRun"`
		Error         startError `json:"error"`
	}{ResultSchemaVersion, inv, false, engine.ExitAborted, true, startError{"aborted", why}})
}

// startError is the error of a result whose run never ran its script.
type startError struct {
	Kind    string `json:"kind"`
	Message string `json:"message"`
}

// ext is the file extension of a report's format.
func (r reportSpec) ext() string {
	if r.format == "markdown" {
		return ".md"
	}
	return ".xml"
}

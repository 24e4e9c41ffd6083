package engine

import (
	"encoding/json"
	"time"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/models"
	"github.com/atomic-script/atomic-script/tools"
)

// Kind classifies how a run failed.
type Kind = tools.Kind

// The failure kinds of a run.
const (
	KindScript  Kind = "script"  // an uncaught exception, a rejected promise, exit(n≠0), a bad options line
	KindTimeout Kind = "timeout" // the deadline passed
	KindAborted Kind = "aborted" // the caller cancelled (signal, MCP cancellation)
	KindSandbox Kind = "sandbox" // the memory limit or an engine fault
)

// Exit codes of the CLI contract (DESIGN.md).
const (
	ExitOK      = 0
	ExitScript  = 1
	ExitUsage   = 2
	ExitTimeout = 3
	ExitSandbox = 4
	ExitAborted = 5
	// ExitRollbackIncomplete: an --atomic run failed and some files could
	// not be restored (Result.Rollback.Failed names them); it wins over the
	// failure's own code, which stays in Result.Error.
	ExitRollbackIncomplete = 6
	// ExitChanged: the run succeeded and changed files (or, in a dry run,
	// would have) while WithFailOnChange was set (--fail-on-change).
	ExitChanged = 7
)

// ScriptError says why a run failed (defined in tools, the lowest package
// the engine and the bindings share, so there is one).
type ScriptError = tools.ScriptError

// Item is one output item: a text() value (or the returned value) or an
// image().
type Item struct {
	Type  string       `json:"type"` // "text" or "image"
	Text  string       `json:"text,omitempty"`
	Image *tools.Image `json:"image,omitempty"`
}

// Call records one tool call the script made (defined in tools, so the
// bindings that make the record and the engine that reports it share one).
type Call = tools.Call

// Result is everything one run produced. Run never fails because the script
// did: OK is false and Error says why. Its JSON (run --json) has every
// field in every result: null, "", false or [] when there is nothing.
type Result struct {
	OK bool `json:"ok"`
	// Value is the JSON of the script's return value (null for undefined).
	Value json.RawMessage `json:"value"`
	Error *ScriptError    `json:"error"`
	// ExitCode is what the CLI exits with (see the Exit* constants).
	ExitCode int      `json:"exitCode"`
	Output   []Item   `json:"output"`
	Logs     []string `json:"logs"`
	// Calls are the kept call records: the first 50 and last 50 calls and
	// up to 1,000 failed ones; CallStats counts every call and says how
	// many records were folded, so memory and --json stay bounded at a
	// million calls.
	Calls     []Call    `json:"calls"`
	CallStats CallStats `json:"callStats"`
	// Text is the rendered result a model reads, capped at the output
	// budget; FullOutputPath names a 0600 file with all of it when capped.
	Text           string        `json:"text"`
	Truncated      bool          `json:"truncated"`
	FullOutputPath string        `json:"fullOutputPath"`
	Wall           time.Duration `json:"-"`
	// Warnings are engine notes about the run (cancelled unawaited calls).
	Warnings []string `json:"warnings"`
	// Changed is set when the run changed files (in a dry run: would
	// have); Changes lists them, and Diff is their unified diff in a dry
	// run.
	Changed bool         `json:"changed"`
	Changes []FileChange `json:"changes"`
	Diff    string       `json:"diff"`
	// RolledBack is set when --atomic put every changed file back after a
	// failure; Rollback says file by file what the rollback did (nil when
	// there was none), and an incomplete one exits ExitRollbackIncomplete.
	RolledBack bool      `json:"rolledBack"`
	Rollback   *Rollback `json:"rollback"`
	// DryRun is set when the run wrote nothing (--dry-run): Changes and
	// Diff say what it would have changed.
	DryRun bool `json:"dryRun"`
	// Version is the atomic-script version that ran (see Version).
	Version string `json:"version"`
	// Usage is what the run's models.* calls used (null when none).
	Usage *models.Totals `json:"usage"`
}

// Rollback is what an --atomic rollback did, as it happened: the files
// put back as they were (Restored), the files the run created and the
// rollback removed (Removed), and the files it could not put back (Failed,
// left as the run made them). Paths are workspace-relative.
type Rollback struct {
	Restored []string          `json:"restored"`
	Removed  []string          `json:"removed"`
	Failed   []RollbackFailure `json:"failed"`
}

// RollbackFailure is one file a rollback could not restore.
type RollbackFailure struct {
	Path  string `json:"path"`
	Error string `json:"error"`
}

// CallStats counts a run's calls: Total made, Kept whole in Calls, Folded
// into these counts only (FailedFolded of them failed), and per tool.
type CallStats struct {
	Total        int                  `json:"total"`
	Kept         int                  `json:"kept"`
	Folded       int                  `json:"folded"`
	FailedFolded int                  `json:"failedFolded"`
	ByTool       map[string]ToolStats `json:"byTool"`
}

// ToolStats sums one tool's calls.
type ToolStats struct {
	Count      int   `json:"count"`
	OK         int   `json:"ok"`
	Errors     int   `json:"errors"`
	Cancelled  int   `json:"cancelled"`
	DurationMs int64 `json:"durationMs"`
}

func convertStats(s bindings.CallStats) CallStats {
	out := CallStats{Total: s.Total, Kept: s.Kept, Folded: s.Folded, FailedFolded: s.FailedFolded, ByTool: map[string]ToolStats{}}
	for name, t := range s.ByTool {
		out.ByTool[name] = ToolStats{Count: t.Count, OK: t.OK, Errors: t.Errors, Cancelled: t.Cancelled, DurationMs: t.Duration.Milliseconds()}
	}
	return out
}

// FileChange is one file a run changed.
type FileChange struct {
	Path   string `json:"path"`
	Action string `json:"action"` // created | modified | deleted | mode | renamed
	// From is where a renamed file was ("" for the other actions).
	From string `json:"from"`
}

// MarshalJSON adds wallTimeMs.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	if r.Output == nil {
		r.Output = []Item{}
	}
	if r.Logs == nil {
		r.Logs = []string{}
	}
	if r.Calls == nil {
		r.Calls = []Call{}
	}
	if r.Warnings == nil {
		r.Warnings = []string{}
	}
	if r.CallStats.ByTool == nil {
		r.CallStats.ByTool = map[string]ToolStats{}
	}
	if r.Changes == nil {
		r.Changes = []FileChange{}
	}
	if len(r.Value) == 0 {
		r.Value = json.RawMessage("null")
	}
	return json.Marshal(struct {
		plain
		WallTimeMs int64 `json:"wallTimeMs"`
	}{plain(r), r.Wall.Milliseconds()})
}

func exitCodeFor(k Kind) int {
	switch k {
	case KindTimeout:
		return ExitTimeout
	case KindSandbox:
		return ExitSandbox
	case KindAborted:
		return ExitAborted
	}
	return ExitScript
}

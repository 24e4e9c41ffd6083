package cli

import (
	"embed"
	"encoding/json"
	"fmt"
	"io"

	"github.com/atomic-script/atomic-script/engine"
)

// The JSON Schemas (2020-12) of `run --json` results and `--events` lines,
// published by `atomic-script schema`. ResultSchemaVersion is in their $id
// and in every result: a breaking change of either bumps it.
//
//go:embed schema/result.schema.json schema/events.schema.json
var schemas embed.FS

// ResultSchemaVersion is the version of the --json result's schema this
// build writes and reads.
const ResultSchemaVersion = 1

func cmdSchema(args []string, stdio Stdio) error {
	cmd := newCommand("schema", "atomic-script schema result|events", 1, 1)
	pos, _, err := cmd.parse(args, stdio.Out)
	if err != nil {
		return err
	}
	switch pos[0] {
	case "result", "events":
		data, err := schemas.ReadFile("schema/" + pos[0] + ".schema.json")
		if err != nil {
			return err
		}
		_, err = stdio.Out.Write(data)
		return err
	}
	return usagef("schema: %q: say result (the run --json result) or events (a run --events line)", pos[0])
}

// resultHead is what the CLI puts before the engine's result in --json:
// what ran, and the commit --commit made.
type resultHead struct {
	Invocation invocation
	Commit     *commitInfo
}

// writeResultJSON prints a result as --json does: indented, the schema
// version, the invocation and the commit first, then the result as the
// engine streams it.
func writeResultJSON(w io.Writer, res *engine.Result, head resultHead) error {
	inv, err := json.MarshalIndent(head.Invocation, "  ", "  ")
	if err != nil {
		return err
	}
	commit, err := json.MarshalIndent(head.Commit, "  ", "  ")
	if err != nil {
		return err
	}
	if _, err := fmt.Fprintf(w, "{\n  \"schemaVersion\": %d,\n  \"invocation\": %s,\n  \"commit\": %s,", ResultSchemaVersion, inv, commit); err != nil {
		return err
	}
	return res.WriteJSON(&afterBrace{w: w}, "  ")
}

// afterBrace passes on what is written to it without its first byte, the
// opening brace of the result's object (written before, with the version).
type afterBrace struct {
	w    io.Writer
	done bool
}

func (a *afterBrace) Write(p []byte) (int, error) {
	if a.done || len(p) == 0 {
		return a.w.Write(p)
	}
	if p[0] != '{' {
		return 0, fmt.Errorf("a result is not a JSON object: %.20q", p)
	}
	a.done = true
	n, err := a.w.Write(p[1:])
	return n + 1, err
}

package cli

import (
	"bytes"
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

// writeResultJSON prints a result as --json does: indented, with the
// schema version first.
func writeResultJSON(w io.Writer, res *engine.Result) error {
	data, err := json.Marshal(res)
	if err != nil {
		return err
	}
	if len(data) < 2 || data[0] != '{' {
		return fmt.Errorf("a result is not a JSON object: %.40s", data)
	}
	versioned := fmt.Appendf(nil, `{"schemaVersion":%d`, ResultSchemaVersion)
	if data[1] != '}' {
		versioned = append(versioned, ',')
	}
	versioned = append(versioned, data[1:]...)
	var out bytes.Buffer
	if err := json.Indent(&out, versioned, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = w.Write(out.Bytes())
	return err
}

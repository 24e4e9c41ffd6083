package cli

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/atomic-script/atomic-script/engine"
)

func cmdTools(args []string, stdio Stdio) error {
	cmd := newCommand("tools", "atomic-script tools [--json] [--tools LIST]", 0, 0)
	var c common
	c.register(cmd.fs)
	asJSON := cmd.fs.Bool("json", false, "print the report as JSON")
	if _, _, err := cmd.parse(args, stdio.Out); err != nil {
		return err
	}
	ws, err := c.load(io.Discard)
	if err != nil {
		return err
	}
	if *asJSON {
		enc := json.NewEncoder(stdio.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(ws.status)
	}
	fmt.Fprint(stdio.Out, ws.status.String())
	return nil
}

func cmdTypes(args []string, stdio Stdio) error {
	cmd := newCommand("types", "atomic-script types [--tools LIST]", 0, 0)
	var c common
	c.register(cmd.fs)
	if _, _, err := cmd.parse(args, stdio.Out); err != nil {
		return err
	}
	ws, err := c.load(stdio.Err)
	if err != nil {
		return err
	}
	eng, err := engine.New(engine.WithRoot(ws.root), engine.WithTools(ws.enabled))
	if err != nil {
		return err
	}
	defer eng.Close()
	_, err = io.WriteString(stdio.Out, eng.DTS())
	return err
}

package cli

import (
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"github.com/atomic-script/atomic-script/engine"
)

func cmdTools(args []string, stdio Stdio) error {
	fs := flag.NewFlagSet("tools", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var c common
	c.register(fs)
	asJSON := fs.Bool("json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fs.SetOutput(stdio.Out)
			fs.PrintDefaults()
			return nil
		}
		return usagef("tools: %v", err)
	}
	if fs.NArg() > 0 {
		return usagef("tools: unexpected argument %q", fs.Arg(0))
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
	fs := flag.NewFlagSet("types", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	var c common
	c.register(fs)
	if err := fs.Parse(args); err != nil {
		if err == flag.ErrHelp {
			fs.SetOutput(stdio.Out)
			fs.PrintDefaults()
			return nil
		}
		return usagef("types: %v", err)
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

package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/mcpclient"
)

// cmdCheck parses scripts without running them and prints what it finds,
// one "file:line:col: message" a line (--json: one array of findings).
// Any error or warning makes the exit status 1; notes do not.
func cmdCheck(args []string, stdio Stdio) (int, error) {
	cmd := newCommand("check", "atomic-script check [--json] [--tools LIST] FILE...", 1, -1)
	var c common
	c.register(cmd.fs)
	asJSON := cmd.fs.Bool("json", false, "print the findings as a JSON array")
	pos, _, err := cmd.parse(args, stdio.Out)
	if err != nil {
		return 0, err
	}
	ws, err := c.load(stdio.Err)
	if err != nil {
		return 0, err
	}
	hub := mcpclient.New(ws.settings.MCPServers, mcpclient.Options{Root: ws.root, Stderr: stdio.Err, Version: Version})
	defer hub.Close()
	eng, err := engine.New(engine.WithRoot(ws.root), engine.WithTools(ws.enabled), engine.WithNamespaces(hub.Namespaces(ws.enabled)...))
	if err != nil {
		return 0, err
	}
	defer eng.Close()
	found := []engine.Diagnostic{}
	for _, name := range pos {
		var data []byte
		if name == "-" {
			data, err = io.ReadAll(stdio.In)
			name = "[stdin]"
		} else {
			data, err = os.ReadFile(name)
		}
		if err != nil {
			return 0, usagef("check: cannot read script: %v", err)
		}
		found = append(found, eng.Check(string(data), engine.WithScriptName(name))...)
	}
	if *asJSON {
		enc := json.NewEncoder(stdio.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(found); err != nil {
			return 0, err
		}
	} else {
		for _, d := range found {
			fmt.Fprintln(stdio.Out, d.String())
		}
	}
	for _, d := range found {
		if d.Severity != "note" {
			return 1, nil
		}
	}
	return 0, nil
}

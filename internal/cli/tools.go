package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/ask"
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
	questions := questionsNote(ws.enabled, stdio.Err)
	status := ws.status
	why := noTerminal(stdio.Err)
	if why != "" {
		status = noAnswerer(status, why)
	}
	if *asJSON {
		enc := json.NewEncoder(stdio.Out)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			tools.Status
			Questions string `json:"questions,omitempty"`
		}{status, questions})
	}
	fmt.Fprint(stdio.Out, status.String())
	if questions != "" && why == "" { // else the inactive list says it
		fmt.Fprintf(stdio.Out, "\n%s\n", questions)
	}
	return nil
}

// questionsNote says when the question tools work: they are on, but a run
// lists them only when someone can answer.
func questionsNote(enabled *tools.Registry, stderr io.Writer) string {
	var on []string
	for _, n := range []string{ask.Name, ask.Alias} {
		if _, ok := enabled.Get(n); ok {
			on = append(on, n)
		}
	}
	if len(on) == 0 {
		return ""
	}
	run := "active in `run` here (a picker on this terminal)"
	if why := noTerminal(stderr); why != "" {
		run = "inactive in `run` here: " + why + ", so no one can answer (run --answers FILE answers from a file)"
	}
	return fmt.Sprintf("Questions to the user (%s): %s; in `serve`, active when the MCP client supports elicitation. Where inactive, calling them throws ERR_UNAVAILABLE.", strings.Join(on, ", "), run)
}

// noAnswerer moves the question tools to the inactive ones, saying why:
// a run here has no one to answer them (why: no terminal, CI).
func noAnswerer(st tools.Status, why string) tools.Status {
	var active []tools.ToolStatus
	inactive := slices.Clone(st.Inactive)
	for _, t := range st.Active {
		if t.Name != ask.Name && t.Name != ask.Alias {
			active = append(active, t)
			continue
		}
		t.Reason = "no one can answer in `run` here: " + why + " (in `serve`: active when the MCP client supports elicitation)"
		t.Enable = "run with --answers FILE (CI), or on a terminal"
		inactive = append(inactive, t)
	}
	st.Active, st.Inactive = active, inactive
	return st
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

package cli

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// parseApprove reads --approve: a comma-separated list of approval classes.
func parseApprove(cmd, list string) ([]engine.ApprovalClass, error) {
	var out []engine.ApprovalClass
	for _, name := range splitList(list) {
		c, err := engine.ParseApprovalClass(name)
		if err != nil {
			return nil, usagef("%s: --approve: %v", cmd, err)
		}
		out = append(out, c)
	}
	return out, nil
}

// ciEnv reports whether the environment says this is a CI job (CI set to
// anything but "", "0" or "false"): nobody is there to answer a prompt.
func ciEnv() bool {
	v := strings.ToLower(strings.TrimSpace(os.Getenv("CI")))
	return v != "" && v != "0" && v != "false"
}

// terminalAsker asks the person at the controlling terminal (/dev/tty, so
// stdin may carry the script and stdout the result) about each call, one
// line each: [y]es / [n]o / [a]lways for this pattern / [q]uit. The
// terminal is opened at the first ask; without one (CI, no controlling
// terminal) every ask is refused with how to get past it.
type terminalAsker struct {
	open   func() (io.ReadWriteCloser, error)
	status *statusLine // paused while a prompt is up; may be nil

	mu  sync.Mutex
	tty io.ReadWriteCloser
	in  *bufio.Reader
	err error
}

func newTerminalAsker(status *statusLine) *terminalAsker {
	return &terminalAsker{status: status, open: func() (io.ReadWriteCloser, error) {
		if ciEnv() {
			return nil, errors.New("CI is set")
		}
		f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
		if err != nil {
			return nil, errors.New("no controlling terminal")
		}
		return f, nil
	}}
}

func (a *terminalAsker) close() {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.tty != nil {
		a.tty.Close()
	}
}

// ask is an engine.AskFunc.
func (a *terminalAsker) ask(ctx context.Context, req engine.ApprovalRequest) (engine.ApprovalAnswer, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.tty == nil && a.err == nil {
		a.tty, a.err = a.open()
		if a.tty != nil {
			a.in = bufio.NewReader(a.tty)
		}
	}
	if a.err != nil {
		return engine.ApprovalAnswer{}, fmt.Errorf("there is no terminal to ask on (%v): pass --yes to approve every call that asks, or set approvals.%s in the settings to \"allow\", \"deny\" or allow patterns that cover it", a.err, req.Class)
	}
	if a.status != nil {
		defer a.status.hold()()
	}
	fmt.Fprint(a.tty, promptText(req))
	for {
		line, err := a.readLine(ctx)
		switch {
		case ctx.Err() != nil:
			fmt.Fprintln(a.tty, "\n(the run ended before an answer)")
			return engine.ApprovalAnswer{}, ctx.Err()
		case err != nil && line == "":
			fmt.Fprintln(a.tty)
			return engine.ApprovalAnswer{Reason: "no answer at the terminal (" + err.Error() + ")"}, nil
		}
		switch strings.ToLower(strings.TrimSpace(line)) {
		case "y", "yes":
			return engine.ApprovalAnswer{Decision: engine.Approve}, nil
		case "n", "no", "":
			return engine.ApprovalAnswer{Reason: "declined at the terminal"}, nil
		case "a", "always":
			if len(req.Always) > 0 {
				return engine.ApprovalAnswer{Decision: engine.ApproveAlways}, nil
			}
		case "q", "quit":
			return engine.ApprovalAnswer{Decision: engine.StopRun}, nil
		}
		fmt.Fprint(a.tty, choices(req))
	}
}

// readLine reads one answer, giving up when ctx ends.
func (a *terminalAsker) readLine(ctx context.Context) (string, error) {
	if f, ok := a.tty.(*os.File); ok {
		if f.SetReadDeadline(time.Time{}) == nil {
			stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
			defer stop()
			return a.in.ReadString('\n')
		}
	}
	type result struct {
		line string
		err  error
	}
	got := make(chan result, 1)
	go func() {
		l, err := a.in.ReadString('\n')
		got <- result{l, err}
	}()
	select {
	case r := <-got:
		return r.line, r.err
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// maxPromptDiffLines bounds the diff shown in a prompt.
const maxPromptDiffLines = 200

// promptText shows one call: what it does, why it asks, and the choices.
// Every string from the call (its tool's name, command, paths, diff) is
// printed through tools.Visible, so control characters, escape sequences
// and bidi overrides show as escapes instead of acting on the terminal:
// what the prompt shows is what runs.
func promptText(req engine.ApprovalRequest) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\natomic-script: call %s needs approval (%s)\n", tools.Visible(req.CallID), tools.Visible(req.Why))
	name := tools.Visible(req.Tool)
	switch {
	case req.Command != "":
		fmt.Fprintf(&b, "  %s $ %s\n", name, strings.ReplaceAll(tools.VisibleLines(req.Command), "\n", "\n    "))
		if req.Cwd != "" && req.Cwd != "." {
			fmt.Fprintf(&b, "  in %s\n", tools.Visible(req.Cwd))
		}
		for _, k := range slices.Sorted(maps.Keys(req.Env)) {
			fmt.Fprintf(&b, "  with %s=%s\n", tools.Visible(k), tools.Visible(req.Env[k]))
		}
	case len(req.Paths) > 0:
		fmt.Fprintf(&b, "  %s %s\n", name, tools.Visible(req.PathsText()))
	default:
		fmt.Fprintf(&b, "  %s %s\n", name, tools.Visible(string(req.Args)))
	}
	if req.Diff != "" {
		lines := strings.Split(strings.TrimRight(req.Diff, "\n"), "\n")
		if len(lines) > maxPromptDiffLines {
			more := len(lines) - maxPromptDiffLines
			lines = append(lines[:maxPromptDiffLines], fmt.Sprintf("… %d more lines", more))
		}
		for _, l := range lines {
			b.WriteString("  " + tools.VisibleLines(strings.TrimSuffix(l, "\r")) + "\n")
		}
	}
	b.WriteString(choices(req))
	return b.String()
}

func choices(req engine.ApprovalRequest) string {
	always := ""
	if len(req.Always) > 0 {
		q := make([]string, len(req.Always))
		for i, p := range req.Always {
			q[i] = fmt.Sprintf("%q", p)
		}
		always = " / [a]lways for " + strings.Join(q, ", ")
	}
	return "[y]es / [n]o" + always + " / [q]uit: "
}

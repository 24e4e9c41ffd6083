package main

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/creack/pty"

	"github.com/atomic-script/atomic-script/internal/testutil/termscreen"
)

// runOnTerminal runs the CLI on a real pty of the given width (stdin,
// stdout and stderr all on it, as in an interactive shell) and returns
// everything it wrote there.
func runOnTerminal(t *testing.T, bin, ws string, cols int, env []string, args ...string) string {
	t.Helper()
	home := t.TempDir()
	cmd := exec.Command(bin, args...)
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "HOME="+home, "ATOMIC_HOME="+filepath.Join(home, ".atomic"), "ATOMIC_STATE_DIR="+filepath.Join(home, "state"), "CI=", "TERM=xterm-256color", "NO_COLOR=")
	cmd.Env = append(cmd.Env, env...)
	tty, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 40, Cols: uint16(cols)})
	if err != nil {
		t.Skipf("no pty here: %v", err)
	}
	defer tty.Close()
	out := &ptyOutput{}
	copied := make(chan struct{})
	go func() { io.Copy(out, tty); close(copied) }()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("run: %v\n%q", err, out.String())
	}
	<-copied
	return out.String()
}

// TestRunStatusLineOnTerminal: a single run on a terminal shows a live
// status line on stderr that fits the terminal's width, uses nothing but
// carriage returns (so it works on any terminal), and is gone before the
// result is printed; with --events, or on TERM=dumb, there is none.
func TestRunStatusLineOnTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI")
	}
	bin := buildCLI(t)
	const cols = 72
	// Six calls at once make the line longer than 72 columns.
	script := `await tools.write({path: "a.txt", content: "x\n"});
		await Promise.all([1, 2, 3, 4, 5, 6].map(() => tools.bash({command: "sleep 1.5"})));
		return "done"`

	t.Run("json", func(t *testing.T) {
		raw := runOnTerminal(t, bin, t.TempDir(), cols, nil, "run", "--json", "-e", script)
		for _, want := range []string{"6 running: bash ", "1 call done", "1 file written"} {
			if !strings.Contains(raw, want) {
				t.Errorf("the status line never showed %q:\n%q", want, raw)
			}
		}
		// Up to the result, the terminal shows only the status line: it
		// fits the width, needs nothing but carriage returns, and is gone
		// (a blank screen) when the result starts.
		at := strings.Index(raw, "{\r\n  \"schemaVersion\"")
		if at < 0 {
			t.Fatalf("no result on the terminal:\n%q", raw)
		}
		before := termscreen.Replay(raw[:at], cols)
		if len(before.Problems) > 0 {
			t.Errorf("the status line needs more than a plain terminal: %q\n%q", before.Problems, raw[:at])
		}
		if strings.TrimSpace(before.Text()) != "" {
			t.Errorf("the status line was not cleared before the result: %q", before.Text())
		}
		// What is left on the screen is the result alone.
		screen := termscreen.Replay(raw, 1000)
		var res struct {
			SchemaVersion int    `json:"schemaVersion"`
			OK            bool   `json:"ok"`
			Value         string `json:"value"`
		}
		if err := json.Unmarshal([]byte(screen.Text()), &res); err != nil || !res.OK || res.SchemaVersion != 1 || res.Value != "done" {
			t.Errorf("the screen at the end is not the result alone (%v):\n%s", err, screen.Text())
		}
	})

	t.Run("events", func(t *testing.T) {
		raw := runOnTerminal(t, bin, t.TempDir(), cols, nil, "run", "--events", "-e", `await tools.bash({command: "sleep 2.5"})`)
		if strings.Contains(raw, "running:") || strings.Contains(raw, "calls done") {
			t.Errorf("a status line is mixed into the --events stream:\n%q", raw)
		}
		screen := termscreen.Replay(raw, 1000)
		for _, line := range screen.Lines {
			if !json.Valid([]byte(line)) {
				t.Errorf("a line of the --events stream is not JSON: %q\n%q", line, raw)
			}
		}
	})

	t.Run("dumb terminal", func(t *testing.T) {
		raw := runOnTerminal(t, bin, t.TempDir(), cols, []string{"TERM=dumb", "ATOMIC_PROGRESS_INTERVAL=500ms"}, "run", "-e", `await tools.bash({command: "sleep 1.3"}); return "done"`)
		if strings.Contains(raw, "\r ") || strings.Contains(raw, "\x1b") {
			t.Errorf("TERM=dumb got a redrawn status line:\n%q", raw)
		}
		if !strings.Contains(raw, "atomic-script: 0s elapsed · 1 running: bash") && !strings.Contains(raw, "atomic-script: 1s elapsed · 1 running: bash") {
			t.Errorf("TERM=dumb did not get the plain progress lines:\n%q", raw)
		}
		if !strings.HasSuffix(strings.TrimRight(raw, "\r\n"), "done") {
			t.Errorf("the result is not last:\n%q", raw)
		}
	})
}

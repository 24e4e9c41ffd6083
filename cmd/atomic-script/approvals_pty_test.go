package main

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/syncbuf"
	"github.com/creack/pty"
)

// ptyOutput collects what a program writes to its terminal.
type ptyOutput struct{ syncbuf.Buffer }

// waitFor waits until the terminal output holds want n times.
func (o *ptyOutput) waitFor(t *testing.T, want string, n int) {
	t.Helper()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if strings.Count(o.String(), want) >= n {
			return
		}
	}
	t.Fatalf("the terminal never showed %q (%d times):\n%s", want, n, o.String())
}

// TestTerminalPrompt runs `run` on a real pseudo-terminal and answers each
// prompt only once it is on the screen: the first call is approved after
// its diff is shown, the second is never answered, and the run's deadline
// ends the wait (exit 3) with the call recorded as denied.
func TestTerminalPrompt(t *testing.T) {
	bin, err := exec.LookPath("atomic-script")
	if err != nil {
		t.Skip("the atomic-script command is not on PATH")
	}
	ws := t.TempDir()
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(ws, ".atomic"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(ws, ".atomic", "settings.json"), []byte(`{"approvals": {"write": "ask", "bash": "ask"}}`), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "run", "--timeout", "3s", "--json", "-e", `
		await tools.write({path: "src/a.txt", content: "first line\n"});
		await tools.bash({command: "touch never"});`)
	cmd.Dir = ws
	cmd.Env = append(os.Environ(), "HOME="+home, "ATOMIC_HOME="+filepath.Join(home, ".atomic"), "ATOMIC_STATE_DIR="+filepath.Join(home, "state"), "CI=")
	tty, err := pty.Start(cmd) // the pty is the command's controlling terminal
	if err != nil {
		t.Skipf("no pty here: %v", err)
	}
	defer tty.Close()
	// pty.Start gives the terminal to stdin, stdout and stderr; keep the
	// result apart by reading it from the terminal after the prompts.
	out := &ptyOutput{}
	copied := make(chan struct{})
	go func() { io.Copy(out, tty); close(copied) }()

	out.waitFor(t, "[q]uit: ", 1)
	screen := out.String()
	for _, want := range []string{"call 1 needs approval (approvals.write: ask (", "write src/a.txt", "+++ b/src/a.txt", "+first line", `[a]lways for "src/**"`} {
		if !strings.Contains(screen, want) {
			t.Errorf("the first prompt lacks %q:\n%s", want, screen)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "src", "a.txt")); err == nil {
		t.Fatal("the file was written before the answer")
	}
	start := time.Now()
	io.WriteString(tty, "y\n")
	out.waitFor(t, "[q]uit: ", 2)
	if !strings.Contains(out.String(), "bash $ touch never") {
		t.Errorf("the second prompt lacks the command:\n%s", out.String())
	}
	// No answer: the deadline keeps running and ends the run.
	err = cmd.Wait()
	<-copied
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 3 {
		t.Fatalf("exit = %v, want 3 (timeout)\n%s", err, out.String())
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the run took %v past its 3s deadline", took)
	}
	screen = out.String()
	for _, want := range []string{"(the run ended before an answer)", `"kind": "timeout"`, `"approval": "asked-allowed"`, `"approvalBy": "terminal"`, `"approval": "denied"`, "no answer before the run ended"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the output lacks %q:\n%s", want, screen)
		}
	}
	if _, err := os.Stat(filepath.Join(ws, "src", "a.txt")); err != nil {
		t.Error("the approved write did not happen")
	}
	if _, err := os.Stat(filepath.Join(ws, "never")); err == nil {
		t.Error("the unanswered command ran")
	}
}

// TestReposBarOnTerminal: run --repos on a terminal shows a live bar of
// repositories done of total above which each repository's line is
// printed; the bar is cleared at the end.
func TestReposBarOnTerminal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the CLI")
	}
	bin := buildCLI(t)
	ws := t.TempDir()
	for _, r := range []string{"a", "b", "c"} {
		if err := os.MkdirAll(filepath.Join(ws, "repos", r), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	screen := runOnTerminal(t, bin, ws, 100, nil, "run", "--repos", "repos", "-j", "1", "-e", `await tools.bash({command: "sleep 0.4"})`)
	for _, want := range []string{"repositories", "(1/3", "(2/3", "[3/3] ", "3 runs: 3 ok, 0 failed"} {
		if !strings.Contains(screen, want) {
			t.Errorf("the terminal lacks %q:\n%q", want, screen)
		}
	}
}

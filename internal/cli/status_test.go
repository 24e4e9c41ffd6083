package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/mattn/go-runewidth"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/testutil/syncbuf"
	"github.com/atomic-script/atomic-script/internal/testutil/termscreen"
	"github.com/atomic-script/atomic-script/tools"
)

// statusOnTerminal is a status line on a real pty cols wide (closed
// when the test ends), as a user's xterm would have it.
func statusOnTerminal(t *testing.T, cols uint16) (s *statusLine, ptmx, tty *os.File) {
	t.Helper()
	t.Setenv("CI", "")
	t.Setenv("TERM", "xterm")
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty on this machine: %v", err)
	}
	t.Cleanup(func() { ptmx.Close(); tty.Close() })
	if err := pty.Setsize(ptmx, &pty.Winsize{Rows: 24, Cols: cols}); err != nil {
		t.Fatal(err)
	}
	if s = newStatusLine(tty); s == nil {
		t.Fatal("a pty was not recognised as a terminal")
	}
	return s, ptmx, tty
}

// TestStatusLineOnTerminal: on a terminal the running calls are shown and
// the line is cleared at the end.
func TestStatusLineOnTerminal(t *testing.T) {
	s, ptmx, tty := statusOnTerminal(t, 120)
	now := time.Now()
	s.event(engine.Event{Type: "call_start", Time: now, Call: &engine.Call{ID: "1", Name: "bash"}})
	s.event(engine.Event{Type: "call_start", Time: now, Call: &engine.Call{ID: "2", Name: "search"}})
	s.event(engine.Event{Type: "progress", Call: &engine.Call{ID: "2"}, Progress: &tools.Progress{Message: "1200 files"}})
	time.Sleep(400 * time.Millisecond)
	s.event(engine.Event{Type: "call_end", Call: &engine.Call{ID: "1"}})
	s.event(engine.Event{Type: "call_end", Call: &engine.Call{ID: "2"}})
	s.close()
	tty.Close()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() { io.Copy(&out, ptmx); close(done) }()
	select {
	case <-done:
	case <-time.After(time.Second):
	}
	got := out.String()
	for _, want := range []string{"2 running: ", "bash ", "search ", "(1200 files)"} {
		if !strings.Contains(got, want) {
			t.Errorf("terminal output lacks %q: %q", want, got)
		}
	}
	screen := termscreen.Replay(got, 120)
	if len(screen.Problems) > 0 || screen.Text() != "" {
		t.Errorf("status line not cleared at the end, or not plain (%q): %q", screen.Problems, got)
	}
}

// TestStatusLineHeldForAPrompt: while a prompt holds the terminal the line
// is cleared and not redrawn; it comes back after.
func TestStatusLineHeldForAPrompt(t *testing.T) {
	s, ptmx, _ := statusOnTerminal(t, 80)
	out := &syncbuf.Buffer{}
	go io.Copy(out, ptmx)
	defer s.close()
	s.event(engine.Event{Type: "call_start", Time: time.Now(), Call: &engine.Call{ID: "1", Name: "bash"}})
	waitScreen := func(want func(string) bool, what string) {
		t.Helper()
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
			if want(termscreen.Replay(out.String(), 80).Text()) {
				return
			}
		}
		t.Fatalf("the terminal never %s: %q", what, out.String())
	}
	waitScreen(func(s string) bool { return strings.Contains(s, "1 running: bash") }, "showed the line")
	release := s.hold()
	waitScreen(func(s string) bool { return s == "" }, "cleared the line for the prompt")
	held := out.String()
	time.Sleep(400 * time.Millisecond)
	if again := out.String(); again != held {
		t.Errorf("the line was redrawn while held: %q", again[len(held):])
	}
	release()
	waitScreen(func(s string) bool { return strings.Contains(s, "1 running: bash") }, "showed the line again")
}

// TestStatusLineFitsTheWidth: the counts come first and the running calls
// are cut to the terminal's width.
func TestStatusLineFitsTheWidth(t *testing.T) {
	s := &statusLine{runCounts: newRunCounts()}
	for i := range 20 {
		s.apply(engine.Event{Type: "call_start", Time: time.Now(), Call: &engine.Call{ID: fmt.Sprint(i), Name: "search"}})
	}
	for _, cols := range []int{40, 80, 200} {
		line := s.render(cols)
		if w := runewidth.StringWidth(line); w > cols-6 {
			t.Errorf("render(%d) is %d columns wide: %q", cols, w, line)
		}
		if !strings.Contains(line, "0 calls done · 0 files written · 20 running: search") && cols >= 80 {
			t.Errorf("render(%d) = %q, want the counts first", cols, line)
		}
		if !strings.HasSuffix(line, "…") {
			t.Errorf("render(%d) = %q, want it cut with …", cols, line)
		}
	}
}

// TestNoStatusLineOnDumbTerminalOrCI: a terminal that cannot redraw a line
// (TERM=dumb) and a CI log that claims a tty get the plain lines instead.
func TestNoStatusLineOnDumbTerminalOrCI(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty on this machine: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	for _, env := range [][2]string{{"TERM", "dumb"}, {"CI", "true"}} {
		t.Run(env[0], func(t *testing.T) {
			t.Setenv("CI", "")
			t.Setenv("TERM", "xterm")
			t.Setenv(env[0], env[1])
			if newStatusLine(tty) != nil || reposBar(tty, 3) != nil {
				t.Errorf("%s=%s got a live line", env[0], env[1])
			}
		})
	}
}

// TestNoStatusLineOnPipe: a pipe or a buffer never gets a status line.
func TestNoStatusLineOnPipe(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if newStatusLine(w) != nil || newStatusLine(&bytes.Buffer{}) != nil {
		t.Fatal("status line on a pipe")
	}
}

// TestRunCounts: calls running and done, failures, and the files that
// successful write and edit calls changed (edit's section headers).
func TestRunCounts(t *testing.T) {
	c := newRunCounts()
	now := time.Now()
	c.apply(engine.Event{Type: "call_start", Time: now, Call: &engine.Call{ID: "1", Name: "bash"}})
	c.apply(engine.Event{Type: "call_start", Time: now, Call: &engine.Call{ID: "2", Name: "write"}})
	c.apply(engine.Event{Type: "call_end", Call: &engine.Call{ID: "2", Name: "write", Status: "ok", Args: []byte(`{"path":"a.txt","content":"x"}`)}})
	c.apply(engine.Event{Type: "call_end", Call: &engine.Call{ID: "3", Name: "edit", Status: "ok", Args: []byte(`{"input":"[a.txt#AB12]\nreplace 1..1:\n+y\n[src/b c.go#0F0F]\ninsert head:\n+z"}`)}})
	c.apply(engine.Event{Type: "call_end", Call: &engine.Call{ID: "4", Name: "write", Status: "error", Args: []byte(`{"path":"never.txt","content":"x"}`)}})
	if got, want := c.totals(), "3 calls done (1 failed) · 2 files written"; got != want {
		t.Errorf("totals = %q, want %q", got, want)
	}
	if got := c.running(); !strings.HasPrefix(got, "bash ") || strings.Contains(got, "write") {
		t.Errorf("running = %q, want bash only", got)
	}
}

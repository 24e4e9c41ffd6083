package cli

import (
	"bytes"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/creack/pty"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// TestStatusLineOnTerminal: on a terminal the running calls are shown and
// the line is cleared at the end.
func TestStatusLineOnTerminal(t *testing.T) {
	t.Setenv("CI", "")
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty on this machine: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	s := newStatusLine(tty)
	if s == nil {
		t.Fatal("a pty was not recognised as a terminal")
	}
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
	for _, want := range []string{"2 running: ", "bash ", "search ", "(1200 files)", "\r\x1b[K"} {
		if !strings.Contains(got, want) {
			t.Errorf("terminal output lacks %q: %q", want, got)
		}
	}
	if !strings.HasSuffix(got, "\r\x1b[K") {
		t.Errorf("status line not cleared at the end: %q", got)
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

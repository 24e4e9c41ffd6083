package cli

import (
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/sys/unix"

	"github.com/atomic-script/atomic-script/engine"
)

// statusLine is the one-line live status of running tool calls that `run`
// shows on a terminal's stderr. It is never shown on a pipe.
type statusLine struct {
	w     io.Writer
	mu    sync.Mutex
	runs  map[string]*runningCall
	shown bool
	held  bool // a prompt is on the terminal
	stop  chan struct{}
	done  chan struct{}
}

type runningCall struct {
	name     string
	started  time.Time
	progress string
}

// newStatusLine returns a status line when w is a terminal, else nil.
func newStatusLine(w io.Writer) *statusLine {
	f, ok := w.(*os.File)
	if !ok || !isTerminal(f) {
		return nil
	}
	s := &statusLine{w: w, runs: map[string]*runningCall{}, stop: make(chan struct{}), done: make(chan struct{})}
	go s.loop()
	return s
}

func isTerminal(f *os.File) bool {
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

// event updates the set of running calls; called from any goroutine.
func (s *statusLine) event(ev engine.Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	switch ev.Type {
	case "call_start":
		s.runs[ev.Call.ID] = &runningCall{name: ev.Call.Name, started: ev.Time}
	case "call_end":
		delete(s.runs, ev.Call.ID)
	case "progress":
		if c := s.runs[ev.Call.ID]; c != nil && ev.Progress != nil {
			c.progress = ev.Progress.Message
		}
	}
}

var spinner = []string{"⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"}

func (s *statusLine) loop() {
	defer close(s.done)
	t := time.NewTicker(120 * time.Millisecond)
	defer t.Stop()
	for i := 0; ; i++ {
		select {
		case <-s.stop:
			s.mu.Lock()
			if s.shown {
				fmt.Fprint(s.w, "\r\x1b[K")
			}
			s.mu.Unlock()
			return
		case <-t.C:
		}
		s.mu.Lock()
		line := s.render(i)
		if s.held {
			line = ""
		}
		if line != "" {
			fmt.Fprint(s.w, "\r\x1b[K"+line)
			s.shown = true
		} else if s.shown {
			fmt.Fprint(s.w, "\r\x1b[K")
			s.shown = false
		}
		s.mu.Unlock()
	}
}

// render is the status text; the caller holds s.mu.
func (s *statusLine) render(tick int) string {
	if len(s.runs) == 0 {
		return ""
	}
	ids := make([]string, 0, len(s.runs))
	for id := range s.runs {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(a, b int) bool { return s.runs[ids[a]].started.Before(s.runs[ids[b]].started) })
	var parts []string
	for _, id := range ids {
		c := s.runs[id]
		p := fmt.Sprintf("%s %.1fs", c.name, time.Since(c.started).Seconds())
		if c.progress != "" {
			p += " (" + c.progress + ")"
		}
		parts = append(parts, p)
	}
	line := fmt.Sprintf("%s %d running: %s", spinner[tick%len(spinner)], len(ids), strings.Join(parts, " · "))
	if r := []rune(line); len(r) > 100 {
		line = string(r[:99]) + "…"
	}
	return line
}

// hold clears the line and keeps it off until the returned func is
// called: a prompt is using the terminal.
func (s *statusLine) hold() (release func()) {
	s.mu.Lock()
	s.held = true
	if s.shown {
		fmt.Fprint(s.w, "\r\x1b[K")
		s.shown = false
	}
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		s.held = false
		s.mu.Unlock()
	}
}

func (s *statusLine) close() {
	close(s.stop)
	<-s.done
}

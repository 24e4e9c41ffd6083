package cli

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"regexp"
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
	w  io.Writer
	mu sync.Mutex
	runCounts
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

// newStatusLine returns a status line when w is a terminal and CI is not
// "true", else nil (newProgressLines is for those).
func newStatusLine(w io.Writer) *statusLine {
	f, ok := w.(*os.File)
	if !ok || !isTerminal(f) || os.Getenv("CI") == "true" {
		return nil
	}
	s := &statusLine{w: w, runCounts: newRunCounts(), stop: make(chan struct{}), done: make(chan struct{})}
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
	s.apply(ev)
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
	if len(s.runs) == 0 && time.Since(s.started) < 2*time.Second {
		return ""
	}
	line := spinner[tick%len(spinner)] + " " + fmt.Sprintf("%.1fs", time.Since(s.started).Seconds())
	if running := s.running(); running != "" {
		line += fmt.Sprintf(" · %d running: %s", len(s.runs), running)
	}
	line += " · " + s.totals()
	if r := []rune(line); len(r) > 120 {
		line = string(r[:119]) + "…"
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

// runCounts is what the status line and the progress lines report: the
// calls running, the calls done and the files write and edit changed.
type runCounts struct {
	started time.Time
	runs    map[string]*runningCall
	done    int
	failed  int
	files   map[string]bool
}

func newRunCounts() runCounts {
	return runCounts{started: time.Now(), runs: map[string]*runningCall{}, files: map[string]bool{}}
}

// apply counts one event; the caller holds the lock.
func (c *runCounts) apply(ev engine.Event) {
	switch ev.Type {
	case "call_start":
		c.runs[ev.Call.ID] = &runningCall{name: ev.Call.Name, started: ev.Time}
	case "call_end":
		delete(c.runs, ev.Call.ID)
		c.done++
		if ev.Call.Status != "ok" {
			c.failed++
			return
		}
		for _, p := range writtenPaths(ev.Call) {
			c.files[p] = true
		}
	case "progress":
		if r := c.runs[ev.Call.ID]; r != nil && ev.Progress != nil {
			r.progress = ev.Progress.Message
		}
	}
}

// writtenPaths are the files a successful write or edit call changed:
// write's path (and moveTo), edit's section headers.
func writtenPaths(call *engine.Call) []string {
	if call.Name != "write" && call.Name != "edit" {
		return nil // every call ends here: decode only the arguments read below
	}
	var args struct {
		Path   string `json:"path"`
		MoveTo string `json:"moveTo"`
		Input  string `json:"input"`
	}
	if json.Unmarshal(call.Args, &args) != nil {
		return nil
	}
	switch call.Name {
	case "write":
		return []string{args.Path, args.MoveTo}
	case "edit":
		var paths []string
		for _, m := range editHeader.FindAllStringSubmatch(args.Input, -1) {
			paths = append(paths, m[1])
		}
		return paths
	}
	return nil
}

var editHeader = regexp.MustCompile(`(?m)^\[([^\]\n]+)#[0-9A-Za-z]+\]`)

// running lists the running calls, oldest first.
func (c *runCounts) running() string {
	ids := make([]string, 0, len(c.runs))
	for id := range c.runs {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(a, b int) bool { return c.runs[ids[a]].started.Before(c.runs[ids[b]].started) })
	var parts []string
	for _, id := range ids {
		r := c.runs[id]
		p := fmt.Sprintf("%s %.1fs", r.name, time.Since(r.started).Seconds())
		if r.progress != "" {
			p += " (" + r.progress + ")"
		}
		parts = append(parts, p)
	}
	return strings.Join(parts, " · ")
}

func (c *runCounts) totals() string {
	delete(c.files, "")
	s := fmt.Sprintf("%s done", plural(c.done, "call"))
	if c.failed > 0 {
		s += fmt.Sprintf(" (%d failed)", c.failed)
	}
	return s + fmt.Sprintf(" · %s written", plural(len(c.files), "file"))
}

// progressLines prints a plain progress line on stderr every interval
// while a run lasts, where there is no terminal for a status line (a CI
// log, a pipe, CI=true). A run shorter than the interval prints none.
type progressLines struct {
	mu sync.Mutex
	runCounts
	stop chan struct{}
	done chan struct{}
}

func newProgressLines(w io.Writer, interval time.Duration) *progressLines {
	p := &progressLines{runCounts: newRunCounts(), stop: make(chan struct{}), done: make(chan struct{})}
	go func() {
		defer close(p.done)
		t := time.NewTicker(interval)
		defer t.Stop()
		for {
			select {
			case <-p.stop:
				return
			case <-t.C:
			}
			p.mu.Lock()
			line := fmt.Sprintf("atomic-script: %.0fs elapsed", time.Since(p.started).Seconds())
			if running := p.running(); running != "" {
				line += fmt.Sprintf(" · %d running: %s", len(p.runs), running)
			}
			line += " · " + p.totals()
			p.mu.Unlock()
			fmt.Fprintln(w, line)
		}
	}()
	return p
}

func (p *progressLines) event(ev engine.Event) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.apply(ev)
}

func (p *progressLines) close() {
	close(p.stop)
	<-p.done
}

// progressInterval is how often progressLines prints: 30s, or
// $ATOMIC_PROGRESS_INTERVAL (a Go duration; 0 turns the lines off).
func progressInterval() time.Duration {
	if v := os.Getenv("ATOMIC_PROGRESS_INTERVAL"); v != "" {
		if d, err := time.ParseDuration(v); err == nil {
			return d
		}
	}
	return 30 * time.Second
}

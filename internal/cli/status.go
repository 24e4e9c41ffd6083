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

	"github.com/mattn/go-isatty"
	"github.com/mattn/go-runewidth"
	"github.com/schollz/progressbar/v3"
	"golang.org/x/term"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// statusLine is the one-line live status of a run that `run` shows on a
// terminal's stderr: elapsed time, calls done and failed, files written,
// and the calls running. schollz/progressbar (as for --repos) draws it as
// a spinner line; it redraws with carriage returns and spaces only, so it
// works on any terminal, and it is cut to the terminal's width so that it
// never wraps. It is never shown on a pipe, with CI=true or on TERM=dumb
// (liveTerminal), and never with --events.
type statusLine struct {
	mu sync.Mutex
	runCounts
	bar   *progressbar.ProgressBar
	cols  func() int
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

// newStatusLine returns a status line when w is a live terminal, else nil
// (newProgressLines is for those).
func newStatusLine(w io.Writer) *statusLine {
	f, ok := liveTerminal(w)
	if !ok {
		return nil
	}
	s := &statusLine{
		runCounts: newRunCounts(),
		bar: progressbar.NewOptions(-1,
			progressbar.OptionSetWriter(w),
			progressbar.OptionSpinnerType(14),
			// The loop below redraws; the library's own spinner ticker
			// would outlive the run.
			progressbar.OptionSetSpinnerChangeInterval(0),
			progressbar.OptionSetElapsedTime(false),
			progressbar.OptionEnableColorCodes(false),
		),
		cols: func() int {
			if c, _, err := term.GetSize(int(f.Fd())); err == nil && c > 0 {
				return c
			}
			return 80
		},
		stop: make(chan struct{}),
		done: make(chan struct{}),
	}
	go s.loop()
	return s
}

// liveTerminal is w as a terminal that can take a redrawn line: a tty,
// not CI=true (a CI log that claims a tty), not TERM=dumb.
func liveTerminal(w io.Writer) (*os.File, bool) {
	f, ok := w.(*os.File)
	if !ok || !isTerminal(f) || os.Getenv("CI") == "true" || os.Getenv("TERM") == "dumb" {
		return nil, false
	}
	return f, true
}

// isTerminal: a terminal, or on Windows a console or a Cygwin/MSYS2 pty
// (mintty, Git Bash).
func isTerminal(f *os.File) bool {
	return isatty.IsTerminal(f.Fd()) || isatty.IsCygwinTerminal(f.Fd())
}

// event updates the set of running calls; called from any goroutine.
func (s *statusLine) event(ev engine.Event) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.apply(ev)
}

func (s *statusLine) loop() {
	defer close(s.done)
	t := time.NewTicker(120 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-s.stop:
			s.mu.Lock()
			s.clear()
			_ = s.bar.Exit()
			s.mu.Unlock()
			return
		case <-t.C:
		}
		s.mu.Lock()
		if line := s.render(s.cols()); line != "" && !s.held {
			s.bar.Describe(line)
			s.shown = true
		} else {
			s.clear()
		}
		s.mu.Unlock()
	}
}

// clear takes the line off the terminal; the caller holds s.mu.
func (s *statusLine) clear() {
	if s.shown {
		_ = s.bar.Clear()
		s.shown = false
	}
}

// render is the text after the spinner, cut to fit cols columns (the
// spinner, its space and the library's two trailing spaces take five,
// and one more keeps the cursor off the last column); the fixed counts
// come first so that a long list of running calls is what gets cut.
// The caller holds s.mu.
func (s *statusLine) render(cols int) string {
	if len(s.runs) == 0 && time.Since(s.started) < 2*time.Second {
		return ""
	}
	line := fmt.Sprintf("%.1fs · %s", time.Since(s.started).Seconds(), s.totals())
	if running := s.running(); running != "" {
		line += fmt.Sprintf(" · %d running: %s", len(s.runs), running)
	}
	return runewidth.Truncate(line, max(cols-6, 10), "…")
}

// hold clears the line and keeps it off until the returned func is
// called: a prompt is using the terminal.
func (s *statusLine) hold() (release func()) {
	s.mu.Lock()
	s.held = true
	s.clear()
	s.mu.Unlock()
	return func() {
		s.mu.Lock()
		s.held = false
		s.mu.Unlock()
	}
}

// close clears the line; the result is printed after it returns.
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
		// A tool's name (an MCP server names its own) and its progress
		// messages are printed through tools.Visible: no control
		// character, escape sequence or bidi override acts on the line.
		p := fmt.Sprintf("%s %.1fs", tools.Visible(r.name), time.Since(r.started).Seconds())
		if r.progress != "" {
			p += " (" + tools.Visible(r.progress) + ")"
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

package engine

import (
	"sync"
	"time"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/tools"
)

// Event is one thing that happened during a run, for hosts that stream
// (`atomic-script run --events` prints one JSON line per event).
type Event struct {
	// Type is run_start, call_start, call_end, progress, log, text, image
	// or run_end.
	Type     string          `json:"type"`
	Time     time.Time       `json:"time"`
	Call     *Call           `json:"call,omitempty"`
	Level    string          `json:"level,omitempty"`
	Text     string          `json:"text,omitempty"`
	Progress *tools.Progress `json:"progress,omitempty"`
	Image    *ImageInfo      `json:"image,omitempty"`
	Result   *Result         `json:"result,omitempty"`
	Root     string          `json:"root,omitempty"`
}

// ImageInfo describes an image without its bytes.
type ImageInfo struct {
	MIMEType string `json:"mimeType"`
	Bytes    int    `json:"bytes"`
}

// recorder collects a run's output as the script produces it and forwards
// each piece as an Event. It is a bindings.Sink. Safe for concurrent use:
// Progress arrives from tool goroutines, and a run abandoned at its hard
// deadline is read from another goroutine.
type recorder struct {
	mu     sync.Mutex
	output []Item
	logs   []string
	emit   func(Event)
	// quiet is set when no host listens for events: then call events,
	// made twice for every tool call, are not built at all.
	quiet  bool
	closed bool // abandoned: the result is out, later pieces are dropped
	gate   *gate
}

func newRecorder(emit func(Event)) *recorder {
	if emit == nil {
		return &recorder{emit: func(Event) {}, quiet: true}
	}
	return &recorder{emit: emit}
}

func (r *recorder) Log(level, text string) {
	line := text
	switch level {
	case "warn":
		line = "[warn] " + text
	case "error":
		line = "[error] " + text
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	r.logs = append(r.logs, line)
	r.emit(Event{Type: "log", Time: time.Now(), Level: level, Text: text})
}

func (r *recorder) Text(text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	r.output = append(r.output, Item{Type: "text", Text: text})
	r.emit(Event{Type: "text", Time: time.Now(), Text: text})
}

func (r *recorder) Image(img tools.Image) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed {
		return
	}
	r.output = append(r.output, Item{Type: "image", Image: &img})
	r.emit(Event{Type: "image", Time: time.Now(), Image: &ImageInfo{MIMEType: img.MIMEType, Bytes: len(img.Data)}})
}

func (r *recorder) CallStarted(c tools.Call) {
	if r.quiet {
		return
	}
	call := r.annotated(c)
	r.send(Event{Type: "call_start", Time: time.Now(), Call: &call})
}

func (r *recorder) CallEnded(c tools.Call) {
	if r.quiet {
		return
	}
	call := r.annotated(c)
	r.send(Event{Type: "call_end", Time: time.Now(), Call: &call})
}

// annotated is c with its approval decision.
func (r *recorder) annotated(c Call) Call {
	r.gate.annotate(&c)
	return c
}

func (r *recorder) Progress(callID, name string, p tools.Progress) {
	if r.quiet {
		return
	}
	r.send(Event{Type: "progress", Time: time.Now(), Call: &Call{ID: callID, Name: name, Status: bindings.StatusRunning}, Progress: &p})
}

// send emits ev unless the recorder was closed. Events are emitted under
// the lock, so none follows close.
func (r *recorder) send(ev Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if !r.closed {
		r.emit(ev)
	}
}

// close returns what was recorded and drops everything after: the run was
// abandoned, and its result (and run_end) must be the last word.
func (r *recorder) close() ([]Item, []string) {
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	return r.snapshot()
}

// snapshot returns copies of what was recorded so far.
func (r *recorder) snapshot() ([]Item, []string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Item(nil), r.output...), append([]string(nil), r.logs...)
}

package mcpserver

import (
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// TestProgressMessageShowsWhatRuns: the progress message a host shows as
// its status line escapes control characters, escape sequences and bidi
// overrides in tool names and progress notes, so a tool cannot blank the
// line or disguise what is running.
func TestProgressMessageShowsWhatRuns(t *testing.T) {
	p := &progress{start: time.Now(), running: map[string]string{}, kick: make(chan struct{}, 1)}
	p.event(engine.Event{Type: "call_start", Call: &engine.Call{ID: "1", Name: "evil.tool\r\x1b[2Kread"}})
	p.event(engine.Event{Type: "progress", Call: &engine.Call{ID: "1", Name: "evil.tool\r\x1b[2Kread"},
		Progress: &tools.Progress{Message: "ok\u202e\x1b]0;title\x07"}})
	msg := p.message()
	if strings.ContainsAny(msg, "\r\x1b\x07\u202e") {
		t.Fatalf("raw control characters in %q", msg)
	}
	for _, want := range []string{`evil.tool\r\x1b[2Kread`, `ok\u202e\x1b]0;title\x07`} {
		if !strings.Contains(msg, want) {
			t.Errorf("%q does not show %s", msg, want)
		}
	}
}

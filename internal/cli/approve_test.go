package cli

import (
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// A move is shown as "src → dst", with its rename: the person approves
// where the file lands, not only where it was.
func TestPromptShowsMove(t *testing.T) {
	req := engine.ApprovalRequest{CallID: "3", Tool: "write", Class: engine.ClassWrite, Why: "approvals.write: ask",
		Paths: []string{"src/notes.txt", ".env"}, Moves: []engine.ApprovalMove{{From: "src/notes.txt", To: ".env"}},
		Diff: "diff --git a/src/notes.txt b/.env\nsimilarity index 100%\nrename from src/notes.txt\nrename to .env\n", Always: []string{"src/**", ".env"}}
	got := promptText(req)
	for _, want := range []string{"  write src/notes.txt → .env\n", "  rename to .env\n", `[a]lways for "src/**", ".env"`} {
		if !strings.Contains(got, want) {
			t.Errorf("prompt lacks %q:\n%s", want, got)
		}
	}
}

// hostileText holds what makes a terminal show something other than what
// runs: a carriage return and an erase-line sequence that hide what came
// before, a bidi override that reverses what follows, a C1 CSI, a newline
// that forges a line of its own.
const hostileText = "(touch PWNED)\r\x1b[2K\u202e\u009b2K\nrow"

// acts reports the first character in s that acts on a terminal rather
// than showing itself (newlines and tabs aside: they lay out the prompt's
// lines and a diff's indentation, and hide nothing).
func acts(s string) (rune, bool) {
	for _, r := range s {
		if r != '\n' && r != '\t' && (r < 0x20 || r == 0x7f || r >= 0x80 && r <= 0x9f || r >= 0x202a && r <= 0x202e || r >= 0x2066 && r <= 0x2069) {
			return r, true
		}
	}
	return 0, false
}

// TestPromptShowsControlsVisibly: every string of a call the prompt
// prints — the tool's name (an MCP server names its tools), the command,
// its directory and env, the paths, the diff, the arguments — shows its
// control characters as escapes, so the prompt shows what will run.
func TestPromptShowsControlsVisibly(t *testing.T) {
	for _, req := range []engine.ApprovalRequest{
		{Tool: "bash", Command: hostileText + " go test ./...", Cwd: "sub" + hostileText, Env: map[string]string{"K" + hostileText: hostileText}},
		{Tool: "write", Paths: []string{"a" + hostileText, "b\u202etxt.exe"}, Moves: []engine.ApprovalMove{{From: "a" + hostileText, To: "b\u202etxt.exe"}}, Diff: "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-old\n+" + hostileText + "\n"},
		{Tool: "srv.tool" + hostileText, Args: []byte(`{"x":"` + hostileText + `"}`)},
	} {
		req.CallID, req.Why, req.Class = "7", "approvals.bash: ask", engine.ClassBash
		got := promptText(req)
		if r, ok := acts(got); ok {
			t.Errorf("the prompt holds %U:\n%q", r, got)
		}
		if !strings.Contains(got, `(touch PWNED)\r\x1b[2K\u202e\u009b2K`) {
			t.Errorf("the prompt does not show the hidden text as escapes:\n%s", got)
		}
	}
}

// TestStatusLineShowsControlsVisibly: the status line (and the progress
// lines in CI logs) print the running calls' tool names and progress
// messages with their control characters escaped.
func TestStatusLineShowsControlsVisibly(t *testing.T) {
	c := newRunCounts()
	c.apply(engine.Event{Type: "call_start", Call: &engine.Call{ID: "1", Name: "srv.tool" + hostileText}})
	c.apply(engine.Event{Type: "progress", Call: &engine.Call{ID: "1"}, Progress: &tools.Progress{Message: "step " + hostileText}})
	got := c.running()
	if r, ok := acts(got); ok || strings.Contains(got, "\n") {
		t.Errorf("the status line holds %U:\n%q", r, got)
	}
	if !strings.Contains(got, `srv.tool(touch PWNED)\r\x1b[2K`) || !strings.Contains(got, `step (touch PWNED)\r`) {
		t.Errorf("status line %q", got)
	}
}

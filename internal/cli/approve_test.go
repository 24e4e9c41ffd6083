package cli

import (
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
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

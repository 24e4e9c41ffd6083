package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
)

// TestApprovalMoveChecksBothEnds: a move's destination meets the allow
// and deny rules and the protected paths as its source does, and the
// request shows "src → dst" with a rename, not the source emptied.
func TestApprovalMoveChecksBothEnds(t *testing.T) {
	eng, root := approvalEngine(t, policy("settings.json", map[engine.ApprovalClass]engine.ApprovalRule{
		engine.ClassWrite: {Action: engine.ActionAsk, Allow: []string{"src/**"}, Deny: []string{".env", "**/*.pem"}},
	}))
	if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	no := &asker{t: t, answer: func(engine.ApprovalRequest) engine.ApprovalAnswer { return engine.ApprovalAnswer{Reason: "no"} }}
	r := run(t, eng, `
		const out = [];
		for (const to of [".env", "server.pem", "keys/KEY.PEM", ".ENV", "notes.txt", "src/b.txt"]) {
			await tools.write({path: "src/a.txt", content: "secret\n"}).catch(() => {});
			try { await tools.write({path: "src/a.txt", moveTo: to}); out.push("moved") } catch (e) { out.push(e.code) }
		}
		return out.join(",")`, no.option())
	if want := `"ERR_DENIED,ERR_DENIED,ERR_DENIED,ERR_DENIED,ERR_DENIED,moved"`; string(r.Value) != want {
		t.Errorf("results = %s, want %s\n%s", r.Value, want, r.Text)
	}
	for _, name := range []string{".env", "server.pem", "keys/KEY.PEM", ".ENV", "notes.txt"} {
		if _, err := os.Stat(filepath.Join(root, name)); err == nil {
			t.Errorf("%s was made", name)
		}
	}
	reqs := no.asked()
	if len(reqs) != 1 {
		t.Fatalf("asked %d times, want once (the move out of src/): %+v", len(reqs), reqs)
	}
	q := reqs[0]
	if q.Summary() != "write: src/a.txt → notes.txt" || len(q.Moves) != 1 || q.Moves[0] != (engine.ApprovalMove{From: "src/a.txt", To: "notes.txt"}) {
		t.Errorf("request: %q %+v", q.Summary(), q.Moves)
	}
	if !strings.Contains(q.Diff, "rename from src/a.txt\nrename to notes.txt") || strings.Contains(q.Diff, "-secret") {
		t.Errorf("diff:\n%s", q.Diff)
	}
	if !strings.Contains(strings.Join(q.Always, " "), "notes.txt") {
		t.Errorf("always %q does not cover the destination", q.Always)
	}
	for _, id := range []string{"2", "4"} {
		if c := callNamed(r, id); c.Approval != engine.Denied || !strings.Contains(c.ApprovalRule, "approvals.write.deny") {
			t.Errorf("call %s record = %+v", id, c)
		}
	}
}

// TestDenyRulesFoldCase: a deny rule refuses every spelling some file
// system opens as the file it names, as the protected paths do, on every
// system: "**/*.pem" refuses KEY.PEM, ".env" refuses .ENV and ".env.".
func TestDenyRulesFoldCase(t *testing.T) {
	eng, root := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{
		engine.ClassWrite: {Action: engine.ActionAllow, Deny: []string{".env", "**/*.pem", "secrets/**"}},
	}))
	r := run(t, eng, `
		const out = [];
		for (const p of ["KEY.PEM", "a/b/Server.Pem", ".ENV", ".env.", "Secrets/x.txt", "ok.txt"]) {
			try { await tools.write({path: p, content: "x\n"}); out.push("wrote") } catch (e) { out.push(e.code) }
		}
		return out.join(",")`)
	if want := `"ERR_DENIED,ERR_DENIED,ERR_DENIED,ERR_DENIED,ERR_DENIED,wrote"`; string(r.Value) != want {
		t.Errorf("results = %s, want %s\n%s", r.Value, want, r.Text)
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 {
		t.Errorf("files made: %v", entries)
	}
}

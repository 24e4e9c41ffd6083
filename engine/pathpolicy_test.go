package engine_test

import (
	"archive/zip"
	"bytes"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
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

// TestApprovalArchiveMembersMeetThePathPolicy: an archive member a write
// or an edit names is a path too. Deny rules see it under its archive
// ("**/*.pem" refuses bundle.zip:KEY.PEM, in any case), allow rules the
// archive that changes, and the request names the member, not just the
// archive.
func TestApprovalArchiveMembersMeetThePathPolicy(t *testing.T) {
	eng, root := approvalEngine(t, policy("settings.json", map[engine.ApprovalClass]engine.ApprovalRule{
		engine.ClassWrite: {Action: engine.ActionAsk, Allow: []string{"src/**"}, Deny: []string{".env", "**/*.pem", "**/secrets/**"}},
	}))
	members := map[string]string{"x.txt": "x\n", "old.pem": "k\n"}
	writeZip(t, filepath.Join(root, "src", "bundle.zip"), members)
	writeZip(t, filepath.Join(root, "docs.zip"), members)
	no := &asker{t: t, answer: func(engine.ApprovalRequest) engine.ApprovalAnswer { return engine.ApprovalAnswer{Reason: "no"} }}
	r := run(t, eng, `
		const out = [];
		for (const p of ["src/bundle.zip:key.pem", "src/bundle.zip:certs/SERVER.PEM", "src/bundle.zip:a/Secrets/t.txt",
		                 "src/bundle.zip:.env", "src/bundle.zip:y.txt", "docs.zip:notes.txt"]) {
			try { await tools.write({path: p, content: "x\n"}); out.push("wrote") } catch (e) { out.push(e.code) }
		}
		for (const p of ["src/bundle.zip:old.pem", "docs.zip:x.txt"]) {
			const tag = (await tools.read({path: p})).match(/#(\w+)\]/)[1];
			try { await tools.edit({input: "[" + p + "#" + tag + "]\ninsert tail:\n+more"}); out.push("edited") } catch (e) { out.push(e.code) }
		}
		return out.join(",")`, no.option())
	// .env names the workspace's own file, not a member of an archive in
	// src/; every .pem and secrets/ member is refused, in any case.
	if want := `"ERR_DENIED,ERR_DENIED,ERR_DENIED,wrote,wrote,ERR_DENIED,ERR_DENIED,ERR_DENIED"`; string(r.Value) != want {
		t.Errorf("results = %s, want %s\n%s", r.Value, want, r.Text)
	}
	reqs := no.asked()
	if len(reqs) != 2 {
		t.Fatalf("asked %d times, want twice (the write and the edit of docs.zip): %+v", len(reqs), reqs)
	}
	for i, want := range []string{"write: docs.zip:notes.txt", "edit: docs.zip:x.txt"} {
		q := reqs[i]
		if q.Summary() != want || len(q.Paths) != 1 || q.Paths[0] != "docs.zip" || len(q.Members) != 1 {
			t.Errorf("request %d: %q paths %q members %+v, want %q", i, q.Summary(), q.Paths, q.Members, want)
		}
		if len(q.Always) != 1 || q.Always[0] != "docs.zip" {
			t.Errorf("request %d: always %q, want the archive", i, q.Always)
		}
	}
	for _, id := range []string{"1", "2", "3"} {
		if c := callNamed(r, id); c.Approval != engine.Denied || !strings.Contains(c.ApprovalRule, "approvals.write.deny") {
			t.Errorf("call %s record = %+v", id, c)
		}
	}
}

// writeZip makes a zip archive at path holding members.
func writeZip(t *testing.T, path string, members map[string]string) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	names := slices.Sorted(maps.Keys(members))
	for _, name := range names {
		w, err := zw.Create(name)
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, members[name])
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

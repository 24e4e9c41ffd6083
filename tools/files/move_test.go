package files

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// moveEnv is an Env whose Files can move (a write-through journal).
func moveEnv(t *testing.T) *tools.Env {
	t.Helper()
	env := newEnv(t)
	j := journal.New(journal.Write)
	t.Cleanup(j.Close)
	env.Files = j
	return env
}

// TestMoveChecksDestination: a move's destination is a path the call
// changes like its source, so it meets the same protected paths — a hook
// moved into .git/hooks would run on the next commit, settings moved into
// .atomic or the user's settings directory would choose the next run's
// tools — in every spelling, and nothing moves.
func TestMoveChecksDestination(t *testing.T) {
	env := moveEnv(t)
	home := t.TempDir()
	env.Settings.ProtectedPaths = []string{home}
	put(t, env, ".git/HEAD", "ref: refs/heads/main\n")
	src := put(t, env, "src/notes.txt", "#!/bin/sh\ntouch PWNED\n")
	cases := []struct{ dst, why string }{
		{".git/hooks/pre-commit", "a git directory (.git)"},
		{".GIT/hooks/pre-commit", "a git directory (.git)"},
		{"sub/.git./config", "a git directory (.git)"},
		{".atomic/settings.json", "the workspace's .atomic directory"},
		{".Atomic/Settings.JSON", "the workspace's .atomic directory"},
		{filepath.Join(home, "agent", "settings.json"), "atomic-script's own settings or state"},
	}
	for _, c := range cases {
		for _, how := range []string{"call", "preview"} {
			args, _ := json.Marshal(WriteArgs{Path: "src/notes.txt", MoveTo: c.dst})
			var err error
			if how == "call" {
				_, err = tools.Invoke(context.Background(), toolNamed("write"), env, args)
			} else {
				p, _ := tools.PreviewOf(toolNamed("write"))
				_, err = p.Preview(context.Background(), env, args)
			}
			if tools.CodeOf(err) != tools.ErrNotAllowed || !strings.Contains(err.Error(), c.why) {
				t.Errorf("%s: move to %s: %v", how, c.dst, err)
			}
		}
	}
	if _, err := os.Stat(src); err != nil {
		t.Errorf("the source moved: %v", err)
	}
	for _, p := range []string{filepath.Join(env.Root, ".git", "hooks"), filepath.Join(env.Root, ".atomic"), filepath.Join(home, "agent")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s was made", p)
		}
	}
	// Nor out of one: taking a hook away changes what git runs too.
	put(t, env, ".git/hooks/pre-push", "#!/bin/sh\n")
	if _, err := call(t, env, "write", WriteArgs{Path: ".git/hooks/pre-push", MoveTo: "hook.sh"}); tools.CodeOf(err) != tools.ErrNotAllowed {
		t.Errorf("move out of .git: %v", err)
	}
	// An ordinary move still works.
	if _, err := call(t, env, "write", WriteArgs{Path: "src/notes.txt", MoveTo: "doc/notes.txt"}); err != nil {
		t.Errorf("ordinary move: %v", err)
	}
}

// TestPreviewOfMoveAndDelete: the preview of a move names both files and
// shows a rename, not the source emptied; a deletion shows its lines
// removed. Neither needs a prior read, as the call does not.
func TestPreviewOfMoveAndDelete(t *testing.T) {
	env := moveEnv(t)
	src := put(t, env, "src/notes.txt", "keep me\n")
	p, _ := tools.PreviewOf(toolNamed("write"))
	args, _ := json.Marshal(WriteArgs{Path: "src/notes.txt", MoveTo: "doc/notes.md"})
	pv, err := p.Preview(context.Background(), env, args)
	if err != nil {
		t.Fatal(err)
	}
	dst := filepath.Join(env.Root, "doc", "notes.md")
	if !slices.Equal(pv.Paths, []string{src, dst}) || len(pv.Moves) != 1 || pv.Moves[0] != (tools.Move{From: src, To: dst}) {
		t.Errorf("paths %q, moves %+v", pv.Paths, pv.Moves)
	}
	if !strings.Contains(pv.Diff, "rename from src/notes.txt\nrename to doc/notes.md\n") || strings.Contains(pv.Diff, "-keep me") {
		t.Errorf("move diff:\n%s", pv.Diff)
	}
	args, _ = json.Marshal(WriteArgs{Path: "src/notes.txt", Delete: true})
	pv, err = p.Preview(context.Background(), env, args)
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(pv.Paths, []string{src}) || !strings.Contains(pv.Diff, "+++ /dev/null") || !strings.Contains(pv.Diff, "-keep me") {
		t.Errorf("delete preview: %q\n%s", pv.Paths, pv.Diff)
	}
	// The preview refuses what the call refuses.
	put(t, env, "taken.txt", "x\n")
	for _, a := range []WriteArgs{
		{Path: "src/notes.txt", MoveTo: "a.zip:m.txt"},
		{Path: "missing.txt", MoveTo: "b.txt"},
		{Path: "src/notes.txt", MoveTo: "b.txt", Delete: true},
	} {
		args, _ = json.Marshal(a)
		if _, err := p.Preview(context.Background(), env, args); err == nil {
			t.Errorf("preview of %+v: no error", a)
		}
	}
}

// TestPreviewOfConflictWriteNamesItsFiles: a write of conflict://N or
// conflict://* changes the files holding those regions, not a file named
// by its argument: the preview names each (so a deny rule or the prompt
// sees them), and records nothing in the session.
func TestPreviewOfConflictWriteNamesItsFiles(t *testing.T) {
	env := newEnv(t)
	gitMergeConflict(t, env, true)
	p, _ := tools.PreviewOf(toolNamed("write"))
	a, b := filepath.Join(env.Root, "a.txt"), filepath.Join(env.Root, "b.txt")
	for _, c := range []struct {
		arg  string
		want []string
	}{{"conflict://*", []string{a, b}}, {"conflict://3", []string{b}}, {"conflict://1", []string{a}}} {
		args, _ := json.Marshal(WriteArgs{Path: c.arg, Content: ptr("@ours")})
		pv, err := p.Preview(context.Background(), env, args)
		if err != nil {
			t.Fatalf("%s: %v", c.arg, err)
		}
		if !slices.Equal(pv.Paths, c.want) {
			t.Errorf("%s: paths %q, want %q", c.arg, pv.Paths, c.want)
		}
	}
	if env.Session.Snapshots.Observed(a) {
		t.Error("the preview recorded a.txt as seen")
	}
}

// The preview of an edit refuses a protected file as the edit does.
func TestPreviewOfEditRefusesProtected(t *testing.T) {
	env := moveEnv(t)
	put(t, env, ".git/config", "[core]\n")
	mustCall(t, env, "read", ReadArgs{Path: ".git/config"})
	p, _ := tools.PreviewOf(toolNamed("edit"))
	args, _ := json.Marshal(EditArgs{Input: "[.git/config#" + hashline.Tag("[core]\n") + "]\ninsert tail:\n+\tfsmonitor = x"})
	if _, err := p.Preview(context.Background(), env, args); tools.CodeOf(err) != tools.ErrNotAllowed {
		t.Errorf("preview of an edit of .git/config: %v", err)
	}
}

// TestPreviewDiffQuotesNames: the diff of a write, a move or a deletion
// whose file name holds a newline (or a quote, an escape, a non-ASCII
// byte) names the file as git does, in C-style quotes, so the name cannot
// add a line of its own to the diff a prompt shows.
func TestPreviewDiffQuotesNames(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows file names cannot hold control characters")
	}
	env := moveEnv(t)
	put(t, env, "a\n+forged\x1b.txt", "keep me\n")
	p, _ := tools.PreviewOf(toolNamed("write"))
	for _, c := range []struct {
		args WriteArgs
		want []string
	}{
		{WriteArgs{Path: "a\n+forged\x1b.txt", MoveTo: "b\n-forged\".txt"},
			[]string{`diff --git "a/a\n+forged\033.txt" "b/b\n-forged\".txt"`, `rename from "a\n+forged\033.txt"`, `rename to "b\n-forged\".txt"`}},
		{WriteArgs{Path: "a\n+forged\x1b.txt", Delete: true}, []string{`--- "a/a\n+forged\033.txt"`, "+++ /dev/null"}},
		{WriteArgs{Path: "new\n@@ -1 +1 @@\u00e9.txt", Content: ptr("x\n")}, []string{"--- /dev/null", `+++ "b/new\n@@ -1 +1 @@\303\251.txt"`}},
	} {
		args, _ := json.Marshal(c.args)
		pv, err := p.Preview(context.Background(), env, args)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(pv.Diff, "\n")
		for _, w := range c.want {
			if !slices.Contains(lines, w) {
				t.Errorf("%+v: no line %s in the diff:\n%s", c.args, w, pv.Diff)
			}
		}
		for _, l := range lines {
			if strings.HasPrefix(l, "+forged") || strings.HasPrefix(l, "-forged") || strings.HasPrefix(l, "@@ -1 +1 @@\u00e9") {
				t.Errorf("%+v: a forged line %q in:\n%s", c.args, l, pv.Diff)
			}
		}
	}
}

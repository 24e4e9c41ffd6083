package shell

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/sandbox"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// gitRepo makes env.Root a repository with one commit and returns a
// function that runs git there.
func gitRepo(t *testing.T, root string) func(args ...string) string {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git is not installed")
	}
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, out)
		}
		return strings.TrimSpace(string(out))
	}
	os.WriteFile(filepath.Join(root, "a.txt"), []byte("a\n"), 0o644)
	git("init", "-q")
	git("add", "-A")
	git("commit", "-q", "-m", "init")
	return git
}

// countFiles counts the files below dir.
func countFiles(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(_ string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			n++
		}
		return nil
	})
	return n
}

// escapes are dry-run commands that try to reach the real workspace and
// repository without spelling the workspace's path: built from two
// pieces, read from the copy's alternates, through another process's
// /proc entry.
func escapes(root string) []string {
	half := len(root) / 2
	return []string{
		`d="` + root[:half] + `"; d="${d}` + root[half:] + `"
echo pwned > "$d/pieces.txt"
git -C "$d" add -A && git -C "$d" -c user.name=x -c user.email=x@x commit -qm pieces`,
		`alt=$(head -n1 .git/objects/info/alternates)
case $alt in /*) ;; *) alt=.git/objects/$alt ;; esac
real=$(cd "$alt/../.." && pwd -P)
echo pwned > "$real/alternates.txt"
echo junk > "$alt/junk" || true
(cd "$real" && git add -A && git -c user.name=x -c user.email=x@x commit -qm alternates) || true`,
		`for r in /proc/[0-9]*/root; do echo pwned > "$r` + root + `/proc.txt" 2>/dev/null; done; true`,
	}
}

// TestDryRunCannotReachTheWorkspace (issue 29): where the sandbox holds a
// dry run's commands, no command reaches the real workspace or writes the
// real repository, however it finds the path — and its changes in the copy
// join the run's. Where it cannot (ATOMIC_NO_SANDBOX=1 here, in a child
// process), a call is not contained (so an approval policy gates it like a
// real one) and the copy does not point back at the real repository.
func TestDryRunCannotReachTheWorkspace(t *testing.T) {
	if os.Getenv("ATOMIC_NO_SANDBOX") == "1" {
		dryRunWithoutSandbox(t)
		return
	}
	t.Run("without the sandbox", func(t *testing.T) {
		cmd := exec.Command(os.Args[0], "-test.run=^TestDryRunCannotReachTheWorkspace$", "-test.v")
		cmd.Env = append(os.Environ(), "ATOMIC_NO_SANDBOX=1")
		if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS: TestDryRunCannotReachTheWorkspace") {
			t.Fatalf("%v\n%s", err, out)
		}
	})
	if !sandbox.Available() {
		t.Skip("no sandbox on this system (no unprivileged user namespaces)")
	}
	env := newEnv(t)
	git := gitRepo(t, env.Root)
	head := git("rev-parse", "HEAD")
	objects := countFiles(filepath.Join(env.Root, ".git", "objects"))
	j := journal.New(journal.DryRun)
	t.Cleanup(func() { j.Close() })
	env.Files = j
	p, _ := tools.PreviewOf(Bash())
	for _, cmd := range escapes(env.Root) {
		raw, _ := json.Marshal(map[string]any{"command": cmd})
		if pv, err := p.Preview(context.Background(), env, raw); err != nil || !pv.Contained {
			t.Errorf("preview of %q: contained %v, %v", cmd, pv.Contained, err)
		}
		res, _ := runBashOK(t, env, map[string]any{"command": cmd})
		t.Logf("%s\n→ %s", cmd, res.Output)
	}
	for _, f := range []string{"pieces.txt", "alternates.txt", "proc.txt"} {
		if _, err := os.Stat(filepath.Join(env.Root, f)); err == nil {
			t.Errorf("a dry-run command wrote %s in the real workspace", f)
		}
	}
	if now := git("rev-parse", "HEAD"); now != head {
		t.Errorf("a dry-run command committed to the real repository: HEAD %s → %s", head, now)
	}
	if now := countFiles(filepath.Join(env.Root, ".git", "objects")); now != objects {
		t.Errorf("a dry-run command wrote the real object store: %d files → %d", objects, now)
	}
	changed := map[string]bool{}
	for _, c := range j.Changes() {
		changed[filepath.Base(c.Path)] = true
	}
	if !changed["pieces.txt"] || !changed["alternates.txt"] {
		t.Errorf("the copy's changes did not join the run's: %v", changed)
	}
	if !j.ScratchCost().Isolated {
		t.Error("ScratchCost says the commands were not isolated")
	}
}

func dryRunWithoutSandbox(t *testing.T) {
	env := newEnv(t)
	git := gitRepo(t, env.Root)
	j := journal.New(journal.DryRun)
	t.Cleanup(func() { j.Close() })
	env.Files = j
	p, _ := tools.PreviewOf(Bash())
	raw, _ := json.Marshal(map[string]any{"command": "git status --short"})
	if pv, _ := p.Preview(context.Background(), env, raw); pv.Contained {
		t.Error("without the sandbox a dry-run command is contained")
	}
	res, _ := runBashOK(t, env, map[string]any{"command": "git log --oneline | wc -l; test -e .git/objects/info/alternates && echo HAS-ALTERNATES; echo x > made.txt"})
	if strings.Contains(res.Output, "HAS-ALTERNATES") || strings.TrimSpace(strings.Split(res.Output, "\n")[0]) != "1" {
		t.Errorf("the copy: %s", res.Output)
	}
	dir, _, _ := j.ScratchRoot(env.Root)
	if _, err := os.Stat(filepath.Join(dir, ".git", "objects", "info", "alternates")); err == nil {
		t.Error("the scratch copy reads the real repository's objects through alternates")
	}
	if j.ScratchCost().Isolated {
		t.Error("ScratchCost says the commands were isolated")
	}
	if _, err := os.Stat(filepath.Join(env.Root, "made.txt")); err == nil {
		t.Error("a relative write reached the workspace")
	}
	_ = git
}

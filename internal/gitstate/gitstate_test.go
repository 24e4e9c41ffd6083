package gitstate

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"
)

// git runs the real git in dir for the tests' set-ups and as the peer the
// answers are compared with. Its own config is ignored (no system or
// global file), so the user's settings cannot change an answer.
func git(t *testing.T, dir string, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t", "-c", "init.defaultBranch=main", "-c", "core.fsmonitor=false"}, args...)...)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null", "HOME="+t.TempDir(), "XDG_CONFIG_HOME=")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func needGit(t *testing.T) {
	t.Helper()
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
}

func write(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		abs := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(abs, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// isolate keeps the user's git config (core.excludesFile) out of what the
// package reads.
func isolate(t *testing.T) {
	t.Setenv("HOME", t.TempDir())
	t.Setenv("XDG_CONFIG_HOME", "")
}

// hostile makes every way git runs a program the repository configures
// leave a mark: core.fsmonitor, hooks, a pager and an external diff.
func hostile(t *testing.T, gitDir string) (mark string) {
	t.Helper()
	mark = filepath.Join(t.TempDir(), "RAN")
	script := filepath.Join(t.TempDir(), "evil.sh")
	if err := os.WriteFile(script, []byte("#!/bin/sh\necho ran >> "+mark+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	f, err := os.OpenFile(filepath.Join(gitDir, "config"), os.O_APPEND|os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString("[core]\n\tfsmonitor = " + script + "\n\tpager = " + script + "\n\thooksPath = " + filepath.Dir(script) + "\n[diff]\n\texternal = " + script + "\n")
	f.Close()
	for _, h := range []string{"post-checkout", "pre-commit", "post-index-change", "reference-transaction"} {
		os.WriteFile(filepath.Join(filepath.Dir(script), h), []byte("#!/bin/sh\necho ran >> "+mark+"\n"), 0o755)
	}
	return mark
}

// TestNoProgramRunsFromTheRepository: asking about a repository whose
// config names programs (core.fsmonitor, hooks) runs none of them, and a
// directory that only looks like a bare repository is no repository.
func TestNoProgramRunsFromTheRepository(t *testing.T) {
	needGit(t)
	isolate(t)
	t.Run("checkout", func(t *testing.T) {
		root := t.TempDir()
		write(t, root, map[string]string{"a.txt": "a\n", ".gitignore": "*.log\n"})
		git(t, root, "init", "-q")
		git(t, root, "add", ".")
		git(t, root, "commit", "-q", "-m", "init")
		mark := hostile(t, filepath.Join(root, ".git"))
		write(t, root, map[string]string{"a.txt": "changed\n", "new.txt": "n\n", "x.log": "l\n"})
		d, err := Dirty(root)
		if err != nil || !slices.Equal(d, []string{"a.txt", "new.txt"}) {
			t.Errorf("Dirty = %q, %v", d, err)
		}
		if !InWorkTree(root) {
			t.Error("not in a work tree")
		}
		if b, ok := HeadBlobs(root, []string{"a.txt"}); !ok || b["a.txt"] != BlobID([]byte("a\n")) {
			t.Errorf("HeadBlobs = %v %v", b, ok)
		}
		if ig := Ignored(root, []string{"x.log", "a.txt"}); !ig["x.log"] || ig["a.txt"] {
			t.Errorf("Ignored = %v", ig)
		}
		Unmerged(root)
		if data, err := os.ReadFile(mark); err == nil {
			t.Fatalf("a program the repository configured ran: %s", data)
		}
	})
	t.Run("implicit bare repository", func(t *testing.T) {
		// HEAD, config, objects/, refs/ — nothing named .git: git without
		// safe.bareRepository=explicit takes this for a bare repository and
		// obeys its config.
		root := t.TempDir()
		git(t, root, "init", "-q", "--bare", ".")
		mark := hostile(t, root)
		write(t, root, map[string]string{"a.txt": "a\n"})
		if InWorkTree(root) {
			t.Error("a directory that looks like a bare repository is taken for a work tree")
		}
		if _, err := Dirty(root); err == nil {
			t.Error("Dirty of an implicit bare repository succeeded")
		}
		if _, ok := Unmerged(root); ok {
			t.Error("Unmerged of an implicit bare repository succeeded")
		}
		Ignored(root, []string{"a.txt"})
		HeadBlobs(root, []string{"a.txt"})
		if data, err := os.ReadFile(mark); err == nil {
			t.Fatalf("a program the directory configured ran: %s", data)
		}
	})
}

// porcelain is what git status says, in Dirty's order and relative to
// sub: tracked changes sorted, then untracked paths sorted.
func porcelain(t *testing.T, root, sub string) []string {
	out := git(t, filepath.Join(root, sub), "status", "--porcelain=v1", "-z", "--untracked-files=normal", "--", ".")
	var tracked, untracked []string
	recs := strings.Split(out, "\x00")
	for i := 0; i < len(recs); i++ {
		r := recs[i]
		if len(r) < 4 {
			continue
		}
		p := r[3:]
		if sub != "" {
			p = strings.TrimPrefix(p, sub+"/")
		}
		if r[:2] == "??" {
			untracked = append(untracked, p)
		} else {
			tracked = append(tracked, p)
		}
		if r[0] == 'R' || r[0] == 'C' {
			// The rename's source follows: a deletion to Dirty.
			i++
			src := recs[i]
			if sub != "" {
				src = strings.TrimPrefix(src, sub+"/")
			}
			tracked = append(tracked, src)
		}
	}
	sort.Strings(tracked)
	sort.Strings(untracked)
	return append(tracked, untracked...)
}

// TestDirtyAgreesWithGit: Dirty answers as git status does over staged,
// unstaged and untracked changes, ignore rules, nested repositories,
// unmerged paths and a workspace below the top.
func TestDirtyAgreesWithGit(t *testing.T) {
	needGit(t)
	isolate(t)
	base := map[string]string{
		"a.txt": "a\n", "b.txt": "b\n", "src/c.go": "package c\n", "src/d/e.go": "package e\n",
		"keep/k.txt": "k\n", ".gitignore": "*.log\nbuild/\n!important.log\n", "sub/s.txt": "s\n", "sub/t.txt": "t\n",
	}
	cases := []struct {
		name string
		sub  string // the workspace, below the top
		act  func(t *testing.T, root string)
	}{
		{"clean", "", func(*testing.T, string) {}},
		{"modified", "", func(t *testing.T, root string) { write(t, root, map[string]string{"a.txt": "A\n"}) }},
		{"same size, same second", "", func(t *testing.T, root string) {
			write(t, root, map[string]string{"b.txt": "B\n"})
		}},
		{"touched, same content", "", func(t *testing.T, root string) {
			future := time.Now().Add(time.Hour)
			os.Chtimes(filepath.Join(root, "a.txt"), future, future)
		}},
		{"staged and unstaged", "", func(t *testing.T, root string) {
			write(t, root, map[string]string{"a.txt": "A\n", "src/new.go": "package c\n"})
			git(t, root, "add", "a.txt", "src/new.go")
			write(t, root, map[string]string{"b.txt": "bb\n"})
		}},
		{"deleted", "", func(t *testing.T, root string) {
			os.Remove(filepath.Join(root, "a.txt"))
			git(t, root, "rm", "-q", "b.txt")
		}},
		{"renamed", "", func(t *testing.T, root string) { git(t, root, "mv", "a.txt", "z.txt") }},
		{"mode", "", func(t *testing.T, root string) { os.Chmod(filepath.Join(root, "a.txt"), 0o755) }},
		{"untracked dirs and ignored files", "", func(t *testing.T, root string) {
			write(t, root, map[string]string{
				"new/x.txt": "x\n", "new/deep/y.txt": "y\n", "onlyignored/z.log": "z\n", "build/out.bin": "o\n",
				"src/d/f.go": "package e\n", "x.log": "l\n", "important.log": "i\n", "keep/more/m.txt": "m\n",
			})
			os.MkdirAll(filepath.Join(root, "empty", "dir"), 0o755)
		}},
		{"nested repository", "", func(t *testing.T, root string) {
			write(t, root, map[string]string{"inner/i.txt": "i\n"})
			git(t, filepath.Join(root, "inner"), "init", "-q")
		}},
		{"info/exclude and a negation", "", func(t *testing.T, root string) {
			write(t, root, map[string]string{".git/info/exclude": "secret*\n", "secret.txt": "s\n", "src/.gitignore": "*\n!*.go\n!*/\n", "src/n.go": "n\n", "src/n.txt": "n\n"})
		}},
		{"symlink retargeted", "", func(t *testing.T, root string) {
			os.Remove(filepath.Join(root, "link"))
			os.Symlink("b.txt", filepath.Join(root, "link"))
		}},
		{"workspace below the top", "sub", func(t *testing.T, root string) {
			write(t, root, map[string]string{"sub/s.txt": "S\n", "sub/new/n.txt": "n\n", "a.txt": "outside\n", "other.txt": "o\n"})
		}},
		{"unmerged", "", func(t *testing.T, root string) {
			git(t, root, "checkout", "-q", "-b", "side")
			write(t, root, map[string]string{"a.txt": "side\n"})
			git(t, root, "commit", "-q", "-am", "side")
			git(t, root, "checkout", "-q", "main")
			write(t, root, map[string]string{"a.txt": "main\n"})
			git(t, root, "commit", "-q", "-am", "main")
			cmd := exec.Command("git", "-c", "core.fsmonitor=false", "-c", "user.name=t", "-c", "user.email=t@t", "merge", "side")
			cmd.Dir = root
			cmd.Run() // conflicts: exit 1
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, base)
			if err := os.Symlink("a.txt", filepath.Join(root, "link")); err != nil {
				t.Skip("no symlinks here")
			}
			git(t, root, "init", "-q")
			git(t, root, "add", ".")
			git(t, root, "commit", "-q", "-m", "init")
			c.act(t, root)
			want := porcelain(t, root, c.sub)
			got, err := Dirty(filepath.Join(root, c.sub))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(got, want) && !(len(got) == 0 && len(want) == 0) {
				t.Errorf("Dirty = %q\ngit status = %q", got, want)
			}
		})
	}
}

func TestDirtyOfAnUnbornBranchAndALinkedWorktree(t *testing.T) {
	needGit(t)
	isolate(t)
	root := t.TempDir()
	write(t, root, map[string]string{"a.txt": "a\n", "b.txt": "b\n"})
	git(t, root, "init", "-q")
	git(t, root, "add", "a.txt")
	if got, err := Dirty(root); err != nil || !slices.Equal(got, []string{"a.txt", "b.txt"}) {
		t.Errorf("unborn: Dirty = %q, %v", got, err)
	}
	git(t, root, "commit", "-q", "-m", "init")
	wt := filepath.Join(t.TempDir(), "wt")
	git(t, root, "worktree", "add", "-q", wt)
	write(t, wt, map[string]string{"a.txt": "changed\n"})
	if got, err := Dirty(wt); err != nil || !slices.Equal(got, []string{"a.txt"}) {
		t.Errorf("linked worktree: Dirty = %q, %v", got, err)
	}
	r, err := Open(wt)
	if err != nil || r.Common != filepath.Join(mustReal(t, root), ".git") || r.GitDir == r.Common {
		t.Errorf("linked worktree: %+v %v", r, err)
	}
}

func mustReal(t *testing.T, p string) string {
	r, err := filepath.EvalSymlinks(p)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestIgnoredAgreesWithGit compares Ignored with git check-ignore.
func TestIgnoredAgreesWithGit(t *testing.T) {
	needGit(t)
	isolate(t)
	root := t.TempDir()
	write(t, root, map[string]string{
		".gitignore": "*.log\nbuild/\n!keep.log\n/top.txt\n", "src/.gitignore": "gen/\n*.tmp\n", "tracked.log": "t\n",
	})
	git(t, root, "init", "-q")
	git(t, root, "add", ".gitignore", "src/.gitignore")
	git(t, root, "add", "-f", "tracked.log")
	paths := []string{"a.log", "keep.log", "build/x.go", "src/build/y", "top.txt", "src/top.txt", "src/gen/a.go", "src/a.tmp", "a.tmp", "tracked.log", "src/ok.go", "deep/er/b.log"}
	got := Ignored(root, paths)
	cmd := exec.Command("git", "-C", root, "check-ignore", "--stdin")
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_CONFIG_GLOBAL=/dev/null")
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\n") + "\n")
	out, _ := cmd.Output()
	want := map[string]bool{}
	for _, p := range strings.Fields(string(out)) {
		want[p] = true
	}
	for _, p := range paths {
		if got[p] != want[p] {
			t.Errorf("%s: Ignored says %v, git check-ignore %v", p, got[p], want[p])
		}
	}
}

func TestUnmergedAndHeadBlobs(t *testing.T) {
	needGit(t)
	isolate(t)
	root := t.TempDir()
	write(t, root, map[string]string{"a.txt": "a\n", "d/b.txt": "b\n"})
	git(t, root, "init", "-q")
	git(t, root, "add", ".")
	git(t, root, "commit", "-q", "-m", "init")
	if files, ok := Unmerged(root); !ok || len(files) != 0 {
		t.Errorf("Unmerged of a clean tree = %q %v", files, ok)
	}
	blobs, ok := HeadBlobs(filepath.Join(root, "d"), []string{"b.txt", "missing.txt"})
	if !ok || blobs["b.txt"] != strings.TrimSpace(git(t, root, "rev-parse", "HEAD:d/b.txt")) || len(blobs) != 1 {
		t.Errorf("HeadBlobs from d = %v %v", blobs, ok)
	}
	git(t, root, "checkout", "-q", "-b", "side")
	write(t, root, map[string]string{"a.txt": "side\n", "d/b.txt": "side\n"})
	git(t, root, "commit", "-q", "-am", "side")
	git(t, root, "checkout", "-q", "-")
	write(t, root, map[string]string{"a.txt": "main\n", "d/b.txt": "main\n"})
	git(t, root, "commit", "-q", "-am", "main")
	exec.Command("git", "-C", root, "-c", "core.fsmonitor=false", "-c", "user.name=t", "-c", "user.email=t@t", "merge", "side").Run()
	files, ok := Unmerged(filepath.Join(root, "d"))
	real := mustReal(t, root)
	if !ok || !slices.Equal(files, []string{filepath.Join(real, "a.txt"), filepath.Join(real, "d", "b.txt")}) {
		t.Errorf("Unmerged = %q %v", files, ok)
	}
}

// BenchmarkDirty compares Dirty with `git status` (the binary it replaces)
// on a committed tree of 5,000 files with a few changes and an ignored
// directory: run both sub-benchmarks side by side and compare.
func BenchmarkDirty(b *testing.B) {
	if _, err := exec.LookPath("git"); err != nil {
		b.Skip("git not installed")
	}
	root := b.TempDir()
	files := map[string]string{".gitignore": "node_modules/\n"}
	for i := range 5000 {
		files[filepath.Join("pkg", strconv.Itoa(i%50), strconv.Itoa(i)+".go")] = "package p\n// " + strconv.Itoa(i) + "\n"
	}
	for i := range 2000 {
		files[filepath.Join("node_modules", strconv.Itoa(i%20), strconv.Itoa(i)+".js")] = "x\n"
	}
	t := &testing.T{}
	write(t, root, files)
	for _, args := range [][]string{{"init", "-q"}, {"add", "."}, {"commit", "-q", "-m", "init"}} {
		cmd := exec.Command("git", append([]string{"-c", "user.name=t", "-c", "user.email=t@t"}, args...)...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			b.Fatalf("%v %s", err, out)
		}
	}
	write(t, root, map[string]string{"pkg/1/1.go": "changed\n", "new.txt": "n\n"})
	b.Run("gitstate", func(b *testing.B) {
		for b.Loop() {
			if d, err := Dirty(root); err != nil || len(d) != 2 {
				b.Fatal(d, err)
			}
		}
	})
	b.Run("git", func(b *testing.B) {
		for b.Loop() {
			cmd := exec.Command("git", "-c", "core.fsmonitor=false", "status", "--porcelain=v1", "-z", "--untracked-files=normal", "--", ".")
			cmd.Dir = root
			if _, err := cmd.Output(); err != nil {
				b.Fatal(err)
			}
		}
	})
}

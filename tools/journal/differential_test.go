package journal

import (
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
)

// diffRounds is how many random runs TestDiffMatchesGit compares; CI runs
// the default, `make diff-long` many more (ATOMIC_DIFF_ROUNDS).
func diffRounds() int {
	if n, err := strconv.Atoi(os.Getenv("ATOMIC_DIFF_ROUNDS")); err == nil && n > 0 {
		return n
	}
	return 120
}

// TestDiffMatchesGit is a differential test of the run-level diff: random
// multi-hunk edits of several files (modified, created, deleted, mode
// changes, with and without a final newline) are staged in a dry run, and
// its Diff must be byte for byte what `git diff --no-index` prints for the
// trees before and after, must pass `git apply --check`, must turn the old
// tree into the new one with `git apply`, and back with `git apply -R`.
// Lines are unique within a file, so the minimal diff is unique and both
// sides must find the same one.
func TestDiffMatchesGit(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	for round := range diffRounds() {
		seed := uint64(round)
		t.Run(fmt.Sprint(seed), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(seed, 20))
			base := t.TempDir()
			before, after := filepath.Join(base, "before"), filepath.Join(base, "after")
			j := New(DryRun)
			fresh := 0
			line := func() string {
				fresh++
				switch rng.IntN(4) {
				case 0:
					return fmt.Sprintf("func f%d() {", fresh)
				case 1:
					return fmt.Sprintf("\tx%d := %d", fresh, rng.IntN(1000))
				case 2:
					return fmt.Sprintf("%d", fresh)
				}
				return fmt.Sprintf("_name%d $ %s", fresh, strings.Repeat("w", 1+rng.IntN(100)))
			}
			text := func(lines []string, eol bool) string {
				if len(lines) == 0 {
					return ""
				}
				s := strings.Join(lines, "\n")
				if eol {
					s += "\n"
				}
				return s
			}
			names := []string{"a.txt", "a/b.go", "a-b.txt", "z/y/x.c", "m.txt", "n.md", "dir.x/f", "dir/f", "sp ace/f g.txt"}
			if runtime.GOOS != "windows" {
				// Names git quotes: they must not add lines to the diff.
				names = append(names, "q\"uo\\te\t\x1b[2K\u202e.txt", "new\nline\r.md", "\u00e9t\u00e9 x.txt")
			}
			rng.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
			for _, name := range names[:2+rng.IntN(len(names)-1)] {
				var old []string
				for range rng.IntN(60) {
					old = append(old, line())
				}
				oldEOL := rng.IntN(5) > 0
				exe := rng.IntN(6) == 0
				perm := os.FileMode(0o644)
				if exe {
					perm = 0o755
				}
				kind := rng.IntN(10)
				if kind != 0 { // 0: the file is created by the run
					writeTree(t, before, name, text(old, oldEOL), perm)
				}
				abs := filepath.Join(before, name)
				if kind == 1 && len(old) > 0 { // deleted
					if err := j.Remove(abs); err != nil {
						t.Fatal(err)
					}
					continue
				}
				newLines := append([]string(nil), old...)
				for range 1 + rng.IntN(6) {
					at := rng.IntN(len(newLines) + 1)
					n := rng.IntN(4)
					end := min(at+rng.IntN(4), len(newLines))
					var repl []string
					for range n {
						repl = append(repl, line())
					}
					newLines = append(newLines[:at], append(repl, newLines[end:]...)...)
				}
				newEOL := oldEOL
				if rng.IntN(6) == 0 {
					newEOL = !newEOL
				}
				newText := text(newLines, newEOL)
				newPerm := perm
				if rng.IntN(8) == 0 {
					newPerm ^= 0o111
				}
				writeTree(t, after, name, newText, newPerm)
				if kind == 0 {
					if err := j.CreateFile(abs, []byte(newText), newPerm); err != nil {
						t.Fatal(err)
					}
					continue
				}
				if err := j.WriteFile(abs, []byte(newText), perm); err != nil {
					t.Fatal(err)
				}
				if newPerm != perm {
					if err := j.Chmod(abs, newPerm); err != nil {
						t.Fatal(err)
					}
				}
			}
			os.MkdirAll(before, 0o755)
			os.MkdirAll(after, 0o755)
			got := j.Diff(rel(before))
			cmd := exec.Command(git, "diff", "--no-index", "--no-color", "--src-prefix=a/", "--dst-prefix=b/", "before", "after")
			cmd.Dir = base
			out, err := cmd.Output()
			if ee, ok := err.(*exec.ExitError); err != nil && (!ok || ee.ExitCode() != 1) {
				t.Fatalf("git diff: %v", err)
			}
			want := strings.NewReplacer("a/before/", "a/", "b/after/", "b/", "b/before/", "b/", "a/after/", "a/").Replace(string(out))
			if got != want {
				t.Fatalf("diff differs from git's\n--- ours\n%s\n--- git\n%s", got, want)
			}
			if got == "" {
				return
			}
			apply := func(args ...string) {
				t.Helper()
				cmd := exec.Command(git, append([]string{"apply"}, args...)...)
				cmd.Dir = before
				cmd.Stdin = strings.NewReader(got)
				if out, err := cmd.CombinedOutput(); err != nil || len(out) > 0 {
					t.Fatalf("git apply %v: %v\n%s\n%s", args, err, out, got)
				}
			}
			snapshot := treeOf(t, before)
			apply("--check")
			apply()
			if a, b := treeOf(t, before), treeOf(t, after); a != b {
				t.Fatalf("git apply gave\n%s\nwant\n%s", a, b)
			}
			apply("-R", "--check")
			apply("-R")
			if a := treeOf(t, before); a != snapshot {
				t.Fatalf("git apply -R gave\n%s\nwant\n%s", a, snapshot)
			}
		})
	}
}

func writeTree(t *testing.T, root, name, content string, perm os.FileMode) {
	t.Helper()
	p := filepath.Join(root, name)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(content), perm); err != nil {
		t.Fatal(err)
	}
	os.Chmod(p, perm)
}

// treeOf describes every file under root: path, executable bit, content.
func treeOf(t *testing.T, root string) string {
	t.Helper()
	var b strings.Builder
	filepath.Walk(root, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		r, _ := filepath.Rel(root, p)
		fmt.Fprintf(&b, "%s %v %q\n", r, fi.Mode().Perm()&0o100 != 0, read(t, p))
		return nil
	})
	return b.String()
}

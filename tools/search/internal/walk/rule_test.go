package walk

import (
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestIgnoreRulesAgreeWithGit walks trees whose .gitignore files negate
// and anchor rules and compares the files kept with what git itself
// reports untracked and not ignored. Skipped only without a git binary.
func TestIgnoreRulesAgreeWithGit(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	files := []string{"c.txt", "src/a.go", "src/b.txt", "src/keep/x.txt", "src/deep/d.go", "vendor/v.go", "vendor/v.txt", "vendor/m/w.go", "vendor/m/w.txt", "keep/k.txt", "docs/keep", "docs/n/a.md", "a/b/c.md"}
	cases := []struct{ name, gitignore string }{
		{"negated dir-only star", "*\n!*/\n!*.go\n"},
		{"negated dir-only double star", "vendor/**\n!vendor/**/\n!vendor/**/*.go\n"},
		{"negated name does not re-include below", "*\n!keep\n!*/\n"},
		{"negated anchored path does not re-include below", "*\n!*/\n!src/keep\n"},
		{"dir-only rule spares a file of that name", "keep/\n"},
		{"trailing double star keeps the directory", "vendor/**\n!vendor/v.go\n"},
		{"middle double star", "a/**/c.md\nsrc/**/*.go\n"},
		{"anchored single star", "/src/*\n!/src/deep/\n"},
		{"name at any depth", "*.txt\n!b.txt\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree := map[string]string{".gitignore": c.gitignore}
			for _, f := range files {
				tree[f] = "x\n"
			}
			root := makeTree(t, tree)
			if out, err := exec.Command("git", "-C", root, "init", "-q").CombinedOutput(); err != nil {
				t.Fatalf("git init: %v %s", err, out)
			}
			out, err := exec.Command("git", "-C", root, "-c", "core.excludesFile=/dev/null", "ls-files", "-o", "--exclude-standard").Output()
			if err != nil {
				t.Fatal(err)
			}
			want := strings.Fields(string(out))
			got := orderedFiles(t, Config{Roots: []Root{{Abs: root}}, Workspace: root, Gitignore: true, Hidden: true})
			slices.Sort(want)
			slices.Sort(got)
			if !slices.Equal(got, want) {
				t.Errorf("%q:\n got %q\nwant %q (git)", c.gitignore, got, want)
			}
		})
	}
}

// TestNestedRepositoryIsItsOwnBase: inside a nested repository (or a
// submodule, whose .git is a file) the outer .gitignore stops applying and
// the inner .git/info/exclude starts, wherever the walk begins (as rg does).
func TestNestedRepositoryIsItsOwnBase(t *testing.T) {
	root := makeTree(t, map[string]string{
		".git/info/exclude":       "",
		".gitignore":              "*.log\n",
		"top.log":                 "x\n",
		"top.txt":                 "x\n",
		"inner/.git/info/exclude": "a.txt\n",
		"inner/x.log":             "x\n",
		"inner/a.txt":             "x\n",
		"inner/b.txt":             "x\n",
		"sub/.git":                "gitdir: ../.git/modules/sub\n",
		"sub/y.log":               "x\n",
	})
	for _, c := range []struct {
		root string
		want []string
	}{
		{root, []string{".gitignore", "top.txt", "inner/b.txt", "inner/x.log", "sub/.git", "sub/y.log"}},
		{filepath.Join(root, "inner"), []string{"b.txt", "x.log"}},
	} {
		got := orderedFiles(t, Config{Roots: []Root{{Abs: c.root}}, Workspace: root, Gitignore: true, Hidden: true})
		slices.Sort(got)
		slices.Sort(c.want)
		if !slices.Equal(got, c.want) {
			t.Errorf("from %s:\n got %q\nwant %q", c.root, got, c.want)
		}
	}
}

package gitstate

import (
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/internal/gitignore"
	"github.com/go-git/go-git/v5/config"
)

// maxIgnoreFileBytes bounds an ignore file: one larger is not read.
const maxIgnoreFileBytes = 16 << 20

// ignorer decides which paths (relative to Top) git ignores: the rules of
// core.excludesFile, info/exclude, and each .gitignore from Top down.
type ignorer struct {
	r    *Repo
	sets map[string]*gitignore.Set // directory → the rules in force inside it
}

func newIgnorer(r *Repo) *ignorer {
	var base *gitignore.Set
	if f := r.excludesFile(); f != "" {
		base = base.Extend(readRules(f, nil))
	}
	base = base.Extend(readRules(filepath.Join(r.Common, "info", "exclude"), nil))
	base = base.Extend(readRules(filepath.Join(r.Top, ".gitignore"), nil))
	return &ignorer{r: r, sets: map[string]*gitignore.Set{".": base}}
}

// excludesFile is core.excludesFile (the repository's, else the user's),
// else git's default, $XDG_CONFIG_HOME/git/ignore.
func (r *Repo) excludesFile() string {
	f := ""
	if g, err := config.LoadConfig(config.GlobalScope); err == nil {
		f = g.Raw.Section("core").Option("excludesfile")
	}
	if c, err := r.st.Config(); err == nil && c.Raw.Section("core").HasOption("excludesfile") {
		f = c.Raw.Section("core").Option("excludesfile")
	}
	home, _ := os.UserHomeDir()
	if f == "" {
		xdg := os.Getenv("XDG_CONFIG_HOME")
		if xdg == "" && home != "" {
			xdg = filepath.Join(home, ".config")
		}
		if xdg == "" {
			return ""
		}
		return filepath.Join(xdg, "git", "ignore")
	}
	if rest, ok := strings.CutPrefix(f, "~/"); ok && home != "" {
		f = filepath.Join(home, rest)
	}
	return f
}

func readRules(p string, domain []string) []gitignore.Rule {
	data, err := readSmall(p, maxIgnoreFileBytes)
	if err != nil {
		return nil
	}
	return gitignore.Parse(data, domain)
}

// set is the rules in force inside dir ("." is Top).
func (ig *ignorer) set(dir string) *gitignore.Set {
	if s, ok := ig.sets[dir]; ok {
		return s
	}
	s := ig.set(path.Dir(dir))
	s = s.Extend(readRules(filepath.Join(ig.r.Top, filepath.FromSlash(dir), ".gitignore"), strings.Split(dir, "/")))
	ig.sets[dir] = s
	return s
}

// ignored reports whether p, whose parent directories are not ignored, is.
func (ig *ignorer) ignored(p string, isDir bool) bool {
	return ig.set(path.Dir(p)).Match(strings.Split(p, "/"), isDir)
}

// ignoredPath reports whether p or one of its parent directories is
// ignored.
func (ig *ignorer) ignoredPath(p string) bool {
	comps := strings.Split(p, "/")
	for i := 1; i < len(comps); i++ {
		if ig.ignored(strings.Join(comps[:i], "/"), true) {
			return true
		}
	}
	return ig.ignored(p, false)
}

// Ignored returns which of paths (relative to root, '/'-separated) git
// ignores there, as `git check-ignore` answers: a tracked file is never
// ignored, a file in an ignored directory is. nil when root is not in a
// git work tree.
func Ignored(root string, paths []string) map[string]bool {
	if len(paths) == 0 {
		return nil
	}
	r, err := Open(root)
	if err != nil {
		return nil
	}
	tracked := map[string]bool{}
	if idx, err := r.index(); err == nil {
		for _, e := range idx.Entries {
			tracked[e.Name] = true
		}
	}
	ig := newIgnorer(r)
	out := map[string]bool{}
	for _, p := range paths {
		full := r.full(p)
		if !tracked[full] && ig.ignoredPath(full) {
			out[p] = true
		}
	}
	return out
}

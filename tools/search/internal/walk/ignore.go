package walk

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// ignoreSet is the gitignore patterns in force in a directory, in
// ascending priority: those of .git/info/exclude, then of each .gitignore
// from the ignore base down. Immutable once built, so directories share it.
type ignoreSet struct {
	patterns []rule
}

// extend returns s plus ps (which take priority), or s when ps is empty.
func (s *ignoreSet) extend(ps []rule) *ignoreSet {
	if len(ps) == 0 {
		return s
	}
	n := &ignoreSet{}
	if s != nil {
		n.patterns = append(n.patterns, s.patterns...)
	}
	n.patterns = append(n.patterns, ps...)
	return n
}

// match reports whether path (components relative to the ignore base) is
// ignored: the last pattern that matches decides.
func (s *ignoreSet) match(path []string, isDir bool) bool {
	if s == nil {
		return false
	}
	for i := len(s.patterns) - 1; i >= 0; i-- {
		switch s.patterns[i].match(path, isDir) {
		case gitignore.Exclude:
			return true
		case gitignore.Include:
			return false
		}
	}
	return false
}

// parseIgnore parses the lines of a .gitignore file found in the directory
// whose components (relative to the ignore base) are domain.
func parseIgnore(text []byte, domain []string) []rule {
	var ps []rule
	text = bytes.TrimPrefix(text, []byte("\uFEFF"))
	for _, line := range strings.Split(string(text), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		ps = append(ps, newRule(line, domain))
	}
	return ps
}

// rootIgnores finds the ignore base of root, the nearest enclosing git
// checkout, or else the workspace root when root is inside it, or else root
// itself, and returns root's components relative to it with the patterns
// of the .gitignore files above root. A root that those patterns ignore is
// walked with its own rules only: naming a path explicitly searches it.
func (w *Walker) rootIgnores(root string) ([]string, *ignoreSet) {
	base := ""
	for d := root; ; {
		if _, err := os.Lstat(filepath.Join(d, ".git")); err == nil {
			base = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	if base == "" {
		base = root
		if within(root, w.cfg.Workspace) {
			base = w.cfg.Workspace
		}
	}
	rel, err := filepath.Rel(base, root)
	if err != nil || rel == "." {
		return nil, w.excludes(base)
	}
	comps := strings.Split(filepath.ToSlash(rel), "/")
	set := w.excludes(base)
	for i := 0; i < len(comps); i++ {
		dir := filepath.Join(append([]string{base}, comps[:i]...)...)
		if text, ok := w.readSmall(filepath.Join(dir, ".gitignore")); ok {
			set = set.extend(parseIgnore(text, comps[:i]))
		}
		if set.match(comps[:i+1], true) {
			return nil, w.excludes("")
		}
	}
	return comps, set
}

// excludes reads base/.git/info/exclude; "" means none.
func (w *Walker) excludes(base string) *ignoreSet {
	if base == "" {
		return nil
	}
	text, ok := w.readSmall(filepath.Join(base, ".git", "info", "exclude"))
	if !ok {
		return nil
	}
	return (*ignoreSet)(nil).extend(parseIgnore(text, nil))
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

package walk

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/internal/gitignore"
)

// rootIgnores finds the ignore base of root, the nearest enclosing git
// checkout, or else the workspace root when root is inside it, or else root
// itself, and returns root's components relative to it with the patterns
// of the .gitignore files above root. A root that those patterns ignore is
// walked with its own rules only: naming a path explicitly searches it.
func (w *Walker) rootIgnores(root string) ([]string, *gitignore.Set) {
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
			set = set.Extend(gitignore.Parse(text, comps[:i]))
		}
		if set.Match(comps[:i+1], true) {
			return nil, w.excludes("")
		}
	}
	return comps, set
}

// excludes reads base/.git/info/exclude; "" means none.
func (w *Walker) excludes(base string) *gitignore.Set {
	if base == "" {
		return nil
	}
	text, ok := w.readSmall(filepath.Join(base, ".git", "info", "exclude"))
	if !ok {
		return nil
	}
	return (*gitignore.Set)(nil).Extend(gitignore.Parse(text, nil))
}

// within reports whether p is dir or inside it.
func within(p, dir string) bool {
	if dir == "" {
		return false
	}
	rel, err := filepath.Rel(dir, p)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

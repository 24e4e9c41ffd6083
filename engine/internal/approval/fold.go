package approval

import (
	"path/filepath"
	"strings"
)

// folding is how a system's default file system compares names, so a
// path rule matches every spelling that opens the file it names: APFS
// ignores case and Unicode normalisation, NTFS ignores case, trailing dots
// and spaces and a ":stream" suffix. The zero value compares bytes
// (Linux). sysFold, set per system in fold_*.go, is the one in use.
//
// Unlike the protected-path guard (pathfold.Key, the union of every
// system's folding), a rule folds exactly as its system does: an allow
// rule that folded more would grant files the rule does not name.
type folding struct {
	pattern func(string) string // a whole pattern (its metacharacters unchanged)
	name    func(string) string // one component of a path
}

// path is the slash path p with each component folded; a volume ("C:")
// keeps its colon.
func (f folding) path(p string) string {
	if f.name == nil {
		return p
	}
	vol := filepath.VolumeName(p)
	parts := strings.Split(p[len(vol):], "/")
	for i, c := range parts {
		parts[i] = f.name(c)
	}
	return f.pattern(vol) + strings.Join(parts, "/")
}

// relative is Relative with names folded: real relative to root, folded,
// and whether real is inside root.
func (f folding) relative(root, real string) (string, bool) {
	if f.name == nil {
		return Relative(root, real)
	}
	r := f.path(filepath.ToSlash(filepath.Clean(root)))
	p := f.path(filepath.ToSlash(filepath.Clean(real)))
	if p == r {
		return ".", true
	}
	prefix := strings.TrimSuffix(r, "/") + "/"
	if !strings.HasPrefix(p, prefix) {
		return "", false
	}
	rel := p[len(prefix):]
	if rel == ".." || strings.HasPrefix(rel, "../") {
		return "", false
	}
	return rel, true
}

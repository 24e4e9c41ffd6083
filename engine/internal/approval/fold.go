package approval

import (
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/internal/pathfold"
)

// folding is how a system's default file system compares names, so a
// path rule matches every spelling that opens the file it names: APFS
// ignores case and Unicode normalisation, NTFS ignores case, trailing dots
// and spaces and a ":stream" suffix. The zero value compares bytes
// (Linux). sysFold, set per system in fold_*.go, is the one in use.
//
// An allow rule folds exactly as its system does: one that folded more
// would grant files the rule does not name. A deny rule folds as the
// protected-path guard does (widestFolding: pathfold.Key, the union of
// every system's folding), since folding more only refuses more: a
// workspace on a case-insensitive volume, or a name another system opens
// as the denied file, is refused everywhere ("**/*.pem" refuses KEY.PEM).
type folding struct {
	pattern func(string) string // one segment of a pattern (its metacharacters unchanged)
	name    func(string) string // one component of a path
}

// The two foldings besides bytes: fold_darwin.go and fold_windows.go pick
// one; the tests use both on every system.
var (
	apfsFolding = folding{pattern: pathfold.APFS, name: pathfold.APFS}
	ntfsFolding = folding{
		// Upper-cased and trailing dots and spaces dropped, as names are;
		// a ':' stays (a pattern may hold one in a brace or class).
		pattern: func(s string) string { return pathfold.TrimDots(strings.ToUpper(s)) },
		name:    pathfold.NTFS,
	}
	// widestFolding is every folding at once: deny rules use it.
	widestFolding = folding{pattern: pathfold.KeyPattern, name: pathfold.Key}
)

// path is the slash path p with each component folded; a volume ("C:")
// keeps its colon.
func (f folding) path(p string) string {
	if f.name == nil {
		return p
	}
	vol := filepath.VolumeName(p)
	return f.pattern(vol) + foldSegments(p[len(vol):], f.name)
}

// glob is the slash pattern g with each segment folded.
func (f folding) glob(g string) string {
	if f.pattern == nil {
		return g
	}
	return foldSegments(g, f.pattern)
}

func foldSegments(p string, fold func(string) string) string {
	parts := strings.Split(p, "/")
	for i, c := range parts {
		parts[i] = fold(c)
	}
	return strings.Join(parts, "/")
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

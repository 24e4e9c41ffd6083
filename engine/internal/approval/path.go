package approval

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// PathPattern is one compiled path glob (doublestar syntax: * within a
// path segment, ** across segments, ?, [...], {a,b}). A relative pattern
// matches paths inside the workspace, relative to its root; an absolute
// one matches absolute paths.
type PathPattern struct {
	Source string
	glob   string // folded (fold.glob)
	abs    bool
	fold   folding
}

// ParsePath compiles a path pattern of an allow rule: names compare as
// this system's file system compares them.
func ParsePath(src string) (*PathPattern, error) { return parsePath(src, sysFold) }

// ParseDenyPath compiles a path pattern of a deny rule: names compare as
// the protected paths do, in every spelling some file system opens as the
// same file (see folding), so "**/*.pem" refuses "KEY.PEM" everywhere.
func ParseDenyPath(src string) (*PathPattern, error) { return parsePath(src, widestFolding) }

func parsePath(src string, fold folding) (*PathPattern, error) {
	g := filepath.ToSlash(src)
	if g == "" {
		return nil, fmt.Errorf("empty path pattern")
	}
	g = strings.TrimPrefix(g, "./")
	if !doublestar.ValidatePattern(g) {
		return nil, fmt.Errorf("%q is not a path pattern (doublestar syntax: src/**, **/*.go, docs/*.md)", src)
	}
	p := &PathPattern{Source: src, glob: g, abs: strings.HasPrefix(g, "/"), fold: fold}
	p.glob = p.fold.glob(g)
	return p, nil
}

// Match reports whether p matches the file at real (an absolute path with
// its symbolic links resolved) in the workspace whose resolved root is
// root. Names compare as the pattern's folding says (ParsePath,
// ParseDenyPath): on macOS and Windows "secrets/**" matches "Secrets/key".
func (p *PathPattern) Match(root, real string) bool {
	if p.abs {
		ok, _ := doublestar.Match(p.glob, p.fold.path(filepath.ToSlash(real)))
		return ok
	}
	rel, inside := p.fold.relative(root, real)
	if !inside {
		return false
	}
	ok, _ := doublestar.Match(p.glob, rel)
	return ok
}

// Relative is real relative to root with / separators, and whether real
// is inside root.
func Relative(root, real string) (string, bool) {
	rel, err := filepath.Rel(root, real)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return filepath.ToSlash(rel), true
}

// RealPath is abs with every symbolic link of its existing part resolved:
// the file a write to abs would change. The part that does not exist yet
// is kept as given.
func RealPath(abs string) string {
	abs = filepath.Clean(abs)
	rest := ""
	for dir := abs; ; {
		if r, err := filepath.EvalSymlinks(dir); err == nil {
			return filepath.Join(r, rest)
		} else if !os.IsNotExist(err) {
			return abs
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return abs
		}
		rest = filepath.Join(filepath.Base(dir), rest)
		dir = parent
	}
}

// SuggestPath is the pattern that would cover real from now on: its
// directory with ** (src/pkg/**) inside the workspace, the file itself at
// the root or outside the workspace.
func SuggestPath(root, real string) string {
	rel, inside := Relative(root, real)
	if !inside {
		return escapeGlob(filepath.ToSlash(real))
	}
	dir := filepath.ToSlash(filepath.Dir(rel))
	if dir == "." {
		return escapeGlob(rel)
	}
	return escapeGlob(dir) + "/**"
}

// escapeGlob makes s match only itself as a doublestar pattern: a
// backslash before each metacharacter or, where the backslash is the path
// separator (Windows: ParsePath reads it as one), a one-character class
// ("x[[]1]" for "x[1]"; a lone ']' is literal).
func escapeGlob(s string) string {
	var b strings.Builder
	for _, c := range s {
		switch {
		case bracketEscapes && strings.ContainsRune(`*?[{}`, c):
			b.WriteByte('[')
			b.WriteRune(c)
			b.WriteByte(']')
			continue
		case !bracketEscapes && strings.ContainsRune(`*?[]{}\\`, c):
			b.WriteByte('\\')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// bracketEscapes: escapeGlob escapes with classes, not backslashes.
var bracketEscapes = filepath.Separator == '\\'

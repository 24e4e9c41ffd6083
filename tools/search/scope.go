package search

import (
	"context"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/resource"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/search/internal/walk"
	"github.com/bmatcuk/doublestar/v4"
)

type targetKind int

const (
	targetFile targetKind = iota
	targetDir
	targetGlob
)

// target is one resolved entry of a paths argument.
type target struct {
	entry  string // as given, after normalisation
	abs    string // the file, the directory, or the glob's base directory
	kind   targetKind
	glob   *globPattern     // for targetGlob: matched against paths relative to abs
	ranges []selector.Range // search line selector (file targets only)
}

// scope is what a paths argument resolved to.
type scope struct {
	targets []target
	missing []string
	// keepGit/keepNodeModules: some entry names .git or node_modules, so
	// the walk must not prune them.
	keepGit, keepNodeModules bool
	// skipped are resource parts (archive members, …) not searched, with
	// why.
	skipped []string
}

// resolveScope turns raw paths entries into targets. withSelectors lets
// entries carry line selectors (search); an invalid selector or glob is an
// ERR_INVALID_ARGS error. Entries naming nothing are listed in missing.
func resolveScope(ctx context.Context, env *tools.Env, v *fsview, raw []string, withSelectors bool) (*scope, error) {
	exists := func(p string) bool { return v.stat(env.Abs(p)) != pathMissing }
	resolves := func(p string) bool {
		if exists(p) {
			return true
		}
		if withSelectors && isResource(ctx, env, p) {
			return true
		}
		if withSelectors {
			if path, _, ok := selector.Split(p); ok && exists(path) {
				return true
			}
		}
		if hasGlobChars(p) {
			base, _ := splitGlob(p)
			return v.stat(env.Abs(base)) == pathDir
		}
		return false
	}
	sc := &scope{}
	for _, e := range expandEntries(raw, exists, resolves) {
		if hasComponent(e, "node_modules") {
			sc.keepNodeModules = true
		}
		if hasComponent(e, ".git") {
			sc.keepGit = true
		}
		if withSelectors {
			texts, skipped, ok, err := resourceTexts(ctx, env, e)
			if err != nil {
				return nil, err
			}
			if ok {
				sc.skipped = append(sc.skipped, skipped...)
				for _, t := range texts {
					v.addVirtual(t.Key, t.Body)
					ft := target{entry: t.Display, abs: t.Key, kind: targetFile}
					if t.Sel != nil {
						if ft.ranges, err = parseSelector(t.Sel.Text); err != nil {
							return nil, tools.Errorf(tools.ErrInvalidArgs, "path entry %q: %v", e, err)
						}
					}
					if !sc.mergeFile(ft) {
						sc.targets = append(sc.targets, ft)
					}
				}
				continue
			}
		}
		t, found, err := resolveEntry(env, v, e, withSelectors)
		if err != nil {
			return nil, err
		}
		if !found {
			sc.missing = append(sc.missing, e)
			continue
		}
		if !sc.mergeFile(t) {
			sc.targets = append(sc.targets, t)
		}
	}
	return sc, nil
}

// mergeFile merges file target t into an earlier target for the same file
// ("f.txt:3-4" and "f.txt:18" search both ranges; the file without a
// selector searches all of it) and reports whether there was one.
func (sc *scope) mergeFile(t target) bool {
	if t.kind != targetFile {
		return false
	}
	for i := range sc.targets {
		p := &sc.targets[i]
		if p.kind != targetFile || p.abs != t.abs {
			continue
		}
		if p.ranges == nil || t.ranges == nil {
			p.ranges = nil
		} else {
			p.ranges = append(p.ranges, t.ranges...)
		}
		return true
	}
	return false
}

// isResource reports whether entry names a resource part search looks
// into (an archive, a member, a database, a document).
func isResource(ctx context.Context, env *tools.Env, entry string) bool {
	r, err := resource.Resolve(ctx, env, "search", entry)
	if err != nil {
		return false
	}
	defer r.Close()
	return r.IsResource()
}

// resourceTexts returns the texts of a resource entry (an archive's text
// members, …); ok is false for an entry that names no resource.
func resourceTexts(ctx context.Context, env *tools.Env, entry string) (texts []resource.Text, skipped []string, ok bool, err error) {
	if hasGlobChars(entry) && !isResource(ctx, env, entry) {
		return nil, nil, false, nil
	}
	r, err := resource.Resolve(ctx, env, "search", entry)
	if err != nil || !r.IsResource() || r.Absent() {
		if r != nil {
			r.Close()
		}
		return nil, nil, false, nil
	}
	defer r.Close()
	texts, skipped, err = resource.Texts(ctx, env, r)
	if err != nil {
		return nil, nil, true, err
	}
	return texts, skipped, true, nil
}

func resolveEntry(env *tools.Env, v *fsview, e string, withSelectors bool) (target, bool, error) {
	abs := env.Abs(e)
	switch v.stat(abs) {
	case pathFile, pathOther:
		return target{entry: e, abs: abs, kind: targetFile}, true, nil
	case pathDir:
		return target{entry: e, abs: abs, kind: targetDir}, true, nil
	}
	if withSelectors {
		if path, sel, ok := selector.Split(e); ok {
			ranges, err := parseSelector(sel)
			if err != nil {
				return target{}, false, tools.Errorf(tools.ErrInvalidArgs, "path entry %q: %v", e, err)
			}
			pabs := env.Abs(path)
			switch v.stat(pabs) {
			case pathFile, pathOther:
				return target{entry: path, abs: pabs, kind: targetFile, ranges: ranges}, true, nil
			case pathDir:
				return target{}, false, tools.Errorf(tools.ErrInvalidArgs, "Line-range selector requires a single file: %s is a directory", path)
			}
			if hasGlobChars(path) {
				return target{}, false, tools.Errorf(tools.ErrInvalidArgs, "Line-range selector requires a single file, not a glob: %s", e)
			}
			return target{}, false, nil
		}
	}
	if !hasGlobChars(e) {
		return target{}, false, nil
	}
	base, pattern := splitGlob(e)
	// A leading segment that names an existing directory literally is that
	// directory, not a pattern: "app/[slug]/*.tsx" (a Next.js route) means
	// the folder "[slug]", not one of s, l, u, g.
	for {
		seg, rest, more := strings.Cut(pattern, "/")
		if !more || strings.HasPrefix(pattern, "**") || v.stat(env.Abs(path.Join(base, seg))) != pathDir {
			break
		}
		base, pattern = path.Join(base, seg), rest
	}
	g, err := newGlobPattern(pattern)
	if err != nil {
		return target{}, false, tools.Errorf(tools.ErrInvalidArgs, "invalid glob %q: %v", e, err)
	}
	babs := env.Abs(base)
	if v.stat(babs) != pathDir {
		return target{}, false, nil
	}
	return target{entry: e, abs: babs, kind: targetGlob, glob: g}, true, nil
}

// splitGlob splits a glob into its base directory (the segments before the
// first one with metacharacters) and the pattern relative to it. A pattern
// without a slash matches names at any depth: "*.go" is "**/*.go" under ".".
func splitGlob(p string) (base, pattern string) {
	p = filepath.ToSlash(p)
	segs := strings.Split(p, "/")
	first := -1
	for i, s := range segs {
		if hasGlobChars(s) {
			first = i
			break
		}
	}
	switch {
	case first < 0:
		return p, "**"
	case first == 0 && len(segs) == 1:
		return ".", "**/" + p
	case first == 0:
		return ".", p
	}
	base = strings.Join(segs[:first], "/")
	if base == "" {
		base = "/"
	}
	return base, strings.Join(segs[first:], "/")
}

// hasComponent reports whether name is one of p's path components (or
// appears inside a glob segment).
func hasComponent(p, name string) bool {
	for _, s := range strings.FieldsFunc(filepath.ToSlash(p), func(r rune) bool { return r == '/' }) {
		if s == name || (hasGlobChars(s) && strings.Contains(s, name)) {
			return true
		}
	}
	return false
}

// globPattern is a doublestar pattern matched against '/'-separated paths
// relative to its base directory.
type globPattern struct {
	pattern string
	segs    []string // nil when the pattern cannot be split into segments
	// base is P of a pattern "**/P" whose P is one segment without "**":
	// such a pattern matches a path exactly when P matches its last
	// segment, which is far cheaper than matching the whole path.
	base string
	// suffix: base is "*" and then a plain ASCII suffix ("*.go"), which a
	// name matches exactly when it ends in it (doublestar reads a name by
	// runes: a non-ASCII suffix could match invalid UTF-8 it does not hold).
	suffix string
}

func newGlobPattern(pattern string) (*globPattern, error) {
	if !doublestar.ValidatePattern(pattern) {
		return nil, fmt.Errorf("malformed pattern")
	}
	g := &globPattern{pattern: pattern}
	// Segment-wise pruning needs every '/' to separate segments: not one
	// inside braces, nor an escaped one ("*\\/**" matches "a/b").
	if !braceHasSlash(pattern) && !strings.Contains(pattern, `\/`) {
		g.segs = strings.Split(pattern, "/")
		if len(g.segs) == 2 && g.segs[0] == "**" && g.segs[1] != "" && !strings.Contains(g.segs[1], "**") {
			g.base = g.segs[1]
			if rest, ok := strings.CutPrefix(g.base, "*"); ok && rest != "" && !hasGlobChars(rest) && !strings.Contains(rest, `\`) && isASCII(rest) {
				g.suffix = rest
			}
		}
	}
	return g, nil
}

func (g *globPattern) match(rel string) bool {
	if g.suffix != "" && rel != "" {
		return strings.HasSuffix(rel[strings.LastIndexByte(rel, '/')+1:], g.suffix)
	}
	if g.base != "" && rel != "" {
		return doublestar.MatchUnvalidated(g.base, rel[strings.LastIndexByte(rel, '/')+1:])
	}
	return doublestar.MatchUnvalidated(g.pattern, rel)
}

// matchIn is match for the entry name of directory d, without building its
// path when the last segment decides.
func (g *globPattern) matchIn(d *walk.Dir, name string) bool {
	if g.suffix != "" {
		return strings.HasSuffix(name, g.suffix)
	}
	if g.base != "" && name != "" {
		return doublestar.MatchUnvalidated(g.base, name)
	}
	return g.match(d.RelJoin(name))
}

// descend reports whether a directory at rel can contain a match, so the
// walk can skip it: "src/*.go" never needs src/sub.
func (g *globPattern) descend(rel string) bool {
	if g.segs == nil {
		return true
	}
	comps := strings.Split(rel, "/")
	for i, c := range comps {
		if i >= len(g.segs) {
			return false
		}
		s := g.segs[i]
		if strings.Contains(s, "**") {
			return true
		}
		if !doublestar.MatchUnvalidated(s, c) {
			return false
		}
	}
	return len(g.segs) > len(comps)
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

// braceHasSlash reports whether a {…} alternative contains a slash, which
// makes segment-wise pruning unsound.
func braceHasSlash(p string) bool {
	depth := 0
	for i := 0; i < len(p); i++ {
		switch p[i] {
		case '\\':
			i++
		case '{':
			depth++
		case '}':
			if depth > 0 {
				depth--
			}
		case '/':
			if depth > 0 {
				return true
			}
		}
	}
	return false
}

package search

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"strings"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/search/internal/textmatch"
	"github.com/google/jsonschema-go/jsonschema"
)

// Limits of the 13-tool aliases.
const (
	grepContentLimit = 100 // match lines in content mode
	grepFileLimit    = 100 // files in files_with_matches and count modes
	grepLineCap      = 200 // characters shown of one line
	globLimit        = 200
)

type grepArgs struct {
	Pattern    string `json:"pattern"`
	Dir        string `json:"dir"`
	Include    string `json:"include"`
	OutputMode string `json:"outputMode"`
}

type globArgs struct {
	Pattern string `json:"pattern"`
	Dir     string `json:"dir"`
}

const grepDescription = `Search file contents under dir with a line regex (Go RE2 syntax: no lookaround or backreferences; use (?i) to ignore case). Hidden files are searched, .gitignore is respected, binary files are skipped.
include: a glob limiting the files searched ("*.go" at any depth, "src/**/*.ts" relative to dir).
outputMode: "content" (default): "file:line: text", at most 100 matches, lines over 200 characters shortened; "files_with_matches": "Found N file(s)" then the files, newest first, at most 100; "count": "file:count" per file (at most 100 files) and the total of every match.
For editable hashline output with context, use search.`

const globDescription = `List files matching a doublestar glob under dir (default: the workspace root), newest first by modification time, at most 200. "*.go" matches only dir's own files; "**/*.go" recurses. Hidden files are included, .gitignore is respected, .git and node_modules are skipped unless the pattern names them. For a tree view of many paths, use find.`

// Grep returns the grep tool: search with the 13-tool argument shape.
func Grep() tools.Tool {
	return tools.New(tools.Spec{
		Name:        "grep",
		Description: grepDescription,
		Input: object([]string{"pattern"}, map[string]*jsonschema.Schema{
			"pattern":    str("Regular expression (RE2 syntax)"),
			"dir":        str("Directory (or file) to search; default: the workspace root"),
			"include":    str(`Glob of files to search, e.g. "*.ts"`),
			"outputMode": enum("What to print", "content", "content", "files_with_matches", "count"),
		}, "pattern", "dir", "include", "outputMode"),
	}, func(ctx context.Context, env *tools.Env, a grepArgs) (tools.Result, error) {
		text, err := runGrep(ctx, env, a)
		return tools.Result{Text: text}, err
	})
}

// Glob returns the glob tool: find with the 13-tool argument shape.
func Glob() tools.Tool {
	return tools.New(tools.Spec{
		Name:        "glob",
		Description: globDescription,
		Input: object([]string{"pattern"}, map[string]*jsonschema.Schema{
			"pattern": str(`Doublestar glob, e.g. "**/*.go"`),
			"dir":     str("Directory the pattern is relative to; default: the workspace root"),
		}, "pattern", "dir"),
	}, func(ctx context.Context, env *tools.Env, a globArgs) (tools.Result, error) {
		text, err := runGlob(ctx, env, a)
		return tools.Result{Text: text}, err
	})
}

// aliasScope resolves dir (and an optional glob relative to it) into a
// scope of one target.
func aliasScope(env *tools.Env, v *fsview, dir, pattern string) (*scope, error) {
	if dir == "" {
		dir = "."
	}
	abs := env.Abs(normalizeEntry(dir, func(p string) bool { return v.stat(env.Abs(p)) != pathMissing }))
	kind := v.stat(abs)
	if kind == pathMissing {
		return nil, tools.Errorf(tools.ErrNotFound, "Path not found: %s", dir)
	}
	t := target{entry: dir, abs: abs, kind: targetDir}
	if kind != pathDir {
		t.kind = targetFile
	} else if pattern != "" {
		g, err := newGlobPattern(pattern)
		if err != nil {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "invalid glob %q: %v", pattern, err)
		}
		t.kind, t.glob = targetGlob, g
	}
	sc := &scope{targets: []target{t}}
	sc.keepNodeModules = hasComponent(dir, "node_modules") || hasComponent(pattern, "node_modules")
	sc.keepGit = hasComponent(dir, ".git") || hasComponent(pattern, ".git")
	return sc, nil
}

func runGlob(ctx context.Context, env *tools.Env, a globArgs) (string, error) {
	if strings.TrimSpace(a.Pattern) == "" {
		return "", tools.Errorf(tools.ErrInvalidArgs, "pattern must not be empty")
	}
	v := newFSView(env)
	sc, err := aliasScope(env, v, a.Dir, strings.TrimPrefix(a.Pattern, "./"))
	if err != nil {
		return "", err
	}
	hits, timedOut, err := scanPaths(ctx, env, v, sc, scanOptions{gitignore: true, hidden: true, timeout: findDefaultTimeout, filesOnly: true, mtimes: true})
	if err != nil {
		return "", err
	}
	if len(hits) == 0 {
		return "No files found matching pattern", nil
	}
	newestFirst(hits)
	var b strings.Builder
	for i, h := range hits {
		if i == globLimit {
			break
		}
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(shownPath(env, h.abs))
	}
	if len(hits) > globLimit {
		fmt.Fprintf(&b, "\n\n[%d results limit reached (%d found); showing the newest. Narrow the pattern or dir.]", globLimit, len(hits))
	}
	if timedOut {
		fmt.Fprintf(&b, "\n\n[Timed out after %s; results are partial.]", findDefaultTimeout)
	}
	return b.String(), nil
}

func runGrep(ctx context.Context, env *tools.Env, a grepArgs) (string, error) {
	m, err := compileSearch(searchArgs{Pattern: a.Pattern})
	if err != nil {
		return "", err
	}
	include := strings.TrimPrefix(a.Include, "./")
	if include != "" && !strings.Contains(include, "/") {
		include = "**/" + include
	}
	v := newFSView(env)
	sc, err := aliasScope(env, v, a.Dir, include)
	if err != nil {
		return "", err
	}
	workers := walkWorkers()
	switch a.OutputMode {
	case "", "content":
		s := newSearcher(m, v, workers, grepContentLimit+1)
		col, err := collect(ctx, env, s, sc, true, true, stopRule{ceiling: grepContentLimit + 1}, nil)
		if err != nil {
			return "", err
		}
		return grepContent(env, m, v, col), nil
	case "files_with_matches", "count":
		limit := 1
		if a.OutputMode == "count" {
			limit = math.MaxInt
		}
		s := newSearcher(m, v, workers, limit)
		col, err := collect(ctx, env, s, sc, true, true, stopRule{}, nil)
		if err != nil {
			return "", err
		}
		if a.OutputMode == "count" {
			return grepCount(env, col), nil
		}
		return grepFiles(env, v, col), nil
	}
	return "", tools.Errorf(tools.ErrInvalidArgs, "outputMode must be content, files_with_matches or count")
}

func grepContent(env *tools.Env, m *textmatch.Matcher, v *fsview, col *collection) string {
	if len(col.files) == 0 {
		return "No matches found"
	}
	sc := m.NewScanner()
	var b strings.Builder
	n, more := 0, col.ceiling
files:
	for _, f := range col.files {
		content, err := readWhole(v, f.abs)
		if err != nil || bytes.IndexByte(content, 0) >= 0 {
			continue
		}
		display := shownPath(env, f.abs)
		sc.Reset(content)
		line, pos := 1, 0
		for {
			start, end, ok := sc.Next()
			if !ok {
				break
			}
			line += bytes.Count(content[pos:start], nl)
			pos = start
			for i, text := range bytes.Split(content[start:end], nl) {
				if n == grepContentLimit {
					more = true
					break files
				}
				fmt.Fprintf(&b, "%s:%d: %s\n", display, line+i, shorten(string(bytes.TrimSuffix(text, []byte{'\r'})), grepLineCap))
				n++
			}
		}
	}
	out := strings.TrimSuffix(b.String(), "\n")
	if more {
		out += fmt.Sprintf("\n\n[Showing the first %d matches. Narrow the pattern, dir or include to see the rest.]", grepContentLimit)
	}
	return out
}

func grepFiles(env *tools.Env, v *fsview, col *collection) string {
	if len(col.files) == 0 {
		return "No matches found"
	}
	hits := make([]findHit, len(col.files))
	for i, f := range col.files {
		hits[i] = findHit{abs: f.abs, mtime: v.mtime(f.abs)}
	}
	newestFirst(hits)
	var b strings.Builder
	fmt.Fprintf(&b, "Found %d file(s)", len(hits))
	for i, h := range hits {
		if i == grepFileLimit {
			fmt.Fprintf(&b, "\n\n[Showing the %d most recently modified of %d files. Narrow the pattern, dir or include to see the rest.]", grepFileLimit, len(hits))
			break
		}
		b.WriteString("\n" + shownPath(env, h.abs))
	}
	return b.String()
}

func grepCount(env *tools.Env, col *collection) string {
	if len(col.files) == 0 {
		return "No matches found"
	}
	var b strings.Builder
	total := 0
	for i, f := range col.files {
		total += f.count
		if i < grepFileLimit {
			fmt.Fprintf(&b, "%s:%d\n", shownPath(env, f.abs), f.count)
		}
	}
	fmt.Fprintf(&b, "\nTotal: %d matches in %d files", total, len(col.files))
	if len(col.files) > grepFileLimit {
		fmt.Fprintf(&b, "\n\n[Showing %d of %d files; the total covers all of them. Narrow the pattern, dir or include to see the rest.]", grepFileLimit, len(col.files))
	}
	return b.String()
}

// shorten cuts s to n characters plus an ellipsis.
func shorten(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	i := 0
	for j := range s {
		if i == n {
			return s[:j] + "…"
		}
		i++
	}
	return s
}

package search

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync/atomic"

	"github.com/atomic-script/atomic-script/tools/internal/selector"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/safefile"
	"github.com/atomic-script/atomic-script/tools/search/internal/fsread"
	"github.com/atomic-script/atomic-script/tools/search/internal/textmatch"
	"github.com/atomic-script/atomic-script/tools/search/internal/walk"
)

// Limits of search (the reference implementation's).
const (
	searchFileLimit    = 20        // matching files per page
	searchPerFileLimit = 20        // match rows per file in a multi-file search
	searchSingleLimit  = 200       // match rows in a single-file search
	searchCollectLimit = 2000      // matches collected before pagination
	searchMaxFileBytes = 4 << 20   // larger files are skipped
	searchLineCap      = 512       // characters shown of one line
	structuredLineCap  = 50 * 1024 // bytes of one line in the structured matches (read's per-line limit)
	// structuredTextCap bounds the match text of one result's
	// fileMatches: past it, a match keeps the first rowTextCap bytes of
	// its line, so a page of long lines stays a result of tens of KB.
	structuredTextCap   = 64 * 1024
	rowTextCap          = searchLineCap
	searchOutputCap     = 50 * 1024 // bytes of combined output
	searchChunkSize     = 16        // files per walk task
	defaultContextAfter = 3
)

type searchArgs struct {
	Pattern   string   `json:"pattern"`
	Paths     PathList `json:"paths"`
	I         *bool    `json:"i"`
	Case      *bool    `json:"case"`
	Gitignore *bool    `json:"gitignore"`
	Hidden    *bool    `json:"hidden"`
	Skip      *int     `json:"skip"`
}

// fileStatus is why a file was or was not searched.
type fileStatus int

const (
	fileSearched fileStatus = iota
	fileTooLarge
	fileBinary
	fileUnreadable
)

// matchedFile is one file with matches found during collection.
type matchedFile struct {
	abs      string
	ranges   []selector.Range
	count    int  // matching lines, at most the per-file limit + 1
	tooLarge bool // not searched: over searchMaxFileBytes (count is 0)
}

// maxSkippedListed bounds the too-large files a walk names; more are counted.
const maxSkippedListed = 10

// searcher holds what the workers of one search share.
type searcher struct {
	m        *textmatch.Matcher
	v        *fsview
	limit    int // per-file count limit during collection
	scanners []*textmatch.Scanner
	readers  []fsread.Reader

	searched, matching atomic.Int64
}

func newSearcher(m *textmatch.Matcher, v *fsview, workers, limit int) *searcher {
	s := &searcher{m: m, v: v, limit: limit, readers: make([]fsread.Reader, workers+1)}
	for i := 0; i <= workers; i++ {
		s.scanners = append(s.scanners, m.NewScanner())
	}
	return s
}

// count returns how many lines of abs match (stopping at limit), counting
// only lines in ranges when ranges is set. Worker w's buffers are used.
func (s *searcher) count(w int, abs string, ranges []selector.Range, limit int) (int, fileStatus) {
	s.searched.Add(1)
	data, err := s.v.read(&s.readers[w], abs, searchMaxFileBytes)
	if err != nil {
		if errors.Is(err, fsread.ErrTooLarge) {
			return 0, fileTooLarge
		}
		return 0, fileUnreadable
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	sc := s.scanners[w]
	sc.Reset(data)
	n, line, pos := 0, 1, 0
	for n < limit {
		start, end, ok := sc.Next()
		if !ok {
			break
		}
		if ranges == nil {
			n += 1 + bytes.Count(data[start:end], nl)
			continue
		}
		line += bytes.Count(data[pos:start], nl)
		pos = start
		last := line + bytes.Count(data[start:end], nl)
		for l := line; l <= last; l++ {
			if selector.InRanges(ranges, l) {
				n++
			}
		}
	}
	if n > 0 && bytes.IndexByte(data, 0) >= 0 {
		return 0, fileBinary
	}
	if n > 0 {
		s.matching.Add(1)
	}
	return min(n, limit), fileSearched
}

var nl = []byte{'\n'}

// utf8BOM is stripped from the start of a file before matching and
// rendering, as read and rg do; it is not part of the first line.
var utf8BOM = []byte("\uFEFF")

// collection is the ordered list of matching files a page is cut from.
type collection struct {
	files   []matchedFile
	ceiling bool     // stopped at searchCollectLimit matches
	skipped []string // explicitly named files that were not searched, with why
}

// collect searches the targets in order until it has need matching files
// or ceiling matches in the files from index pageStart on (the files of
// earlier pages are listed but do not count, so paging by nextSkip reaches
// every match). Directory trees are walked in parallel;
// the walk stops as soon as the page is settled.
func collect(ctx context.Context, env *tools.Env, s *searcher, sc *scope, gitignore, hidden bool, pageStart, need, ceiling int) (*collection, error) {
	workers := len(s.readers) - 1
	var roots []walk.Root
	rootOf := map[int]int{}
	largeSkipped := 0
	for i, t := range sc.targets {
		if t.kind == targetFile {
			continue
		}
		r := walk.Root{Abs: t.abs}
		if t.glob != nil {
			r.Descend, r.Filter = t.glob.descend, t.glob.match
		}
		rootOf[i] = len(roots)
		roots = append(roots, r)
	}
	var w *walk.Walker
	if len(roots) > 0 {
		w = walk.New(walk.Config{
			Roots: roots, Workspace: env.Root, Workers: workers,
			Gitignore: gitignore, Hidden: hidden,
			KeepGit: sc.keepGit, KeepNodeModules: sc.keepNodeModules,
			Overlay:   s.v.pending,
			ChunkSize: searchChunkSize,
			OnFiles: func(wid int, c *walk.Chunk) any {
				var out []matchedFile
				for _, name := range c.Files {
					abs := c.Dir.Join(name)
					n, st := s.count(wid, abs, nil, s.limit)
					if n > 0 || st == fileTooLarge {
						out = append(out, matchedFile{abs: abs, count: n, tooLarge: st == fileTooLarge})
					}
				}
				return out
			},
		})
		w.Start(ctx)
		defer func() {
			w.Stop()
			w.Wait()
		}()
	}

	col := &collection{}
	seen := map[string]bool{}
	total := 0
	// add records one matching file and reports whether to go on.
	add := func(f matchedFile) bool {
		if seen[f.abs] {
			return true
		}
		seen[f.abs] = true
		col.files = append(col.files, f)
		if len(col.files) > pageStart {
			total += f.count
		}
		if total >= ceiling {
			col.ceiling = true
		}
		return len(col.files) < need && !col.ceiling
	}
	for i, t := range sc.targets {
		if err := ctx.Err(); err != nil {
			return nil, tools.Errorf(tools.CodeOf(err), "search: %v", err)
		}
		if t.kind == targetFile {
			if s.v.stat(t.abs) == pathOther {
				// A pipe would read as empty, a device as endless: neither
				// is searched, and the result says why.
				kind := "not a regular file"
				if fi, err := os.Stat(t.abs); err == nil {
					kind = safefile.Describe(fi.Mode())
				}
				col.skipped = append(col.skipped, env.Display(t.abs)+" (not a regular file: "+kind+")")
				continue
			}
			n, st := s.count(workers, t.abs, t.ranges, s.limit)
			switch st {
			case fileTooLarge:
				col.skipped = append(col.skipped, env.Display(t.abs)+" (larger than 4 MiB; read it with a line selector)")
			case fileBinary:
				col.skipped = append(col.skipped, env.Display(t.abs)+" (binary)")
			case fileUnreadable:
				col.skipped = append(col.skipped, env.Display(t.abs)+" (unreadable)")
			}
			if n > 0 && !add(matchedFile{abs: t.abs, ranges: t.ranges, count: n}) {
				break
			}
			continue
		}
		done := w.OrderedRoot(ctx, rootOf[i], func(c *walk.Chunk) bool {
			files, _ := c.Result.([]matchedFile)
			for _, f := range files {
				if f.tooLarge {
					// A walk skips it as for a named file, but says so:
					// a silent "No matches" would be wrong.
					if largeSkipped++; largeSkipped <= maxSkippedListed {
						col.skipped = append(col.skipped, env.Display(f.abs)+" (larger than 4 MiB; read it with a line selector)")
					}
					continue
				}
				if !add(f) {
					return false
				}
			}
			return true
		})
		if err := ctx.Err(); err != nil {
			return nil, tools.Errorf(tools.CodeOf(err), "search: %v", err)
		}
		if !done {
			break
		}
	}
	if largeSkipped > maxSkippedListed {
		col.skipped = append(col.skipped, fmt.Sprintf("%d more files larger than 4 MiB", largeSkipped-maxSkippedListed))
	}
	return col, nil
}

// MaxPatternBytes is the longest pattern search compiles: 64 KiB. The
// regexp compiler's time and memory grow with the pattern (a 1–3 MiB
// alternation took seconds, uncancellably, at 64× its size), and a longer
// one is a list of alternatives better searched in parts.
const MaxPatternBytes = 64 << 10

// compileSearch checks the pattern and case options and compiles them.
func compileSearch(a searchArgs) (*textmatch.Matcher, error) {
	if strings.TrimSpace(a.Pattern) == "" {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "Pattern must not be empty")
	}
	if len(a.Pattern) > MaxPatternBytes {
		return nil, tools.Errorf(tools.ErrLimit, "the pattern is %d bytes, over the limit of %d (64 KiB): split its alternatives into several searches, or search for a shorter pattern they share", len(a.Pattern), MaxPatternBytes)
	}
	ignoreCase := false
	switch {
	case a.I != nil && a.Case != nil && *a.I == *a.Case:
		return nil, tools.Errorf(tools.ErrInvalidArgs, "i=%v and case=%v contradict each other: pass only one (i:true or case:false searches case-insensitively)", *a.I, *a.Case)
	case a.I != nil:
		ignoreCase = *a.I
	case a.Case != nil:
		ignoreCase = !*a.Case
	}
	m, err := textmatch.Compile(a.Pattern, ignoreCase)
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "Invalid regex: %v", err)
	}
	return m, nil
}

func runSearch(ctx context.Context, env *tools.Env, a searchArgs) (*SearchResult, error) {
	m, err := compileSearch(a)
	if err != nil {
		return nil, err
	}
	skip := 0
	if a.Skip != nil {
		skip = *a.Skip
	}
	if skip < 0 {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "skip must be a non-negative number")
	}
	raw := []string(a.Paths)
	if allBlank(raw) {
		raw = []string{"."}
	}
	v := newFSView(env)
	sc, err := resolveScope(ctx, env, v, raw, true)
	if err != nil {
		return nil, err
	}
	if len(sc.targets) == 0 && len(sc.skipped) == 0 {
		return nil, tools.Errorf(tools.ErrNotFound, "Path not found: %s", strings.Join(sc.missing, ", "))
	}
	single := len(sc.targets) == 1 && sc.targets[0].kind == targetFile
	perFile := searchPerFileLimit
	pageSkip := skip
	if single {
		perFile, pageSkip = searchSingleLimit, 0
	}
	need := pageSkip + searchFileLimit + 1

	workers := walkWorkers()
	s := newSearcher(m, v, workers, perFile+1)
	stop := reportWhileRunning(ctx, func() tools.Progress {
		n, f := s.searched.Load(), s.matching.Load()
		return tools.Progress{
			Message: fmt.Sprintf("search: %d files searched, %d matching", n, f),
			Data:    map[string]any{"scopePath": scopePathOf(env, sc.targets), "filesSearched": n, "matchingFiles": f},
		}
	})
	col, err := collect(ctx, env, s, sc, boolOr(a.Gitignore, true), boolOr(a.Hidden, true), pageSkip, need, searchCollectLimit)
	stop()
	if err != nil {
		return nil, err
	}
	col.skipped = append(sc.skipped, col.skipped...)
	return renderPage(env, m, v, sc, col, pageSkip, skip, single, perFile), nil
}

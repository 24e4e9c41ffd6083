package search

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"strings"
	"sync/atomic"
	"unicode/utf8"
	"unsafe"

	"github.com/atomic-script/atomic-script/tools/internal/selector"

	"github.com/atomic-script/atomic-script/hashline"
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
	Limit     *int     `json:"limit"`
	// Structural search: pattern is code (structural.go).
	Structural bool             `json:"structural,omitempty"`
	Language   string           `json:"language,omitempty"`
	Where      map[string]Where `json:"where,omitempty"`
	Inside     string           `json:"inside,omitempty"`
	NotInside  string           `json:"notInside,omitempty"`
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
	count    int  // matching lines (in page mode at most the per-file limit + 1)
	tooLarge bool // not searched: over searchMaxFileBytes (count is 0)
	// content is the file as searched, kept in page mode for the page's
	// rendering (files up to keepBytes; larger ones are read again).
	content []byte
	// In a search with limit the worker extracts what the result needs,
	// so no file is read twice: every matching line (up to the row cap)
	// and the observation its snapshot tag comes from.
	matches []SearchMatch
	obs     hashline.Observation
}

// keepBytes bounds a file whose content a page-mode search keeps from the
// search to the rendering.
const keepBytes = 256 << 10

// maxSkippedListed bounds the too-large files a walk names; more are counted.
const maxSkippedListed = 10

// searcher holds what the workers of one search share.
type searcher struct {
	m     *textmatch.Matcher
	st    *structuralSearch // a structural search (m is nil)
	v     *fsview
	limit int // page mode: per-file count limit during collection
	// every: extract every match (a search with limit); else count and
	// keep content.
	every    bool
	keep     bool            // page mode: keep matched files' content for the rendering
	pages    bool            // the result may have a next page: keep the walk for it
	named    map[string]bool // files named in paths (a structural search reads them in its language)
	scanners []*textmatch.Scanner
	readers  []fsread.Reader

	searched, matching atomic.Int64
	// binary and tooLarge count the files scan skipped (a match in a
	// binary file, a file over searchMaxFileBytes).
	binary, tooLarge atomic.Int64
}

func newSearcher(m *textmatch.Matcher, v *fsview, workers, limit int) *searcher {
	s := &searcher{m: m, v: v, limit: limit, readers: make([]fsread.Reader, workers+1)}
	for i := 0; m != nil && i <= workers; i++ {
		s.scanners = append(s.scanners, m.NewScanner())
	}
	return s
}

// scan searches abs with worker w's buffers, counting only lines in ranges
// when ranges is set. A file without a match comes back with count 0.
func (s *searcher) scan(w int, abs string, ranges []selector.Range) (matchedFile, fileStatus) {
	s.searched.Add(1)
	raw, err := s.v.read(&s.readers[w], abs, searchMaxFileBytes)
	if err != nil {
		if errors.Is(err, fsread.ErrTooLarge) {
			s.searched.Add(-1)
			s.tooLarge.Add(1)
			return matchedFile{abs: abs, tooLarge: true}, fileTooLarge
		}
		return matchedFile{abs: abs}, fileUnreadable
	}
	data := bytes.TrimPrefix(raw, utf8BOM)
	f := matchedFile{abs: abs, ranges: ranges}
	if s.st != nil {
		return s.scanStructural(w, f, raw, data)
	}
	if s.every {
		f.matches = extractMatches(s.scanners[w], data, ranges)
		f.count = len(f.matches)
	} else {
		f.count = countMatches(s.scanners[w], data, ranges, s.limit)
	}
	if f.count == 0 {
		return f, fileSearched
	}
	if bytes.IndexByte(data, 0) >= 0 {
		s.binary.Add(1)
		return matchedFile{abs: abs}, fileBinary
	}
	s.matching.Add(1)
	switch {
	case s.every:
		f.obs = hashline.Observe(unsafe.String(unsafe.SliceData(raw), len(raw)))
	case s.keep && len(raw) <= keepBytes:
		f.content = bytes.Clone(raw)
	}
	return f, fileSearched
}

// scanStructural finds the structural matches of a file: every one, kept
// with the file's content for the page's rendering. A file of a language
// the pattern does not parse in is noted once and not searched.
func (s *searcher) scanStructural(w int, f matchedFile, raw, data []byte) (matchedFile, fileStatus) {
	if bytes.IndexByte(data[:min(len(data), 8000)], 0) >= 0 {
		return matchedFile{abs: f.abs}, fileBinary
	}
	rows := s.st.find(w, f.abs, data, f.ranges, s.named[f.abs])
	if len(rows) == 0 {
		return f, fileSearched
	}
	s.matching.Add(1)
	f.matches, f.count = rows, len(rows)
	if s.every {
		f.obs = hashline.Observe(unsafe.String(unsafe.SliceData(raw), len(raw)))
	} else {
		f.content = bytes.Clone(raw)
	}
	return f, fileSearched
}

// countMatches returns how many lines of data match (stopping at limit),
// counting only lines in ranges when ranges is set.
func countMatches(sc *textmatch.Scanner, data []byte, ranges []selector.Range, limit int) int {
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
	return min(n, limit)
}

// extractMatches returns every matching line of data (in ranges, when
// set) as a row with its whole text (up to structuredLineCap bytes).
func extractMatches(sc *textmatch.Scanner, data []byte, ranges []selector.Range) []SearchMatch {
	sc.Reset(data)
	var rows []SearchMatch
	line, pos := 1, 0
	for {
		start, end, ok := sc.Next()
		if !ok {
			return rows
		}
		line += bytes.Count(data[pos:start], nl)
		pos = start
		l := line
		for rest := data[start:end]; ; l++ {
			text := rest
			i := bytes.IndexByte(rest, '\n')
			if i >= 0 {
				text = rest[:i]
			}
			if ranges == nil || selector.InRanges(ranges, l) {
				rows = append(rows, matchRow(l, bytes.TrimSuffix(text, cr)))
			}
			if i < 0 {
				break
			}
			rest = rest[i+1:]
		}
	}
}

var cr = []byte{'\r'}

// matchRow is the structured row of line l with text, cut at
// structuredLineCap bytes on a character boundary.
func matchRow(l int, text []byte) SearchMatch {
	if len(text) <= structuredLineCap {
		return SearchMatch{Line: l, Text: string(text)}
	}
	i := structuredLineCap
	for i > 0 && !utf8.RuneStart(text[i]) {
		i--
	}
	return SearchMatch{Line: l, Text: string(text[:i]), Truncated: true}
}

var nl = []byte{'\n'}

// utf8BOM is stripped from the start of a file before matching and
// rendering, as read and rg do; it is not part of the first line.
var utf8BOM = []byte("\uFEFF")

// collection is the ordered list of matching files a page is cut from.
type collection struct {
	files   []matchedFile
	ceiling bool     // stopped at the collection ceiling
	skipped []string // explicitly named files that were not searched, with why
	// beyond lists the matching files searched after the one that ended
	// the collection (the rest of its chunk): the next page starts with
	// them. at is where the next page's walk resumes: after the last file
	// searched in order.
	beyond []matchedFile
	at     position
	seen   map[string]bool
	// complete: every target was searched to its end.
	complete bool
	// coverage is what the search looked at and left out.
	coverage SearchCoverage
	// walk is the stopped walk a next page can resume (nil when there is
	// none), with its roots by target index.
	walk   *walk.Walker
	rootOf map[int]int
}

// notSearched is the result of a chunk the workers left to the consumer:
// a page search that has found searchAhead more matching files than it
// needs stops searching ahead (on a busy machine the consumer may not run
// for milliseconds while the workers go on), and the consumer searches
// such a chunk itself when it gets there.
type notSearched struct{}

// searchAhead is how many matching files past a page's need the workers
// may find before they leave chunks to the consumer.
const searchAhead = 8

// scanChunk searches the files of c with worker w's buffers: the
// consumer's own search of a chunk the workers left.
func (s *searcher) scanChunk(w int, c *walk.Chunk) []matchedFile {
	var out []matchedFile
	for _, name := range c.Files {
		f, st := s.scan(w, c.Dir.Join(name), nil)
		if f.count > 0 || st == fileTooLarge {
			out = append(out, f)
		}
	}
	return out
}

// position is a point in a search's order: target index, and within a
// walked target the root-relative path of the last file searched ("":
// the target from its start).
type position struct {
	target int
	after  string
}

// stopRule says when collect has enough: the files of earlier pages
// (before pageStart) are listed but do not count.
type stopRule struct {
	pageStart int
	need      int // matching files in all (pageStart + page + 1)
	ceiling   int // matches (counted from pageStart) that end a page
}

// collect searches the targets in order, from the cursor when there is
// one, until rule is met. Directory trees are walked in parallel; the
// walk stops as soon as the page is settled.
func collect(ctx context.Context, env *tools.Env, s *searcher, sc *scope, gitignore, hidden bool, rule stopRule, cur *searchCursor) (*collection, error) {
	c := &collector{env: env, s: s, sc: sc, rule: rule, workers: len(s.readers) - 1, col: &collection{seen: map[string]bool{}}}
	from := position{}
	if cur != nil {
		from = cur.at
		if cur.seen != nil {
			c.col.seen = maps.Clone(cur.seen)
		}
	}
	c.gitignore, c.hidden = gitignore, hidden
	if cur == nil || !c.resumeWalk(ctx, cur) {
		c.startWalk(ctx, from)
	}
	defer func() {
		c.stopWalk()
		if c.w != nil {
			c.col.coverage.addSkips(env, c.w.Skips())
		}
	}()
	// The files the previous page searched past come first, searched
	// again: the script may have changed them since.
	if cur != nil && !c.resume(cur.beyond) {
		c.col.at = from
		if c.resumable {
			c.col.walk, c.col.rootOf = c.w, c.rootOf
		}
		return c.col, nil
	}
	for i := from.target; i < len(sc.targets); i++ {
		if err := ctx.Err(); err != nil {
			return nil, tools.Errorf(tools.CodeOf(err), "search: %v", err)
		}
		c.col.at = position{target: i}
		if i == from.target {
			c.col.at.after = from.after
		}
		goOn := true
		if sc.targets[i].kind == targetFile {
			c.col.at = position{target: i + 1} // searched whole, or not at all
			goOn = c.file(sc.targets[i])
		} else {
			var err error
			if goOn, err = c.tree(ctx, i); err != nil {
				return nil, err
			}
		}
		if !goOn {
			break
		}
		c.col.at = position{target: i + 1}
	}
	c.col.complete = c.col.at.target == len(sc.targets)
	if c.largeSkipped > maxSkippedListed {
		c.col.skipped = append(c.col.skipped, fmt.Sprintf("%d more files larger than 4 MiB", c.largeSkipped-maxSkippedListed))
	}
	return c.col, nil
}

// collector is one collect call's state.
type collector struct {
	env          *tools.Env
	s            *searcher
	sc           *scope
	rule         stopRule
	workers      int
	col          *collection
	total        int // matches counted from rule.pageStart
	largeSkipped int
	w            *walk.Walker
	rootOf       map[int]int // target index -> walk root
	// resumable: the walk is kept for the next page, which searches again
	// what this one searched past its end.
	resumable         bool
	gitignore, hidden bool
}

// ahead reports whether the workers have found enough matching files
// past what the page needs.
func (c *collector) ahead() bool {
	return c.rule.need > 0 && c.s.matching.Load() >= int64(c.rule.need+searchAhead)
}

// onFiles is what the walk's workers do with a chunk of files.
func (c *collector) onFiles(wid int, ch *walk.Chunk) any {
	if c.ahead() {
		// Far enough ahead of a page the consumer is about to close:
		// leave the rest to it (see notSearched).
		return notSearched{}
	}
	return c.s.scanChunk(wid, ch)
}

// resumeWalk goes on with the walk the previous page stopped, and
// reports whether it could.
func (c *collector) resumeWalk(ctx context.Context, cur *searchCursor) bool {
	if cur.walk == nil || !cur.walk.Resume(c.s.v.pending, c.onFiles) {
		return false
	}
	c.w, c.rootOf, c.resumable = cur.walk, cur.rootOf, true
	c.w.Start(ctx)
	return true
}

// startWalk starts the parallel walk of the directory and glob targets
// from from on.
func (c *collector) startWalk(ctx context.Context, from position) {
	var roots []walk.Root
	c.rootOf = map[int]int{}
	for i, t := range c.sc.targets {
		if t.kind == targetFile || i < from.target {
			continue
		}
		r := walk.Root{Abs: t.abs}
		if t.glob != nil {
			r.Descend, r.Filter = t.glob.descend, t.glob.match
		}
		if i == from.target {
			r.After = from.after
		}
		c.rootOf[i] = len(roots)
		roots = append(roots, r)
	}
	if len(roots) == 0 {
		return
	}
	c.w = walk.New(walk.Config{
		Roots: roots, Workspace: c.env.Root, Workers: c.workers,
		Gitignore: c.gitignore, Hidden: c.hidden,
		KeepGit: c.sc.keepGit, KeepNodeModules: c.sc.keepNodeModules,
		Overlay:   c.s.v.pending,
		ChunkSize: c.s.chunkSize(),
		OnFiles:   c.onFiles,
		Resumable: c.s.pages,
	})
	c.resumable = c.s.pages
	c.w.Start(ctx)
}

func (c *collector) stopWalk() {
	if c.w != nil {
		c.w.Stop()
		c.w.Wait()
	}
}

// add records one matching file and reports whether to go on.
func (c *collector) add(f matchedFile) bool {
	col := c.col
	if col.seen[f.abs] {
		return true
	}
	col.seen[f.abs] = true
	col.files = append(col.files, f)
	if len(col.files) > c.rule.pageStart {
		c.total += f.count
	}
	if c.rule.ceiling > 0 && c.total >= c.rule.ceiling {
		col.ceiling = true
	}
	return (c.rule.need == 0 || len(col.files) < c.rule.need) && !col.ceiling
}

// resume searches the files a previous page searched past; it reports
// whether to go on (false: they filled this page too, and the rest of
// them start the next).
func (c *collector) resume(beyond []beyondFile) bool {
	for i, a := range beyond {
		if f, _ := c.s.scan(c.workers, a.abs, a.ranges); f.count > 0 && !c.add(f) {
			for _, b := range beyond[i+1:] {
				c.col.beyond = append(c.col.beyond, matchedFile{abs: b.abs, ranges: b.ranges})
			}
			return false
		}
	}
	return true
}

// file searches a named file and reports whether to go on.
func (c *collector) file(t target) bool {
	display := c.env.Display(t.abs)
	if c.s.v.stat(t.abs) == pathOther {
		// A pipe would read as empty, a device as endless: neither is
		// searched, and the result says why.
		kind := "not a regular file"
		if fi, err := os.Stat(t.abs); err == nil {
			kind = safefile.Describe(fi.Mode())
		}
		c.col.skipped = append(c.col.skipped, display+" (not a regular file: "+kind+")")
		return true
	}
	f, st := c.s.scan(c.workers, t.abs, t.ranges)
	switch st {
	case fileTooLarge:
		c.col.skipped = append(c.col.skipped, display+" (larger than 4 MiB; read it with a line selector)")
	case fileBinary:
		c.col.skipped = append(c.col.skipped, display+" (binary)")
	case fileUnreadable:
		c.col.skipped = append(c.col.skipped, display+" (unreadable)")
	}
	return f.count == 0 || c.add(f)
}

// tree takes the walk's chunks of target i in order and reports whether
// to go on. When the page is settled inside the tree, what the workers
// had searched past it in order joins the files the next page starts
// with, and the resume point moves after it.
func (c *collector) tree(ctx context.Context, i int) (bool, error) {
	var last *walk.Chunk
	done := c.w.OrderedRoot(ctx, c.rootOf[i], func(ch *walk.Chunk) bool {
		last = ch
		files, ok := ch.Result.([]matchedFile)
		if !ok {
			files = c.s.scanChunk(c.workers, ch) // notSearched (the workers were too far ahead), or nil (left to the consumer)
		}
		c.col.at.after = ch.Dir.RelJoin(ch.Files[len(ch.Files)-1])
		for j, f := range files {
			if c.tooLarge(f) {
				continue
			}
			if !c.add(f) {
				c.past(files[j+1:])
				return false
			}
		}
		return true
	})
	if err := ctx.Err(); err != nil {
		return false, tools.Errorf(tools.CodeOf(err), "search: %v", err)
	}
	if c.w.Invalid() {
		// A directory the kept walk had read changed beyond what it can
		// follow: walk afresh from after the last file taken.
		c.stopWalk()
		c.startWalk(ctx, c.col.at)
		return c.tree(ctx, i)
	}
	if done || last == nil {
		return done, nil
	}
	c.stopWalk()
	if c.resumable {
		// The next page resumes this walk after last, and searches again
		// what the workers searched past it.
		c.col.walk, c.col.rootOf = c.w, c.rootOf
		return false, nil
	}
	c.w.Completed(c.rootOf[i], last, func(ch *walk.Chunk) bool {
		files, ok := ch.Result.([]matchedFile)
		if ok {
			c.past(files)
			c.col.at.after = ch.Dir.RelJoin(ch.Files[len(ch.Files)-1])
		}
		return ok
	})
	return false, nil
}

// past adds files searched after the page to col.beyond.
func (c *collector) past(files []matchedFile) {
	for _, f := range files {
		if !c.tooLarge(f) {
			c.col.beyond = append(c.col.beyond, f)
		}
	}
}

// tooLarge notes a file over the size limit a walk met: it is skipped as
// for a named file, but the result says so (a silent "No matches" would be
// wrong), ten by name and then a count.
func (c *collector) tooLarge(f matchedFile) bool {
	if !f.tooLarge {
		return false
	}
	if c.largeSkipped++; c.largeSkipped <= maxSkippedListed {
		c.col.skipped = append(c.col.skipped, c.env.Display(f.abs)+" (larger than 4 MiB; read it with a line selector)")
	}
	return true
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

// searchInputs checks a search's arguments and compiles its pattern: a
// text matcher, or a structural search.
func searchInputs(ctx context.Context, a searchArgs, workers int) (m *textmatch.Matcher, st *structuralSearch, skip int, err error) {
	switch {
	case a.Structural:
		st, err = newStructural(ctx, a, workers)
	case a.Language != "" || len(a.Where) > 0 || a.Inside != "" || a.NotInside != "":
		err = tools.Errorf(tools.ErrInvalidArgs, "language, where, inside and notInside are for a structural search: call structural_search")
	default:
		m, err = compileSearch(a)
	}
	if err != nil {
		return nil, nil, 0, err
	}
	if a.Skip != nil {
		skip = *a.Skip
	}
	if skip < 0 {
		return nil, nil, 0, tools.Errorf(tools.ErrInvalidArgs, "skip must be a non-negative number")
	}
	if a.Limit != nil && *a.Limit < 0 {
		return nil, nil, 0, tools.Errorf(tools.ErrInvalidArgs, "limit must be a non-negative number (0 returns every match)")
	}
	return m, st, skip, nil
}

func runSearch(ctx context.Context, env *tools.Env, a searchArgs) (*SearchResult, error) {
	workers := walkWorkers()
	m, st, skip, err := searchInputs(ctx, a, workers)
	if err != nil {
		return nil, err
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
	p := pagePlan{single: single, perFile: searchPerFileLimit, skip: skip, pageSkip: skip}
	if single {
		p.perFile, p.pageSkip = searchSingleLimit, 0
	}
	if a.Limit != nil {
		p.every, p.limit = true, *a.Limit
	}

	s := newSearcher(m, v, workers, p.perFile+1)
	s.every, s.keep = p.every, !p.every
	s.pages = !single && !(p.every && p.limit == 0)
	render := textRenderer
	if st != nil {
		s.st, s.named, render = st, namedFiles(sc), func(*textmatch.Matcher) renderer { return structuralRenderer }
	}
	rule := stopRule{pageStart: p.pageSkip, need: p.pageSkip + searchFileLimit + 1, ceiling: searchCollectLimit}
	if p.every {
		// Whole files while their matches fit in limit, and one more to
		// know whether there are more.
		rule.need, rule.ceiling = 0, 0
		if p.limit > 0 {
			rule.ceiling = p.limit + 1
		}
	}
	cursors := cursorsOf(env)
	key := cursorKey(env, a)
	var cur *searchCursor
	if p.pageSkip > 0 {
		if cur = cursors.take(key, p.pageSkip); cur != nil {
			rule.pageStart, rule.need = 0, max(0, rule.need-p.pageSkip)
		}
	}
	stop := reportWhileRunning(ctx, func() tools.Progress {
		n, f := s.searched.Load(), s.matching.Load()
		return tools.Progress{
			Message: fmt.Sprintf("search: %d files searched, %d matching", n, f),
			Data:    map[string]any{"scopePath": scopePathOf(env, sc.targets), "filesSearched": n, "matchingFiles": f},
		}
	})
	col, err := collect(ctx, env, s, sc, boolOr(a.Gitignore, true), boolOr(a.Hidden, true), rule, cur)
	stop()
	if err != nil {
		return nil, err
	}
	col.skipped = append(sc.skipped, col.skipped...)
	if st != nil {
		notes, err := st.outcome()
		if err != nil {
			return nil, err
		}
		col.skipped = append(col.skipped, notes...)
	}
	col.coverage.Scanned, col.coverage.Binary, col.coverage.TooLarge = int(s.searched.Load()), int(s.binary.Load()), int(s.tooLarge.Load())
	p.offset, p.resumed = p.pageSkip, cur != nil
	if cur != nil {
		p.offset = 0 // the collection starts at the cursor
	}
	res, consumed := renderPage(env, render(m), v, sc, col, p)
	res.shows, res.cuts = searchCuts(env, a, res, p)
	if res.NextSkip > 0 && !single {
		cursors.put(key, res.NextSkip, col.next(p.offset+consumed, len(sc.targets) > 1))
	}
	return res, nil
}

// pagePlan is how a page is cut from a collection.
type pagePlan struct {
	single         bool // one named file: skip is ignored
	perFile        int  // page mode: match rows shown a file
	skip, pageSkip int  // as asked; as applied (0 for a single file, or from a cursor)
	offset         int  // where the page starts in the collection
	resumed        bool // the collection started at a cursor
	every          bool // a search with limit: whole files, every match
	limit          int  // with every: match rows a page holds (0: no bound)
}

// chunkSize is the files of one walk task. A page of 20 files stops the
// walk after a few dozen, and what the workers searched past it is
// wasted: small chunks keep that small. A search that goes on (with
// limit) takes bigger ones, which cost less to hand out.
func (s *searcher) chunkSize() int {
	if s.every {
		return searchChunkSize
	}
	return 4
}

package search

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path"
	"strings"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/safefile"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/search/internal/textmatch"
)

// SearchResult is what search returns: the hashline text a model reads and,
// for scripts, the same facts as values. It is also the call's details.
type SearchResult struct {
	Text      string `json:"text" jsonschema:"the result as a model sees it: [path#TAG] headers, *N: match rows and  N: context rows, then notices"`
	ScopePath string `json:"scopePath" jsonschema:"what was searched, relative to the workspace root"`
	// MatchCount is a total and ShownMatchCount what the rows show, as a
	// file's Count and Matches are: a script must not take one for the
	// other (a page's rows stop at limits; its counts do not).
	MatchCount      int          `json:"matchCount" jsonschema:"every matching line in this page's files, shown or not (the sum of fileMatches[].count); later pages (nextSkip) hold more files"`
	ShownMatchCount int          `json:"shownMatchCount" jsonschema:"the match rows shown (the sum of fileMatches[].matches.length); below matchCount when a limit cut rows"`
	FileCount       int          `json:"fileCount" jsonschema:"the files on this page, each shown (files.length); more are on later pages when nextSkip is set"`
	Files           []string     `json:"files" jsonschema:"the files shown, in order, relative to the workspace root"`
	FileMatches     []SearchFile `json:"fileMatches" jsonschema:"per file shown: its tag, its total match count and the match rows shown"`
	Skip            int          `json:"skip" jsonschema:"matching files skipped before this page"`
	NextSkip        int          `json:"nextSkip,omitempty" jsonschema:"the skip of the next page, when there are more matching files"`
	// FileLimitReached is the page size when more matching files exist.
	FileLimitReached       int            `json:"fileLimitReached,omitempty" jsonschema:"the file limit per page, set when more matching files exist"`
	CollectionLimitReached bool           `json:"collectionLimitReached,omitempty" jsonschema:"this page stopped at 2000 matches; page on with nextSkip"`
	OutputLimitReached     bool           `json:"outputLimitReached,omitempty" jsonschema:"the 50 KB output cap cut the text"`
	LinesTruncated         bool           `json:"linesTruncated,omitempty" jsonschema:"some rows were cut at 512 characters"`
	Truncated              bool           `json:"truncated" jsonschema:"a limit cut what is shown: rows (shownMatchCount < matchCount; a file's matches fewer than its count), files (nextSkip, collectionLimitReached) or line text (linesTruncated); the counts themselves are never cut"`
	MissingPaths           []string       `json:"missingPaths,omitempty" jsonschema:"entries of paths that matched nothing on disk"`
	SkippedFiles           []string       `json:"skippedFiles,omitempty" jsonschema:"files that were not searched, with the reason: named files (too large, binary, unreadable) and files over 4 MiB a walk met (ten by name, then a count)"`
	Coverage               SearchCoverage `json:"coverage" jsonschema:"what the search looked at and left out (an empty result's text says it too)"`
	Meta                   struct {
		Limits SearchLimits `json:"limits"`
	} `json:"meta"`
	// shown is the file behind each of Files; shows and cuts are what
	// the result shows and what its limits cut (searchCuts).
	shown []shownFile
	shows []tools.Shown
	cuts  []tools.Cut
}

// shownFile is a file a search result shows: its path and the line
// selector its matches were counted in.
type shownFile struct {
	abs    string
	ranges []selector.Range
}

// SearchLimits are the limits in force.
type SearchLimits struct {
	FileLimit      int `json:"fileLimit,omitempty" jsonschema:"files per page; set only when more matching files exist"`
	PerFileMatches int `json:"perFileMatches" jsonschema:"match rows shown per file"`
	CollectMatches int `json:"collectMatches" jsonschema:"matches collected before pagination"`
	LineChars      int `json:"lineChars" jsonschema:"characters shown per row"`
	OutputBytes    int `json:"outputBytes" jsonschema:"bytes of combined output"`
	MaxFileBytes   int `json:"maxFileBytes" jsonschema:"larger files are not searched"`
	ContextBefore  int `json:"contextBefore"`
	ContextAfter   int `json:"contextAfter"`
	MatchLimit     int `json:"matchLimit,omitempty" jsonschema:"the limit argument: match rows a page returns, whole files, every match of each"`
	TextFiles      int `json:"textFiles,omitempty" jsonschema:"with limit: the files the text shows (the first of the result's files)"`
}

// SearchFile is one file of a search page.
type SearchFile struct {
	Path    string        `json:"path" jsonschema:"relative to the workspace root, absolute outside it"`
	Tag     string        `json:"tag" jsonschema:"the hashline snapshot tag edit accepts as [path#tag]"`
	Count   int           `json:"count" jsonschema:"matching lines in the file (in range, for a line selector)"`
	Matches []SearchMatch `json:"matches" jsonschema:"the match rows shown"`
}

// SearchMatch is one matching line, or one structural match.
type SearchMatch struct {
	Line int    `json:"line" jsonschema:"the line (a structural match's first line)"`
	Text string `json:"text" jsonschema:"the whole line without its line ending (not cut at 512 characters like the text rows), up to 50 KiB; for a structural match the matched code"`
	// Truncated is set when the line was longer than 50 KiB: Text is then
	// only its start and must not be written back as the whole line.
	Truncated bool `json:"truncated,omitempty" jsonschema:"text holds only the start of the line: it was over 50 KiB, or the result's 64 KiB of match text ran out (then the first 512 bytes; read the line for the rest)"`
	// The structural match's extent and what its metavariables bound.
	EndLine  int                `json:"endLine,omitempty" jsonschema:"structural: the match's last line"`
	Range    *Range             `json:"range,omitempty" jsonschema:"structural: where the match starts and ends (line and column from 1, the column in characters)"`
	Captures map[string]Capture `json:"captures,omitempty" jsonschema:"structural: each metavariable's capture by name (MSG for $MSG, ARGS for $$$ARGS)"`
}

// contextLines returns the configured context (defaults 1 before, 3 after).
func contextLines(env *tools.Env) (before, after int) {
	before, after = 1, defaultContextAfter
	if p := env.Settings.SearchContextBefore; p != nil {
		before = max(0, *p)
	}
	if p := env.Settings.SearchContextAfter; p != nil {
		after = max(0, *p)
	}
	return before, after
}

// renderPage renders the files of the requested page, recording a snapshot
// of each file shown. It returns the result and how many of col's files
// from the page's start it went through (the next page starts after them).
func renderPage(env *tools.Env, render renderer, v *fsview, sc *scope, col *collection, p pagePlan) (*SearchResult, int) {
	before, after := contextLines(env)
	res := &SearchResult{ScopePath: scopePathOf(env, sc.targets), Skip: p.pageSkip, MissingPaths: sc.missing, SkippedFiles: col.skipped, Files: []string{}, FileMatches: []SearchFile{}}
	res.Meta.Limits = SearchLimits{PerFileMatches: p.perFile, CollectMatches: searchCollectLimit, LineChars: searchLineCap, OutputBytes: searchOutputCap, MaxFileBytes: searchMaxFileBytes, ContextBefore: before, ContextAfter: after}
	var files []matchedFile
	if p.offset < len(col.files) {
		files = col.files[p.offset:]
	}
	var consumed int
	var more bool
	var notices []string
	if p.every {
		res.Meta.Limits.PerFileMatches, res.Meta.Limits.CollectMatches, res.Meta.Limits.MatchLimit = 0, 0, p.limit
		consumed, more = everyPage(env, render, v, res, files, p, before, after)
		res.FileCount = len(res.Files)
		notices = everyNotices(res, sc, col, p, more)
	} else {
		page := files[:min(len(files), searchFileLimit)]
		more = len(files) > searchFileLimit
		consumed = linePage(env, render, v, res, page, p, before, after)
		res.FileCount = len(res.Files)
		notices = pageNotices(res, sc, col, len(page), more, p.pageSkip, p.single && p.skip > 0)
	}
	res.Truncated = res.NextSkip > 0 || col.ceiling && !p.every || res.OutputLimitReached && !p.every || res.LinesTruncated
	for _, f := range res.FileMatches {
		if f.Count > len(f.Matches) {
			res.Truncated = true
		}
	}
	res.Coverage = col.coverage
	if res.Text == "" {
		res.Text = "No matches found: " + col.coverage.text("searched", "file", res.ScopePath)
		if p.pageSkip > 0 && (len(col.files) > 0 || p.resumed) {
			res.Text = fmt.Sprintf("No more results (skip=%d)", p.pageSkip)
		}
	}
	if len(notices) > 0 {
		res.Text += "\n\n" + strings.Join(notices, "\n")
	}
	return res, consumed
}

// linePage fills res from page the way a model reads it: each file's first
// perFile matches with context, until the output cap; the structured
// result lists what the text shows. It returns how many files it went
// through.
func linePage(env *tools.Env, render renderer, v *fsview, res *SearchResult, page []matchedFile, p pagePlan, before, after int) int {
	var out strings.Builder
	prevDir := "."
	textLeft := structuredTextCap
	consumed := 0
	for _, f := range page {
		content := f.content
		if content == nil {
			var err error
			if content, err = readWhole(v, f.abs); err != nil {
				consumed++
				continue // changed since it was searched
			}
		}
		if bytes.IndexByte(content, 0) >= 0 {
			consumed++
			continue
		}
		fr := render(bytes.TrimPrefix(content, utf8BOM), f, p.perFile, before, after)
		if len(fr.matches) == 0 {
			consumed++
			continue
		}
		display := env.Display(f.abs)
		dir := groupOf(display)
		sec, shown, cut, linesCut := writeSection(fr, display, content, dir, dir != prevDir && dir != ".", out.Len(), p.single)
		if cut {
			res.OutputLimitReached = true
			if shown == 0 {
				break // not one match row fits: the file starts the next page
			}
		}
		consumed++
		tag := env.Session.Snapshots.Record(f.abs, string(content))
		out.WriteString(sec)
		prevDir = dir
		res.Files = append(res.Files, display)
		res.shown = append(res.shown, shownFile{f.abs, f.ranges})
		matches := fr.matches[:shown]
		for i := range matches {
			if textLeft -= len(matches[i].Text); textLeft < 0 {
				short, cut := capBytes(matches[i].Text, rowTextCap)
				matches[i].Text, matches[i].Truncated = short, matches[i].Truncated || cut
			}
		}
		res.FileMatches = append(res.FileMatches, SearchFile{Path: display, Tag: tag, Count: fr.total, Matches: matches})
		res.MatchCount += fr.total
		res.ShownMatchCount += shown
		res.LinesTruncated = res.LinesTruncated || linesCut
		if cut {
			break
		}
	}
	res.Text = out.String()
	return consumed
}

// everyPage fills res from files for a search with limit: whole files,
// every matching line of each, while they fit in p.limit rows (a first file
// with more comes alone, whole: no match is ever left out of a page). The structured result has them all, found
// by the workers; the text renders the first of them as a model reads
// them, within the output cap. Files not in the text are recorded by their
// observation, not a copy of their text.
func everyPage(env *tools.Env, render renderer, v *fsview, res *SearchResult, files []matchedFile, p pagePlan, before, after int) (consumed int, more bool) {
	rows := 0
	for _, f := range files {
		if p.limit > 0 && consumed > 0 && rows+f.count > p.limit {
			break
		}
		consumed++
		rows += len(f.matches)
		display := env.Display(f.abs)
		env.Session.Snapshots.RecordObservation(f.abs, f.obs)
		res.Files = append(res.Files, display)
		res.shown = append(res.shown, shownFile{f.abs, f.ranges})
		res.FileMatches = append(res.FileMatches, SearchFile{Path: display, Tag: f.obs.Tag, Count: f.count, Matches: f.matches})
		res.MatchCount += f.count
		res.ShownMatchCount += len(f.matches)
		for _, r := range f.matches {
			res.LinesTruncated = res.LinesTruncated || r.Truncated
		}
		if p.limit > 0 && rows >= p.limit {
			break
		}
	}
	more = consumed < len(files)
	if env.Direct && capMatchText(res.FileMatches) {
		res.LinesTruncated = true
	}
	// The text: the page's first files as a page of 20 would show them.
	var out strings.Builder
	prevDir := "."
	shownFiles := 0
	for _, f := range files[:consumed] {
		if shownFiles == searchFileLimit {
			break
		}
		content, err := readWhole(v, f.abs)
		if err != nil || bytes.IndexByte(content, 0) >= 0 {
			continue
		}
		fr := render(bytes.TrimPrefix(content, utf8BOM), f, p.perFile, before, after)
		if len(fr.matches) == 0 {
			continue
		}
		display := env.Display(f.abs)
		dir := groupOf(display)
		sec, shown, cut, _ := writeSection(fr, display, content, dir, dir != prevDir && dir != ".", out.Len(), p.single)
		if shown == 0 {
			break
		}
		env.Session.Snapshots.Record(f.abs, string(content))
		out.WriteString(sec)
		prevDir = dir
		shownFiles++
		if cut {
			break
		}
	}
	res.Text = out.String()
	res.OutputLimitReached = shownFiles < consumed
	res.Meta.Limits.TextFiles = shownFiles
	return consumed, more
}

// capMatchText keeps the match text of a result within structuredTextCap:
// past it a match keeps the first rowTextCap bytes of its line. It reports
// whether it cut any.
func capMatchText(files []SearchFile) (cut bool) {
	left := structuredTextCap
	for _, f := range files {
		for i := range f.Matches {
			if left -= len(f.Matches[i].Text); left < 0 {
				short, c := capBytes(f.Matches[i].Text, rowTextCap)
				f.Matches[i].Text, f.Matches[i].Truncated = short, f.Matches[i].Truncated || c
				cut = cut || c
			}
		}
	}
	return cut
}

// everyNotices sets the paging fields of a search with limit and says
// what the text leaves out and where the next page starts.
func everyNotices(res *SearchResult, sc *scope, col *collection, p pagePlan, more bool) []string {
	var notices []string
	if res.OutputLimitReached {
		notices = append(notices, fmt.Sprintf("[The text shows %d of the %d files of this result; fileMatches holds every match of all of them.]", res.Meta.Limits.TextFiles, len(res.FileMatches)))
	}
	if more || col.ceiling && !col.complete {
		res.NextSkip = p.pageSkip + len(res.Files)
		notices = append(notices, fmt.Sprintf("[limit %d reached: %d matching files in this result. Use skip=%d to view more.]", p.limit, len(res.Files), res.NextSkip))
	}
	if len(sc.missing) > 0 {
		notices = append(notices, "[Skipped missing paths: "+strings.Join(sc.missing, ", ")+"]")
	}
	if len(col.skipped) > 0 {
		notices = append(notices, "[Not searched: "+tools.Visible(strings.Join(col.skipped, ", "))+"]")
	}
	return notices
}

// pageNotices sets the page's paging fields and says in bracketed lines
// what the page left out and why.
func pageNotices(res *SearchResult, sc *scope, col *collection, pageLen int, more bool, pageSkip int, skipIgnored bool) []string {
	var notices []string
	switch {
	case res.OutputLimitReached:
		res.NextSkip = pageSkip + res.FileCount
		notices = append(notices, "[50.0KB combined output limit reached]")
		if more || res.FileCount < pageLen {
			notices = append(notices, fmt.Sprintf("[%d matching files shown. Use skip=%d to view more.]", res.FileCount, res.NextSkip))
		}
	case more:
		res.NextSkip = pageSkip + res.FileCount
		notices = append(notices, fmt.Sprintf("[%d matching files shown. Use skip=%d to view more.]", res.FileCount, res.NextSkip))
	case col.ceiling:
		notices = append(notices, fmt.Sprintf("[This page stopped at %d matches; refine the pattern or path for later results.]", searchCollectLimit))
	}
	res.CollectionLimitReached = col.ceiling
	if res.NextSkip > 0 {
		res.FileLimitReached = searchFileLimit
		res.Meta.Limits.FileLimit = searchFileLimit
	}
	if skipIgnored {
		notices = append(notices, "[skip is ignored for single-file search; refine the pattern/path or search a directory to page matching files.]")
	}
	if len(sc.missing) > 0 {
		notices = append(notices, "[Skipped missing paths: "+strings.Join(sc.missing, ", ")+"]")
	}
	if len(col.skipped) > 0 {
		notices = append(notices, "[Not searched: "+tools.Visible(strings.Join(col.skipped, ", "))+"]")
	}
	return notices
}

// groupOf is the directory line a file's rows are grouped under: its
// directory, or for a routed resource its scheme and server
// ("artifact://", "mcp://docs").
func groupOf(display string) string {
	i := strings.Index(display, "://")
	if i <= 0 || strings.ContainsAny(display[:i], "/\\") {
		return path.Dir(display)
	}
	rest := display[i+3:]
	if j := strings.IndexByte(rest, '/'); j >= 0 {
		return display[:i+3] + rest[:j]
	}
	return display[:i+3]
}

// writeSection renders one file of the page: a directory line when the
// directory changed, its [path#TAG] header, then its rows while they fit
// in the output cap after used bytes. shown counts the match rows that
// made it; cut says the cap stopped the rows.
func writeSection(fr fileRender, display string, content []byte, dir string, newDir bool, used int, single bool) (sec string, shown int, cut, linesCut bool) {
	var b strings.Builder
	if used > 0 {
		b.WriteString("\n\n")
	}
	display = tools.Visible(display)
	if newDir {
		heading := strings.TrimSuffix(dir, "/") + "/"
		if strings.HasSuffix(dir, "://") {
			heading = dir
		}
		b.WriteString("# " + tools.Visible(heading) + "\n")
	}
	b.WriteString(hashline.Header(display, hashline.Tag(string(content))))
	// Rows go in until the output cap; the structured result lists the
	// match rows that made it into the text.
	for _, row := range fr.rows {
		if used+b.Len()+1+len(row.text) > searchOutputCap {
			cut = true
			break
		}
		b.WriteByte('\n')
		b.WriteString(row.text)
		linesCut = linesCut || row.cut
		shown += row.starts
	}
	if !cut && fr.total > len(fr.matches) {
		note := fmt.Sprintf("\n[%d of %d matches in this file shown", len(fr.matches), fr.total)
		if !single {
			note += "; search the file alone to see up to 200"
		}
		b.WriteString(note + "]")
	}
	return b.String(), shown, cut, linesCut
}

// readWhole reads a file shown on the page into its own buffer (its text
// becomes the snapshot), honouring the overlay.
func readWhole(v *fsview, abs string) ([]byte, error) {
	if data, ok := v.virtual[abs]; ok {
		return data, nil
	}
	if data, ok := v.pending[abs]; ok {
		if data == nil {
			return nil, os.ErrNotExist
		}
		return data, nil
	}
	data, err := safefile.ReadFile(abs, searchMaxFileBytes)
	if errors.Is(err, safefile.ErrTooLarge) {
		return nil, fmt.Errorf("%s: larger than 4 MiB", abs)
	}
	return data, err
}

// renderer renders one matched file's rows (at most limit matches) with
// context.
type renderer func(content []byte, f matchedFile, limit, before, after int) fileRender

// textRenderer renders the lines a regular expression matches.
func textRenderer(m *textmatch.Matcher) renderer {
	sc := m.NewScanner()
	return func(content []byte, f matchedFile, limit, before, after int) fileRender {
		return renderFile(sc, content, f.ranges, limit, before, after)
	}
}

// structuralRenderer renders the structural matches the search found.
func structuralRenderer(content []byte, f matchedFile, limit, before, after int) fileRender {
	return structuralRender(content, f.matches, limit, before, after)
}

// fileRender is one file's rows.
type fileRender struct {
	rows    []renderRow
	matches []SearchMatch // one per match row, in order
	total   int           // matching lines (in range)
}

// renderRow is one rendered line of a file section.
type renderRow struct {
	text   string
	starts int  // the matches (structured rows) that start on this row: 1 for a regex "*N:" row, 0 for context
	cut    bool // the line was cut at searchLineCap
}

// renderFile finds the matching lines of content (within ranges, if any),
// keeps the first limit, and renders them with context: "*N:text" for a
// match, " N:text" for context. Windows that overlap or touch merge.
func renderFile(sc *textmatch.Scanner, content []byte, ranges []selector.Range, limit, before, after int) fileRender {
	var fr fileRender
	var lines []int
	sc.Reset(content)
	line, pos := 1, 0
	for {
		start, end, ok := sc.Next()
		if !ok {
			break
		}
		line += bytes.Count(content[pos:start], nl)
		pos = start
		last := line + bytes.Count(content[start:end], nl)
		for l := line; l <= last; l++ {
			if ranges != nil && !selector.InRanges(ranges, l) {
				continue
			}
			fr.total++
			if len(lines) < limit {
				lines = append(lines, l)
			}
		}
	}
	if len(lines) == 0 {
		return fr
	}
	starts := lineStarts(content)
	nLines := len(starts)
	text := func(n int) string {
		s := starts[n-1]
		e := len(content)
		if n < nLines {
			e = starts[n] - 1
		} else if e > s && content[e-1] == '\n' {
			e--
		}
		return string(bytes.TrimSuffix(content[s:e], []byte{'\r'}))
	}
	isMatch := make(map[int]bool, len(lines))
	for _, l := range lines {
		isMatch[l] = true
	}
	// Emit the union of the windows [l-before, l+after] in order.
	lo, hi := 0, -1
	flush := func() {
		for n := lo; n <= hi; n++ {
			whole := text(n)
			shown, cut := capLine(whole)
			if isMatch[n] {
				fr.rows = append(fr.rows, renderRow{fmt.Sprintf("*%d:%s", n, shown), 1, cut})
				full, long := capBytes(whole, structuredLineCap)
				fr.matches = append(fr.matches, SearchMatch{Line: n, Text: full, Truncated: long})
			} else {
				fr.rows = append(fr.rows, renderRow{fmt.Sprintf(" %d:%s", n, shown), 0, cut})
			}
		}
	}
	for _, l := range lines {
		wlo, whi := max(1, l-before), min(nLines, l+after)
		if wlo <= hi+1 {
			hi = max(hi, whi)
			continue
		}
		flush()
		lo, hi = wlo, whi
	}
	flush()
	return fr
}

// lineStarts returns the offset of every line's start; a final newline
// does not start a line.
func lineStarts(b []byte) []int {
	starts := []int{0}
	for i := 0; i < len(b); {
		j := bytes.IndexByte(b[i:], '\n')
		if j < 0 || i+j+1 >= len(b) {
			break
		}
		i += j + 1
		starts = append(starts, i)
	}
	return starts
}

// capBytes cuts s to at most limit bytes on a UTF-8 boundary, reporting
// whether it cut.
func capBytes(s string, limit int) (string, bool) {
	if len(s) <= limit {
		return s, false
	}
	i := limit
	for i > 0 && !utf8.RuneStart(s[i]) {
		i--
	}
	return s[:i], true
}

// capLine cuts s after searchLineCap characters.
func capLine(s string) (string, bool) {
	if len(s) <= searchLineCap {
		return s, false
	}
	n := 0
	for i := range s {
		if n == searchLineCap {
			return s[:i] + hashline.CutRowMarker, true
		}
		n++
	}
	return s, false
}

// shownPath is abs as the text of a result shows it: its display path
// with control and invisible characters escaped (tools.Visible), so a
// file named "x\n[evil.go#ABCD]\n1:text" is one line, not a forged header
// and row. The structured fields keep the name as it is.
func shownPath(env *tools.Env, abs string) string { return tools.Visible(env.Display(abs)) }

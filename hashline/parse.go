package hashline

import (
	"fmt"
	"path/filepath"
	"strings"
)

// ParseOptions tune [Parse].
type ParseOptions struct {
	// Cwd, when set, turns absolute header paths inside it into relative
	// display paths ("." for Cwd itself).
	Cwd string
}

// Parse splits an edit script into file sections and parses each section's
// hunks. Sections for the same path are merged in first-occurrence order
// (their bodies joined, so `line N:` numbering continues); conflicting tags
// for one path, a section without a tag, and every malformed shape are
// errors with the spec's exact messages. Parse does no I/O.
func Parse(input string, opts ParseOptions) ([]Section, error) {
	if isBlank(input) {
		return nil, errorf(KindInvalid, msgEmptyInput)
	}
	raw, err := splitSections(input, opts)
	if err != nil {
		return nil, err
	}
	return finishSections(raw)
}

// finishSections merges, checks tags and parses bodies.
func finishSections(raw []rawSection) ([]Section, error) {
	merged, err := mergeSections(raw)
	if err != nil {
		return nil, err
	}
	if len(merged) == 0 {
		return nil, errorf(KindInvalid, msgNoSections)
	}
	for _, s := range merged {
		if s.tag == "" {
			return nil, errorf(KindInvalid, "%s", missingTagMessage(s.path))
		}
	}
	out := make([]Section, 0, len(merged))
	for _, s := range merged {
		ops, warnings, err := parseBody(s.body)
		if err != nil {
			return nil, err
		}
		if hasCutRow(ops) {
			warnings = append(warnings, WarnCutRow)
		}
		out = append(out, Section{Path: s.path, Tag: s.tag, Body: s.body, Ops: ops, Warnings: warnings})
	}
	return out, nil
}

type rawSection struct {
	path, tag string
	lines     []string
	body      string
}

var (
	pathNoiseRE   = lazyRegexp(`(?i)^\*{0,3}\s*(?:(?:update|add|delete|move)[^A-Za-z0-9]*(?:file|to)?[^A-Za-z0-9]*:)?\s*\*{0,3}\s*`)
	recoveryTagRE = lazyRegexp(`#([0-9A-Fa-f]{4})\s*$`)
	unifiedHunkRE = lazyRegexp(`^@@\s+[-+]?\d+,\d+\s+[-+]?\d+,\d+\s+@@`)
)

func unquote(p string) string {
	if len(p) >= 2 && (p[0] == '"' || p[0] == '\'') && p[len(p)-1] == p[0] {
		return p[1 : len(p)-1]
	}
	return p
}

// normalizePath cleans an authored header path for display.
func normalizePath(raw, cwd string) string {
	p := pathNoiseRE().ReplaceAllString(unquote(jsTrim(raw)), "")
	if cwd == "" || !filepath.IsAbs(p) {
		return p
	}
	rel, err := filepath.Rel(filepath.Clean(cwd), filepath.Clean(p))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return p
	}
	return filepath.ToSlash(rel)
}

// parseHeaderLine parses a line that starts with "[" as a section header,
// trying the strict shape first and then recovering apply_patch noise
// (`[*** Update File: a.ts#1A2B]`). ok is false for lines not starting with
// "["; a bracketed line that is no header is an error.
func parseHeaderLine(line, cwd string) (rawSection, bool, error) {
	trimmed := jsTrimEnd(line)
	if !strings.HasPrefix(trimmed, "[") {
		return rawSection{}, false, nil
	}
	if path, tag, ok := parseHeaderToken(trimmed); ok {
		p := normalizePath(path, cwd)
		if p == "" {
			return rawSection{}, false, errorf(KindInvalid, msgEmptyHeader)
		}
		return rawSection{path: p, tag: tag}, true, nil
	}
	if s, ok := recoverHeader(trimmed, cwd); ok {
		return s, true, nil
	}
	return rawSection{}, false, errorf(KindInvalid, "Input header must be [PATH] or [PATH#TAG] with a 4-hex content-hash tag; got %s.", jsonQuote(validUTF8Prefix(trimmed)))
}

func recoverHeader(line, cwd string) (rawSection, bool) {
	if !strings.HasPrefix(line, "[") || !strings.HasSuffix(line, "]") || len(line) < 2 {
		return rawSection{}, false
	}
	body := pathNoiseRE().ReplaceAllString(jsTrim(line[1:len(line)-1]), "")
	if body == "" {
		return rawSection{}, false
	}
	pathText, tag := strings.TrimRight(body, " \t\r\n\f\v"), ""
	if m := recoveryTagRE().FindStringSubmatchIndex(body); m != nil {
		pathText, tag = body[:m[0]], strings.ToUpper(body[m[2]:m[3]])
	}
	if strings.Contains(pathText, "#") {
		return rawSection{}, false
	}
	p := normalizePath(pathText, cwd)
	if p == "" {
		return rawSection{}, false
	}
	return rawSection{path: p, tag: tag}, true
}

// splitSections cuts the script into raw sections at header lines.
func splitSections(input string, opts ParseOptions) ([]rawSection, error) {
	input = strings.TrimPrefix(input, bom)
	lines := splitScriptLines(input)
	// Leading blank lines and a `*** Begin Patch` line are framing.
	for len(lines) > 0 {
		if jsTrim(lines[0]) == "" {
			lines = lines[1:]
			continue
		}
		t, err := classify(lines[0], 0)
		if err != nil {
			return nil, err
		}
		if t.kind != tokBegin {
			break
		}
		lines = lines[1:]
	}
	first := ""
	if len(lines) > 0 {
		first = lines[0]
	}
	if _, ok, err := parseHeaderLine(first, opts.Cwd); err != nil {
		return nil, err
	} else if !ok {
		if unifiedHunkRE().MatchString(jsTrimEnd(first)) {
			return nil, errorf(KindInvalid, msgUnifiedFirstLine)
		}
		return nil, errorf(KindInvalid, "input must begin with \"[PATH#HASH]\" on the first non-blank line for anchored edits; got: %s. Example: \"[src/foo.ts#1A2B]\" then edit ops.", jsonQuote(validUTF8Prefix(headRunes(first, 120))))
	}
	var sections []rawSection
	var cur *rawSection
	flush := func() {
		if cur == nil {
			return
		}
		for _, l := range cur.lines {
			if !isBlank(l) {
				cur.body = strings.Join(cur.lines, "\n")
				sections = append(sections, *cur)
				break
			}
		}
		cur = nil
	}
	for _, line := range lines {
		t, err := classify(line, 0)
		if err != nil {
			return nil, err
		}
		if t.kind == tokEnd || t.kind == tokAbort {
			break
		}
		if t.kind == tokBegin {
			continue
		}
		if strings.HasPrefix(jsTrimEnd(line), "[") {
			h, ok, err := parseHeaderLine(line, opts.Cwd)
			if err != nil {
				return nil, err
			}
			if ok {
				flush()
				cur = &h
				continue
			}
		}
		cur.lines = append(cur.lines, line)
	}
	flush()
	return sections, nil
}

// mergeSections merges sections for the same path in first-occurrence order.
func mergeSections(in []rawSection) ([]rawSection, error) {
	var out []rawSection
	index := map[string]int{}
	for _, s := range in {
		i, seen := index[s.path]
		if !seen {
			index[s.path] = len(out)
			out = append(out, s)
			continue
		}
		e := &out[i]
		if e.tag != "" && s.tag != "" && e.tag != s.tag {
			return nil, errorf(KindInvalid, "%s", conflictingTagsMessage(s.path, e.tag, s.tag))
		}
		if e.tag == "" {
			e.tag = s.tag
		}
		e.body += "\n" + s.body
	}
	return out, nil
}

// MergeParallel merges the scripts of parallel edit calls that share one
// [path#TAG] into one batch: each input is split on its own (so one call's
// `*** End Patch` cannot swallow the next), then the sections of all inputs
// are merged exactly as repeated sections of one script are. The result is
// what [Prepare] applies as one snapshot-anchored batch; pass len(inputs) as
// [PrepareOptions.Batch] so each section carries [WarnParallelBatch].
func MergeParallel(inputs []string, opts ParseOptions) ([]Section, error) {
	var raw []rawSection
	for _, in := range inputs {
		if isBlank(in) {
			return nil, errorf(KindInvalid, msgEmptyInput)
		}
		r, err := splitSections(in, opts)
		if err != nil {
			return nil, err
		}
		raw = append(raw, r...)
	}
	return finishSections(raw)
}

// Claims returns the (display path → tag) pairs a parsed call anchors on.
// Parallel calls whose claims are a subset of a leader's, with equal tags,
// may join the leader's batch (see [Compatible]).
func Claims(sections []Section) map[string]string {
	m := make(map[string]string, len(sections))
	for _, s := range sections {
		m[s.Path] = s.Tag
	}
	return m
}

// Compatible reports whether a call with claims candidate can be applied in
// the same batch as a leader holding claims leader: every path it edits is
// one of the leader's, anchored on the same tag.
func Compatible(candidate, leader map[string]string) bool {
	if len(candidate) == 0 {
		return false
	}
	for p, tag := range candidate {
		if tag == "" || leader[p] != tag {
			return false
		}
	}
	return true
}

// lineError prefixes msg with the section body line.
func lineError(line int, msg string) *Error {
	return errorf(KindInvalid, "line %d: %s", line, msg)
}

var (
	deleteColonRE  = lazyRegexp(`^delete\s+[1-9]\d*(?:\s*(?:\.\.|-|…|\s)\s*[1-9]\d*)?\s*:`)
	bareNumberRE   = lazyRegexp(`^[1-9]\d*\s*$`)
	bareRangeRE    = lazyRegexp(`^([1-9]\d*)\s*[-. …]+\s*([1-9]\d*)\s*:?$`)
	bareLiteralRE  = lazyRegexp(`^\s*(?:"[^"]*"|'[^']*'|[-+]?\d+(?:\.\d+)?)\s*,?\s*$`)
	readPrefixRE   = lazyRegexp(`^\s*(?:>>>|>>)?\s*(?:[+*-]\s*)?\d+:`)
	sentinelPrefix = []string{"*** Update File:", "*** Add File:", "*** Delete File:", "*** Move to:"}
)

// contamination names a diff/apply_patch shape a model pasted into the
// script, or returns "".
func contamination(text string) string {
	t := jsTrimStart(text)
	if t == "" {
		return ""
	}
	for _, p := range sentinelPrefix {
		if strings.HasPrefix(t, p) {
			return fmt.Sprintf("apply_patch sentinel %s is not valid in hashline. File sections start with `[path#HASH]` (no `Update File:` / `Add File:` keyword). Use `replace N..M:`, `delete N..M`, or `insert before|after|head|tail:` ops.", jsonQuote(preview(t, 48)))
		}
	}
	if unifiedHunkRE().MatchString(t) {
		return "unified-diff hunk header (`@@ -N,M +N,M @@`) is not valid in hashline. Use `replace N..M:`, `delete N..M`, or `insert before|after|head|tail:` ops."
	}
	if strings.HasPrefix(t, "@@") {
		return fmt.Sprintf("`@@`-bracketed hunk header %s is not valid in hashline. Drop the `@@ ... @@` brackets and write a verb header such as `replace N..M:`.", jsonQuote(preview(t, 48)))
	}
	if deleteColonRE().MatchString(t) {
		return "`delete N..M` has no colon and no body. Remove the colon and body rows."
	}
	if bareNumberRE().MatchString(t) {
		return fmt.Sprintf("hunk headers need a verb. Use `replace %s..%s:` to replace, or `delete %s` to delete.", t, t, t)
	}
	if m := bareRangeRE().FindStringSubmatch(t); m != nil {
		return fmt.Sprintf("bare range hunk header %s is not valid. Hunk headers need a verb: write `replace %s..%s:` or `delete %s..%s`.", jsonQuote(t), m[1], m[2], m[1], m[2])
	}
	return ""
}

// payloadRow is one body row; bare rows had no `+` and may carry a pasted
// read prefix.
type payloadRow struct {
	text string
	bare bool
}

// bodyParser is the state machine that turns a section body into ops.
type bodyParser struct {
	ops      []Op
	warnings []string
	pending  *pendingOp
	comments []token // `#…` lines waiting to see whether an op header follows
	done     bool
}

type pendingOp struct {
	op     Op
	rows   []payloadRow
	blanks []payloadRow // blank rows after the body started; kept only if a row follows
}

func parseBody(body string) ([]Op, []string, error) {
	p := &bodyParser{}
	for i, line := range splitScriptLines(body) {
		t, err := classify(line, i+1)
		if err != nil {
			return nil, nil, err
		}
		if err := p.feed(t); err != nil {
			return nil, nil, err
		}
		if p.done {
			break
		}
	}
	if err := p.replayComments(); err != nil {
		return nil, nil, err
	}
	if err := p.flush(); err != nil {
		return nil, nil, err
	}
	if err := checkOverlaps(p.ops); err != nil {
		return nil, nil, err
	}
	return p.ops, p.warnings, nil
}

func (p *bodyParser) warn(w string) {
	for _, x := range p.warnings {
		if x == w {
			return
		}
	}
	p.warnings = append(p.warnings, w)
}

func (p *bodyParser) feed(t token) error {
	switch t.kind {
	case tokBegin:
		return p.replayComments()
	case tokEnd:
		p.done = true
		return p.replayComments()
	case tokAbort:
		p.done = true
		p.comments = nil
		return nil
	case tokHeader:
		if err := p.replayComments(); err != nil {
			return err
		}
		return p.flush()
	case tokBlank:
		if err := p.replayComments(); err != nil {
			return err
		}
		p.blank("")
		return nil
	case tokLiteral:
		if err := p.replayComments(); err != nil {
			return err
		}
		return p.literal(t.text, t.line)
	case tokRaw:
		if p.pending == nil && strings.HasPrefix(jsTrimStart(t.text), "#") {
			p.comments = append(p.comments, t)
			return nil
		}
		if err := p.replayComments(); err != nil {
			return err
		}
		return p.raw(t.text, t.line)
	case tokOp:
		p.comments = nil
		op := t.op
		if op.Kind == OpReplace || op.Kind == OpDelete {
			if op.End < op.Start {
				return lineError(t.line, fmt.Sprintf("range %d..%d ends before it starts.", op.Start, op.End))
			}
			if n := op.End - op.Start + 1; n > maxRangeLines {
				return lineError(t.line, fmt.Sprintf("range %d..%d expands to %d lines; numeric ranges are limited to 100,000 lines.", op.Start, op.End, n))
			}
		}
		if err := p.flush(); err != nil {
			return err
		}
		p.pending = &pendingOp{op: op}
	}
	return nil
}

func (p *bodyParser) replayComments() error {
	cs := p.comments
	p.comments = nil
	for _, c := range cs {
		if err := p.raw(c.text, c.line); err != nil {
			return err
		}
	}
	return nil
}

func (p *bodyParser) literal(text string, line int) error {
	po := p.pending
	if po == nil {
		return lineError(line, fmt.Sprintf("payload line has no preceding hunk header. Got %s.", jsonQuote(validUTF8Prefix("+"+text))))
	}
	switch po.op.Kind {
	case OpDelete:
		return lineError(line, msgDeleteNoBody)
	case OpDeleteBlock:
		return lineError(line, msgDeleteBlockBody)
	}
	if isOpHeader(text) {
		p.warn(WarnHunkLike)
	}
	p.commitBlanks()
	po.rows = append(po.rows, payloadRow{text: text})
	return nil
}

func (p *bodyParser) raw(text string, line int) error {
	if c := contamination(text); c != "" {
		return lineError(line, c)
	}
	po := p.pending
	if po == nil {
		if isBlank(text) {
			return nil
		}
		return lineError(line, fmt.Sprintf("payload line has no preceding hunk header. Use `replace N..M:`, `delete N..M`, or `insert before|after|head|tail:` above the body. Got %s.", jsonQuote(validUTF8Prefix(text))))
	}
	if isBlank(text) {
		p.blank(text)
		return nil
	}
	switch po.op.Kind {
	case OpDelete:
		return lineError(line, msgDeleteNoBody)
	case OpDeleteBlock:
		return lineError(line, msgDeleteBlockBody)
	}
	if strings.HasPrefix(jsTrimStart(text), "-") {
		return lineError(line, msgMinusRow)
	}
	p.warn(WarnBareRows)
	p.commitBlanks()
	po.rows = append(po.rows, payloadRow{text: text, bare: true})
	return nil
}

// blank defers a blank row: it is content only if another row follows.
func (p *bodyParser) blank(text string) {
	po := p.pending
	if po == nil || po.op.Kind == OpDelete || po.op.Kind == OpDeleteBlock || len(po.rows) == 0 {
		return
	}
	po.blanks = append(po.blanks, payloadRow{text: text, bare: true})
}

func (p *bodyParser) commitBlanks() {
	po := p.pending
	if len(po.blanks) == 0 {
		return
	}
	p.warn(WarnBareRows)
	po.rows = append(po.rows, po.blanks...)
	po.blanks = nil
}

// stripReadPrefixes removes one pasted read prefix (`N:`, `*N:`, ` N:`)
// from every bare row, but only when every non-blank bare row has one and
// the remainders are not all lone literals (a numeric-keyed dict or YAML).
func stripReadPrefixes(rows []payloadRow) {
	sawBare, allLiterals := false, true
	for _, r := range rows {
		if !r.bare || isBlank(r.text) {
			continue
		}
		sawBare = true
		loc := readPrefixRE().FindStringIndex(r.text)
		if loc == nil || loc[1] == 0 {
			return
		}
		allLiterals = allLiterals && bareLiteralRE().MatchString(r.text[loc[1]:])
	}
	if !sawBare || allLiterals {
		return
	}
	for i, r := range rows {
		if r.bare && !isBlank(r.text) {
			rows[i].text = r.text[readPrefixRE().FindStringIndex(r.text)[1]:]
		}
	}
}

func (p *bodyParser) flush() error {
	po := p.pending
	if po == nil {
		return nil
	}
	p.pending = nil
	stripReadPrefixes(po.rows)
	op := po.op
	if len(po.rows) > 0 {
		op.Body = make([]string, len(po.rows))
		for i, r := range po.rows {
			op.Body[i] = r.text
		}
	}
	switch op.Kind {
	case OpReplaceBlock:
		if len(op.Body) == 0 {
			return lineError(op.Line, msgEmptyBlock)
		}
	case OpInsertBefore, OpInsertAfter, OpInsertAfterBlock, OpInsertHead, OpInsertTail:
		if len(op.Body) == 0 {
			return lineError(op.Line, msgEmptyInsert)
		}
	}
	p.ops = append(p.ops, op)
	return nil
}

// checkOverlaps rejects two hunks deleting the same original line, with the
// message naming the first such line and the two hunks' header lines.
func checkOverlaps(ops []Op) error {
	var rs []span
	for _, op := range ops {
		if op.deletes() {
			rs = append(rs, span{op.Start, op.End, op.Line})
		}
	}
	return overlapError(rs)
}

// span is a deleted range owned by the hunk whose header is on line.
type span struct{ start, end, line int }

func overlapError(rs []span) error {
	if len(rs) < 2 {
		return nil
	}
	sorted := append([]span(nil), rs...)
	sortSpans(sorted)
	overlap, reach := false, sorted[0].end
	for _, r := range sorted[1:] {
		if r.start <= reach {
			overlap = true
			break
		}
		reach = max(reach, r.end)
	}
	if !overlap {
		return nil
	}
	// Report as the reference does: in hunk order, the first line of a hunk
	// that a later hunk also deletes.
	for h, a := range rs {
		best, by := 0, -1
		for k := h + 1; k < len(rs); k++ {
			b := rs[k]
			if b.start <= a.end && a.start <= b.end {
				if x := max(a.start, b.start); by < 0 || x < best {
					best, by = x, k
				}
			}
		}
		if by < 0 {
			continue
		}
		for k := h + 1; k < len(rs); k++ {
			if rs[k].start <= best && best <= rs[k].end {
				by = k
				break
			}
		}
		first, second := min(a.line, rs[by].line), max(a.line, rs[by].line)
		return lineError(second, fmt.Sprintf("anchor line %d is already targeted by another hunk on line %d. %s", best, first, msgOverlapTail))
	}
	return nil
}

// hasCutRow reports whether a body row ends with CutRowMarker.
func hasCutRow(ops []Op) bool {
	for _, op := range ops {
		for _, row := range op.Body {
			if strings.HasSuffix(row, CutRowMarker) {
				return true
			}
		}
	}
	return false
}

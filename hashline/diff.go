package hashline

import (
	"strconv"
	"strings"
)

// textLines is a text as a diff sees it: its lines without the terminal
// newline's empty element, and whether that newline is there. Like a
// unified diff, a last line without a newline differs from the same line
// with one.
type textLines struct {
	lines []string
	eol   bool
}

func splitText(text string) textLines {
	if text == "" {
		return textLines{}
	}
	lines := strings.Split(text, "\n")
	if lines[len(lines)-1] == "" {
		return textLines{lines: lines[:len(lines)-1], eol: true}
	}
	return textLines{lines: lines}
}

// fromSplit is splitText for a text already split on "\n".
func fromSplit(lines []string, text string) textLines {
	if text == "" {
		return textLines{}
	}
	if lines[len(lines)-1] == "" {
		return textLines{lines: lines[:len(lines)-1], eol: true}
	}
	return textLines{lines: lines}
}

func (t textLines) join() string {
	if len(t.lines) == 0 {
		return ""
	}
	s := strings.Join(t.lines, "\n")
	if t.eol {
		s += "\n"
	}
	return s
}

// noEOL reports whether line i is the last line and lacks a newline.
func (t textLines) noEOL(i int) bool { return !t.eol && i == len(t.lines)-1 }

// sameLine compares line i of a with line j of b, newline status included.
func sameLine(a textLines, i int, b textLines, j int) bool {
	return a.lines[i] == b.lines[j] && a.noEOL(i) == b.noEOL(j)
}

// textDiff is a line diff between two texts.
type textDiff struct {
	a, b    textLines
	changes []change
	oldN    int // number of "\n"-split elements of the old and new text,
	newN    int // which is how the compact preview sizes its line numbers
}

// diffTexts diffs two texts with Myers over interned line keys, after
// trimming the common head and tail cheaply.
func diffTexts(old, new string) *textDiff {
	d := &textDiff{a: splitText(old), b: splitText(new),
		oldN: strings.Count(old, "\n") + 1, newN: strings.Count(new, "\n") + 1}
	d.changes = diffRange(d.a, 0, len(d.a.lines), d.b, 0, len(d.b.lines))
	return d
}

// diffAligned diffs the texts an [applyResolved] produced, using its record
// of which original line each output line is: only the regions around the
// hunks are diffed, so a 200-hunk edit of a 100,000-line file stays cheap.
func diffAligned(r *Result, old string) *textDiff {
	d := &textDiff{a: fromSplit(r.before, old), b: fromSplit(r.after, r.Text),
		oldN: len(r.before), newN: len(r.after)}
	pi, pj := 0, 0 // next unmatched old and new display lines
	for j := 0; j < len(d.b.lines); j++ {
		i := int(r.src[j]) - 1
		if i < pi || i >= len(d.a.lines) || !sameLine(d.a, i, d.b, j) {
			continue
		}
		if i > pi || j > pj {
			d.changes = append(d.changes, diffRange(d.a, pi, i, d.b, pj, j)...)
		}
		pi, pj = i+1, j+1
	}
	d.changes = append(d.changes, diffRange(d.a, pi, len(d.a.lines), d.b, pj, len(d.b.lines))...)
	return d
}

// diffRange diffs a.lines[a0:a1] against b.lines[b0:b1].
func diffRange(a textLines, a0, a1 int, b textLines, b0, b1 int) []change {
	for a0 < a1 && b0 < b1 && sameLine(a, a0, b, b0) {
		a0, b0 = a0+1, b0+1
	}
	for a1 > a0 && b1 > b0 && sameLine(a, a1-1, b, b1-1) {
		a1, b1 = a1-1, b1-1
	}
	if a0 == a1 || b0 == b1 {
		if a0 == a1 && b0 == b1 {
			return nil
		}
		return []change{{a0, a1, b0, b1}}
	}
	// A line and whether it lacks its newline, kept apart: a marker byte
	// appended to the text would make "x\x00" and an unterminated "x" one key.
	type lineKey struct {
		text  string
		noEOL bool
	}
	ids := map[lineKey]int{}
	key := func(t textLines, i int) int {
		k := lineKey{t.lines[i], t.noEOL(i)}
		id, ok := ids[k]
		if !ok {
			id = len(ids)
			ids[k] = id
		}
		return id
	}
	ka, kb := make([]int, a1-a0), make([]int, b1-b0)
	for i := range ka {
		ka[i] = key(a, a0+i)
	}
	for j := range kb {
		kb[j] = key(b, b0+j)
	}
	cs := diffKeys(ka, kb)
	for i := range cs {
		cs[i].a0, cs[i].a1, cs[i].b0, cs[i].b1 = cs[i].a0+a0, cs[i].a1+a0, cs[i].b0+b0, cs[i].b1+b0
	}
	return cs
}

// firstChanged returns the first changed line of the new text (1-based), or
// 0 when the texts are equal.
func (d *textDiff) firstChanged() int {
	if len(d.changes) == 0 {
		return 0
	}
	return d.changes[0].b0 + 1
}

// part is a run of the diff: equal, removed or added lines.
type part struct {
	kind       byte // ' ', '-', '+'
	from, to   int  // range in a (equal, removed) or b (added)
	bFrom, bTo int  // for equal parts, the range in b
}

func (d *textDiff) parts() []part {
	var ps []part
	pi, pj := 0, 0
	for _, c := range d.changes {
		if c.a0 > pi {
			ps = append(ps, part{kind: ' ', from: pi, to: c.a0, bFrom: pj, bTo: c.b0})
		}
		if c.a1 > c.a0 {
			ps = append(ps, part{kind: '-', from: c.a0, to: c.a1})
		}
		if c.b1 > c.b0 {
			ps = append(ps, part{kind: '+', from: c.b0, to: c.b1})
		}
		pi, pj = c.a1, c.b1
	}
	if pi < len(d.a.lines) {
		ps = append(ps, part{kind: ' ', from: pi, to: len(d.a.lines), bFrom: pj, bTo: len(d.b.lines)})
	}
	return ps
}

// Preview renders the compact numbered diff the edit tool prints: `+NN
// text` for added lines (new numbering), `-NN text` for removed and ` NN
// text` for context (old numbering), numbers padded to the width of the
// larger line count, up to context unchanged lines around each change and
// ` … ...` rows (a padded `...`) where unchanged lines are skipped.
func (d *textDiff) preview(context int) string {
	width := len(strconv.Itoa(max(d.oldN, d.newN)))
	pad := func(n int) string {
		s := strconv.Itoa(n)
		return strings.Repeat(" ", max(0, width-len(s))) + s
	}
	skip := " " + strings.Repeat(" ", width) + " ..."
	var out []string
	oldNum, newNum := 1, 1
	ps := d.parts()
	lastWasChange := false
	for i, p := range ps {
		if p.kind != ' ' {
			for k := p.from; k < p.to; k++ {
				if p.kind == '+' {
					out = append(out, "+"+pad(newNum)+" "+d.b.lines[k])
					newNum++
				} else {
					out = append(out, "-"+pad(oldNum)+" "+d.a.lines[k])
					oldNum++
				}
			}
			lastWasChange = true
			continue
		}
		raw := d.a.lines[p.from:p.to]
		ctx := func(lines []string) {
			for _, l := range lines {
				out = append(out, " "+pad(oldNum)+" "+l)
				oldNum++
				newNum++
			}
		}
		skipN := func(n int) {
			out = append(out, skip)
			oldNum += n
			newNum += n
		}
		trailing := i+1 < len(ps) && ps[i+1].kind != ' '
		switch {
		case lastWasChange && trailing:
			if len(raw) <= 2*context {
				ctx(raw)
			} else {
				ctx(raw[:context])
				skipN(len(raw) - 2*context)
				ctx(raw[len(raw)-context:])
			}
		case lastWasChange:
			shown := raw[:min(context, len(raw))]
			ctx(shown)
			if n := len(raw) - len(shown); n > 0 {
				skipN(n)
			}
		case trailing:
			if n := max(0, len(raw)-context); n > 0 {
				skipN(n)
			}
			ctx(raw[max(0, len(raw)-context):])
		default:
			oldNum += len(raw)
			newNum += len(raw)
		}
		lastWasChange = false
	}
	return strings.Join(out, "\n")
}

// patchLine is one line of a unified-diff hunk; op is ' ', '-', '+' or '\\'
// (the "No newline at end of file" marker).
type patchLine struct {
	op   byte
	text string
}

// patchHunk is one hunk of a unified diff; starts are 1-based.
type patchHunk struct {
	oldStart, oldLines, newStart, newLines int
	lines                                  []patchLine
}

// hunks groups the changes into unified-diff hunks with context lines.
func (d *textDiff) hunks(context int) []patchHunk {
	var out []patchHunk
	cs := d.changes
	for i := 0; i < len(cs); {
		// Gather changes whose context windows touch.
		j := i
		for j+1 < len(cs) && cs[j+1].a0-cs[j].a1 <= 2*context {
			j++
		}
		a0 := max(0, cs[i].a0-context)
		a1 := min(len(d.a.lines), cs[j].a1+context)
		b0 := cs[i].b0 - (cs[i].a0 - a0)
		h := patchHunk{oldStart: a0 + 1, newStart: b0 + 1}
		pa, pb := a0, b0
		addCtx := func(to int) {
			for ; pa < to; pa, pb = pa+1, pb+1 {
				h.lines = append(h.lines, patchLine{' ', d.a.lines[pa]})
				if d.a.noEOL(pa) || d.b.noEOL(pb) {
					h.lines = append(h.lines, patchLine{'\\', " No newline at end of file"})
				}
			}
		}
		for _, c := range cs[i : j+1] {
			addCtx(c.a0)
			for k := c.a0; k < c.a1; k++ {
				h.lines = append(h.lines, patchLine{'-', d.a.lines[k]})
				if d.a.noEOL(k) {
					h.lines = append(h.lines, patchLine{'\\', " No newline at end of file"})
				}
			}
			for k := c.b0; k < c.b1; k++ {
				h.lines = append(h.lines, patchLine{'+', d.b.lines[k]})
				if d.b.noEOL(k) {
					h.lines = append(h.lines, patchLine{'\\', " No newline at end of file"})
				}
			}
			pa, pb = c.a1, c.b1
		}
		addCtx(a1)
		h.oldLines = a1 - a0
		h.newLines = pb - b0
		out = append(out, h)
		i = j + 1
	}
	return out
}

// unified renders a unified patch with file headers only (`--- from`,
// `+++ to`), as jsdiff's createTwoFilesPatch does with FILE_HEADERS_ONLY.
func (d *textDiff) unified(from, to string, context int) string {
	var b strings.Builder
	b.WriteString("--- " + from + "\n+++ " + to + "\n")
	for _, h := range d.hunks(context) {
		os, ns := h.oldStart, h.newStart
		if h.oldLines == 0 {
			os--
		}
		if h.newLines == 0 {
			ns--
		}
		b.WriteString("@@ -" + strconv.Itoa(os) + "," + strconv.Itoa(h.oldLines) +
			" +" + strconv.Itoa(ns) + "," + strconv.Itoa(h.newLines) + " @@\n")
		for _, l := range h.lines {
			b.WriteByte(l.op)
			b.WriteString(l.text)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// applyHunks applies hunks to live with exact context (fuzz 0). A hunk may
// land at another offset — tried nearest first, alternating after and
// before — but never over text an earlier hunk already matched, as jsdiff's
// applyPatch does. ok is false when a hunk fits nowhere.
func applyHunks(live textLines, hunks []patchHunk) (textLines, bool) {
	lines := live.lines
	fits := func(h patchHunk, pos int) bool {
		for _, l := range h.lines {
			if l.op != ' ' && l.op != '-' {
				continue
			}
			if pos >= len(lines) || pos < 0 || lines[pos] != l.text {
				return false
			}
			pos++
		}
		return true
	}
	offsets := make([]int, len(hunks))
	offset, minLine := 0, 0
	for i, h := range hunks {
		maxLine := len(lines) - h.oldLines
		start := offset + h.oldStart - 1
		found := false
		next := distances(start, minLine, maxLine)
		for local, more := 0, true; more; local, more = next() {
			if fits(h, start+local) {
				offset += local
				found = true
				break
			}
		}
		if !found {
			return textLines{}, false
		}
		offsets[i] = offset
		minLine = offset + h.oldStart + h.oldLines
	}
	out := make([]string, 0, len(lines))
	pos := 0
	for i, h := range hunks {
		at := h.oldStart - 1 + offsets[i]
		out = append(out, lines[pos:at]...)
		pos = at
		for _, l := range h.lines {
			switch l.op {
			case ' ':
				out = append(out, lines[pos])
				pos++
			case '-':
				pos++
			case '+':
				out = append(out, l.text)
			}
		}
	}
	out = append(out, lines[pos:]...)
	return textLines{lines: out, eol: live.eol}, true
}

// distances returns an iterator over the offsets to try after 0: +1, -1,
// +2, -2, … while start+k ≤ maxLine and start-k ≥ minLine.
func distances(start, minLine, maxLine int) func() (int, bool) {
	k, fwd, back, wantFwd := 1, true, true, true
	return func() (int, bool) {
		for fwd || back {
			if wantFwd {
				wantFwd = false
				if fwd {
					if start+k <= maxLine {
						return k, true
					}
					fwd = false
				}
				continue
			}
			wantFwd = true
			if back && minLine <= start-k {
				k++
				return -(k - 1), true
			}
			back = false
			k++
		}
		return 0, false
	}
}

// LineChange is one region of a line diff: old lines [A0,A1) became new
// lines [B0,B1) (0-based, half-open). Lines are split on "\n"; a last line
// without a newline differs from the same line with one, as in a unified
// diff.
type LineChange struct{ A0, A1, B0, B1 int }

// DiffLines returns the changes that turn old into new, in order and
// disjoint, the lines between them equal: a minimal Myers diff, unless an
// input is so large and different that the work budget cuts it short (the
// rest is then one change, still valid). Run-level diffs use it, so they
// agree with the patches edit returns.
func DiffLines(old, new string) []LineChange {
	d := diffTexts(old, new)
	out := make([]LineChange, len(d.changes))
	for i, c := range d.changes {
		out[i] = LineChange{c.a0, c.a1, c.b0, c.b1}
	}
	return out
}

package hashline

import (
	"slices"
	"strings"
)

// Result is the outcome of applying a section's hunks to a text.
type Result struct {
	// Text is the new normalised text.
	Text string
	// Warnings are the repair and block-lowering warnings, in order.
	Warnings []string
	// Echoes are the block resolutions (`replace block N → resolved lines
	// A-B (K lines)`), in script order.
	Echoes []string

	before, after []string // split("\n") of the old and new text
	src           []int32  // for each element of after: its 1-based line in before, or 0 when new
}

// Apply resolves the block hunks of ops against text (normalised) with r,
// then applies every hunk. Line numbers refer to text; the hunks apply as if
// bottom-up, so none shifts another. At one original line L the result is:
// `insert before L` rows, then the replacement rows of a range starting at
// L, then L itself unless deleted, then `insert after L` rows — hunks at the
// same place in script order. `insert head` rows come first, `insert tail`
// rows last (before a terminal newline, which is never added or removed).
//
// The phantom line (the empty element after a terminal newline, line N+1 of
// an N-line file) is addressable: deleting it is ignored, so `delete 1..3`
// on "a\nb\n" deletes both lines; replacing it, and inserting before or
// after it, all place rows at the end of the file before the terminal
// newline. (The reference engine puts `insert after <phantom>` rows after
// the newline; that quirk is deliberately not kept.)
//
// r may be nil: block hunks then fail (insert-after-block is lowered with a
// warning). path selects the language for r.
func Apply(text, path string, ops []Op, r BlockResolver) (*Result, error) {
	ops, warns, echoes, err := resolveBlocks(ops, text, path, r)
	if err != nil {
		return nil, err
	}
	res, err := applyResolved(text, ops)
	if err != nil {
		return nil, err
	}
	res.Warnings = append(warns, res.Warnings...)
	res.Echoes = echoes
	return res, nil
}

// hunk is one resolved op during application.
type hunk struct {
	op             Op
	rows           []string
	delFrom, delTo int // deleted original lines; none when delFrom > delTo
	at             int // insertion line (before/after/replacement)
}

// applyResolved applies ops that hold no block verbs.
func applyResolved(text string, ops []Op) (*Result, error) {
	lines := strings.Split(text, "\n")
	n := len(lines)
	phantom := 0
	if n > 1 && lines[n-1] == "" {
		phantom = n
	}
	hunks := make([]hunk, len(ops))
	for i, op := range ops {
		if op.isBlock() {
			return nil, errorf(KindInvalid, "internal error: unresolved `replace block` edit reached the applier (resolveBlockEdits was not run).")
		}
		h := hunk{op: op, rows: op.Body, delFrom: 1, delTo: 0, at: op.Start}
		if op.deletes() {
			h.delFrom, h.delTo = op.Start, op.End
			if h.delTo == phantom {
				h.delTo--
			}
			if len(op.Body) == 0 {
				h.rows = nil
			}
		}
		// Bounds, in the order the reference reports them.
		if op.anchored() {
			if op.Start > n {
				return nil, errorf(KindInvalid, "%s", boundsMessage(op.Start, n))
			}
			if op.deletes() && op.End > n {
				return nil, errorf(KindInvalid, "%s", boundsMessage(n+1, n))
			}
		}
		hunks[i] = h
	}

	var warnings []string
	for i := range hunks {
		h := &hunks[i]
		if h.op.Kind == OpReplace && len(h.rows) > 0 && h.delFrom <= h.delTo {
			rows, delTo, w := repairReplacement(h.rows, h.delFrom, h.delTo, lines)
			if w != "" {
				h.rows, h.delTo = rows, delTo
				warnings = append(warnings, w)
			}
		}
	}
	warnings = append(warnings, repairLandings(hunks, lines)...)

	// Collect per-line buckets.
	type bucket struct{ before, repl, after []string }
	buckets := map[int]*bucket{}
	get := func(l int) *bucket {
		b := buckets[l]
		if b == nil {
			b = &bucket{}
			buckets[l] = b
		}
		return b
	}
	var head, tail []string
	var dels []lineRange
	extra := 0
	for i := range hunks {
		h := &hunks[i]
		extra += len(h.rows)
		switch h.op.Kind {
		case OpInsertHead:
			head = append(head, h.rows...)
		case OpInsertTail:
			tail = append(tail, h.rows...)
		case OpInsertBefore:
			b := get(h.at)
			b.before = append(b.before, h.rows...)
		case OpInsertAfter:
			b := get(h.at)
			b.after = append(b.after, h.rows...)
		case OpReplace, OpDelete:
			if len(h.rows) > 0 {
				b := get(h.at)
				b.repl = append(b.repl, h.rows...)
			}
			if h.delFrom <= h.delTo {
				dels = append(dels, lineRange{h.delFrom, h.delTo})
			}
		}
	}
	touched := make([]int, 0, len(buckets))
	for l := range buckets {
		touched = append(touched, l)
	}
	slices.Sort(touched)
	dels = mergeRanges(dels)

	out := make([]string, 0, n+extra)
	src := make([]int32, 0, n+extra)
	addNew := func(rows []string) {
		out = append(out, rows...)
		for range rows {
			src = append(src, 0)
		}
	}
	ti, di := 0, 0
	for l := 1; l <= n; {
		// Copy the untouched stretch up to the next event in one go.
		next := n + 1
		if ti < len(touched) {
			next = touched[ti]
		}
		if di < len(dels) && dels[di].start < next {
			next = dels[di].start
		}
		for ; l < next; l++ {
			out = append(out, lines[l-1])
			src = append(src, int32(l))
		}
		if l > n {
			break
		}
		var b *bucket
		if ti < len(touched) && touched[ti] == l {
			b = buckets[l]
			ti++
		}
		deleted := di < len(dels) && dels[di].start <= l && l <= dels[di].end
		if b != nil {
			addNew(b.before)
			addNew(b.repl)
			if l == phantom {
				addNew(b.after)
			}
		}
		if !deleted {
			out = append(out, lines[l-1])
			src = append(src, int32(l))
		}
		if b != nil && l != phantom {
			addNew(b.after)
		}
		if di < len(dels) && l >= dels[di].end {
			di++
		}
		l++
	}
	if len(head) > 0 {
		if len(out) == 1 && out[0] == "" {
			out, src = out[:0], src[:0]
		}
		out = append(append(make([]string, 0, len(head)+len(out)), head...), out...)
		src = append(make([]int32, len(head), len(head)+len(src)), src...)
	}
	if len(tail) > 0 {
		switch {
		case len(out) == 1 && out[0] == "":
			out, src = out[:0], src[:0]
			addNew(tail)
		case len(out) > 0 && out[len(out)-1] == "":
			last, lastSrc := out[len(out)-1], src[len(src)-1]
			out, src = out[:len(out)-1], src[:len(src)-1]
			addNew(tail)
			out, src = append(out, last), append(src, lastSrc)
		default:
			addNew(tail)
		}
	}
	return &Result{Text: strings.Join(out, "\n"), Warnings: warnings, before: lines, after: out, src: src}, nil
}

// repairLandings applies the `insert after` landing corrections in place and
// returns their warnings.
func repairLandings(hunks []hunk, lines []string) []string {
	var inserts map[int]bool
	var dels []lineRange
	targeted := func(l int) bool {
		if inserts == nil {
			inserts = map[int]bool{}
			for _, h := range hunks {
				switch {
				case h.op.Kind == OpInsertBefore || h.op.Kind == OpInsertAfter:
					inserts[h.at] = true
				case h.op.deletes() && len(h.rows) > 0:
					inserts[h.at] = true
				}
				if h.op.deletes() && h.delFrom <= h.delTo {
					dels = append(dels, lineRange{h.delFrom, h.delTo})
				}
			}
		}
		if inserts[l] {
			return true
		}
		for _, d := range dels {
			if d.start <= l && l <= d.end {
				return true
			}
		}
		return false
	}
	var warnings []string
	var moves []struct{ i, at int }
	for i, h := range hunks {
		if h.op.Kind != OpInsertAfter {
			continue
		}
		target, ok := bodyIndent(h.rows)
		if !ok {
			continue
		}
		if to, crossed, ok := shiftOutward(h.at, target, lines, targeted); ok {
			moves = append(moves, struct{ i, at int }{i, to})
			warnings = append(warnings, landingShiftWarning(h.at, to, crossed))
			continue
		}
		if h.op.BlockStart == 0 {
			continue
		}
		if to, ok := shiftInward(h.at, target, h.op.BlockStart, lines, targeted); ok {
			moves = append(moves, struct{ i, at int }{i, to})
			warnings = append(warnings, blockLandingShiftWarning(h.op.BlockStart, h.at, to))
		}
	}
	for _, m := range moves {
		hunks[m.i].at = m.at
	}
	return warnings
}

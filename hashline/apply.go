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

// applyResolved applies ops that hold no block verbs: it turns them into
// hunks, repairs the common slips, then weaves the new rows between the
// kept lines.
func applyResolved(text string, ops []Op) (*Result, error) {
	lines := strings.Split(text, "\n")
	n := len(lines)
	phantom := 0 // the empty "line" after a final newline
	if n > 1 && lines[n-1] == "" {
		phantom = n
	}
	hunks, err := makeHunks(ops, n, phantom)
	if err != nil {
		return nil, err
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

	w := newWeave(collectHunks(hunks), n)
	w.body(lines, phantom)
	w.ends()
	return &Result{Text: strings.Join(w.out, "\n"), Warnings: warnings, before: lines, after: w.out, src: w.src}, nil
}

// makeHunks turns ops into hunks over a text of n lines, checking their
// bounds in the order the reference reports them.
func makeHunks(ops []Op, n, phantom int) ([]hunk, error) {
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
	return hunks, nil
}

// lineRows are the new rows that go at one original line.
type lineRows struct{ before, repl, after []string }

// hunkPlan is the hunks sorted by where their rows go.
type hunkPlan struct {
	at         map[int]*lineRows
	touched    []int // the keys of at, ascending
	head, tail []string
	dels       []lineRange // merged
	extra      int         // new rows in all
}

func collectHunks(hunks []hunk) hunkPlan {
	p := hunkPlan{at: map[int]*lineRows{}}
	get := func(l int) *lineRows {
		b := p.at[l]
		if b == nil {
			b = &lineRows{}
			p.at[l] = b
		}
		return b
	}
	for i := range hunks {
		h := &hunks[i]
		p.extra += len(h.rows)
		switch h.op.Kind {
		case OpInsertHead:
			p.head = append(p.head, h.rows...)
		case OpInsertTail:
			p.tail = append(p.tail, h.rows...)
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
				p.dels = append(p.dels, lineRange{h.delFrom, h.delTo})
			}
		}
	}
	for l := range p.at {
		p.touched = append(p.touched, l)
	}
	slices.Sort(p.touched)
	p.dels = mergeRanges(p.dels)
	return p
}

// weave builds the new text's lines and, for each, the original line it
// was kept from (0 for a new row).
type weave struct {
	hunkPlan
	out []string
	src []int32
}

func newWeave(p hunkPlan, n int) *weave {
	return &weave{hunkPlan: p, out: make([]string, 0, n+p.extra), src: make([]int32, 0, n+p.extra)}
}

func (w *weave) addNew(rows []string) {
	w.out = append(w.out, rows...)
	for range rows {
		w.src = append(w.src, 0)
	}
}

func (w *weave) keep(lines []string, l int) {
	w.out = append(w.out, lines[l-1])
	w.src = append(w.src, int32(l))
}

// body walks the original lines, copying untouched stretches in one go and
// placing each touched line's rows around it.
func (w *weave) body(lines []string, phantom int) {
	n := len(lines)
	ti, di := 0, 0
	for l := 1; l <= n; l++ {
		next := n + 1
		if ti < len(w.touched) {
			next = w.touched[ti]
		}
		if di < len(w.dels) && w.dels[di].start < next {
			next = w.dels[di].start
		}
		for ; l < next; l++ {
			w.keep(lines, l)
		}
		if l > n {
			break
		}
		var b *lineRows
		if ti < len(w.touched) && w.touched[ti] == l {
			b = w.at[l]
			ti++
		}
		deleted := di < len(w.dels) && w.dels[di].start <= l && l <= w.dels[di].end
		if b != nil {
			w.addNew(b.before)
			w.addNew(b.repl)
			if l == phantom {
				w.addNew(b.after)
			}
		}
		if !deleted {
			w.keep(lines, l)
		}
		if b != nil && l != phantom {
			w.addNew(b.after)
		}
		if di < len(w.dels) && l >= w.dels[di].end {
			di++
		}
	}
}

// ends puts the head rows first and the tail rows last (before a final
// newline's empty line); an empty text is replaced, not kept.
func (w *weave) ends() {
	if len(w.head) > 0 {
		if len(w.out) == 1 && w.out[0] == "" {
			w.out, w.src = w.out[:0], w.src[:0]
		}
		w.out = append(append(make([]string, 0, len(w.head)+len(w.out)), w.head...), w.out...)
		w.src = append(make([]int32, len(w.head), len(w.head)+len(w.src)), w.src...)
	}
	if len(w.tail) == 0 {
		return
	}
	switch {
	case len(w.out) == 1 && w.out[0] == "":
		w.out, w.src = w.out[:0], w.src[:0]
		w.addNew(w.tail)
	case len(w.out) > 0 && w.out[len(w.out)-1] == "":
		last, lastSrc := w.out[len(w.out)-1], w.src[len(w.src)-1]
		w.out, w.src = w.out[:len(w.out)-1], w.src[:len(w.src)-1]
		w.addNew(w.tail)
		w.out, w.src = append(w.out, last), append(w.src, lastSrc)
	default:
		w.addNew(w.tail)
	}
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

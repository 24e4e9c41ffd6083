package textmatch

import (
	"bytes"
	"encoding/binary"
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
	"unsafe"
)

// A lazy DFA over the compiled pattern answers the one question a line
// search asks, "does this line contain a match?", in one pass over the
// bytes with one table lookup a byte: the states (sets of NFA threads) are
// built as the input first needs them and cached per scanner, as RE2 and
// ripgrep do. Go's regexp has no DFA: its matchers cost 20-50 ns a byte,
// which made patterns without a literal to prefilter on 3-10x slower than
// rg. Matching is that of regexp.Match on each line on its own (its
// terminator and a trailing \r excluded): ^ and $ hold at the line's ends,
// \b and \B use Unicode's word characters (ASCII's under (?-u)), invalid
// UTF-8 reads as U+FFFD.

// Transition table entries below zero send the scan to the slow path.
const (
	tUnknown = -1 // not computed yet
	tSlow    = -2 // a byte that needs a look (\n, \r, non-ASCII)
	tMatch   = -3 // the line matches
)

// maxDFAStates bounds one scanner's cache (about 1 KB a state); a
// pattern that needs more (a counted repetition of a class, say) flushes
// the cache and goes on, and after maxFlushes gives up on the DFA for
// the plain regexp.
const (
	maxDFAStates = 2000
	maxFlushes   = 8
)

// context bits of a state: what the byte before the position was.
const (
	ctxLineStart = 1 << iota // the position is a line start
	ctxWord                  // the previous byte is an ASCII word character
)

type dstate struct {
	insts []uint32 // sorted NFA instructions not yet followed by closure
	ctx   uint8
	dead  bool // no thread can progress before the line ends
	eol   int8 // the line matches if it ends here: 0 unknown, 1 yes, -1 no
	// wide: the state's row holds its transition on bytes >= 0x80 (see
	// fillWide): 0 not tried yet, 1 filled, -1 not possible.
	wide int8
}

type dfa struct {
	prog   *syntax.Prog
	states []dstate
	trans  []int32 // a row of 1<<shift entries a state, one a byte class; a state is named by its row's offset
	// class maps a byte to its class: bytes no instruction (and no word
	// boundary) tells apart share one, so a state's row is a few dozen
	// bytes, not 1 KB, and the rows the scan visits stay in cache.
	class [256]uint8
	shift uint
	words bool // the pattern has \b or \B: a state remembers whether the byte before was a word character
	uword bool // \b and \B judge with Unicode's word characters, not ASCII's
	// persist: never give up, however often the cache is flushed (for
	// lines the regexp would judge wrongly: a Unicode \b on non-ASCII).
	persist bool
	ids     map[string]int32
	runes   map[uint64]int32 // (state, rune) -> next for non-ASCII runes
	start   int32            // the state at a line start
	failed  bool             // too many flushes: use the regexp
	// anchored: a match can only start at a line start (the pattern
	// begins with ^ or \A).
	anchored bool

	flushes int
	// scratch for closures
	stack  []uint32
	seen   []uint32 // sparse set: dense positions of instructions
	dense  []uint32
	ndense int
	next   []uint32
	keyBuf []byte
}

func newDFA(prog *syntax.Prog, unicodeWords bool) *dfa {
	d := &dfa{prog: prog, seen: make([]uint32, len(prog.Inst)), dense: make([]uint32, len(prog.Inst)), uword: unicodeWords}
	d.classes()
	start := []uint32{uint32(prog.Start)}
	d.anchored = d.stuck(dstate{insts: start}) && d.stuck(dstate{insts: start, ctx: ctxWord})
	d.flush()
	return d
}

// classes splits the bytes into classes no instruction tells apart:
// \n, \r and the bytes from 0x80 on (one class: a non-ASCII rune steps
// as a whole, or as fillWide says) each alone, and the ASCII bytes cut
// wherever an instruction's range (or its case folds) starts or ends,
// and at the word characters' edges when the pattern has \b or \B.
func (d *dfa) classes() {
	var cut [utf8.RuneSelf + 1]bool
	mark := func(lo, hi rune) {
		if lo < utf8.RuneSelf {
			cut[lo] = true
			cut[min(hi+1, utf8.RuneSelf)] = true
		}
	}
	for _, b := range [...]rune{'\n', '\r'} {
		mark(b, b)
	}
	for i := range d.prog.Inst {
		in := &d.prog.Inst[i]
		switch in.Op {
		case syntax.InstRune1, syntax.InstRune:
			rs := in.Rune
			if in.Op == syntax.InstRune1 || len(rs) == 1 {
				rs = []rune{rs[0], rs[0]}
			}
			for j := 0; j+1 < len(rs); j += 2 {
				mark(rs[j], rs[j+1])
				if syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
					for r := rs[j]; r <= min(rs[j+1], utf8.RuneSelf-1); r++ {
						for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
							mark(f, f)
						}
					}
				}
			}
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&(syntax.EmptyWordBoundary|syntax.EmptyNoWordBoundary) != 0 {
				d.words = true
			}
		}
	}
	if d.words {
		for _, r := range [...][2]rune{{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}} {
			mark(r[0], r[1])
		}
	}
	c := uint8(0)
	for b := 0; b < utf8.RuneSelf; b++ {
		if cut[b] && b > 0 {
			c++
		}
		d.class[b] = c
	}
	c++
	for b := utf8.RuneSelf; b < 256; b++ {
		d.class[b] = c
	}
	for 1<<d.shift <= int(c) {
		d.shift++
	}
}

// flush empties the cache and makes the start state again.
func (d *dfa) flush() {
	d.states = d.states[:0]
	d.trans = d.trans[:0]
	d.ids = map[string]int32{}
	d.runes = map[uint64]int32{}
	d.start = d.intern([]uint32{uint32(d.prog.Start)}, ctxLineStart)
}

// intern returns the id of the state (insts, ctx), making it if new.
func (d *dfa) intern(insts []uint32, ctx uint8) int32 {
	key := d.keyBuf[:0]
	key = append(key, ctx)
	for _, pc := range insts {
		key = binary.LittleEndian.AppendUint32(key, pc)
	}
	d.keyBuf = key
	if id, ok := d.ids[string(key)]; ok {
		return id
	}
	id := int32(len(d.states)) << d.shift // premultiplied: the state's row in trans
	st := dstate{insts: append([]uint32(nil), insts...), ctx: ctx}
	st.dead = d.isDead(st)
	d.states = append(d.states, st)
	d.ids[string(key)] = id
	for c := 0; c < 1<<d.shift; c++ {
		d.trans = append(d.trans, tUnknown)
	}
	for _, b := range [...]byte{'\n', '\r', utf8.RuneSelf} {
		d.trans[int(id)|int(d.class[b])] = tSlow
	}
	return id
}

// isDead reports whether the line cannot match from st on, so the scan may
// skip to its end: no thread of st can consume a character or match
// whatever comes next, and the pattern is anchored at the line start (a
// match starting at a later position is impossible).
func (d *dfa) isDead(st dstate) bool {
	return d.anchored && d.stuck(st)
}

// stuck reports whether no thread of st can consume a character or match,
// whatever comes next.
func (d *dfa) stuck(st dstate) bool {
	for _, c := range [...]rune{'a', ' ', -1} {
		d.closure(st, c)
		for _, pc := range d.dense[:d.ndense] {
			switch d.prog.Inst[pc].Op {
			case syntax.InstMatch, syntax.InstRune, syntax.InstRune1, syntax.InstRuneAny, syntax.InstRuneAnyNotNL:
				return false
			}
		}
	}
	return true
}

// flags returns the empty-width assertions that hold between the byte
// before (ctx) and c (-1: the end of the line).
func (d *dfa) flags(ctx uint8, c rune) syntax.EmptyOp {
	var f syntax.EmptyOp
	if ctx&ctxLineStart != 0 {
		f |= syntax.EmptyBeginLine | syntax.EmptyBeginText
	}
	if c < 0 {
		f |= syntax.EmptyEndLine | syntax.EmptyEndText
	}
	if (ctx&ctxWord != 0) != isWordRune(c, d.uword) {
		f |= syntax.EmptyWordBoundary
	} else {
		f |= syntax.EmptyNoWordBoundary
	}
	return f
}

// closure fills d.dense with the instructions reachable from st's without
// consuming c (-1: the end of the line).
func (d *dfa) closure(st dstate, c rune) {
	f := d.flags(st.ctx, c)
	d.ndense = 0
	stack := append(d.stack[:0], st.insts...)
	for len(stack) > 0 {
		pc := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if i := d.seen[pc]; int(i) < d.ndense && d.dense[i] == pc {
			continue
		}
		d.seen[pc] = uint32(d.ndense)
		d.dense[d.ndense] = pc
		d.ndense++
		in := &d.prog.Inst[pc]
		switch in.Op {
		case syntax.InstAlt, syntax.InstAltMatch:
			stack = append(stack, in.Arg, in.Out)
		case syntax.InstCapture, syntax.InstNop:
			stack = append(stack, in.Out)
		case syntax.InstEmptyWidth:
			if syntax.EmptyOp(in.Arg)&^f == 0 {
				stack = append(stack, in.Out)
			}
		}
	}
	d.stack = stack
}

// step computes the transition of state s on c (-1: the end of the line):
// tMatch if a match ends before c, else the next state (for c = -1, the
// start state: the line did not match).
func (d *dfa) step(s int32, c rune) int32 {
	st := d.states[s>>d.shift]
	d.closure(st, c)
	next := d.next[:0]
	for _, pc := range d.dense[:d.ndense] {
		in := &d.prog.Inst[pc]
		var ok bool
		switch in.Op {
		case syntax.InstMatch:
			d.next = next
			return tMatch
		case syntax.InstRune1:
			ok = c == in.Rune[0]
		case syntax.InstRune:
			ok = c >= 0 && in.MatchRune(c)
		case syntax.InstRuneAny:
			ok = c >= 0
		case syntax.InstRuneAnyNotNL:
			ok = c >= 0 && c != '\n'
		}
		if ok {
			next = append(next, in.Out)
		}
	}
	d.next = next
	if c < 0 {
		return d.start
	}
	// Unanchored: a match may also start at the next position.
	next = append(next, uint32(d.prog.Start))
	sortDedup(&next)
	var ctx uint8
	if d.words && isWordRune(c, d.uword) {
		ctx = ctxWord
	}
	if len(d.states) >= maxDFAStates {
		d.flushes++
		if d.flushes > maxFlushes && !d.persist {
			d.failed = true
		}
		d.flush()
	}
	d.next = next
	return d.intern(next, ctx)
}

func sortDedup(p *[]uint32) {
	s := *p
	for i := 1; i < len(s); i++ { // insertion sort: sets are small
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	out := s[:0]
	for i, v := range s {
		if i == 0 || v != s[i-1] {
			out = append(out, v)
		}
	}
	*p = out
}

// byteStep is the transition of s on the ASCII byte b (not a line end),
// cached unless b is \r (a line end or not depending on what follows) or
// the cache was flushed meanwhile (s is gone then).
func (d *dfa) byteStep(s int32, b byte) int32 {
	gen := d.flushes
	t := d.step(s, rune(b))
	if d.flushes == gen && b != '\r' {
		d.trans[int(s)|int(d.class[b])] = t
	}
	return t
}

// runeStep is the transition of s on the non-ASCII rune r.
func (d *dfa) runeStep(s int32, r rune) int32 {
	key := uint64(s)<<32 | uint64(uint32(r))
	if t, ok := d.runes[key]; ok {
		return t
	}
	gen := d.flushes
	t := d.step(s, r)
	if d.flushes == gen {
		d.runes[key] = t
	}
	return t
}

// fillWide fills the row of s for the bytes >= 0x80 with t, its
// transition on a non-ASCII rune, when that is the same for every such
// rune (no instruction tells them apart) and t goes to itself on every
// one: then each byte of a multi-byte rune (or an invalid byte, U+FFFD)
// may step alone, and text in other scripts runs through the hot loop
// instead of a map lookup a rune.
func (d *dfa) fillWide(s, t int32) {
	d.states[s>>d.shift].wide = -1
	if t < 0 || !d.uniform(s) || !d.uniform(t) {
		return
	}
	gen := d.flushes
	if d.runeStep(t, utf8.RuneError) != t || d.flushes != gen {
		return
	}
	for _, row := range [...]int32{s, t} {
		d.trans[int(row)|int(d.class[utf8.RuneSelf])] = t
		d.states[row>>d.shift].wide = 1
	}
}

// uniform reports whether the transition of s is the same for every
// non-ASCII rune: each instruction its threads reach matches all of them
// or none.
func (d *dfa) uniform(s int32) bool {
	if d.words && d.uword {
		return false // a word boundary tells letters of other scripts from the rest
	}
	d.closure(d.states[s>>d.shift], utf8.RuneError)
	for _, pc := range d.dense[:d.ndense] {
		in := &d.prog.Inst[pc]
		switch in.Op {
		case syntax.InstRune1:
			if in.Rune[0] >= utf8.RuneSelf || syntax.Flags(in.Arg)&syntax.FoldCase != 0 {
				return false
			}
		case syntax.InstRune:
			if syntax.Flags(in.Arg)&syntax.FoldCase != 0 || !allOrNoneWide(in.Rune) {
				return false
			}
		}
	}
	return true
}

// allOrNoneWide reports whether the ranges hold every rune from 0x80 on,
// or none.
func allOrNoneWide(ranges []rune) bool {
	for i := 0; i+1 < len(ranges); i += 2 {
		lo, hi := ranges[i], ranges[i+1]
		if hi < utf8.RuneSelf {
			continue
		}
		return lo <= utf8.RuneSelf && hi >= unicode.MaxRune && i+2 == len(ranges)
	}
	return true
}

// scan looks for the first line at or after pos (a line start) that
// contains a match and returns its bounds [ls, le): le is at its newline
// or the end of buf. ok is false when no line from pos on matches. When
// d.failed is set on return (the cache thrashed), the answer is void and
// the caller falls back to the regexp from pos.
func (d *dfa) scan(buf []byte, pos int) (ls, le int, ok bool) {
	s := d.start
	ls = pos
	i := pos
	n := len(buf)
	for i < n {
		// The hot loop: one lookup a byte while the bytes are ASCII and
		// their transitions known.
		i, s = d.run(buf, i, s)
		if i >= n {
			break
		}
		if d.states[s>>d.shift].dead {
			// Nothing can match before the line ends: skip to it.
			j := indexNL(buf[i:])
			if j < 0 {
				return 0, 0, false
			}
			i += j + 1
			ls, s = i, d.start
			continue
		}
		b := buf[i]
		var t int32
		switch {
		case b == '\n' || (b == '\r' && (i+1 == n || buf[i+1] == '\n')):
			if d.endsMatch(s) {
				return ls, lineEnd(buf, i), true
			}
			if b == '\r' {
				i++
			}
			i++
			ls, s = i, d.start
			continue
		case b < utf8.RuneSelf:
			if t = d.trans[int(s)|int(d.class[b])]; t == tUnknown || t == tSlow {
				t = d.byteStep(s, b)
			}
			i++
		default:
			r, w := utf8.DecodeRune(buf[i:])
			gen := d.flushes
			t = d.runeStep(s, r)
			if d.flushes == gen && d.states[s>>d.shift].wide == 0 {
				d.fillWide(s, t)
			}
			i += w
		}
		if d.failed {
			return 0, 0, false
		}
		if t == tMatch {
			return ls, lineEnd(buf, i-1), true
		}
		s = t
	}
	// The last line has no newline.
	if ls < n && d.endsMatch(s) {
		return ls, n, true
	}
	return 0, 0, false
}

// run is the hot loop of scan: it steps s over buf from i while the
// transitions are known (one lookup a byte, four bytes a round, no bounds
// checks: every entry of trans is a row offset inside it or negative) and
// returns where it stopped and the state there.
func (d *dfa) run(buf []byte, i int, s int32) (int, int32) {
	n := len(buf)
	if i >= n {
		return i, s
	}
	trans := unsafe.Pointer(unsafe.SliceData(d.trans))
	class := &d.class
	p := unsafe.Pointer(unsafe.SliceData(buf))
	at := func(s int32, b byte) int32 {
		return *(*int32)(unsafe.Add(trans, (uintptr(s)|uintptr(class[b]))*4))
	}
	for i+4 <= n {
		b := *(*[4]byte)(unsafe.Add(p, i))
		t0 := at(s, b[0])
		if t0 < 0 {
			return i, s
		}
		t1 := at(t0, b[1])
		if t1 < 0 {
			return i + 1, t0
		}
		t2 := at(t1, b[2])
		if t2 < 0 {
			return i + 2, t1
		}
		t3 := at(t2, b[3])
		if t3 < 0 {
			return i + 3, t2
		}
		s = t3
		i += 4
	}
	for ; i < n; i++ {
		t := at(s, buf[i])
		if t < 0 {
			break
		}
		s = t
	}
	return i, s
}

// endsMatch reports whether a line that ends in state s matches.
func (d *dfa) endsMatch(s int32) bool {
	st := &d.states[s>>d.shift]
	if st.eol == 0 {
		st.eol = -1
		if d.step(s, -1) == tMatch {
			st.eol = 1
		}
	}
	return st.eol > 0
}

// matchLine reports whether line (without its newline) contains a match.
func (d *dfa) matchLine(line []byte) bool {
	_, _, ok := d.scan(line, 0)
	return ok
}

func indexNL(b []byte) int { return bytes.IndexByte(b, '\n') }

// lineEnd returns the index of the newline at or after i, or len(buf).
func lineEnd(buf []byte, i int) int {
	if j := bytes.IndexByte(buf[i:], '\n'); j >= 0 {
		return i + j
	}
	return len(buf)
}

package textmatch

import (
	"math"
	"regexp/syntax"
	"unicode"
	"unicode/utf8"
)

// A pattern with no literal to look for may still need one of a few
// bytes in every match — a digit in [a-z]+[0-9]+[a-z]+, = in [A-Z]\w*\s*=
// — and most lines hold none of them. The scanner then looks for those
// bytes (a table lookup a byte, eight bytes a round, no dependency from
// one byte to the next) and runs the DFA only on the lines that have one,
// as long as that skips a good part of the text.

// byteClass is a set of bytes: 1 for a member.
type byteClass [256]uint8

// cost estimates how often a byte of c occurs in text: the sum of its
// bytes' frequencies, modelled from their rank in source code.
func (c *byteClass) cost() float64 {
	var sum float64
	for b, in := range c {
		if in != 0 {
			sum += byteFreq(byte(b))
		}
	}
	return sum
}

// byteFreq models a byte's frequency from its rank (255: space, about
// 15 % of source text; each 12 ranks down halves it).
func byteFreq(b byte) float64 { return 0.15 * math.Exp2((float64(byteRank[b])-255)/12) }

// requiredClass returns bytes one of which every match of re (in line
// mode: no newline) contains, or nil when it knows none. Like required,
// it is sound, not complete.
func requiredClass(re *syntax.Regexp) *byteClass {
	switch re.Op {
	case syntax.OpLiteral:
		return literalClass(re)
	case syntax.OpCharClass:
		c := &byteClass{}
		for i := 0; i+1 < len(re.Rune); i += 2 {
			addRange(c, re.Rune[i], re.Rune[i+1])
		}
		c['\n'] = 0
		return c
	case syntax.OpCapture, syntax.OpPlus:
		return requiredClass(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return requiredClass(re.Sub[0])
		}
	case syntax.OpConcat:
		var best *byteClass
		for _, sub := range re.Sub {
			if c := requiredClass(sub); c != nil && (best == nil || c.cost() < best.cost()) {
				best = c
			}
		}
		return best
	case syntax.OpAlternate:
		out := &byteClass{}
		for _, sub := range re.Sub {
			c := requiredClass(sub)
			if c == nil {
				return nil
			}
			for b := range c {
				out[b] |= c[b]
			}
		}
		return out
	}
	return nil
}

// literalClass is the cheapest single rune of a literal: its byte (or,
// folded, the bytes its case variants start with).
func literalClass(re *syntax.Regexp) *byteClass {
	var best *byteClass
	for _, r := range re.Rune {
		c := &byteClass{}
		addRange(c, r, r)
		if re.Flags&syntax.FoldCase != 0 {
			for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
				addRange(c, f, f)
			}
		}
		if best == nil || c.cost() < best.cost() {
			best = c
		}
	}
	return best
}

// addRange adds the first bytes of the UTF-8 forms of lo..hi.
func addRange(c *byteClass, lo, hi rune) {
	for r := lo; r <= hi && r < utf8.RuneSelf; r++ {
		c[r] = 1
	}
	if hi < utf8.RuneSelf {
		return
	}
	from, to := 0x80, 0xFF
	if lo > utf8.RuneError || hi < utf8.RuneError {
		// Only valid encodings can match: their first bytes. (Invalid
		// UTF-8 reads as U+FFFD, so a range holding it needs them all.)
		var b [utf8.UTFMax]byte
		utf8.EncodeRune(b[:], max(lo, utf8.RuneSelf))
		from = int(b[0])
		utf8.EncodeRune(b[:], min(hi, unicode.MaxRune))
		to = int(b[0])
	}
	for x := from; x <= to; x++ {
		c[x] = 1
	}
}

// index returns the first position at or after pos holding a byte of c,
// or -1.
func (c *byteClass) index(buf []byte, pos int) int {
	i := pos
	for ; i+8 <= len(buf); i += 8 {
		b := buf[i : i+8 : i+8]
		if c[b[0]]|c[b[1]]|c[b[2]]|c[b[3]]|c[b[4]]|c[b[5]]|c[b[6]]|c[b[7]] != 0 {
			break
		}
	}
	for ; i < len(buf); i++ {
		if c[buf[i]] != 0 {
			return i
		}
	}
	return -1
}

package textmatch

import (
	"regexp/syntax"
	"slices"
	"unicode"
	"unicode/utf8"
)

// maxNeedles bounds how many alternative literals the prefilter tracks; a
// wider alternation is cheaper to run through the regexp line by line.
const maxNeedles = 8

// lit is one literal that can satisfy a requirement.
type lit struct {
	s    []byte
	fold bool
}

// litSet says: every match contains at least one of these literals. A nil
// set means nothing is known.
type litSet []lit

// score is how selective a set is: its weakest literal's. A literal is as
// selective as its rarest byte (the one the prefilter scans for; see
// byteRank), then as its length.
func (ls litSet) score() int {
	if len(ls) == 0 {
		return 0
	}
	min := -1
	for _, l := range ls {
		if w := l.score(); min < 0 || w < min {
			min = w
		}
	}
	return min
}

// score of one literal: the rarity of its rarest byte (both cases of a
// folded letter count), times 16, plus its length up to 15.
func (l lit) score() int {
	rarest := 512
	for _, b := range l.s {
		r := 2 * int(byteRank[b])
		if l.fold && isLetter(b) {
			lower := b | 0x20
			r = int(byteRank[lower]) + int(byteRank[lower-'a'+'A'])
		}
		rarest = min(rarest, r)
	}
	return (512-rarest)*16 + min(len(l.s), 15)
}

func isLetter(b byte) bool { return 'a' <= b|0x20 && b|0x20 <= 'z' }

func better(a, b litSet) bool {
	sa, sb := a.score(), b.score()
	if sa != sb {
		return sa > sb
	}
	return len(a) < len(b) && len(a) > 0
}

// required returns literals one of which every match of re contains. The
// analysis is sound, not complete: when in doubt it returns nil.
func required(re *syntax.Regexp) litSet {
	switch re.Op {
	case syntax.OpLiteral:
		if l, ok := literalOf(re); ok {
			return litSet{l}
		}
		return nil
	case syntax.OpCapture:
		return required(re.Sub[0])
	case syntax.OpPlus:
		return required(re.Sub[0])
	case syntax.OpRepeat:
		if re.Min >= 1 {
			return required(re.Sub[0])
		}
		return nil
	case syntax.OpConcat:
		var best litSet
		for _, sub := range re.Sub {
			if s := required(sub); better(s, best) {
				best = s
			}
		}
		return best
	case syntax.OpAlternate:
		var out litSet
		for _, sub := range re.Sub {
			s := required(sub)
			if s == nil {
				return nil
			}
			out = append(out, s...)
		}
		if len(out) > maxNeedles {
			return nil
		}
		return out
	}
	return nil
}

// literalOf turns a literal node into a needle: the whole literal when it is
// case-sensitive, else its longest run of runes whose case folding stays
// within ASCII (k and s are excluded: they fold to the Kelvin sign and long
// s).
func literalOf(re *syntax.Regexp) (lit, bool) {
	if slices.Contains(re.Rune, utf8.RuneError) {
		return lit{}, false // invalid UTF-8 matches it too: no bytes to look for
	}
	if re.Flags&syntax.FoldCase == 0 {
		var b []byte
		for _, r := range re.Rune {
			b = utf8.AppendRune(b, r)
		}
		return lit{s: b}, len(b) > 0
	}
	var best, cur []byte
	for _, r := range re.Rune {
		if safeFoldRune(r) {
			cur = append(cur, byte(r))
			continue
		}
		if len(cur) > len(best) {
			best = cur
		}
		cur = nil
	}
	if len(cur) > len(best) {
		best = cur
	}
	return lit{s: best, fold: true}, len(best) > 0
}

// exactLiteral reports whether re matches exactly the text of the set
// returned by required (a literal or an alternation of literals), so a line
// containing one of them matches without running the regexp.
func exactLiteral(re *syntax.Regexp) bool {
	switch re.Op {
	case syntax.OpCapture:
		return exactLiteral(re.Sub[0])
	case syntax.OpLiteral:
		for _, r := range re.Rune {
			if r == '\r' || r == '\n' || (re.Flags&syntax.FoldCase != 0 && !safeFoldRune(r)) {
				return false
			}
		}
		return len(re.Rune) > 0
	case syntax.OpAlternate:
		for _, sub := range re.Sub {
			if !exactLiteral(sub) {
				return false
			}
		}
		return len(re.Sub) <= maxNeedles
	}
	return false
}

// safeFoldRune reports whether r is ASCII and every rune its case folds to
// is ASCII too, so comparing bytes case-insensitively is exact.
func safeFoldRune(r rune) bool {
	if r >= utf8.RuneSelf {
		return false
	}
	for f := unicode.SimpleFold(r); f != r; f = unicode.SimpleFold(f) {
		if f >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

// hasNewline reports whether re contains a literal newline, which makes the
// search multiline: matches may span lines.
func hasNewline(re *syntax.Regexp) bool {
	if re.Op == syntax.OpLiteral {
		for _, r := range re.Rune {
			if r == '\n' {
				return true
			}
		}
	}
	for _, sub := range re.Sub {
		if hasNewline(sub) {
			return true
		}
	}
	return false
}

package textmatch

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"
)

// ripgrep (Rust's regex) is Unicode-aware by default: \w is a letter,
// mark, decimal digit or connector of any script (Alphabetic, M, Nd, Pc,
// Join_Control), \d any decimal digit (Nd), \s any White_Space, and \b
// and \B are judged with that \w. RE2's are ASCII. So that a search finds
// what rg finds (a word in Greek, a digit in Devanagari, a boundary after
// "café"), the classes are rewritten into the Unicode classes before RE2
// reads the pattern, and the DFA judges \b with the Unicode \w. A pattern
// that turns Unicode off, (?-u), keeps RE2's ASCII classes throughout.

// wordTables make up the Unicode \w.
var wordTables = []*unicode.RangeTable{unicode.L, unicode.M, unicode.Nd, unicode.Pc, unicode.Nl, unicode.Other_Alphabetic, unicode.Join_Control}

// isWordRune reports whether r is a word character: Unicode's when uni
// is set, else ASCII's.
func isWordRune(r rune, uni bool) bool {
	if r < utf8.RuneSelf || !uni {
		return r >= 0 && r < utf8.RuneSelf && isASCIIWord(r)
	}
	return unicode.IsOneOf(wordTables, r)
}

func isASCIIWord(r rune) bool {
	return 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9' || r == '_'
}

// spaceRanges is White_Space.
var spaceRanges = [][2]rune{{'\t', '\r'}, {' ', ' '}, {0x85, 0x85}, {0xA0, 0xA0}, {0x1680, 0x1680}, {0x2000, 0x200A}, {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}}

// classBodies are the Unicode classes as the inside of an RE2 class,
// and their complements.
var classBodies = sync.OnceValue(func() map[byte]string {
	word := rangesOf(wordTables)
	var space [][2]rune
	space = append(space, spaceRanges...)
	return map[byte]string{
		'w': body(word), 'W': body(complement(word)),
		'd': `\p{Nd}`, 'D': `\P{Nd}`,
		's': body(space), 'S': body(complement(space)),
	}
})

// rangesOf returns the runes of tables as sorted, merged runs.
func rangesOf(tables []*unicode.RangeTable) [][2]rune {
	var rs [][2]rune
	add := func(lo, hi, stride rune) {
		if stride == 1 {
			rs = append(rs, [2]rune{lo, hi})
			return
		}
		for r := lo; r <= hi; r += stride {
			rs = append(rs, [2]rune{r, r})
		}
	}
	for _, t := range tables {
		for _, r := range t.R16 {
			add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
		for _, r := range t.R32 {
			add(rune(r.Lo), rune(r.Hi), rune(r.Stride))
		}
	}
	slices.SortFunc(rs, func(a, b [2]rune) int { return cmp.Compare(a[0], b[0]) })
	var out [][2]rune
	for _, r := range rs {
		if n := len(out); n > 0 && r[0] <= out[n-1][1]+1 {
			out[n-1][1] = max(out[n-1][1], r[1])
		} else {
			out = append(out, r)
		}
	}
	return out
}

func complement(rs [][2]rune) [][2]rune {
	var out [][2]rune
	next := rune(0)
	for _, r := range rs {
		if r[0] > next {
			out = append(out, [2]rune{next, r[0] - 1})
		}
		next = r[1] + 1
	}
	if next <= unicode.MaxRune {
		out = append(out, [2]rune{next, unicode.MaxRune})
	}
	return out
}

func body(rs [][2]rune) string {
	var b strings.Builder
	for _, r := range rs {
		if r[0] == r[1] {
			fmt.Fprintf(&b, `\x{%X}`, r[0])
		} else {
			fmt.Fprintf(&b, `\x{%X}-\x{%X}`, r[0], r[1])
		}
	}
	return b.String()
}

// unicodeOff reports whether a pattern turns Unicode mode off somewhere
// ((?-u) or (?i-u:…)): it then keeps the ASCII classes everywhere.
func unicodeOff(p string) bool {
	for i := strings.Index(p, "(?"); i >= 0; {
		j := i + 2
		for j < len(p) && strings.IndexByte("imsUuxR-", p[j]) >= 0 {
			j++
		}
		if f := p[i+2 : j]; strings.Contains(f, "-") && strings.Contains(f[strings.Index(f, "-"):], "u") {
			return true
		}
		k := strings.Index(p[j:], "(?")
		if k < 0 {
			break
		}
		i = j + k
	}
	return false
}

// unicodeClasses rewrites \w, \W, \d, \D, \s and \S (outside and inside
// classes) into their Unicode classes. p is RE2 syntax (after
// translateFlags).
func unicodeClasses(p string) string {
	if !strings.ContainsAny(p, `\`) {
		return p
	}
	bodies := classBodies()
	var out strings.Builder
	for i := 0; i < len(p); {
		switch c := p[i]; {
		case c == '\\' && i+1 < len(p):
			if b, ok := bodies[p[i+1]]; ok {
				out.WriteString("[" + b + "]")
				i += 2
				continue
			}
			_, n := utf8.DecodeRuneInString(p[i+1:])
			out.WriteString(p[i : i+1+n])
			i += 1 + n
		case c == '[':
			end := classEnd(p, i)
			out.WriteString(classUnicode(p[i:end], bodies))
			i = end
		default:
			out.WriteByte(c)
			i++
		}
	}
	return out.String()
}

// classUnicode rewrites the Perl classes inside one character class.
func classUnicode(class string, bodies map[byte]string) string {
	var b strings.Builder
	for i := 0; i < len(class); i++ {
		c := class[i]
		if c == '\\' && i+1 < len(class) {
			if body, ok := bodies[class[i+1]]; ok {
				b.WriteString(body)
			} else {
				b.WriteString(class[i : i+2])
			}
			i++
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

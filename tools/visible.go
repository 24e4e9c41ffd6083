package tools

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Visible is s with every character that a terminal or a reader would not
// show as itself written as an escape: C0 and C1 controls and DEL ("\r",
// "\n", "\t", "\x1b", "\u0085"), Unicode format characters — bidi overrides
// and isolates, zero-width characters, the byte-order mark, tag characters
// ("\u202e", "\u200b") — line and paragraph separators, and bytes that are
// not UTF-8 ("\xff"). A string a person must judge (a command, a path, a
// tool name, an archive member's name) is printed through it, so it cannot
// move the cursor, clear a line, reorder what follows or hide itself:
// "go test\r\x1b[2K(touch PWNED)" prints as written. Safe for any
// goroutine.
func Visible(s string) string { return visible(s, false) }

// VisibleLines is Visible for text shown as lines (a diff, a multi-line
// command): newlines and tabs are kept, as they only lay the lines out;
// every other control is escaped, a carriage return too (a caller showing
// CRLF text drops the CR of each line ending first).
func VisibleLines(s string) string { return visible(s, true) }

func visible(s string, lines bool) string {
	if isPlain(s) {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size <= 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case lines && (r == '\n' || r == '\t'):
			b.WriteRune(r)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\r':
			b.WriteString(`\r`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\x%02x`, r)
		case hidden(r):
			if r > 0xffff {
				fmt.Fprintf(&b, `\U%08x`, r)
			} else {
				fmt.Fprintf(&b, `\u%04x`, r)
			}
		default:
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// isPlain reports whether s is printable ASCII (and spaces) only, the
// common case, which needs no copy.
func isPlain(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return true
}

// hidden reports the non-ASCII code points Visible escapes: C1 controls,
// format characters (Cf: bidi controls, zero-width characters, the BOM,
// tags) and the line and paragraph separators.
func hidden(r rune) bool {
	return r >= 0x80 && (unicode.Is(unicode.Cc, r) || unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Zl, r) || unicode.Is(unicode.Zp, r))
}

package engine

import (
	"encoding/json"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestQuoteJSON(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", `""`},
		{"plain", `"plain"`},
		{"a\"b\\c", `"a\"b\\c"`},
		{"\b\f\n\r\t", `"\b\f\n\r\t"`},
		{"\x00\x01\x1f", `"\u0000\u0001\u001f"`},
		{"<&>\u2028é😀", "\"<&>\u2028é😀\""}, // as JSON.stringify: no HTML or U+2028 escapes
		{"bad\xffbyte", "\"bad\uFFFDbyte\""},
	} {
		got := quoteJSON(c.in)
		if string(got) != c.want {
			t.Errorf("quoteJSON(%q) = %s, want %s", c.in, got, c.want)
		}
		if cap(got) != len(got) {
			t.Errorf("quoteJSON(%q): capacity %d for length %d (not sized exactly)", c.in, cap(got), len(got))
		}
	}
}

// FuzzQuoteJSON: the quoted form is valid JSON that decodes to the string
// (invalid UTF-8 as U+FFFD), and is sized exactly.
func FuzzQuoteJSON(f *testing.F) {
	for _, s := range []string{"", "a\"\\\n\x00", "é😀\u2028", "\xff\xfe", strings.Repeat("x", 100)} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		q := quoteJSON(s)
		if cap(q) != len(q) {
			t.Fatalf("capacity %d for length %d", cap(q), len(q))
		}
		var back string
		if err := json.Unmarshal(q, &back); err != nil {
			t.Fatalf("quoteJSON(%q) = %s: %v", s, q, err)
		}
		want := strings.ToValidUTF8(s, "\uFFFD")
		if !utf8.ValidString(s) {
			// Each invalid byte is one U+FFFD, as json.Unmarshal makes it.
			var b strings.Builder
			for i := 0; i < len(s); {
				r, n := utf8.DecodeRuneInString(s[i:])
				b.WriteRune(r)
				i += n
			}
			want = b.String()
		}
		if back != want {
			t.Fatalf("quoteJSON(%q) decodes to %q", s, back)
		}
	})
}

package tools

import (
	"testing"
	"unicode/utf8"
)

func TestVisible(t *testing.T) {
	for _, c := range []struct{ in, line, lines string }{
		{"go test ./...", "go test ./...", "go test ./..."},
		{"(touch PWNED)\r\x1b[2Kgo test ./...", `(touch PWNED)\r\x1b[2Kgo test ./...`, `(touch PWNED)\r\x1b[2Kgo test ./...`},
		{"a\nb", `a\nb`, "a\nb"},
		{"a\r\nb\tc", `a\r\nb\tc`, "a\\r\nb\tc"},
		{"x\x00\x07\x08\x7f", `x\x00\x07\x08\x7f`, `x\x00\x07\x08\x7f`},
		{"rm -rf /\u202e/moc.elpmaxe", `rm -rf /\u202e/moc.elpmaxe`, `rm -rf /\u202e/moc.elpmaxe`},
		{"a\u2066b\u2069\u200e\u200b\ufeff", `a\u2066b\u2069\u200e\u200b\ufeff`, `a\u2066b\u2069\u200e\u200b\ufeff`},
		{"\u0085\u009b31m", `\u0085\u009b31m`, `\u0085\u009b31m`},
		{"line\u2028sep", `line\u2028sep`, `line\u2028sep`},
		{"tag\U000e0041", `tag\U000e0041`, `tag\U000e0041`},
		{"bad\xff\xfe", `bad\xff\xfe`, `bad\xff\xfe`},
		{"José 日本 ✓", "José 日本 ✓", "José 日本 ✓"},
	} {
		if got := Visible(c.in); got != c.line {
			t.Errorf("Visible(%q) = %q, want %q", c.in, got, c.line)
		}
		if got := VisibleLines(c.in); got != c.lines {
			t.Errorf("VisibleLines(%q) = %q, want %q", c.in, got, c.lines)
		}
	}
}

// FuzzVisible: whatever the input, the output holds no character a
// terminal acts on (no control but the layout ones VisibleLines keeps, no
// format character) and is valid UTF-8.
func FuzzVisible(f *testing.F) {
	for _, s := range []string{"go test\r\x1b[2K", "\u202e", "a\r\nb", "\xff", "\u0085"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		for _, lines := range []bool{false, true} {
			out := visible(s, lines)
			if !utf8.ValidString(out) {
				t.Fatalf("visible(%q, %v) = %q: not UTF-8", s, lines, out)
			}
			for _, r := range out {
				keep := lines && (r == '\n' || r == '\t')
				if !keep && (r < 0x20 || r == 0x7f || hidden(r)) {
					t.Fatalf("visible(%q, %v) = %q holds %U", s, lines, out, r)
				}
			}
		}
	})
}

package gitpath

import "testing"

// TestQuote: names as `git diff` writes them with core.quotePath on (the
// expectations are git's own output).
func TestQuote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a/plain.txt", "a/plain.txt"},
		{"a/my file.txt", "a/my file.txt"},
		{"o\nld", `"o\nld"`},
		{"n\tew", `"n\tew"`},
		{"b/ev\ril\x1b[2K\u202eq\"\\ .txt", `"b/ev\ril\033[2K\342\200\256q\"\\ .txt"`},
		{"\a\b\v\f\x7f\x01", `"\a\b\v\f\177\001"`},
		{"\u00e9t\u00e9", `"\303\251t\303\251"`},
	} {
		if got := Quote(c.in); got != c.want {
			t.Errorf("Quote(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

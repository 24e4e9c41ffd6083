package hashline

import (
	"math/rand"
	"strings"
	"testing"
)

func randomText(r *rand.Rand) string {
	n := r.Intn(12)
	lines := make([]string, n)
	for i := range lines {
		lines[i] = string(rune('a' + r.Intn(3)))
	}
	s := strings.Join(lines, "\n")
	if n > 0 && r.Intn(2) == 0 {
		s += "\n"
	}
	return s
}

func lcs(a, b []string) int {
	dp := make([][]int, len(a)+1)
	for i := range dp {
		dp[i] = make([]int, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				dp[i][j] = dp[i+1][j+1] + 1
			} else {
				dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			}
		}
	}
	return dp[0][0]
}

// TestDiffProperties: diffs are minimal, and their hunks, at any context,
// rebuild the new text from the old one.
func TestDiffProperties(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		old, new := randomText(r), randomText(r)
		d := diffTexts(old, new)
		keys := func(t textLines) []string {
			out := append([]string(nil), t.lines...)
			if len(out) > 0 && !t.eol {
				out[len(out)-1] += "\x00"
			}
			return out
		}
		ka, kb := keys(d.a), keys(d.b)
		edits := 0
		for _, c := range d.changes {
			edits += c.a1 - c.a0 + c.b1 - c.b0
		}
		if want := len(ka) + len(kb) - 2*lcs(ka, kb); edits != want {
			t.Fatalf("%q → %q: %d edits, minimal is %d", old, new, edits, want)
		}
		for ctx := 0; ctx <= 3; ctx++ {
			got, ok := applyHunks(d.a, d.hunks(ctx))
			got.eol = d.b.eol
			if !ok || !equalLines(got.lines, d.b.lines) {
				t.Fatalf("%q → %q at context %d: got %q ok=%v", old, new, ctx, got.lines, ok)
			}
		}
	}
}

func TestUnifiedNoNewline(t *testing.T) {
	got := diffTexts("a\nb", "a\nb\nc").unified("f", "f", 3)
	want := "--- f\n+++ f\n@@ -1,2 +1,3 @@\n a\n-b\n\\ No newline at end of file\n+b\n+c\n\\ No newline at end of file\n"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := diffTexts("", "x\n").unified("f", "f", 3); got != "--- f\n+++ f\n@@ -0,0 +1,1 @@\n+x\n" {
		t.Errorf("from empty: %q", got)
	}
}

func TestPreview(t *testing.T) {
	old := "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n13\n14\n"
	new := strings.Replace(strings.Replace(old, "2\n", "two\n", 1), "13\n", "", 1)
	want := "  1 1\n- 2 2\n+ 2 two\n  3 3\n  4 4\n  5 5\n  6 6\n    ...\n  9 9\n 10 10\n 11 11\n 12 12\n-13 13\n 14 14"
	if got := diffTexts(old, new).preview(4); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestDiffKeepsNULApart: a line ending in a NUL byte and the same line
// without it (and without a final newline) are different lines; the diff
// once keyed both as "x\x00" and reported no change.
func TestDiffKeepsNULApart(t *testing.T) {
	for _, c := range []struct{ old, new string }{
		{"\n\n0\x00\n", "\n\n0"},
		{"a\x00\nb\n", "a\nb"},
		{"p\nq\x00\nr\n", "p\nq\nr\n"},
	} {
		d := diffTexts(c.old, c.new)
		if len(d.changes) == 0 {
			t.Errorf("%q → %q: no change found", c.old, c.new)
		}
	}
}

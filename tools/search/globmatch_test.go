package search

import (
	"strings"
	"testing"

	"github.com/bmatcuk/doublestar/v4"
)

// A "**/P" pattern is matched on the last segment only; it must agree with
// doublestar matching the whole path.
func TestGlobLastSegmentAgreesWithDoublestar(t *testing.T) {
	patterns := []string{"**/*_test.go", "**/*.go", "**/*.", "**/*]", "**/*.{go,md}", "**/[ab]*", "**/x", "**/.*", "**/*", "**/a?c", "**/{x,y/z}", "**/\\*", "**/**", "**/a/b", "**/"}
	rels := []string{"x", "a/x", "a/b/x", "a_test.go", "src/pkg/b_test.go", ".hidden/b_test.go", "x_test.go/y", "abc", "a/abc", "y/z", "a/y/z", ".env", "a/.env", "*", "a/*", "README.md", "deep/er/main.go", ".go", "a/.go", "x.", "a]", "b}"}
	for _, p := range patterns {
		g, err := newGlobPattern(p)
		if err != nil {
			t.Fatal(p, err)
		}
		for _, r := range rels {
			want, _ := doublestar.Match(p, r)
			if got := g.match(r); got != want {
				t.Errorf("%q on %q: %v, doublestar %v (base %q)", p, r, got, want, g.base)
			}
		}
	}
}

func FuzzGlobLastSegment(f *testing.F) {
	f.Add("*_test.go", "a/b/c_test.go")
	f.Add("{a,b}*", "x/bq")
	f.Fuzz(func(t *testing.T, p, rel string) {
		pattern := "**/" + p
		if !doublestar.ValidatePattern(pattern) || strings.HasSuffix(rel, "/") {
			return
		}
		g, err := newGlobPattern(pattern)
		if err != nil {
			return
		}
		want, _ := doublestar.Match(pattern, rel)
		if got := g.match(rel); got != want {
			t.Fatalf("%q on %q: %v, doublestar %v (base %q)", pattern, rel, got, want, g.base)
		}
	})
}

package hashline

import (
	"strings"
	"testing"
)

func TestRows(t *testing.T) {
	for in, want := range map[string]string{
		"a\n":        "[p#" + Tag("a\n") + "]\n1:a",
		"a\n\n":      "[p#" + Tag("a\n\n") + "]\n1:a\n2:",
		"a\nb":       "[p#" + Tag("a\nb") + "]\n1:a\n2:b",
		"":           "[p#5D05]\n1:",
		"a\r\nb\r\n": "[p#" + Tag("a\nb\n") + "]\n1:a\n2:b",
		"\uFEFFx":    "[p#" + Tag("x") + "]\n1:x",
	} {
		if got := Render("p", in); got != want {
			t.Errorf("Render(%q) = %q, want %q", in, got, want)
		}
	}
	if MarkedRow(7, "x", true) != "*7:x" || MarkedRow(7, "x", false) != " 7:x" || Header("a b.ts", "00FF") != "[a b.ts#00FF]" {
		t.Error("row shapes")
	}
	var b strings.Builder
	AppendRows(&b, Lines("a\nb\nc\nd\n"), 2, 9)
	if b.String() != "2:b\n3:c\n4:d" {
		t.Errorf("AppendRows = %q", b.String())
	}
}

func TestAnchoredContext(t *testing.T) {
	lines := strings.Split("1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n", "\n")
	got := strings.Join(anchoredContext([]lineRange{{2, 2}, {9, 9}, {99, 99}}, lines), "|")
	if want := " 1:1|*2:2| 3:3| 4:4|...| 7:7| 8:8|*9:9| 10:10| 11:"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	got = strings.Join(anchoredContext([]lineRange{{3, 4}}, lines), "|")
	if want := " 1:1| 2:2|*3:3|*4:4| 5:5| 6:6"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	long := strings.Split(strings.Repeat("x\n", 1000), "\n")
	if rows := anchoredContext([]lineRange{{1, 1000}}, long); len(rows) != maxContextRows+1 || rows[len(rows)-1] != "..." {
		t.Errorf("context not bounded: %d rows", len(rows))
	}
}

func TestLineCount(t *testing.T) {
	for _, in := range []string{"", "\n", "a", "a\n", "a\n\n", "a\nb", "\n\n\n", "a\r\nb\r\n", "a\rb", "\uFEFF\n"} {
		if got, want := LineCount(in), len(Lines(in)); got != want {
			t.Errorf("LineCount(%q) = %d, want %d", in, got, want)
		}
	}
}

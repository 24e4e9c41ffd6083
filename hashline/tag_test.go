package hashline

import (
	"strings"
	"testing"
)

func TestTagVectors(t *testing.T) {
	for _, tc := range []struct {
		tag    string
		inputs []string
	}{
		{"5D05", []string{""}},
		{"7456", []string{"a"}},
		{"9585", []string{"a\n"}},
		{"9A46", []string{"a\nb\n", "a  \nb\t\n", "\uFEFFa\nb\n"}},
		{"D988", []string{"a\nb\nc\n", "a\r\nb\r\nc\r\n", "a\rb\rc\r"}},
		{"4F66", []string{"a\n\n", "a\r\n\r\n"}},
		{"D352", []string{"\n", "  \n", "\t\n"}},
		{"30EA", []string{"x", "x \t"}},
		{"9396", []string{"x\n", "x \r\n"}},
		{"0127", []string{"one\ntwo\n"}},
		{"77F9", []string{"hello"}},
		{"220B", []string{"héllo\n"}},
		{"2927", []string{"é"}},
		{"C04B", []string{"e\u0301"}},
		{"5B69", []string{"0123456789abcdef"}},
		{"4F53", []string{"0123456789abcdefX"}},
		{"DD92", []string{"alpha\nbravo\ncharlie\n"}},
		{"13D6", []string{"def greet(name):\n    print(name)\ngreet('world')\n"}},
		{"D474", []string{"collision-389\n", "collision-445\n"}},
		{"1D84", []string{"line one 263\nline two 4471\n", "line one 410\nline two 6970\n"}},
	} {
		for _, in := range tc.inputs {
			if got := Tag(in); got != tc.tag {
				t.Errorf("Tag(%q) = %s, want %s", in, got, tc.tag)
			}
		}
	}
}

func TestTagIgnoresOnlyTrailingSpace(t *testing.T) {
	// Trailing runs anywhere on a line, not just the last one, are ignored;
	// inner spaces are not.
	if Tag("a \nb\t \n") != Tag("a\nb\n") {
		t.Error("trailing whitespace changed the tag")
	}
	if Tag("a b\n") == Tag("ab\n") {
		t.Error("inner whitespace ignored")
	}
	long := strings.Repeat("line with text   \n", 10000)
	if Tag(long) != Tag(strings.ReplaceAll(long, "   \n", "\n")) {
		t.Error("long text: trailing whitespace changed the tag")
	}
}

func TestNormalize(t *testing.T) {
	for in, want := range map[string]string{
		"":              "",
		"\uFEFFa\r\nb":  "a\nb",
		"a\rb\r":        "a\nb\n",
		"a\r\r\nb":      "a\n\nb",
		"a \n":          "a \n",
		"\uFEFF\uFEFFx": "\uFEFFx",
	} {
		if got := Normalize(in); got != want {
			t.Errorf("Normalize(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestLineEndings(t *testing.T) {
	for in, want := range map[string]string{"a": "\n", "a\nb\r\n": "\n", "a\r\nb\n": "\r\n", "a\rb\r\n": "\r", "a\r": "\r"} {
		if got := DetectLineEnding(in); got != want {
			t.Errorf("DetectLineEnding(%q) = %q, want %q", in, got, want)
		}
	}
	if got := Persist("\uFEFFa\r\nb\nc", "x\ny\nz\n"); got != "\uFEFFx\r\ny\r\nz\r\n" {
		t.Errorf("Persist = %q", got)
	}
	if got := Persist("one\rtwo", "one\nTWO"); got != "one\rTWO" {
		t.Errorf("Persist CR = %q", got)
	}
}

package files

import (
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools/internal/selector"

	"github.com/atomic-script/atomic-script/hashline"
)

// FuzzSelector: splitting and parsing a path selector never panics, and
// every range it yields is well formed and, widened for a file, stays
// inside the file, sorted and merged.
func FuzzSelector(f *testing.F) {
	for _, s := range []string{"a.go:5-16", "a.go:5+3", "a.go:5-16,960-973", "f:40:8", "f:8:40", "f:raw", "nb.ipynb:cell:2",
		"f:2+", "f:0", "f:5-3", "f:99999999999999999999", "f:1,,2", "f:-", "f:+", "f:1-2-3", "f: 4 , 7-9 "} {
		f.Add(s, 50)
	}
	f.Fuzz(func(t *testing.T, entry string, total int) {
		total = 1 + abs(total%100_000)
		_, sel, ok := selector.Split(entry)
		if !ok {
			return
		}
		s, err := selector.Parse(sel)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "invalid line selector ") {
				t.Fatalf("error %q", err)
			}
			return
		}
		for _, r := range s.Ranges {
			if r.Start < 1 || r.Start > selector.MaxLine || r.End != 0 && r.End < r.Start {
				t.Fatalf("%q: bad range %+v", sel, r)
			}
		}
		out, beyond, _ := selector.Spans(s.Ranges, total)
		if beyond > 0 {
			return
		}
		for i, sp := range out {
			if sp.From < 1 || sp.To > total || sp.From > sp.To || i > 0 && sp.From <= out[i-1].To+1 {
				t.Fatalf("%q on %d lines: spans %+v", sel, total, out)
			}
		}
	})
}

// FuzzReadText: any text file reads as a header with its whole-file tag and
// rows that number its lines in order, within the limits.
func FuzzReadText(f *testing.F) {
	for _, s := range []string{"", "a", "a\n", "a\r\nb\r\n", "\uFEFFx\n", "a\rb\r", "\n\n\n", "é\n𝄞"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		if isBinary([]byte(content)) {
			return
		}
		env := newEnv(t)
		put(t, env, "f.txt", content)
		res := mustCall(t, env, "read", ReadArgs{Path: "f.txt"})
		body, _, _ := strings.Cut(res.Text, "\n\n[")
		rows := strings.Split(body, "\n")
		if rows[0] != "[f.txt#"+hashline.Tag(content)+"]" {
			t.Fatalf("header %q", rows[0])
		}
		lines := hashline.Lines(content)
		for i, row := range rows[1:] {
			if want := hashline.Row(i+1, lines[i]); row != want {
				t.Fatalf("row %d = %q, want %q", i+1, row, want)
			}
		}
	})
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

package selector

import (
	"fmt"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	for _, c := range []struct {
		in, path, sel string
		ok            bool
	}{
		{"a.go:5-16", "a.go", "5-16", true},
		{"a.go:5+3", "a.go", "5+3", true},
		{"a.go:5-16,960-973", "a.go", "5-16,960-973", true},
		{"/abs/file.ts:40:8", "/abs/file.ts", "40:8", true},
		{"a.go:raw", "a.go", "raw", true},
		{"a.go:RAW", "a.go", "RAW", true},
		{"nb.ipynb:cell:3", "nb.ipynb", "cell:3", true},
		{"a.go:2+", "a.go", "2+", true},
		{"C:dir", "C:dir", "", false},
		{"a.go:", "a.go:", "", false},
		{"notes:todo", "notes:todo", "", false},
		{"a:b.ts", "a:b.ts", "", false},
		{":", ":", "", false},
	} {
		p, s, ok := Split(c.in)
		if p != c.path || s != c.sel || ok != c.ok {
			t.Errorf("Split(%q) = %q, %q, %v; want %q, %q, %v", c.in, p, s, ok, c.path, c.sel, c.ok)
		}
	}
}

func TestParse(t *testing.T) {
	for _, c := range []struct{ sel, want string }{
		{"5", "[{5 0}]"},
		{"5-16", "[{5 16}]"},
		{"5-", "[{5 0}]"},
		{"5+3", "[{5 7}]"},
		{"200000000000+900000000000", "[{200000000000 1099511627776}]"},
		{"40:8", "[{40 0}]"},
		{"8:40", "[{8 40}]"},
		{"1-2, 9-10", "[{1 2} {9 10}]"},
		{"raw", "raw"},
		{"cell:2", "cell 2"},
		{"2+", `error: invalid line selector ":2+": + requires a line count. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw`},
		{"0-3", "error: invalid line selector \":0-3\": line numbers start at 1. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
		{"9-3", "error: invalid line selector \":9-3\": the range ends (3) before it starts (9). Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
		{"1,,2", "error: invalid line selector \":1,,2\": a line number is missing. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
		{"99999999999999999999", "error: invalid line selector \":99999999999999999999\": line number 99999999999999999999 is too large. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
	} {
		s, err := Parse(c.sel)
		var got string
		switch {
		case err != nil:
			got = "error: " + err.Error()
		case s.Raw:
			got = "raw"
		case s.Cell >= 0:
			got = fmt.Sprint("cell ", s.Cell)
		default:
			got = fmt.Sprint(s.Ranges)
		}
		if got != c.want {
			t.Errorf("Parse(%q) = %s, want %s", c.sel, got, c.want)
		}
	}
}

// FuzzParse: a selector either fails with the selector error or yields
// well-formed ranges that, written back out, parse the same.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"5", "5-16", "5+3", "1-2,4-5", "40:8", "8:40", "2+", "0", "raw", "cell:1", "9223372036854775807+9223372036854775807", "1,,2", "5-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sel string) {
		s, err := Parse(sel)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "invalid line selector ") {
				t.Fatalf("%q: error %q", sel, err)
			}
			return
		}
		if !s.Lines() {
			return
		}
		if len(s.Ranges) == 0 {
			t.Fatalf("%q: no ranges and no error", sel)
		}
		var parts []string
		for _, r := range s.Ranges {
			if r.Start < 1 || (r.End != 0 && r.End < r.Start) || r.Start > MaxLine || r.End > MaxLine {
				t.Fatalf("%q: bad range %+v", sel, r)
			}
			if r.End == 0 {
				parts = append(parts, fmt.Sprint(r.Start))
			} else {
				parts = append(parts, fmt.Sprintf("%d-%d", r.Start, r.End))
			}
		}
		again, err := Parse(strings.Join(parts, ","))
		if err != nil || fmt.Sprint(again.Ranges) != fmt.Sprint(s.Ranges) {
			t.Fatalf("%q: round trip %v -> %v (%v)", sel, s.Ranges, again.Ranges, err)
		}
	})
}

// FuzzSplit: a split entry is path + ":" + selector, both non-empty; an
// unsplit one comes back unchanged.
func FuzzSplit(f *testing.F) {
	for _, s := range []string{"a.ts:5-16", "a:b:c", "x:1:2", ":", "a:", "a.ts:raw", "nb:cell:1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, entry string) {
		p, s, ok := Split(entry)
		if !ok {
			if p != entry || s != "" {
				t.Fatalf("%q: not split but got (%q, %q)", entry, p, s)
			}
			return
		}
		if p+":"+s != entry || p == "" || s == "" {
			t.Fatalf("%q: split into (%q, %q)", entry, p, s)
		}
	})
}

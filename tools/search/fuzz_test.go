package search

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools/internal/selector"
)

func TestParseSelector(t *testing.T) {
	cases := []struct {
		sel  string
		want string // ranges as "S-E" (E 0 = open), or "error: ..."
	}{
		{"5", "[{5 0}]"},
		{"5-16", "[{5 16}]"},
		{"5+3", "[{5 7}]"},
		{"5-16,960-973", "[{5 16} {960 973}]"},
		{"40:8", "[{40 0}]"},
		{"8:40", "[{8 40}]"},
		{"2+", "error: invalid line selector \":2+\": + requires a line count. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
		{"0-3", "error: invalid line selector \":0-3\": line numbers start at 1. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
		{"9-3", "error: invalid line selector \":9-3\": the range ends (3) before it starts (9). Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
		{"raw", "error: only line-range selectors like \":50-100\" are supported in search (not \":raw\")"},
		{"1,,2", "error: invalid line selector \":1,,2\": a line number is missing. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
	}
	for _, c := range cases {
		rs, err := parseSelector(c.sel)
		got := fmt.Sprint(rs)
		if err != nil {
			got = "error: " + err.Error()
		}
		if got != c.want {
			t.Errorf("%q: got %s, want %s", c.sel, got, c.want)
		}
	}
}

func TestSplitSelector(t *testing.T) {
	cases := []struct{ in, path, sel string }{
		{"a.ts:5-16", "a.ts", "5-16"},
		{"/abs/file.ts:40:8", "/abs/file.ts", "40:8"},
		{"a.ts:5+3", "a.ts", "5+3"},
		{"a.ts:raw", "a.ts", "raw"},
		{"a.ts", "a.ts", ""},
		{"a:b.ts", "a:b.ts", ""},
		{"C:", "C:", ""},
	}
	for _, c := range cases {
		p, s, _ := selector.Split(c.in)
		if p != c.path || s != c.sel {
			t.Errorf("%q: got (%q, %q), want (%q, %q)", c.in, p, s, c.path, c.sel)
		}
	}
}

func TestSplitGlob(t *testing.T) {
	cases := []struct{ in, base, pattern string }{
		{"*.ts", ".", "**/*.ts"},
		{"**/*.json", ".", "**/*.json"},
		{"src/app/**/*.tsx", "src/app", "**/*.tsx"},
		{"src/*.go", "src", "*.go"},
		{"/abs/path/**/*.ts", "/abs/path", "**/*.ts"},
		{"/*.go", "/", "*.go"},
		{"a/{b,c}/d", "a", "{b,c}/d"},
	}
	for _, c := range cases {
		b, p := splitGlob(c.in)
		if b != c.base || p != c.pattern {
			t.Errorf("%q: got (%q, %q), want (%q, %q)", c.in, b, p, c.base, c.pattern)
		}
	}
}

// FuzzExpandEntries checks the path-splitting rules' invariants on a small
// real tree: existing paths are never split, parts are trimmed and
// non-empty, and a split only happens on a delimiter.
func FuzzExpandEntries(f *testing.F) {
	root := f.TempDir()
	for _, p := range []string{"a.txt", "b.txt", "my file.txt", "x,y;z.txt", "dir/c.go"} {
		os.MkdirAll(filepath.Dir(filepath.Join(root, p)), 0o755)
		os.WriteFile(filepath.Join(root, p), nil, 0o644)
	}
	exists := func(p string) bool {
		if !filepath.IsAbs(p) {
			p = filepath.Join(root, p)
		}
		_, err := os.Stat(p)
		return err == nil
	}
	resolves := func(p string) bool {
		if hasGlobChars(p) {
			b, _ := splitGlob(p)
			return exists(b)
		}
		return exists(p)
	}
	for _, s := range []string{"a.txt, b.txt", "a.txt b.txt", "my file.txt", "x,y;z.txt", `"a.txt"`, "'b.txt'", "a.txt;missing", "{a,b}.txt c", `["a.txt","b.txt"]`, " ; ", "dir/*.go a.txt", "`a.txt`", `"a.txt", "b.txt"`, `'a.txt' 'dir/c.go'`, `"a.txt,'b.txt'"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, entry string) {
		out := expandEntries([]string{entry}, exists, resolves)
		norm := normalizeEntry(entry, exists)
		for _, p := range out {
			if p == "" || p != strings.TrimSpace(p) {
				t.Fatalf("%q: bad part %q in %q", entry, p, out)
			}
		}
		if norm != "" && exists(norm) && !strings.HasPrefix(strings.TrimSpace(entry), "[") {
			if len(out) != 1 || out[0] != norm {
				t.Fatalf("%q names an existing path but expanded to %q", entry, out)
			}
		}
		if len(out) > 1 && !hasDelimiter(norm) && !strings.HasPrefix(strings.TrimSpace(entry), "[") {
			t.Fatalf("%q: split without a delimiter: %q", entry, out)
		}
	})
}

// FuzzGlobDescend checks that pruning is sound: a directory holding a
// path the pattern matches is always entered.
func FuzzGlobDescend(f *testing.F) {
	for _, s := range []struct{ p, path string }{
		{"src/*.go", "src/a.go"}, {"**/*.go", "a/b/c.go"}, {"a/{b,c}/d", "a/c/d"}, {"a/*/c/**", "a/x/c/d/e"}, {"*", "x"}, {"a/b*/**/c", "a/bx/y/c"},
	} {
		f.Add(s.p, s.path)
	}
	f.Fuzz(func(t *testing.T, pattern, path string) {
		g, err := newGlobPattern(pattern)
		if err != nil || path == "" || strings.HasPrefix(path, "/") || strings.HasSuffix(path, "/") || strings.Contains(path, "//") || !g.match(path) {
			return
		}
		comps := strings.Split(path, "/")
		for i := 1; i < len(comps); i++ {
			if dir := strings.Join(comps[:i], "/"); !g.descend(dir) {
				t.Fatalf("pattern %q matches %q but prunes %q", pattern, path, dir)
			}
		}
	})
}

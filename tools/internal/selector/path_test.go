package selector

import (
	"fmt"
	"strings"
	"testing"
)

// fakeFS is a Probe over a fixed set of paths and archive members.
type fakeFS struct {
	kinds   map[string]Kind
	members map[string][]string
}

func (f fakeFS) Kind(p string) Kind { return f.kinds[p] }

func (f fakeFS) Member(archive, name string) bool {
	for _, m := range f.members[archive] {
		if m == name {
			return true
		}
	}
	return false
}

var testFS = fakeFS{
	kinds: map[string]Kind{
		"a.go": Plain, "a:1": Plain, "notes": Plain, "dir": Dir, "nb.ipynb": Notebook,
		"a.zip": Archive, "b.tar.gz": Archive, "db.sqlite": SQLite, "doc.pdf": Document,
		"/abs/x.txt": Plain,
	},
	members: map[string][]string{
		"a.zip":    {"dir/m.txt", "raw", "1", "L1", "raw:notes.txt", "conflicts", "q?.txt"},
		"b.tar.gz": {"notes/readme.md"},
	},
}

// show renders a Path compactly for the table.
func show(p Path) string {
	if p.Scheme != "" {
		return p.Scheme + "://" + p.Rest
	}
	s := p.Kind.String() + " " + p.File
	if p.Inner != "" {
		s += " inner=" + p.Inner
	}
	if p.HasQuery {
		s += " query=" + p.Query
	}
	if p.Sel != nil {
		switch {
		case p.Sel.Raw:
			s += " sel=raw"
		case p.Sel.Conflicts:
			s += " sel=conflicts"
		case p.Sel.Cell >= 0:
			s += fmt.Sprint(" sel=cell", p.Sel.Cell)
		default:
			s += fmt.Sprint(" sel=", p.Sel.Ranges)
		}
	}
	return s
}

func TestParsePath(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a.go", "file a.go"},
		{"a.go:5-16", "file a.go sel=[{5 16}]"},
		{"a.go:L5-L16", "file a.go sel=[{5 16}]"},
		{"a.go:L7", "file a.go sel=[{7 0}]"},
		{"a.go:40:8", "file a.go sel=[{40 0}]"},
		{"a.go:raw", "file a.go sel=raw"},
		{"a.go:conflicts", "file a.go sel=conflicts"},
		{"a:1", "file a:1"},
		{"a:1:2", "file a:1 sel=[{2 0}]"},
		{"notes:todo", "missing notes:todo"},
		{"missing.txt:3", "missing missing.txt:3"},
		{"dir:3", "directory dir sel=[{3 0}]"},
		{"nb.ipynb:cell:2", "notebook nb.ipynb sel=cell2"},
		{"doc.pdf:3001", "document doc.pdf sel=[{3001 0}]"},
		{"/abs/x.txt:2", "file /abs/x.txt sel=[{2 0}]"},
		{"file:///abs/x.txt:2", "file:///abs/x.txt:2"}, // refused by the tools, which name the path to pass
		// Archives: literal member names win, then a trailing selector.
		{"a.zip", "archive a.zip"},
		{"a.zip:dir/m.txt", "archive a.zip inner=dir/m.txt"},
		{"a.zip:dir/m.txt:5-9", "archive a.zip inner=dir/m.txt sel=[{5 9}]"},
		{"a.zip:dir/m.txt:raw", "archive a.zip inner=dir/m.txt sel=raw"},
		{"a.zip:raw", "archive a.zip inner=raw"},
		{"a.zip:1", "archive a.zip inner=1"},
		{"a.zip:L1", "archive a.zip inner=L1"},
		{"a.zip:conflicts", "archive a.zip inner=conflicts"},
		{"a.zip:raw:notes.txt", "archive a.zip inner=raw:notes.txt"},
		{"a.zip:raw:2", "archive a.zip inner=raw sel=[{2 0}]"},
		{"a.zip:q?.txt", "archive a.zip inner=q?.txt"},
		{"a.zip:dir/", "archive a.zip inner=dir/"},
		{"a.zip:nope.txt", "archive a.zip inner=nope.txt"},
		{"a.zip:nope.txt:4", "archive a.zip inner=nope.txt sel=[{4 0}]"},
		{"b.tar.gz:notes/readme.md:2+3", "archive b.tar.gz inner=notes/readme.md sel=[{2 4}]"},
		// SQLite: tables, rows, parameters and queries (colons inside a
		// query are the query's).
		{"db.sqlite", "sqlite db.sqlite"},
		{"db.sqlite:users", "sqlite db.sqlite inner=users"},
		{"db.sqlite:users:3", "sqlite db.sqlite inner=users:3"},
		{"db.sqlite:users?where=age>30&order=age desc", "sqlite db.sqlite inner=users query=where=age>30&order=age desc"},
		{"db.sqlite?q=SELECT ':' AS c, '?' AS d", "sqlite db.sqlite query=q=SELECT ':' AS c, '?' AS d"},
		{"db.sqlite?", "sqlite db.sqlite query="},
		// Schemes.
		{"conflict://*", "conflict://*"},
		{"conflict://1/ours", "conflict://1/ours"},
		{"Local://src/a.go:3", "local://src/a.go:3"},
		{"skill://x/SKILL.md", "skill://x/SKILL.md"},
		{"https://example.test/page:5-8", "https://example.test/page:5-8"},
		// Errors: selector-shaped but invalid.
		{"a.go:0-3", "error: invalid line selector \":0-3\": line numbers start at 1. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
		{"a.zip:dir/m.txt:9-3", "error: invalid line selector \":9-3\": the range ends (3) before it starts (9). Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw"},
	} {
		p, err := ParsePath(c.in, testFS)
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else {
			got = show(p)
		}
		if got != c.want {
			t.Errorf("ParsePath(%q) = %s\n want %s", c.in, got, c.want)
		}
	}
}

func TestTable(t *testing.T) {
	for _, c := range []struct{ in, table, row string }{
		{"users", "users", ""},
		{"users:3", "users", "3"},
		{"odd:name:7", "odd:name", "7"},
		{":7", ":7", ""},
	} {
		if tb, r := Table(c.in); tb != c.table || r != c.row {
			t.Errorf("Table(%q) = %q, %q; want %q, %q", c.in, tb, r, c.table, c.row)
		}
	}
}

// FuzzParsePath: any argument parses or fails with a selector error; a
// parsed local path names a prefix of the argument, and file, inner,
// query and selector put back together give the argument again.
func FuzzParsePath(f *testing.F) {
	for _, s := range []string{"a.go:5-16", "a.zip:dir/m.txt:5-9", "a.zip:raw:notes.txt", "db.sqlite:users:3?limit=2", "db.sqlite?q=SELECT 1", "conflict://1/ours", "nb.ipynb:cell:1", "a:1:2", "file:///abs/x.txt:2", "dir:3", "notes:todo"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, entry string) {
		p, err := ParsePath(entry, testFS)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "invalid line selector ") {
				t.Fatalf("%q: error %q", entry, err)
			}
			return
		}
		if p.Scheme != "" {
			if !strings.HasSuffix(entry, p.Rest) {
				t.Fatalf("%q: rest %q", entry, p.Rest)
			}
			return
		}
		local := strings.TrimPrefix(entry, "file://")
		if len(entry) > 7 && strings.EqualFold(entry[:7], "file://") {
			local = entry[7:]
		}
		rebuilt := p.File
		switch {
		case p.Kind == SQLite:
			if p.Inner != "" || (p.HasQuery && !strings.HasPrefix(local[len(p.File):], "?")) {
				rebuilt += ":" + p.Inner
			}
			if p.HasQuery {
				rebuilt += "?" + p.Query
			}
		case p.Inner != "":
			rebuilt += ":" + p.Inner
		}
		if p.Sel != nil {
			rebuilt += ":" + p.Sel.Text
		}
		// "a.zip:" and "db.sqlite:" (nothing inside) are the file itself.
		if rebuilt != local && !((p.Kind == Archive || p.Kind == SQLite) && p.Inner == "" && !p.HasQuery && rebuilt+":" == local) {
			t.Fatalf("%q: parsed as %s, which rebuilds to %q", entry, show(p), rebuilt)
		}
		if p.Kind == Missing && p.File != local {
			t.Fatalf("%q: missing but file %q", entry, p.File)
		}
	})
}

// TestParsePathWindows: a drive's colon is the path's. A workspace that
// holds a file, directory or archive called "C" (as a C project's might)
// does not turn C:\src\a.ts:5-9 into a selector on it.
func TestParsePathWindows(t *testing.T) {
	fs := fakeFS{kinds: map[string]Kind{
		`C:\src\a.ts`: Plain, `c:/src/b.ts`: Plain, `\\?\C:\src\a.ts`: Plain, `\\server\share\a.ts`: Plain,
		`D:\w\a.zip`: Archive, `C:\db.sqlite`: SQLite, "C": Archive, "D": Dir,
	}, members: map[string][]string{`D:\w\a.zip`: {`dir/m.txt`}, "C": {`\src\missing.ts`}}}
	for _, c := range []struct{ in, want string }{
		{`C:\src\a.ts`, `file C:\src\a.ts`},
		{`C:\src\a.ts:5-9`, `file C:\src\a.ts sel=[{5 9}]`},
		{`C:\src\a.ts:40:8`, `file C:\src\a.ts sel=[{40 0}]`},
		{`C:\src\a.ts:raw`, `file C:\src\a.ts sel=raw`},
		{`c:/src/b.ts:L3`, `file c:/src/b.ts sel=[{3 0}]`},
		{`\\?\C:\src\a.ts:2`, `file \\?\C:\src\a.ts sel=[{2 0}]`},
		{`\\server\share\a.ts:7+2`, `file \\server\share\a.ts sel=[{7 8}]`},
		{`D:\w\a.zip:dir/m.txt:5`, `archive D:\w\a.zip inner=dir/m.txt sel=[{5 0}]`},
		{`C:\db.sqlite:users:3`, `sqlite C:\db.sqlite inner=users:3`},
		// Missing files stay whole: never the archive or directory "C"/"D".
		{`C:\src\missing.ts`, `missing C:\src\missing.ts`},
		{`C:\src\missing.ts:5-9`, `missing C:\src\missing.ts:5-9`},
		{`D:\nothing:3`, `missing D:\nothing:3`},
		// Not a drive: a drive-relative "C:5" is still the file C, line 5.
		{`D:5`, `directory D sel=[{5 0}]`},
	} {
		p, err := ParsePath(c.in, fs)
		got := ""
		if err != nil {
			got = "error: " + err.Error()
		} else {
			got = show(p)
		}
		if got != c.want {
			t.Errorf("ParsePath(%q) = %s\n want %s", c.in, got, c.want)
		}
	}
}

func TestSplitWindowsPaths(t *testing.T) {
	for _, c := range []struct {
		in, path, sel string
		ok            bool
	}{
		{`C:\src\a.ts:5-9`, `C:\src\a.ts`, "5-9", true},
		{`C:\src\a.ts:40:8`, `C:\src\a.ts`, "40:8", true},
		{`C:\src\a.ts`, `C:\src\a.ts`, "", false},
		{`C:\5`, `C:\5`, "", false},
		{`C:/5:3`, `C:/5`, "3", true},
		{`\\?\C:\1`, `\\?\C:\1`, "", false},
		{`C:5`, "C", "5", true}, // drive-relative: not a drive prefix
	} {
		p, s, ok := Split(c.in)
		if p != c.path || s != c.sel || ok != c.ok {
			t.Errorf("Split(%q) = %q, %q, %v; want %q, %q, %v", c.in, p, s, ok, c.path, c.sel, c.ok)
		}
	}
}

//go:build cgo

package search

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// TestStructuralValues: a structural match's row has its first and last
// line, its range in characters, its code and its captures (a sequence's
// nodes one by one); count counts matches.
func TestStructuralValues(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.js": "const µ = log(1, g(2),\n  three);\nlog();\nlog(x)\n"})
	r := structuralResult(t, newEnv(t, root), `{"pattern": "log($A, $$$REST)"}`)
	if len(r.FileMatches) != 1 || r.FileMatches[0].Count != 1 || r.MatchCount != 1 {
		t.Fatalf("files %+v", r.FileMatches)
	}
	m := r.FileMatches[0].Matches[0]
	got, _ := json.Marshal(m)
	want := `{"line":1,"text":"log(1, g(2),\n  three)","endLine":2,"range":{"start":{"line":1,"column":11},"end":{"line":2,"column":9}},` +
		`"captures":{"A":{"text":"1","range":{"start":{"line":1,"column":15},"end":{"line":1,"column":16}}},` +
		`"REST":{"text":"g(2),\n  three","range":{"start":{"line":1,"column":18},"end":{"line":2,"column":8}},"nodes":["g(2)","three"]}}}`
	if string(got) != want {
		t.Errorf("match:\n got %s\nwant %s", got, want)
	}
}

// TestStructuralPaging: limit 0 returns every match of every file; the
// default page counts matches, not lines.
func TestStructuralPaging(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := range 30 {
		files[fmt.Sprintf("p/f%02d.py", i)] = strings.Repeat("print(1)\nprint(2, 3)\n", 3)
	}
	writeFiles(t, root, files)
	env := newEnv(t, root)
	all := structuralResult(t, env, `{"pattern": "print($$$A)", "limit": 0}`)
	if all.FileCount != 30 || all.MatchCount != 180 || all.NextSkip != 0 {
		t.Errorf("limit 0: %d files, %d matches, nextSkip %d", all.FileCount, all.MatchCount, all.NextSkip)
	}
	page := structuralResult(t, env, `{"pattern": "print($A)"}`)
	if page.FileCount != 20 || page.MatchCount != 60 || page.NextSkip != 20 {
		t.Errorf("page 1: %d files, %d matches, nextSkip %d", page.FileCount, page.MatchCount, page.NextSkip)
	}
	next := structuralResult(t, env, `{"pattern": "print($A)", "skip": 20}`)
	if next.FileCount != 10 || next.NextSkip != 0 || next.Files[0] != "p/f20.py" {
		t.Errorf("page 2: %d files from %v, nextSkip %d", next.FileCount, next.Files, next.NextSkip)
	}
}

// TestStructuralLanguages: without language each file is read in its own
// (a pattern that does not parse in one leaves that language's files out
// and says so); with one, only its files, and a named file in it whatever
// its name.
func TestStructuralLanguages(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": "package a\nfunc f() { g(1) }\n", "b.py": "g(2)\n", "c.rb": "g(3)\n", "script": "g(4)\n", "d.md": "g(5)\n"})
	env := newEnv(t, root)
	r := structuralResult(t, env, `{"pattern": "g($X)"}`)
	if strings.Join(r.Files, ",") != "a.go,b.py,c.rb" {
		t.Errorf("by extension: %v", r.Files)
	}
	r = structuralResult(t, env, `{"pattern": "g($X)", "language": "py"}`)
	if strings.Join(r.Files, ",") != "b.py" {
		t.Errorf("language py: %v", r.Files)
	}
	r = structuralResult(t, env, `{"pattern": "g($X)", "language": "python", "paths": "script"}`)
	if strings.Join(r.Files, ",") != "script" {
		t.Errorf("a named file in python: %v", r.Files)
	}
	// "def $F():" is Python only: the Go and Ruby files are not searched,
	// and the result says so.
	writeFiles(t, root, map[string]string{"e.py": "def h():\n    pass\n"})
	r = structuralResult(t, env, `{"pattern": "def $F():\n    $$$B"}`)
	if strings.Join(r.Files, ",") != "e.py" || !strings.Contains(r.Text, `[Not searched: 1 go file (pattern "def $F():\n    $$$B" does not parse as go: cannot place`) {
		t.Errorf("a Python pattern over several languages: %v\n%s", r.Files, r.Text)
	}
}

func structuralResult(t *testing.T, env *tools.Env, args string) *SearchResult {
	t.Helper()
	res, text := call(t, StructuralSearch(), env, args)
	if strings.HasPrefix(text, "ERROR") {
		t.Fatal(text)
	}
	return res.Structured.(*SearchResult)
}

// TestSearchIsNotStructural: search takes no structural arguments (its
// description names structural_search).
func TestSearchIsNotStructural(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": "package a\n"})
	env := newEnv(t, root)
	if !strings.Contains(Search().Description(), "use structural_search") {
		t.Error("search's description does not name structural_search")
	}
	for _, args := range []string{`{"pattern": "f($A)", "structural": true}`, `{"pattern": "f($A)", "language": "go"}`} {
		if _, text := call(t, Search(), env, args); !strings.HasPrefix(text, "ERROR ERR_INVALID_ARGS: search: invalid arguments: additional properties") {
			t.Errorf("%s: %s", args, text)
		}
	}
}

func TestStructuralErrors(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": "package a\n"})
	env := newEnv(t, root)
	for args, want := range map[string]string{
		`{"pattern": "f($A)", "language": "cobol"}`:                                  `ERROR ERR_INVALID_ARGS: structural search: unknown language "cobol": known are go, javascript`,
		`{"pattern": "f($A)", "language": "go", "where": {"B": {"regex": "x"}}}`:     "ERROR ERR_INVALID_ARGS: structural search: where names B, which the pattern does not capture (it captures $A)",
		`{"pattern": "f($A)", "language": "go", "where": {"A": {"regex": "("}}}`:     "ERROR ERR_INVALID_ARGS: structural search: where.A.regex: error parsing regexp",
		`{"pattern": "f($A)", "language": "go", "where": {"A": {"kind": "string"}}}`: `ERROR ERR_INVALID_ARGS: structural search: where.A.kind: go has no node kind "string" (did you mean `,
		`{"pattern": "f($A)", "language": "go", "inside": "func ("}`:                 `ERROR ERR_INVALID_ARGS: structural search: inside: pattern "func (" does not parse as go`,
		`{"pattern": "$$$A", "language": "go"}`:                                      "ERROR ERR_INVALID_ARGS: structural search: pattern \"$$$A\" (go): a pattern cannot be a lone $$$ sequence",
		`{"pattern": "a := 1\nb := 2", "language": "go"}`:                            "ERROR ERR_INVALID_ARGS: structural search: pattern \"a := 1\\nb := 2\" (go): the pattern is several nodes",
		`{"pattern": "def $F():\n    $$$B", "paths": "a.go"}`:                        `ERROR ERR_INVALID_ARGS: structural search: pattern "def $F():\n    $$$B" does not parse as go`,
	} {
		if _, text := call(t, StructuralSearch(), env, args); !strings.HasPrefix(text, want) {
			t.Errorf("%s:\n got %s\nwant %s…", args, text, want)
		}
	}
}

package code

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/files"
	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

func writeFiles(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for name, body := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func outlineOf(t *testing.T, env *tools.Env, args string) *OutlineResult {
	t.Helper()
	res, text := call(t, Outline(), env, args)
	if strings.HasPrefix(text, "ERROR") {
		t.Fatalf("outline %s: %s", args, text)
	}
	return res.Structured.(*OutlineResult)
}

// TestOutlineLongestFunctions is the task a model got wrong with regular
// expressions: the three longest Go functions, where a shell template in a
// raw string has column-0 braces and "func" lines of its own.
func TestOutlineLongestFunctions(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"gen.go": "package gen\n\nfunc short() {}\n\nfunc template() string {\n\treturn `\nfunc fake() {\n}\n}\n`\n}\n\nfunc long() {\n\ta := 1\n\tb := 2\n\t_ = a + b\n\tif a > b {\n\t\treturn\n\t}\n}\n\nfunc mid() {\n\tx := 1\n\t_ = x\n}\n"})
	res := outlineOf(t, newEnv(root), `{"paths": "gen.go", "kinds": ["function"]}`)
	var got []string
	for _, s := range res.Files[0].Symbols {
		got = append(got, fmt.Sprintf("%s %d", s.Name, s.EndLine-s.StartLine+1))
	}
	if want := "short 1,template 7,long 8,mid 4"; strings.Join(got, ",") != want {
		t.Errorf("functions %v, want %s", got, want)
	}
}

func TestOutlineFilters(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.py": "class A:\n    x = 1\n    def m(self):\n        pass\n\ndef f():\n    pass\n"})
	env := newEnv(root)
	for args, want := range map[string]string{
		`{"paths": "a.py", "depth": 1}`:                     "class A,function f",
		`{"paths": "a.py", "kinds": ["method", "field"]}`:   "field x,method m",
		`{"paths": ["a.py"], "kinds": ["class"]}`:           "class A",
		`{"paths": "a.py", "depth": 2, "kinds": ["class"]}`: "class A",
	} {
		var got []string
		for _, s := range outlineOf(t, env, args).Files[0].Symbols {
			got = append(got, s.Kind+" "+s.Name)
		}
		if strings.Join(got, ",") != want {
			t.Errorf("%s: %v, want %s", args, got, want)
		}
	}
}

func TestOutlineErrors(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": "package a\n", "notes.txt": "hello\n", "bin.py": "x = 1\x00\n"})
	env := newEnv(root)
	for args, want := range map[string]string{
		`{"paths": []}`: "ERROR ERR_INVALID_ARGS: outline.paths is required",
		`{"paths": "a.go", "kinds": ["function2"]}`: `ERROR ERR_INVALID_ARGS: outline: invalid arguments: at "kinds.0": value must be one of 'function'`,
		`{"paths": "nope/"}`:                        "ERROR ERR_NOT_FOUND: Path not found: nope/",
		`{"paths": "a.go", "depth": -1}`:            "ERROR ERR_INVALID_ARGS",
	} {
		if _, text := call(t, Outline(), env, args); !strings.HasPrefix(text, want) {
			t.Errorf("%s: %s, want %s…", args, text, want)
		}
	}
	for args, want := range map[string]string{
		`{"paths": "notes.txt"}`:       "[Not outlined: notes.txt (no outline for this file type)]",
		`{"paths": "bin.py"}`:          "[Not outlined: bin.py (binary)]",
		`{"paths": ["a.go", "gone"]}`:  "[Skipped missing paths: gone]",
		`{"paths": ["a.go", "*.txt"]}`: "[a.go#",
	} {
		if _, text := call(t, Outline(), env, args); !strings.Contains(text, want) {
			t.Errorf("%s: %s, want it to say %s", args, text, want)
		}
	}
}

// TestOutlineHeuristic: without a grammar (a build without cgo) each
// language's declaration patterns and the brace/indent block ends still
// give the symbols, marked heuristic.
func TestOutlineHeuristic(t *testing.T) {
	cases := []struct{ file, src, want string }{
		{"a.ts", "export class A {\n  run() {\n  }\n}\nexport const f = async (x) => {\n  return x;\n};\ninterface I {\n}\n", "class A 1-4,method run 2-3,function f 5-7,interface I 8-9"},
		{"a.py", "class A:\n    def m(self):\n        return 1\n\nasync def f():\n    pass\n", "class A 1-3,method m 2-3,function f 5-6"},
		{"a.rs", "pub struct P {\n    x: i32,\n}\nfn main() {\n}\n", "struct P 1-3,function main 4-5"},
		{"A.java", "public class A {\n    public void run(int x) {\n    }\n}\n", "class A 1-4,method run 2-3"},
		{"a.c", "struct s {\n  int a;\n};\nint main(void) {\n  return 0;\n}\n", "struct s 1-3,function main 4-6"},
		{"a.rb", "class A\n  def m\n  end\nend\n", "class A 1-4,method m 2-3"},
		{"a.kt", "class A {\n    fun m() {\n    }\n}\n", "class A 1-4,method m 2-3"},
	}
	for _, c := range cases {
		lang := outlineLanguage(c.file)
		var got []string
		for _, s := range outlineHeuristic(c.file, lang, []byte(c.src)) {
			got = append(got, fmt.Sprintf("%s %s %d-%d", s.Kind, s.Name, s.StartLine, s.EndLine))
		}
		if strings.Join(got, ",") != c.want {
			t.Errorf("%s: %v, want %s", c.file, got, c.want)
		}
	}
}

// TestOutlineSyntaxErrors: a file that does not parse keeps the symbols
// the parser recovered and says so.
func TestOutlineSyntaxErrors(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": "package a\n\nfunc ok() {}\n\nfunc broken( {\n", "b.ts": "function ok() {}\nclass {\n"})
	res := outlineOf(t, newEnv(root), `{"paths": "."}`)
	for _, f := range res.Files {
		if !f.SyntaxErrors || len(f.Symbols) == 0 || f.Symbols[0].Name != "ok" {
			t.Errorf("%s: syntaxErrors %v, symbols %+v", f.Path, f.SyntaxErrors, f.Symbols)
		}
	}
	if !strings.Contains(res.Text, "(syntax errors: symbols near them may be missing)") {
		t.Errorf("the text does not say the file has syntax errors:\n%s", res.Text)
	}
}

// TestOutlineHeadersEdit: a symbol's lines under the file's header are
// what edit changes.
func TestOutlineHeadersEdit(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.go": "package a\n\nfunc A() int {\n\treturn 1\n}\n\nfunc B() {}\n"})
	env := newEnv(root)
	res := outlineOf(t, env, `{"paths": "a.go"}`)
	f, s := res.Files[0], res.Files[0].Symbols[0]
	edit := fmt.Sprintf("%s\nreplace %d..%d:\n+func A() int { return 2 }\n", f.Header, s.StartLine, s.EndLine)
	var editTool tools.Tool
	for _, t := range files.Tools() {
		if t.Name() == "edit" {
			editTool = t
		}
	}
	if _, text := call(t, editTool, env, fmt.Sprintf(`{"input": %q}`, edit)); strings.HasPrefix(text, "ERROR") {
		t.Fatal(text)
	}
	data, _ := os.ReadFile(filepath.Join(root, "a.go"))
	if string(data) != "package a\n\nfunc A() int { return 2 }\n\nfunc B() {}\n" {
		t.Errorf("after the edit:\n%s", data)
	}
}

// FuzzOutline: any source in any language outlines without a panic, and
// every symbol's lines are inside the file, in order.
func FuzzOutline(f *testing.F) {
	for lang, src := range map[string]string{"a.go": "package a\nfunc f() {}\n", "a.ts": "class A { m() {} }\n", "a.py": "def f():\n  pass\n",
		"a.rs": "fn f() {}\n", "A.java": "class A { void m() {} }\n", "a.cpp": "struct S { int x; };\n", "a.rb": "class A\nend\n", "a.kt": "fun f() {}\n"} {
		f.Add(lang, src)
	}
	f.Fuzz(func(t *testing.T, name, src string) {
		name = "f" + filepath.Ext(name)
		lang := outlineLanguage(name)
		if lang == "" {
			return
		}
		var p syntax.Parser
		syms, _, _ := outlineSource(context.Background(), &p, name, lang, []byte(src))
		assertOpaqueChangesNothing(t, name, lang, []byte(src))
		lines := strings.Count(src, "\n") + 1
		for _, s := range syms {
			if s.StartLine < 1 || s.EndLine < s.StartLine || s.EndLine > lines || s.Name == "" || s.Depth < 1 {
				t.Fatalf("%s: bad symbol %+v in a %d-line file", name, s, lines)
			}
		}
	})
}

// TestOpaqueChangesNothing: outlining from a tree without the subtrees
// of opaque (function bodies...) lists exactly what the whole tree does,
// for every fixture of the outline goldens.
func TestOpaqueChangesNothing(t *testing.T) {
	if !syntax.Available() {
		t.Skip("no tree-sitter in this build")
	}
	archives, _ := filepath.Glob(filepath.Join("testdata", "outline", "*.txtar"))
	skipped := map[string]int{}
	for _, file := range archives {
		ar, err := txtar.ParseFile(file)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range ar.Files {
			if lang := syntax.LanguageOf(f.Name); lang != "" && lang != "go" {
				skipped[lang] += assertOpaqueChangesNothing(t, f.Name, lang, f.Data)
			}
		}
	}
	for lang, kinds := range opaque {
		l, _ := syntax.Lookup(lang)
		for k, fields := range kinds {
			for _, f := range fields {
				if !l.HasKind(k) || !l.HasField(f) {
					t.Errorf("%s: opaque names %s.%s, which the grammar does not have", lang, k, f)
				}
			}
		}
		if n, ok := skipped[lang]; !ok && lang != "tsx" {
			t.Errorf("no outline fixture in %s to check its opaque bodies with", lang)
		} else if ok && n <= 0 {
			t.Errorf("%s: nothing left out of any fixture's tree", lang)
		}
	}
}

// assertOpaqueChangesNothing fails when src's outline differs between
// a tree without the subtrees of opaque[lang] and the whole tree; it
// returns how many nodes that left out.
func assertOpaqueChangesNothing(t *testing.T, name, lang string, src []byte) (skipped int) {
	t.Helper()
	l, err := syntax.Lookup(lang)
	if err != nil || lang == "go" {
		return 0
	}
	var whole, pruned syntax.Parser
	tw, err := whole.Parse(context.Background(), l, src, syntax.Options{Fields: true})
	if err != nil {
		t.Fatal(err)
	}
	tp, err := pruned.Parse(context.Background(), l, src, syntax.Options{Fields: true, Opaque: opaque[lang]})
	if err != nil {
		t.Fatal(err)
	}
	if a, b := fmt.Sprintf("%+v", outlineTree(tw, name)), fmt.Sprintf("%+v", outlineTree(tp, name)); a != b {
		t.Errorf("%s: outline of the whole tree\n%s\nwithout bodies\n%s", name, a, b)
	}
	return len(tw.Nodes) - len(tp.Nodes)
}

// BenchmarkOutline10kLines: outline of a 10,000-line file (goal: 50 ms).
func BenchmarkOutline10kLines(b *testing.B) {
	chunks := map[string]string{
		"big.go": "// F%d does a thing.\nfunc F%d(a, b int) (int, error) {\n\tif a > b {\n\t\treturn a - b, nil\n\t}\n\tfor i := 0; i < b; i++ {\n\t\ta += i\n\t}\n\treturn a, fmt.Errorf(\"x %%d\", a)\n}\n\ntype T%d struct {\n\tName string\n\tAge  int\n}\n\n",
		"big.ts": "export class C%d {\n  private n = %d;\n  run(a: number): number {\n    if (a > this.n) {\n      return a;\n    }\n    return this.n + a;\n  }\n}\n\nexport function f%d(x: string): string {\n  return x.trim();\n}\n\n",
		"big.py": "class C%d:\n    n = %d\n\n    def run(self, a):\n        if a > self.n:\n            return a\n        return self.n + a\n\n\ndef f%d(x):\n    return x.strip()\n\n\n",
	}
	for name, chunk := range chunks {
		var src strings.Builder
		if strings.HasSuffix(name, ".go") {
			src.WriteString("package big\n\nimport \"fmt\"\n\n")
		}
		for i := 0; strings.Count(src.String(), "\n") < 10000; i++ {
			fmt.Fprintf(&src, chunk, i, i, i)
		}
		b.Run(filepath.Ext(name)[1:], func(b *testing.B) {
			root := b.TempDir()
			writeFiles(b, root, map[string]string{name: src.String()})
			env := newEnv(root)
			args := fmt.Sprintf(`{"paths": %q}`, name)
			b.ResetTimer()
			start := proctest.CPUTime()
			for range b.N {
				if _, text := call(b, Outline(), env, args); strings.HasPrefix(text, "ERROR") {
					b.Fatal(text)
				}
			}
			b.ReportMetric(float64(proctest.CPUTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		})
	}
}

//go:build cgo

package syntax

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"
)

var samples = map[string]string{
	"go":         "package p\n\n// F does.\nfunc F(x int) error {\n\tif x == nil { return fmt.Errorf(\"µ%d\", x) }\n\treturn nil\n}\n",
	"javascript": "const a = <div>{x}</div>;\nfunction f(a, ...b) { return a?.b ?? c; } // end\n",
	"typescript": "export class A<T> implements B { @dec() m(x: T): void {} }\n",
	"tsx":        "const c = (p: P) => <A b={p.c} />;\n",
	"python":     "@d\ndef f(a, *b):\n    '''doc'''\n    return [x for x in a if x]\n",
	"rust":       "#[test]\nfn t() { let v: Vec<u8> = vec![1]; assert!(v.len() == 1); }\n",
	"java":       "class A { @Test void t() { int x = 1; } }\n",
	"c":          "int main(void) { int a[3] = {1}; return a[0]; }\n",
	"cpp":        "template <class T> struct S { T v; auto f() -> T { return v; } };\n",
	"ruby":       "class A\n  def f(x) = x + 1\n  it \"works\" do\n    expect(1).to eq 1\n  end\nend\n",
}

// TestFlatTreeMatchesGoTreeSitter: the flat tree of each language's sample
// has the nodes go-tree-sitter's own API walks, with the same kinds,
// ranges, fields, flags and parents — so the C grammar pointer taken from
// hashline/blocks' grammar and the C struct layout are right.
func TestFlatTreeMatchesGoTreeSitter(t *testing.T) {
	for _, name := range Names {
		t.Run(name, func(t *testing.T) {
			lang, err := Lookup(name)
			if err != nil {
				t.Fatal(err)
			}
			src := []byte(samples[name])
			var p Parser
			tree, err := p.Parse(context.Background(), lang, src, Options{Fields: true})
			if err != nil {
				t.Fatal(err)
			}
			root, err := sitter.ParseCtx(context.Background(), src, lang.Grammar())
			if err != nil {
				t.Fatal(err)
			}
			var want []string
			var walk func(n *sitter.Node, field string, parent int)
			walk = func(n *sitter.Node, field string, parent int) {
				idx := len(want)
				if !n.IsNamed() {
					field = "" // only named nodes have their field recorded
				}
				want = append(want, fmt.Sprintf("%s[%d,%d) field=%s named=%v extra=%v missing=%v err=%v parent=%d",
					n.Type(), n.StartByte(), n.EndByte(), field, n.IsNamed(), n.IsExtra(), n.IsMissing(), n.HasError(), parent))
				for i := 0; i < int(n.ChildCount()); i++ {
					walk(n.Child(i), n.FieldNameForChild(i), idx)
				}
			}
			walk(root, "", -1)
			var got []string
			for i, n := range tree.Nodes {
				got = append(got, fmt.Sprintf("%s[%d,%d) field=%s named=%v extra=%v missing=%v err=%v parent=%d",
					tree.Kind(i), n.Start, n.End, tree.FieldName(i), n.Named(), n.Extra(), n.Missing(), n.HasError(), n.Parent))
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("flat tree differs from go-tree-sitter's:\ngot:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
			}
			// After and the sibling links agree with the parents.
			for i := range tree.Nodes {
				for _, c := range tree.Children(i) {
					if int(tree.Nodes[c].Parent) != i {
						t.Fatalf("node %d lists child %d whose parent is %d", i, c, tree.Nodes[c].Parent)
					}
				}
			}
		})
	}
}

// TestOpaque: a parse with Opaque has the whole tree's nodes less those
// inside the nodes in the opaque fields (here bodies and parameters) of
// those kinds, with the same kinds, ranges, flags, fields (when asked) and
// parents.
func TestOpaque(t *testing.T) {
	for _, name := range Names {
		for _, fields := range []bool{true, false} {
			t.Run(fmt.Sprintf("%s/fields=%v", name, fields), func(t *testing.T) {
				lang, _ := Lookup(name)
				if len(lang.fields) > 64 {
					t.Fatalf("%d fields: Opaque handles field ids up to 63", len(lang.fields)-1)
				}
				src := []byte(samples[name])
				var pw, pp Parser
				whole, err := pw.Parse(context.Background(), lang, src, Options{Fields: true})
				if err != nil {
					t.Fatal(err)
				}
				// Every kind with a body or parameters in the sample, and
				// the nodes inside those.
				opaque := map[string][]string{}
				inside := make([]bool, len(whole.Nodes))
				for i, n := range whole.Nodes {
					if f := whole.FieldName(i); f == "body" || f == "parameters" {
						k := whole.Kind(int(n.Parent))
						opaque[k] = append(opaque[k], f)
						for j := i + 1; j < int(n.After); j++ {
							inside[j] = true
						}
					}
				}
				if len(opaque) == 0 {
					t.Fatal("no body or parameters in the sample")
				}
				var want []string
				index := make([]int, len(whole.Nodes))
				for i, n := range whole.Nodes {
					if inside[i] {
						continue
					}
					index[i] = len(want)
					parent, field := -1, ""
					if n.Parent >= 0 {
						parent = index[n.Parent]
					}
					if fields {
						field = whole.FieldName(i)
					}
					want = append(want, fmt.Sprintf("%s[%d,%d) field=%s flags=%d parent=%d", whole.Kind(i), n.Start, n.End, field, n.Flags, parent))
				}
				tree, err := pp.Parse(context.Background(), lang, src, Options{Fields: fields, Opaque: opaque})
				if err != nil {
					t.Fatal(err)
				}
				var got []string
				for i, n := range tree.Nodes {
					got = append(got, fmt.Sprintf("%s[%d,%d) field=%s flags=%d parent=%d", tree.Kind(i), n.Start, n.End, tree.FieldName(i), n.Flags, n.Parent))
					if c := tree.FirstChild(i); c >= 0 && int(tree.Nodes[c].Parent) != i {
						t.Errorf("node %d's first child %d has parent %d", i, c, tree.Nodes[c].Parent)
					}
				}
				if strings.Join(got, "\n") != strings.Join(want, "\n") {
					t.Errorf("Opaque %v:\ngot:\n%s\nwant:\n%s", opaque, strings.Join(got, "\n"), strings.Join(want, "\n"))
				}
			})
		}
	}
}

// TestDeepNesting: a tree deeper than the flattener's first stack.
func TestDeepNesting(t *testing.T) {
	lang, _ := Lookup("javascript")
	src := []byte("x = " + strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000) + ";")
	var p Parser
	tree, err := p.Parse(context.Background(), lang, src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	depth, d := 0, make([]int, len(tree.Nodes)) // parents come before their children
	for i, n := range tree.Nodes[1:] {
		d[i+1] = d[n.Parent] + 1
		depth = max(depth, d[i+1])
	}
	if depth < 5000 {
		t.Errorf("the deepest node is %d levels down, want over 5000", depth)
	}
	if int(tree.Nodes[0].After) != len(tree.Nodes) {
		t.Errorf("root's subtree ends at %d of %d nodes", tree.Nodes[0].After, len(tree.Nodes))
	}
}

// TestParseStopsWithContext: a cancelled context stops a parse with its
// error, and the parser is usable afterwards.
func TestParseStopsWithContext(t *testing.T) {
	lang, _ := Lookup("go")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	src := []byte("package p\n" + strings.Repeat("func f() { a := []int{1, 2, 3}; _ = a }\n", 20000))
	var p Parser
	if _, err := p.Parse(ctx, lang, src, Options{}); err != context.Canceled {
		t.Fatalf("cancelled parse: err %v, want context.Canceled", err)
	}
	tree, err := p.Parse(context.Background(), lang, []byte("package p\n"), Options{})
	if err != nil || tree.Kind(0) != "source_file" {
		t.Fatalf("parse after a cancel: %v", err)
	}
}

func TestLookup(t *testing.T) {
	for in, want := range map[string]string{"ts": "typescript", "Golang": "go", "py": "python", "c++": "cpp", "tsx": "tsx"} {
		l, err := Lookup(in)
		if err != nil || l.Name != want {
			t.Errorf("Lookup(%q) = %v, %v; want %s", in, l, err, want)
		}
	}
	if _, err := Lookup("cobol"); err == nil || !strings.Contains(err.Error(), "known are go,") {
		t.Errorf("unknown language: %v", err)
	}
}

func TestPosition(t *testing.T) {
	src := []byte("ab\nµx y\n")
	tree := &Tree{Src: src}
	for off, want := range map[int]Pos{0: {1, 1}, 2: {1, 3}, 3: {2, 1}, 5: {2, 2}, 6: {2, 3}, 9: {3, 1}} {
		if got := tree.Position(off); got != want {
			t.Errorf("Position(%d) = %v, want %v", off, got, want)
		}
	}
}

// BenchmarkParse10kLines: parse a 10,000-line TypeScript and Python file
// (outline's benchmark files): tree-sitter alone, then flattened plain,
// with fields, and without function bodies and parameters (Opaque).
func BenchmarkParse10kLines(b *testing.B) {
	chunks := map[string]string{
		"typescript": "export class C%d {\n  private n = %d;\n  run(a: number): number {\n    if (a > this.n) {\n      return a;\n    }\n    return this.n + a;\n  }\n}\n\nexport function f%d(x: string): string {\n  return x.trim();\n}\n\n",
		"python":     "class C%d:\n    n = %d\n\n    def run(self, a):\n        if a > self.n:\n            return a\n        return self.n + a\n\n\ndef f%d(x):\n    return x.strip()\n\n\n",
	}
	fn := []string{"body", "parameters"}
	opaque := map[string][]string{"function_declaration": fn, "method_definition": fn, "function_definition": fn}
	for _, name := range []string{"typescript", "python"} {
		var src strings.Builder
		for i := 0; strings.Count(src.String(), "\n") < 10000; i++ {
			fmt.Fprintf(&src, chunks[name], i, i, i)
		}
		data := []byte(src.String())
		lang, _ := Lookup(name)
		b.Run(name+"/tree-sitter", func(b *testing.B) {
			b.SetBytes(int64(len(data)))
			defer reportCPU(b, proctest.CPUTime())
			for range b.N {
				tree, err := parse(context.Background(), lang, data)
				if err != nil {
					b.Fatal(err)
				}
				deleteTree(tree)
			}
		})
		for _, mode := range []string{"plain", "fields", "opaque"} {
			opts := map[string]Options{"fields": {Fields: true}, "opaque": {Fields: true, Opaque: opaque}}[mode]
			b.Run(name+"/"+mode, func(b *testing.B) {
				var p Parser
				b.SetBytes(int64(len(data)))
				var nodes int
				defer reportCPU(b, proctest.CPUTime())
				for range b.N {
					t, err := p.Parse(context.Background(), lang, data, opts)
					if err != nil {
						b.Fatal(err)
					}
					nodes = len(t.Nodes)
				}
				b.ReportMetric(float64(nodes), "nodes")
			})
		}
	}
}

// reportCPU reports the process's CPU time per op since start (less moved
// by other load on a shared machine than ns/op).
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric(float64(proctest.CPUTime()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
}

func BenchmarkParseGoTreeSitter(b *testing.B) {
	chunk := "export class C%d {\n  private n = %d;\n  run(a: number): number {\n    if (a > this.n) {\n      return a;\n    }\n    return this.n + a;\n  }\n}\n\nexport function f%d(x: string): string {\n  return x.trim();\n}\n\n"
	var src strings.Builder
	for i := 0; i < 700; i++ {
		fmt.Fprintf(&src, chunk, i, i, i)
	}
	lang, _ := Lookup("typescript")
	data := []byte(src.String())
	b.SetBytes(int64(len(data)))
	for range b.N {
		p := sitter.NewParser()
		p.SetLanguage(lang.Grammar())
		tree, _ := p.ParseCtx(context.Background(), nil, data)
		tree.Close()
		p.Close()
	}
}

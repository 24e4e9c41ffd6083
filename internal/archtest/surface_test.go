package archtest

import (
	"bytes"
	"flag"
	"go/ast"
	"go/parser"
	"go/printer"
	"go/token"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the public-surface goldens")

// publicPackages are the packages whose exported API is a promise; every
// change to it shows as a diff of testdata/surface/<pkg>.txt. Each room
// (DESIGN.md) is public at its top and seals its details in its own
// internal/ folder: RATIONALE.md says why each package here is importable.
var publicPackages = []string{
	"engine",
	"runtime", "runtime/quickjs", "runtime/goja", "runtime/webapi", "runtime/runtimetest",
	"bindings",
	"tools", "tools/builtin", "tools/journal", "tools/spill", "tools/meta",
	"tools/files", "tools/search", "tools/code", "tools/shell", "tools/web", "tools/resource", "tools/todo", "tools/ask",
	"hashline", "hashline/blocks",
	"models",
	"docs",
}

// TestPublicSurfaceGolden lists the exported identifiers of each public
// package (functions and methods with their signatures, types with their
// exported fields and methods, constants and variables) against a
// checked-in golden. Run with -update after a deliberate change.
func TestPublicSurfaceGolden(t *testing.T) {
	for _, pkg := range publicPackages {
		t.Run(pkg, func(t *testing.T) {
			got := surface(t, filepath.Join("..", "..", pkg))
			golden := filepath.Join("testdata", "surface", strings.ReplaceAll(pkg, "/", "_")+".txt")
			if *update {
				os.MkdirAll(filepath.Dir(golden), 0o755)
				if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./internal/archtest -update)", err)
			}
			if got != string(want) {
				t.Errorf("the public surface of %s changed; if that is deliberate, run go test ./internal/archtest -run Surface -update and commit the golden.\n%s", pkg, lineDiff(string(want), got))
			}
		})
	}
}

// surface renders the exported API of the non-test Go files in dir, one
// declaration a line, sorted.
func surface(t *testing.T, dir string) string {
	t.Helper()
	fset := token.NewFileSet()
	names, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var files []*ast.File
	for _, n := range names {
		if strings.HasSuffix(n, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, n, nil, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	var lines []string
	render := func(n any) string {
		var b bytes.Buffer
		printer.Fprint(&b, fset, n)
		return strings.Join(strings.Fields(b.String()), " ")
	}
	{
		for _, f := range files {
			for _, d := range f.Decls {
				switch d := d.(type) {
				case *ast.FuncDecl:
					if !d.Name.IsExported() || (d.Recv != nil && !exportedRecv(d.Recv)) {
						continue
					}
					fn := *d
					fn.Body, fn.Doc = nil, nil
					lines = append(lines, render(&fn))
				case *ast.GenDecl:
					for _, s := range d.Specs {
						switch s := s.(type) {
						case *ast.TypeSpec:
							if !s.Name.IsExported() {
								continue
							}
							lines = append(lines, typeLines(s, render)...)
						case *ast.ValueSpec:
							for _, n := range s.Names {
								if n.IsExported() {
									kind := "var"
									if d.Tok == token.CONST {
										kind = "const"
									}
									typ := ""
									if s.Type != nil {
										typ = " " + render(s.Type)
									}
									lines = append(lines, kind+" "+n.Name+typ)
								}
							}
						}
					}
				}
			}
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n") + "\n"
}

func exportedRecv(r *ast.FieldList) bool {
	if len(r.List) == 0 {
		return false
	}
	typ := r.List[0].Type
	for {
		switch x := typ.(type) {
		case *ast.StarExpr:
			typ = x.X
		case *ast.IndexExpr:
			typ = x.X
		case *ast.IndexListExpr:
			typ = x.X
		case *ast.Ident:
			return x.IsExported()
		default:
			return false
		}
	}
}

// typeLines renders a type: structs and interfaces a line per exported
// field or method, other types as their definition.
func typeLines(s *ast.TypeSpec, render func(any) string) []string {
	head := "type " + s.Name.Name
	if s.TypeParams != nil {
		head += render(s.TypeParams)
	}
	if s.Assign.IsValid() {
		head += " ="
	}
	switch x := s.Type.(type) {
	case *ast.StructType:
		out := []string{head + " struct"}
		for _, f := range x.Fields.List {
			for _, n := range f.Names {
				if n.IsExported() {
					out = append(out, head+"."+n.Name+" "+render(f.Type))
				}
			}
			if len(f.Names) == 0 {
				out = append(out, head+" embeds "+render(f.Type))
			}
		}
		return out
	case *ast.InterfaceType:
		out := []string{head + " interface"}
		for _, m := range x.Methods.List {
			for _, n := range m.Names {
				out = append(out, head+"."+n.Name+strings.TrimPrefix(render(m.Type), "func"))
			}
			if len(m.Names) == 0 {
				out = append(out, head+" embeds "+render(m.Type))
			}
		}
		return out
	}
	return []string{head + " " + render(s.Type)}
}

// lineDiff lists the lines only in want (-) and only in got (+).
func lineDiff(want, got string) string {
	w, g := map[string]bool{}, map[string]bool{}
	for _, l := range strings.Split(want, "\n") {
		w[l] = true
	}
	for _, l := range strings.Split(got, "\n") {
		g[l] = true
	}
	var b strings.Builder
	for _, l := range strings.Split(want, "\n") {
		if !g[l] {
			b.WriteString("- " + l + "\n")
		}
	}
	for _, l := range strings.Split(got, "\n") {
		if !w[l] {
			b.WriteString("+ " + l + "\n")
		}
	}
	return b.String()
}

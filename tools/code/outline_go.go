package code

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"unicode"
	"unicode/utf8"
)

// outlineGo lists the declarations of a Go file with go/parser, which
// every build has. A file that does not parse cleanly still yields the
// declarations the parser recovered (syntaxErrors is set).
func outlineGo(path string, src []byte) (syms []Symbol, syntaxErrors bool) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, src, parser.SkipObjectResolution|parser.ParseComments)
	if f == nil {
		return nil, true
	}
	g := goOutliner{fset: fset, src: src, test: strings.HasSuffix(path, "_test.go")}
	for _, d := range f.Decls {
		g.decl(d)
	}
	return g.syms, err != nil
}

type goOutliner struct {
	fset *token.FileSet
	src  []byte
	test bool // a _test.go file: Test/Benchmark/Fuzz/Example functions are tests
	syms []Symbol
}

func (g *goOutliner) line(p token.Pos) int { return g.fset.Position(p).Line }

func (g *goOutliner) add(kind, name, container string, from, to token.Pos, depth int) {
	if name == "" || name == "_" {
		return
	}
	off := g.fset.Position(from).Offset
	start := g.line(from)
	end := start // a declaration the parser could not finish has no end
	if to.IsValid() {
		end = max(start, g.line(to))
	}
	g.syms = append(g.syms, Symbol{Kind: kind, Name: name, Container: container, Signature: signatureOf(g.src, off),
		StartLine: start, EndLine: end, Exported: goExported(name), Depth: depth})
}

func (g *goOutliner) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.FuncDecl:
		kind, container := "function", ""
		if d.Recv != nil && len(d.Recv.List) > 0 {
			kind, container = "method", receiverName(d.Recv.List[0].Type)
		} else if g.test && isGoTest(d) {
			kind = "test"
		}
		g.add(kind, d.Name.Name, container, d.Pos(), d.End(), 1)
	case *ast.GenDecl:
		for _, s := range d.Specs {
			g.spec(d, s)
		}
	}
}

// spec lists one spec of a declaration group; a spec alone in an
// unparenthesised declaration spans the keyword too.
func (g *goOutliner) spec(d *ast.GenDecl, s ast.Spec) {
	from := s.Pos()
	if !d.Lparen.IsValid() {
		from = d.Pos()
	}
	switch s := s.(type) {
	case *ast.TypeSpec:
		kind := "type"
		switch t := s.Type.(type) {
		case *ast.StructType:
			kind = "struct"
			g.add(kind, s.Name.Name, "", from, s.End(), 1)
			g.fields(t.Fields, s.Name.Name, "field")
			return
		case *ast.InterfaceType:
			kind = "interface"
			g.add(kind, s.Name.Name, "", from, s.End(), 1)
			g.fields(t.Methods, s.Name.Name, "method")
			return
		}
		g.add(kind, s.Name.Name, "", from, s.End(), 1)
	case *ast.ValueSpec:
		kind := "var"
		if d.Tok == token.CONST {
			kind = "const"
		}
		for _, n := range s.Names {
			g.add(kind, n.Name, "", from, s.End(), 1)
		}
	}
}

// fields lists a struct's fields or an interface's methods (embedded ones
// by their type's name).
func (g *goOutliner) fields(fl *ast.FieldList, container, kind string) {
	if fl == nil {
		return
	}
	for _, f := range fl.List {
		k := kind
		if kind == "method" {
			if _, ok := f.Type.(*ast.FuncType); !ok {
				k = "type" // an embedded interface or a type-set term
			}
		}
		if len(f.Names) == 0 {
			g.add(k, typeName(f.Type), container, f.Pos(), f.End(), 2)
			continue
		}
		for _, n := range f.Names {
			g.add(k, n.Name, container, f.Pos(), f.End(), 2)
		}
	}
}

// receiverName is a method's receiver type without pointer or type
// parameters.
func receiverName(e ast.Expr) string { return typeName(e) }

func typeName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return typeName(t.X)
	case *ast.Ident:
		return t.Name
	case *ast.SelectorExpr:
		return t.Sel.Name
	case *ast.IndexExpr:
		return typeName(t.X)
	case *ast.IndexListExpr:
		return typeName(t.X)
	case *ast.ParenExpr:
		return typeName(t.X)
	}
	return ""
}

// isGoTest reports whether a function is one go test runs: TestX(t
// *testing.T), BenchmarkX, FuzzX, ExampleX (X not lower case).
func isGoTest(d *ast.FuncDecl) bool {
	for _, p := range []string{"Test", "Benchmark", "Fuzz", "Example"} {
		if rest, ok := strings.CutPrefix(d.Name.Name, p); ok {
			r, _ := utf8.DecodeRuneInString(rest)
			if rest == "" || !unicode.IsLower(r) {
				return true
			}
		}
	}
	return false
}

func goExported(name string) bool {
	r, _ := utf8.DecodeRuneInString(name)
	return unicode.IsUpper(r)
}

package code

import (
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

// tsOutliner lists the declarations of a tree-sitter tree. Each language
// has a decl function that recognises its declarations; other nodes of
// the kinds in transparent are walked through (export statements,
// preprocessor conditionals, namespace bodies).
type tsOutliner struct {
	t        *syntax.Tree
	decl     func(o *tsOutliner, i, outer int, sc scope) bool
	testFile bool
	syms     []Symbol
}

// scope is where declarations are met: the container's dotted name, the
// depth of symbols declared here, what the container is, and whether its
// members are visible by default (a C++ struct's are, a class's are not;
// Ruby's until `private`).
type scope struct {
	container string
	depth     int
	kind      string
	public    bool
}

// in is the scope of a container's members.
func (sc scope) in(name, kind string, public bool) scope {
	c := name
	if sc.container != "" {
		c = sc.container + "." + name
	}
	return scope{container: c, depth: sc.depth + 1, kind: kind, public: public}
}

var treeOutliners = map[string]func(o *tsOutliner, i, outer int, sc scope) bool{
	"javascript": jsDecl, "typescript": jsDecl, "tsx": jsDecl,
	"python": pyDecl, "rust": rustDecl, "java": javaDecl,
	"c": cDecl, "cpp": cDecl, "ruby": rubyDecl,
}

// opaque are, per language, the fields no outliner looks inside
// (function bodies and parameters, the values of variables and fields),
// so the parse leaves those subtrees out: most of a file's nodes. Only
// declared functions and methods lose their bodies: an arrow function or
// function expression may be a describe block's. TestOpaqueChangesNothing
// holds the outlines equal to a whole tree's.
var opaque = map[string]map[string][]string{
	"javascript": {"function_declaration": fnFields, "generator_function_declaration": fnFields, "method_definition": fnFields,
		"variable_declarator": {"value"}, "field_definition": {"value"}},
	"typescript": tsOpaque, "tsx": tsOpaque,
	"python": {"function_definition": typedFnFields, "assignment": {"right", "type"}},
	"rust":   {"function_item": typedFnFields, "const_item": {"value"}, "static_item": {"value"}},
	"java":   {"method_declaration": fnFields, "constructor_declaration": fnFields, "variable_declarator": {"value"}},
	"c":      {"function_definition": {"body"}, "init_declarator": {"value"}},
	"cpp":    {"function_definition": {"body"}, "init_declarator": {"value"}},
	"ruby":   {"method": fnFields, "singleton_method": fnFields, "assignment": {"right"}},
}

// fnFields are the fields of a function outline does not read (C's
// parameters it does: gtest's TEST(Suite, Name)).
var fnFields, typedFnFields = []string{"body", "parameters"}, []string{"body", "parameters", "return_type"}

// tsOpaque is TypeScript's (and TSX's) opaque.
var tsOpaque = map[string][]string{
	"function_declaration": typedFnFields, "generator_function_declaration": typedFnFields, "method_definition": typedFnFields,
	"variable_declarator": {"value"}, "public_field_definition": {"value", "type"}, "type_alias_declaration": {"value"},
}

// transparent are the kinds walked through as if their children stood in
// their place.
var transparent = map[string]bool{
	"export_statement": true, "preproc_ifdef": true, "preproc_if": true, "preproc_else": true, "preproc_elif": true,
	"linkage_specification": true, "declaration_list": true, "template_declaration": true,
	"statement_block": true, "body_statement": true, "block": true, "class_body": true, "enum_body_declarations": true,
}

// outlineTree lists the declarations of t (parsed with fields).
func outlineTree(t *syntax.Tree, path string) []Symbol {
	o := &tsOutliner{t: t, decl: treeOutliners[t.Lang.Name], testFile: isTestFile(path)}
	if o.decl == nil {
		return nil
	}
	o.body(0, scope{depth: 1, public: true})
	return o.syms
}

// isTestFile reports whether a file's name says it holds tests.
func isTestFile(path string) bool {
	b := strings.ToLower(filepath.Base(path))
	return strings.Contains(b, ".test.") || strings.Contains(b, ".spec.") || strings.HasPrefix(b, "test_") ||
		strings.HasSuffix(strings.TrimSuffix(b, filepath.Ext(b)), "_test") || strings.HasSuffix(strings.TrimSuffix(b, filepath.Ext(b)), "_spec")
}

// body visits the named children of i as declarations in sc.
func (o *tsOutliner) body(i int, sc scope) {
	if i < 0 {
		return
	}
	for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
		if !o.t.Nodes[c].Named() {
			continue
		}
		if o.kind(c) == "identifier" { // Ruby's private/protected/public lines
			switch o.text(c) {
			case "private", "protected":
				sc.public = false
			case "public":
				sc.public = true
			}
			continue
		}
		if !o.decl(o, c, c, sc) && transparent[o.kind(c)] {
			o.body(c, sc)
		}
	}
}

func (o *tsOutliner) kind(i int) string { return o.t.Kind(i) }

// field is i's child in field name, or -1.
func (o *tsOutliner) field(i int, name string) int {
	if i < 0 {
		return -1
	}
	return o.t.ChildByField(i, name)
}

// text is node i's text ("" for -1).
func (o *tsOutliner) text(i int) string {
	if i < 0 {
		return ""
	}
	return o.t.Text(i)
}

// name is the text of i's name field.
func (o *tsOutliner) name(i int) string { return o.text(o.field(i, "name")) }

// child is the first named child of i of one of kinds, or -1.
func (o *tsOutliner) child(i int, kinds ...string) int {
	if i < 0 {
		return -1
	}
	for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
		for _, k := range kinds {
			if o.kind(c) == k {
				return c
			}
		}
	}
	return -1
}

// hasToken reports whether i has a child whose text is tok (a keyword or
// a modifier), looking one level into modifier lists.
func (o *tsOutliner) hasToken(i int, tok string) bool {
	if i < 0 {
		return false
	}
	for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
		k := o.kind(c)
		if o.text(c) == tok || (k == "modifiers" || k == "visibility_modifier" || k == "accessibility_modifier") && o.hasToken(c, tok) {
			return true
		}
	}
	return false
}

// add records a symbol declared by node (its signature's first line) and
// spanning outer, widened to the decorators, attributes and annotations
// just before it.
func (o *tsOutliner) add(kind, name string, node, outer int, sc scope, exported bool) {
	name = strings.TrimSpace(name)
	if name == "" {
		return
	}
	start := int(o.t.Nodes[outer].Start)
	for p := o.prevSibling(outer); p >= 0 && isAttribute(o.kind(p)); p = o.prevSibling(p) {
		start = int(o.t.Nodes[p].Start)
	}
	end := int(o.t.Nodes[outer].End)
	if end > start && o.t.Src[end-1] == '\n' {
		end-- // a node that ends with its line ending ends on that line
	}
	o.syms = append(o.syms, Symbol{Kind: kind, Name: name, Container: sc.container, Signature: signatureOf(o.t.Src, o.signatureStart(node)),
		StartLine: o.t.Position(start).Line, EndLine: o.t.Position(end).Line, Exported: exported, Depth: sc.depth})
}

// signatureStart is where a declaration's own text starts: after its
// decorators, attributes, annotations and comments.
func (o *tsOutliner) signatureStart(i int) int {
	for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
		switch k := o.kind(c); {
		case isAttribute(k) || strings.Contains(k, "comment"):
			continue
		case k == "modifiers":
			for m := o.t.FirstChild(c); m >= 0; m = o.t.NextSibling(m) {
				if mk := o.kind(m); !strings.Contains(mk, "annotation") && !strings.Contains(mk, "comment") {
					return int(o.t.Nodes[m].Start)
				}
			}
			continue
		}
		return int(o.t.Nodes[c].Start)
	}
	return int(o.t.Nodes[i].Start)
}

func isAttribute(kind string) bool {
	return kind == "decorator" || kind == "attribute_item" || kind == "attribute_declaration" || kind == "annotation" || kind == "marker_annotation"
}

// prevSibling is the named node before i under the same parent, or -1.
func (o *tsOutliner) prevSibling(i int) int {
	p := o.t.PrevSibling(i)
	for p >= 0 && !o.t.Nodes[p].Named() {
		p = o.t.PrevSibling(p)
	}
	return p
}

// stringArg is the text of the string that is call i's first argument
// (quotes removed), "" when there is none.
func (o *tsOutliner) stringArg(args int) string {
	if args < 0 {
		return ""
	}
	for c := o.t.FirstChild(args); c >= 0; c = o.t.NextSibling(c) {
		if !o.t.Nodes[c].Named() {
			continue
		}
		switch o.kind(c) {
		case "string", "template_string", "string_literal", "interpreted_string_literal":
			s := o.text(c)
			if len(s) >= 2 {
				return s[1 : len(s)-1]
			}
		}
		return ""
	}
	return ""
}

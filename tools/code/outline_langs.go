package code

import (
	"strings"
	"unicode"
)

// The declarations of each tree-sitter language. A decl function handles
// node i (spanning outer, which is i or a wrapper such as an export
// statement) met in scope sc, and reports whether it was a declaration.

// jsDecl: JavaScript, TypeScript and TSX.
func jsDecl(o *tsOutliner, i, outer int, sc scope) bool {
	exported := sc.public && (sc.kind != "" || o.kind(outer) == "export_statement")
	switch o.kind(i) {
	case "function_declaration", "generator_function_declaration", "function_signature":
		o.add("function", o.name(i), outer, outer, sc, exported)
	case "class_declaration", "abstract_class_declaration", "class":
		o.container("class", o.jsName(i, outer), i, outer, sc, exported, o.field(i, "body"))
	case "interface_declaration":
		o.container("interface", o.name(i), i, outer, sc, exported, o.field(i, "body"))
	case "enum_declaration":
		o.container("enum", o.name(i), i, outer, sc, exported, o.field(i, "body"))
	case "internal_module", "module":
		o.container("module", o.name(i), i, outer, sc, exported, o.field(i, "body"))
	case "type_alias_declaration":
		o.add("type", o.name(i), outer, outer, sc, exported)
	case "lexical_declaration", "variable_declaration":
		o.jsVariables(i, outer, sc, exported)
	case "export_statement":
		for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
			if o.t.Nodes[c].Named() {
				jsDecl(o, c, i, sc)
			}
		}
	case "expression_statement":
		if m := o.child(i, "internal_module"); m >= 0 {
			return jsDecl(o, m, i, sc)
		}
		return o.jsTest(i, sc)
	default:
		return jsMember(o, i, outer, sc)
	}
	return true
}

// jsMember: the members of classes, interfaces and enums.
func jsMember(o *tsOutliner, i, outer int, sc scope) bool {
	name := o.name(i)
	if name == "" {
		name = o.text(o.field(i, "property"))
	}
	exported := sc.public && !o.hasToken(i, "private") && !o.hasToken(i, "protected") && !strings.HasPrefix(name, "#")
	switch o.kind(i) {
	case "method_definition", "method_signature", "abstract_method_signature":
		o.add("method", name, outer, outer, sc, exported)
	case "public_field_definition", "field_definition", "property_signature":
		o.add("field", name, outer, outer, sc, exported)
	case "property_identifier", "enum_assignment":
		if name == "" {
			name = o.text(i)
		}
		o.add("const", name, outer, outer, sc, sc.public)
	default:
		return false
	}
	return true
}

// jsName is a class's name; an unnamed default export is "default".
func (o *tsOutliner) jsName(i, outer int) string {
	if n := o.name(i); n != "" {
		return n
	}
	if o.kind(outer) == "export_statement" && o.hasToken(outer, "default") {
		return "default"
	}
	return ""
}

// jsVariables lists the declarators of a const/let/var declaration: a
// function value makes a function, else a const or a var.
func (o *tsOutliner) jsVariables(i, outer int, sc scope, exported bool) {
	kind := "var"
	if o.hasToken(i, "const") {
		kind = "const"
	}
	for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
		if o.kind(c) != "variable_declarator" {
			continue
		}
		k := kind
		switch o.kind(o.field(c, "value")) {
		case "arrow_function", "function", "function_expression", "generator_function":
			k = "function"
		}
		name := o.field(c, "name")
		if o.kind(name) == "identifier" {
			o.add(k, o.text(name), outer, outer, sc, exported)
		}
	}
}

// jsTest lists a describe/it/test call as a test, and the tests inside a
// describe block's function in its scope.
func (o *tsOutliner) jsTest(i int, sc scope) bool {
	call := o.child(i, "call_expression")
	if call < 0 {
		return false
	}
	fn := o.field(call, "function")
	for o.kind(fn) == "member_expression" || o.kind(fn) == "call_expression" { // describe.only, it.each([...])
		if o.kind(fn) == "member_expression" {
			fn = o.field(fn, "object")
		} else {
			fn = o.field(fn, "function")
		}
	}
	verb := o.text(fn)
	if o.kind(fn) != "identifier" || !testVerbs[verb] {
		return false
	}
	args := o.field(call, "arguments")
	name := o.stringArg(args)
	if name == "" {
		return false
	}
	o.add("test", name, i, i, sc, false)
	if suiteVerbs[verb] {
		for c := o.t.FirstChild(args); c >= 0; c = o.t.NextSibling(c) {
			if k := o.kind(c); k == "arrow_function" || k == "function_expression" || k == "function" {
				o.body(o.field(c, "body"), sc.in(name, "describe", false))
			}
		}
	}
	return true
}

var testVerbs = map[string]bool{"describe": true, "context": true, "suite": true, "it": true, "test": true, "specify": true}
var suiteVerbs = map[string]bool{"describe": true, "context": true, "suite": true}

// container records a container symbol and then its members.
func (o *tsOutliner) container(kind, name string, i, outer int, sc scope, exported bool, body int) {
	if name == "" {
		return
	}
	o.add(kind, name, outer, outer, sc, exported)
	o.body(body, sc.in(name, kind, true))
}

// pyDecl: Python.
func pyDecl(o *tsOutliner, i, outer int, sc scope) bool {
	switch o.kind(i) {
	case "function_definition":
		name := o.name(i)
		kind := "function"
		if sc.kind == "class" {
			kind = "method"
		}
		if strings.HasPrefix(name, "test_") || name == "test" || sc.kind == "class" && strings.HasPrefix(sc.container, "Test") && strings.HasPrefix(name, "test") {
			kind = "test"
		}
		o.add(kind, name, i, outer, sc, pyExported(name))
	case "class_definition":
		name := o.name(i)
		o.add("class", name, i, outer, sc, pyExported(name))
		o.body(o.field(i, "body"), sc.in(name, "class", true))
	case "decorated_definition":
		return pyDecl(o, o.field(i, "definition"), i, sc)
	case "type_alias_statement":
		o.add("type", o.text(o.field(o.field(i, "left"), "name")), i, outer, sc, true)
	case "expression_statement":
		a := o.child(i, "assignment")
		left := o.field(a, "left")
		if a < 0 || o.kind(left) != "identifier" {
			return false
		}
		name := o.text(left)
		kind := "var"
		switch {
		case sc.kind == "class":
			kind = "field"
		case name == strings.ToUpper(name) && strings.ContainsFunc(name, unicode.IsLetter):
			kind = "const"
		}
		o.add(kind, name, i, outer, sc, pyExported(name))
	default:
		return false
	}
	return true
}

// pyExported: no leading underscore, or a dunder name.
func pyExported(name string) bool {
	return !strings.HasPrefix(name, "_") || strings.HasPrefix(name, "__") && strings.HasSuffix(name, "__") && len(name) > 4
}

// rustDecl: Rust.
func rustDecl(o *tsOutliner, i, outer int, sc scope) bool {
	pub := o.child(i, "visibility_modifier") >= 0 || sc.kind == "trait" || sc.kind == "enum"
	switch o.kind(i) {
	case "function_item", "function_signature_item":
		kind := "function"
		if sc.kind == "impl" || sc.kind == "trait" {
			kind = "method"
		}
		if o.rustTest(i) {
			kind = "test"
		}
		o.add(kind, o.name(i), i, outer, sc, pub)
	case "struct_item", "union_item":
		o.container("struct", o.name(i), i, outer, sc, pub, o.field(i, "body"))
	case "enum_item":
		o.add("enum", o.name(i), i, outer, sc, pub)
		o.body(o.field(i, "body"), sc.in(o.name(i), "enum", true))
	case "trait_item":
		o.add("interface", o.name(i), i, outer, sc, pub)
		o.body(o.field(i, "body"), sc.in(o.name(i), "trait", true))
	case "impl_item":
		// An impl is no symbol: its functions are methods of the type,
		// at the impl's own depth (as Go's methods are).
		in := sc.in(rustTypeName(o.text(o.field(i, "type"))), "impl", true)
		in.depth = sc.depth
		o.body(o.field(i, "body"), in)
	case "mod_item":
		o.container("module", o.name(i), i, outer, sc, pub, o.field(i, "body"))
	case "type_item", "associated_type":
		o.add("type", o.name(i), i, outer, sc, pub)
	case "const_item":
		o.add("const", o.name(i), i, outer, sc, pub)
	case "static_item":
		o.add("var", o.name(i), i, outer, sc, pub)
	case "macro_definition":
		o.add("function", o.name(i), i, outer, sc, true)
	case "field_declaration":
		o.add("field", o.name(i), i, outer, sc, pub)
	case "enum_variant":
		o.add("const", o.name(i), i, outer, sc, pub)
	default:
		return false
	}
	return true
}

// rustTest: a function under a #[test]-like attribute (#[test],
// #[tokio::test], #[rstest]).
func (o *tsOutliner) rustTest(i int) bool {
	for p := o.prevSibling(i); p >= 0 && o.kind(p) == "attribute_item"; p = o.prevSibling(p) {
		if strings.Contains(o.text(p), "test") {
			return true
		}
	}
	return false
}

// rustTypeName is an impl's type without path, generics or references.
func rustTypeName(s string) string {
	s = strings.TrimLeft(s, "&* ")
	if i := strings.IndexByte(s, '<'); i >= 0 {
		s = s[:i]
	}
	if i := strings.LastIndex(s, "::"); i >= 0 {
		s = s[i+2:]
	}
	return strings.TrimSpace(s)
}

// javaDecl: Java.
func javaDecl(o *tsOutliner, i, outer int, sc scope) bool {
	mods := o.child(i, "modifiers")
	exported := o.hasToken(mods, "public") || sc.kind == "interface"
	switch o.kind(i) {
	case "class_declaration", "record_declaration":
		o.container("class", o.name(i), i, outer, sc, exported, o.field(i, "body"))
	case "interface_declaration", "annotation_type_declaration":
		o.container("interface", o.name(i), i, outer, sc, exported, o.field(i, "body"))
	case "enum_declaration":
		o.container("enum", o.name(i), i, outer, sc, exported, o.field(i, "body"))
	case "method_declaration", "constructor_declaration", "annotation_type_element_declaration":
		kind := "method"
		if mods >= 0 && javaTestAnnotation(o.text(mods)) {
			kind = "test"
		}
		o.add(kind, o.name(i), i, outer, sc, exported)
	case "field_declaration", "constant_declaration":
		for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
			if o.kind(c) == "variable_declarator" {
				o.add("field", o.name(c), i, outer, sc, exported)
			}
		}
	case "enum_constant":
		o.add("const", o.name(i), i, outer, sc, true)
	default:
		return false
	}
	return true
}

func javaTestAnnotation(mods string) bool {
	for _, a := range []string{"@Test", "@ParameterizedTest", "@RepeatedTest", "@TestFactory"} {
		if strings.Contains(mods, a) {
			return true
		}
	}
	return false
}

// cDecl: C and C++.
func cDecl(o *tsOutliner, i, outer int, sc scope) bool {
	exported := sc.public && !o.hasStatic(i)
	switch o.kind(i) {
	case "function_definition":
		o.cFunction(i, outer, sc, exported)
	case "declaration", "field_declaration":
		o.cDeclaration(i, outer, sc, exported)
	case "struct_specifier", "union_specifier", "class_specifier", "enum_specifier":
		o.cType(i, outer, "", sc, exported)
	case "type_definition":
		o.cTypedef(i, outer, sc, exported)
	case "alias_declaration":
		o.add("type", o.name(i), i, outer, sc, exported)
	case "namespace_definition":
		o.container("module", o.name(i), i, outer, sc, true, o.field(i, "body"))
	case "template_declaration":
		for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
			if o.t.Nodes[c].Named() && o.kind(c) != "template_parameter_list" && cDecl(o, c, i, sc) {
				return true
			}
		}
		return false
	case "preproc_def":
		o.add("const", o.name(i), i, outer, sc, true)
	case "preproc_function_def":
		o.add("function", o.name(i), i, outer, sc, true)
	case "access_specifier":
		return true // handled by the member list's walk
	case "enumerator":
		o.add("const", o.name(i), i, outer, sc, true)
	default:
		return false
	}
	return true
}

// hasStatic: a C declaration with the static storage class.
func (o *tsOutliner) hasStatic(i int) bool {
	for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
		if o.kind(c) == "storage_class_specifier" && o.text(c) == "static" {
			return true
		}
	}
	return false
}

// cFunction: a function definition (a method inside a class or when its
// name is qualified; a gtest TEST(...) is a test).
func (o *tsOutliner) cFunction(i, outer int, sc scope, exported bool) {
	name, qual, _ := o.cDeclarator(o.field(i, "declarator"))
	kind := "function"
	switch {
	case name == "TEST" || name == "TEST_F" || name == "TEST_P" || name == "TYPED_TEST":
		var parts []string
		for _, p := range o.t.NamedChildren(o.field(o.cFuncDeclarator(i), "parameters")) {
			parts = append(parts, strings.TrimSpace(o.text(p)))
		}
		name, kind = strings.Join(parts, "."), "test"
	case sc.kind == "class" || sc.kind == "struct":
		kind = "method"
	case qual != "":
		kind = "method"
		sc = scope{container: qual, depth: sc.depth, kind: sc.kind, public: sc.public}
	}
	o.add(kind, name, i, outer, sc, exported)
}

// cFuncDeclarator is the function_declarator under a definition.
func (o *tsOutliner) cFuncDeclarator(i int) int {
	d := o.field(i, "declarator")
	for d >= 0 && o.kind(d) != "function_declarator" {
		d = o.field(d, "declarator")
	}
	return d
}

// cDeclaration: prototypes (functions, or methods in a class), variables
// and fields, and the struct, class or enum a declaration defines.
func (o *tsOutliner) cDeclaration(i, outer int, sc scope, exported bool) {
	if t := o.field(i, "type"); t >= 0 && o.field(t, "body") >= 0 {
		o.cType(t, outer, "", sc, exported)
	}
	inType := sc.kind == "class" || sc.kind == "struct" || sc.kind == "union"
	for c := o.t.FirstChild(i); c >= 0; c = o.t.NextSibling(c) {
		if o.t.FieldName(c) != "declarator" {
			continue
		}
		name, qual, fn := o.cDeclarator(c)
		kind := "var"
		switch {
		case fn && inType:
			kind = "method"
		case fn:
			kind = "function"
		case inType:
			kind = "field"
		}
		if qual == "" {
			o.add(kind, name, i, outer, sc, exported)
		}
	}
}

// cDeclarator follows a declarator to its name; fn reports a function
// declarator on the way, qual a qualified name's scope (A in A::f).
func (o *tsOutliner) cDeclarator(d int) (name, qual string, fn bool) {
	for d >= 0 {
		switch o.kind(d) {
		case "function_declarator":
			fn = true
		case "qualified_identifier":
			full := o.text(d)
			if k := strings.LastIndex(full, "::"); k >= 0 {
				return full[k+2:], full[:k], fn
			}
			return full, "", fn
		case "identifier", "field_identifier", "type_identifier", "destructor_name", "operator_name", "template_function", "primitive_type":
			return o.text(d), "", fn
		}
		next := o.field(d, "declarator")
		if next < 0 {
			next = o.child(d, "identifier", "field_identifier", "qualified_identifier", "function_declarator", "pointer_declarator",
				"reference_declarator", "array_declarator", "parenthesized_declarator", "destructor_name", "operator_name")
		}
		d = next
	}
	return "", "", fn
}

// cType: a struct, union, class or enum with a body (name overrides an
// anonymous one's, for typedef struct {...} Name).
func (o *tsOutliner) cType(i, outer int, name string, sc scope, exported bool) {
	if n := o.name(i); n != "" {
		name = n
	}
	body := o.field(i, "body")
	if name == "" || body < 0 {
		return
	}
	kind := map[string]string{"struct_specifier": "struct", "union_specifier": "struct", "class_specifier": "class", "enum_specifier": "enum"}[o.kind(i)]
	o.add(kind, name, outer, outer, sc, exported)
	o.cMembers(body, sc.in(name, kind, kind != "class"))
}

// cMembers walks a member list, tracking public:/private: labels.
func (o *tsOutliner) cMembers(body int, sc scope) {
	for c := o.t.FirstChild(body); c >= 0; c = o.t.NextSibling(c) {
		if o.kind(c) == "access_specifier" {
			sc.public = strings.HasPrefix(o.text(c), "public")
			continue
		}
		if o.t.Nodes[c].Named() && !cDecl(o, c, c, sc) && transparent[o.kind(c)] {
			o.body(c, sc)
		}
	}
}

// cTypedef: a typedef's name as a type, or the struct it names.
func (o *tsOutliner) cTypedef(i, outer int, sc scope, exported bool) {
	name, _, _ := o.cDeclarator(o.field(i, "declarator"))
	if t := o.field(i, "type"); t >= 0 && o.field(t, "body") >= 0 {
		o.cType(t, outer, name, sc, exported)
		if o.name(t) == "" || o.name(t) == name {
			return
		}
	}
	o.add("type", name, i, outer, sc, exported)
}

// rubyDecl: Ruby.
func rubyDecl(o *tsOutliner, i, outer int, sc scope) bool {
	switch o.kind(i) {
	case "class":
		o.container("class", o.text(o.field(i, "name")), i, outer, sc, true, o.field(i, "body"))
	case "module":
		o.container("module", o.text(o.field(i, "name")), i, outer, sc, true, o.field(i, "body"))
	case "method", "singleton_method":
		name := o.name(i)
		kind := "function"
		if sc.kind == "class" || sc.kind == "module" {
			kind = "method"
		}
		if strings.HasPrefix(name, "test_") {
			kind = "test"
		}
		if o.kind(i) == "singleton_method" {
			name = o.text(o.field(i, "object")) + "." + name
		}
		o.add(kind, name, i, outer, sc, sc.public)
	case "assignment":
		if l := o.field(i, "left"); o.kind(l) == "constant" {
			o.add("const", o.text(l), i, outer, sc, true)
			return true
		}
		return false
	case "call":
		return o.rubyTest(i, sc)
	default:
		return false
	}
	return true
}

// rubyTest: describe/context/it/test "name" do ... end.
func (o *tsOutliner) rubyTest(i int, sc scope) bool {
	verb := o.text(o.field(i, "method"))
	if !testVerbs[verb] && verb != "shared_examples" {
		return false
	}
	name := o.stringArg(o.field(i, "arguments"))
	if name == "" {
		name = o.text(o.t.FirstChild(o.field(i, "arguments")))
	}
	if name == "" {
		return false
	}
	o.add("test", name, i, i, sc, false)
	if block := o.field(i, "block"); block >= 0 && (suiteVerbs[verb] || verb == "shared_examples") {
		o.body(o.field(block, "body"), sc.in(name, "describe", false))
	}
	return true
}

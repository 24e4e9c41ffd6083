// Package structural is code search and rewrite by syntax: a pattern is
// code of the searched language with metavariables ($X one node, $$$X a
// sequence of nodes, $_ a node not captured), compiled to a tree and
// matched against flat syntax trees (tools/internal/syntax).
//
// The semantics are ast-grep's "smart" strictness, which the differential
// tests compare against the ast-grep CLI: a pattern is parsed as a whole
// file and its single node taken (the outermost node with more than one
// child); comments and unnamed tokens of the searched code are skipped
// where the pattern has none; a metavariable used twice must bind equal
// code. Where this package differs on purpose (a Go call written as
// pkg.F($A), which tree-sitter reads as a type conversion; patterns that
// do not parse; indentation with tabs) the differential test lists it.
package structural

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

// Pattern is a compiled code pattern of one language.
type Pattern struct {
	Lang   *syntax.Language
	Source string // as written

	root     *pnode
	vars     map[string]bool // captured names ("$$$" for sequences: "$$$ARGS")
	literals [][]byte        // texts every match contains, longest first
}

type pkind uint8

const (
	pTerminal pkind = iota // a leaf: its kind (and text, when named) must match
	pInternal              // a node with children: kind and children must match
	pMeta                  // a metavariable
)

type pnode struct {
	kind     pkind
	sym      uint16
	named    bool
	text     string
	children []*pnode
	mv       metavar
}

// metavar is $X (named: named nodes only), $$X (any node), $$$X (a
// sequence), $_ / $$$ (not captured: name "").
type metavar struct {
	name  string
	multi bool
	named bool
}

// trivial is an unnamed token of the pattern, which ast-grep skips after
// a $$$ sequence.
func (p *pnode) trivial() bool { return p.kind == pTerminal && !p.named }

func (p *pnode) ellipsis() bool { return p.kind == pMeta && p.mv.multi }

// expando is the character a metavariable's $ becomes before the pattern
// is parsed, in languages whose identifiers cannot hold a $ (ast-grep's
// choice of character, so that both parse a pattern alike).
var expando = map[string]rune{"go": 'µ', "python": 'µ', "rust": 'µ', "ruby": 'µ', "c": '𐀀', "cpp": '𐀀'}

// bodyContext is where a statement pattern is parsed again when the top
// level of a file reads it otherwise (ambiguous) or not at all.
var bodyContext = map[string]struct{ prefix, suffix, ambiguous string }{
	"go": {"func _() {\n", "\n}", "type_conversion_expression"},
	"c":  {"void _(void) {\n", "\n}", "macro_type_specifier"},
}

// PatternError is a pattern that cannot be compiled, with where.
type PatternError struct {
	Pattern string
	Lang    string
	Offset  int // byte offset in Pattern, -1 when it is not about a place
	Msg     string
}

func (e *PatternError) Error() string {
	if e.Offset < 0 {
		return fmt.Sprintf("pattern %q (%s): %s", e.Pattern, e.Lang, e.Msg)
	}
	line := 1 + strings.Count(e.Pattern[:e.Offset], "\n")
	col := 1 + utf8.RuneCountInString(e.Pattern[strings.LastIndexByte(e.Pattern[:e.Offset], '\n')+1:e.Offset])
	return fmt.Sprintf("pattern %q does not parse as %s: %s at line %d, column %d", e.Pattern, e.Lang, e.Msg, line, col)
}

// Compile parses src as a pattern of lang.
func Compile(ctx context.Context, lang *syntax.Language, src string) (*Pattern, error) {
	if strings.TrimSpace(src) == "" {
		return nil, &PatternError{Pattern: src, Lang: lang.Name, Offset: -1, Msg: "the pattern is empty"}
	}
	c := compiler{lang: lang, src: src}
	c.preprocess()
	var p syntax.Parser
	t, node, err := c.parse(ctx, &p, "", "")
	if ctxt, ok := bodyContext[lang.Name]; ok && (err != nil || hasKind(t, node, ctxt.ambiguous)) {
		// At the top level of a file tree-sitter-go reads pkg.F($A) as a
		// conversion to the type pkg.F (ast-grep#646) and takes no bare
		// expression, and tree-sitter-c reads f($A) as a macro type: in a
		// function body each is the call its programmer means.
		var p2 syntax.Parser
		suffix := ctxt.suffix
		if tail := strings.TrimSpace(c.pre); lang.Name == "c" && !strings.HasSuffix(tail, ";") && !strings.HasSuffix(tail, "}") {
			suffix = ";" + suffix // without it, f(x) is a macro type even here
		}
		if t2, node2, err2 := c.parse(ctx, &p2, ctxt.prefix, suffix); err2 == nil {
			t, node, err = t2, node2, nil
		}
	}
	if err != nil {
		return nil, err
	}
	pat := &Pattern{Lang: lang, Source: src, vars: map[string]bool{}}
	pat.root = c.convert(t, node, pat)
	if pat.root.kind == pMeta && pat.root.mv.multi {
		return nil, &PatternError{Pattern: src, Lang: lang.Name, Offset: -1, Msg: "a pattern cannot be a lone $$$ sequence: put it in a larger pattern, e.g. f($$$ARGS)"}
	}
	pat.collectLiterals(pat.root, map[string]bool{})
	sort.Slice(pat.literals, func(i, j int) bool { return len(pat.literals[i]) > len(pat.literals[j]) })
	if len(pat.literals) > 4 {
		pat.literals = pat.literals[:4]
	}
	return pat, nil
}

// compiler holds a pattern's source before and after its metavariables
// were rewritten for the parser.
type compiler struct {
	lang *syntax.Language
	src  string // as written
	pre  string // with $ turned into the expando character
	orig []int  // byte offset in src of each byte of pre (and of its end)
	mc   rune   // the metavariable character of pre
}

// preprocess turns the $ of $A, $$A, $$$A, $_ and $$$ into the language's
// expando character (ast-grep's rule: a run of $ followed by A-Z or _, or
// exactly three).
func (c *compiler) preprocess() {
	e, ok := expando[c.lang.Name]
	if !ok {
		e = '$'
	}
	c.mc = e
	var b strings.Builder
	dollars := 0
	flush := func(next rune, at int) {
		sigil := '$'
		if ok && (next >= 'A' && next <= 'Z' || next == '_' || dollars == 3) {
			sigil = e
		}
		for k := range dollars {
			for range utf8.RuneLen(sigil) {
				c.orig = append(c.orig, at-dollars+k)
			}
			b.WriteRune(sigil)
		}
		dollars = 0
	}
	for i, r := range c.src {
		if r == '$' {
			dollars++
			continue
		}
		flush(r, i)
		for k := range utf8.RuneLen(r) {
			c.orig = append(c.orig, i+k)
		}
		b.WriteRune(r)
	}
	flush(0, len(c.src))
	c.orig = append(c.orig, len(c.src))
	c.pre = b.String()
}

// parse parses the pattern inside prefix and suffix and returns the tree
// and its single node, or where it fails to parse.
func (c *compiler) parse(ctx context.Context, p *syntax.Parser, prefix, suffix string) (*syntax.Tree, int, error) {
	src := []byte(prefix + c.pre + suffix)
	t, err := p.Parse(ctx, c.lang, src, syntax.Options{})
	if err != nil {
		return nil, 0, err
	}
	if bad := firstError(t, c.mc); bad >= 0 {
		clamp := func(o uint32) int { return c.orig[max(0, min(int(o)-len(prefix), len(c.pre)))] }
		from, to := clamp(t.Nodes[bad].Start), clamp(t.Nodes[bad].End)
		msg := "cannot place " + quoteSnippet([]byte(c.src[from:to]))
		if t.Nodes[bad].Missing() {
			msg = "missing " + t.Kind(bad)
		}
		if open := unclosed(c.src); open != "" {
			msg += " (" + open + ")"
		}
		return nil, 0, &PatternError{Pattern: c.src, Lang: c.lang.Name, Offset: from, Msg: msg}
	}
	node := 0
	if prefix != "" {
		if node = bodyStatement(t); node < 0 {
			return nil, 0, &PatternError{Pattern: c.src, Lang: c.lang.Name, Offset: -1, Msg: "not one statement"}
		}
	} else if len(t.Children(0)) == 0 {
		return nil, 0, &PatternError{Pattern: c.src, Lang: c.lang.Name, Offset: -1, Msg: "the pattern holds no code"}
	}
	end := uint32(len(prefix) + len(c.pre)) // nodes from here on come from the suffix
	if prefix == "" && !singleNode(t, node, end) {
		return nil, 0, &PatternError{Pattern: c.src, Lang: c.lang.Name, Offset: -1,
			Msg: "the pattern is several nodes (" + kindsOf(t, node) + "): write one expression, statement or declaration"}
	}
	for singleNode(t, node, end) {
		node = t.FirstChild(node)
	}
	return t, node, nil
}

// bodyStatement is the one statement of the function body a Go pattern
// was wrapped in, or -1.
func bodyStatement(t *syntax.Tree) int {
	for i := range t.Nodes {
		if k := t.Kind(i); k != "block" && k != "compound_statement" {
			continue
		}
		stmt := -1
		for _, c := range t.NamedChildren(i) {
			if t.Nodes[c].Extra() {
				continue
			}
			if stmt >= 0 {
				return -1
			}
			stmt = c
		}
		return stmt
	}
	return -1
}

// singleNode: a node with one child, or two whose second is a missing or
// nameless node (the newline tree-sitter-go inserts after a statement) or
// the statement end a context added after the pattern (from end on).
func singleNode(t *syntax.Tree, i int, end uint32) bool {
	cs := t.Children(i)
	switch len(cs) {
	case 1:
		return true
	case 2:
		return t.Nodes[cs[1]].Missing() || t.Kind(cs[1]) == "" || t.Nodes[cs[1]].Start >= end
	}
	return false
}

// firstError is the first ERROR or missing node of t, or -1. An ERROR
// that is only a metavariable is none: the metavariable stands where the
// grammar takes no identifier ($$$ among a switch's cases), and matches
// whatever is there.
func firstError(t *syntax.Tree, mc rune) int {
	if !t.Nodes[0].HasError() {
		return -1
	}
	for i := 0; i < len(t.Nodes); i++ {
		n := &t.Nodes[i]
		if n.Sym == syntax.ErrorSym {
			if _, ok := parseMetavar(strings.TrimSpace(t.Text(i)), mc); ok {
				i = int(n.After) - 1
				continue
			}
			return i
		}
		if n.Missing() && !terminator(t.Kind(i)) {
			return i
		}
	}
	return -1
}

// terminator: a statement's end that tree-sitter supplies when a pattern
// leaves it out (foo($A) for foo($A); in C, Java and Rust).
func terminator(kind string) bool { return kind == ";" || kind == "\n" || kind == "" }

// unclosed says which bracket of src is left open or closed twice ("" when
// they pair up), ignoring those in quotes: the likely cause of a pattern
// that does not parse.
func unclosed(src string) string {
	var stack []rune
	var quote rune
	pairs := map[rune]rune{')': '(', ']': '[', '}': '{'}
	for _, r := range src {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			}
		case r == '"' || r == '\'' || r == '`':
			quote = r
		case r == '(' || r == '[' || r == '{':
			stack = append(stack, r)
		case pairs[r] != 0:
			if len(stack) == 0 || stack[len(stack)-1] != pairs[r] {
				return fmt.Sprintf("%q closes nothing open", r)
			}
			stack = stack[:len(stack)-1]
		}
	}
	if quote != 0 {
		return fmt.Sprintf("a %c quote is left open", quote)
	}
	if len(stack) > 0 {
		return fmt.Sprintf("%q is left open", stack[len(stack)-1])
	}
	return ""
}

func quoteSnippet(b []byte) string {
	s := string(b)
	if utf8.RuneCountInString(s) > 20 {
		s = string([]rune(s)[:20]) + "…"
	}
	if s == "" {
		return "end of pattern"
	}
	return fmt.Sprintf("%q", s)
}

func kindsOf(t *syntax.Tree, i int) string {
	var ks []string
	for _, c := range t.NamedChildren(i) {
		ks = append(ks, t.Kind(c))
	}
	return strings.Join(ks, ", ")
}

func hasKind(t *syntax.Tree, node int, kind string) bool {
	for i := node; i < int(t.Nodes[node].After); i++ {
		if t.Kind(i) == kind {
			return true
		}
	}
	return false
}

// convert turns node i of the pattern's tree into the pattern tree: a node
// whose whole text is a metavariable is one, a leaf is a terminal, and
// nodes error recovery inserted are left out.
func (c *compiler) convert(t *syntax.Tree, i int, pat *Pattern) *pnode {
	n := &t.Nodes[i]
	if mv, ok := parseMetavar(t.Text(i), c.mc); ok {
		if mv.name != "" {
			key := mv.name
			if mv.multi {
				key = "$$$" + key
			}
			pat.vars[key] = true
		}
		return &pnode{kind: pMeta, mv: mv}
	}
	if t.FirstChild(i) < 0 {
		return &pnode{kind: pTerminal, sym: n.Sym, named: n.Named(), text: t.Text(i)}
	}
	p := &pnode{kind: pInternal, sym: n.Sym, named: n.Named()}
	for ch := t.FirstChild(i); ch >= 0; ch = t.NextSibling(ch) {
		if !t.Nodes[ch].Missing() {
			p.children = append(p.children, c.convert(t, ch, pat))
		}
	}
	return p
}

// parseMetavar reads s as a metavariable written with mc: $$$ or $$$X (a
// sequence; $$$_X is not captured), $X (named nodes), $$X (any node),
// $_ and $_X (not captured). Names are A-Z, 0-9 and _, starting with a
// letter or _.
func parseMetavar(s string, mc rune) (metavar, bool) {
	m := string(mc)
	if s == m+m+m {
		return metavar{multi: true}, true
	}
	if rest, ok := strings.CutPrefix(s, m+m+m); ok {
		if !validName(rest, true) {
			return metavar{}, false
		}
		if strings.HasPrefix(rest, "_") {
			return metavar{multi: true}, true
		}
		return metavar{name: rest, multi: true}, true
	}
	rest, ok := strings.CutPrefix(s, m)
	if !ok {
		return metavar{}, false
	}
	named := true
	if r, ok := strings.CutPrefix(rest, m); ok {
		rest, named = r, false
	}
	if !validName(rest, false) {
		return metavar{}, false
	}
	if strings.HasPrefix(rest, "_") {
		return metavar{named: named}, true
	}
	return metavar{name: rest, named: named}, true
}

func validName(s string, emptyOK bool) bool {
	if s == "" {
		return emptyOK
	}
	if c := s[0]; !(c >= 'A' && c <= 'Z' || c == '_') {
		return false
	}
	for _, c := range []byte(s) {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// collectLiterals gathers the texts of the pattern's named terminals:
// a match holds each verbatim, so a file without one cannot match.
func (pat *Pattern) collectLiterals(p *pnode, seen map[string]bool) {
	switch p.kind {
	case pTerminal:
		if p.named && p.text != "" && !seen[p.text] {
			seen[p.text] = true
			pat.literals = append(pat.literals, []byte(p.text))
		}
	case pInternal:
		for _, ch := range p.children {
			pat.collectLiterals(ch, seen)
		}
	}
}

// MayMatch reports whether src holds every text a match needs; false
// means no match is possible and src need not be parsed.
func (pat *Pattern) MayMatch(src []byte) bool {
	for _, l := range pat.literals {
		if !bytes.Contains(src, l) {
			return false
		}
	}
	return true
}

// Vars lists the pattern's captured metavariables ($$$ ones as
// "$$$NAME"), sorted.
func (pat *Pattern) Vars() []string {
	var out []string
	for v := range pat.vars {
		out = append(out, v)
	}
	sort.Strings(out)
	return out
}

// HasVar reports whether the pattern captures name (single or sequence).
func (pat *Pattern) HasVar(name string) bool { return pat.vars[name] || pat.vars["$$$"+name] }

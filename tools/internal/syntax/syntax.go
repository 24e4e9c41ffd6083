// Package syntax parses source code into flat syntax trees with the
// tree-sitter grammars hashline/blocks links (builds with cgo only): one
// slice of nodes in pre-order, filled by one C call per file, so that
// structural search, rewrite and outline walk Go memory instead of calling
// into C for every node (go-tree-sitter's Node API allocates and caches a Go
// value per node visited, which cost more than the parse on a large tree).
//
// A build without cgo has no grammar: Lookup says so, naming the build that
// has them.
package syntax

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/hashline/blocks"
)

// Node is one node of a flat tree. Its layout is the C struct the
// flattener writes (parse_cgo.go checks it).
type Node struct {
	Start, End uint32 // byte offsets of its text in the source
	Parent     int32  // index of its parent; -1 for the root
	After      int32  // index of the first node after its subtree
	Sym        uint16 // its kind (the grammar's public symbol)
	Field      uint16 // its field in the parent (0: none; only with Options.Fields)
	Flags      uint8
}

// Node flags.
const (
	FlagNamed    = 1 << iota // a named node (not punctuation or a keyword)
	FlagExtra                // an extra: a comment, in most grammars
	FlagMissing              // inserted by error recovery; it has no text
	FlagHasError             // it is or holds a syntax error
)

// ErrorSym is the kind of a node tree-sitter could not parse (ERROR).
const ErrorSym = 0xFFFF

// Named reports whether n is a named node.
func (n *Node) Named() bool { return n.Flags&FlagNamed != 0 }

// Extra reports whether n is an extra (a comment).
func (n *Node) Extra() bool { return n.Flags&FlagExtra != 0 }

// Missing reports whether error recovery inserted n.
func (n *Node) Missing() bool { return n.Flags&FlagMissing != 0 }

// HasError reports whether n is or contains a syntax error.
func (n *Node) HasError() bool { return n.Flags&FlagHasError != 0 }

// Options tune a parse.
type Options struct {
	// Fields records each named node's field in its parent
	// (Tree.ChildByField); it costs a lookup per node, so search leaves it
	// off.
	Fields bool
	// Opaque maps node kinds to fields whose child is kept without its
	// subtree, for a caller that never looks inside them: outline leaves
	// out function bodies and parameters, most of a source's nodes. (A
	// field with an id over 63 is kept whole; no grammar has that many.)
	Opaque map[string][]string
}

// Tree is a parsed source: its nodes in pre-order (the root is 0) and the
// source they point into.
type Tree struct {
	Lang  *Language
	Src   []byte
	Nodes []Node

	lines []int   // offsets of line starts, made on first use
	prev  []int32 // previous siblings, made on first use
}

// Text is the source text of node i.
func (t *Tree) Text(i int) string { n := &t.Nodes[i]; return string(t.Src[n.Start:n.End]) }

// Bytes is the source text of node i, not copied.
func (t *Tree) Bytes(i int) []byte { n := &t.Nodes[i]; return t.Src[n.Start:n.End] }

// Kind is the kind name of node i ("call_expression", "(", "ERROR").
func (t *Tree) Kind(i int) string { return t.Lang.Kind(t.Nodes[i].Sym) }

// FieldName is the field node i fills in its parent ("" for none; only
// trees parsed with Options.Fields have fields).
func (t *Tree) FieldName(i int) string { return t.Lang.FieldName(t.Nodes[i].Field) }

// FirstChild is node i's first child, or -1 (also for i -1).
func (t *Tree) FirstChild(i int) int {
	if i < 0 {
		return -1
	}
	if j := i + 1; j < int(t.Nodes[i].After) {
		return j
	}
	return -1
}

// NextSibling is the node after i under the same parent, or -1 (also
// for i -1).
func (t *Tree) NextSibling(i int) int {
	if i < 0 {
		return -1
	}
	j := int(t.Nodes[i].After)
	if j < len(t.Nodes) && t.Nodes[j].Parent == t.Nodes[i].Parent {
		return j
	}
	return -1
}

// PrevSibling is the node before i under the same parent, or -1.
func (t *Tree) PrevSibling(i int) int {
	if i <= 0 {
		return -1
	}
	if t.prev == nil {
		t.prev = make([]int32, len(t.Nodes))
		for j := range t.prev {
			t.prev[j] = -1
		}
		for j := range t.Nodes {
			for c := t.FirstChild(j); c >= 0; {
				n := t.NextSibling(c)
				if n >= 0 {
					t.prev[n] = int32(c)
				}
				c = n
			}
		}
	}
	return int(t.prev[i])
}

// Children lists node i's children in order.
func (t *Tree) Children(i int) []int {
	var out []int
	for c := t.FirstChild(i); c >= 0; c = t.NextSibling(c) {
		out = append(out, c)
	}
	return out
}

// NamedChildren lists node i's named children in order.
func (t *Tree) NamedChildren(i int) []int {
	var out []int
	for c := t.FirstChild(i); c >= 0; c = t.NextSibling(c) {
		if t.Nodes[c].Named() {
			out = append(out, c)
		}
	}
	return out
}

// ChildByField is node i's first child in field name, or -1 (trees parsed
// with Options.Fields).
func (t *Tree) ChildByField(i int, name string) int {
	id, ok := t.Lang.fieldIDs[name]
	if !ok || i < 0 {
		return -1
	}
	for c := t.FirstChild(i); c >= 0; c = t.NextSibling(c) {
		if t.Nodes[c].Field == id {
			return c
		}
	}
	return -1
}

// trimSpans makes a node (other than the root) that starts with
// whitespace its children do not cover start at its first child, and a
// token that does start at its text: older tree-sitter-typescript grammars
// start a JSX element's "<" at the whitespace before it. Children come after their parents, so going backwards fixes
// each child before its parent.
func (t *Tree) trimSpans() {
	for i := len(t.Nodes) - 1; i > 0; i-- {
		n := &t.Nodes[i]
		if n.End <= n.Start || !isSpace(t.Src[n.Start]) {
			continue
		}
		if !n.Named() && t.FirstChild(i) < 0 {
			// A token with whitespace before it: its text is its kind.
			if k := t.Kind(i); k != "" && !isSpace(k[0]) && bytes.HasSuffix(t.Src[n.Start:n.End], []byte(k)) && allSpace(t.Src[n.Start:int(n.End)-len(k)]) {
				n.Start = n.End - uint32(len(k))
			}
			continue
		}
		for c := t.FirstChild(i); c >= 0; c = t.NextSibling(c) {
			if s := t.Nodes[c].Start; t.Nodes[c].End > s {
				if s > n.Start && allSpace(t.Src[n.Start:s]) {
					n.Start = s
				}
				break
			}
		}
	}
}

func isSpace(b byte) bool { return b == ' ' || b == '\t' || b == '\n' || b == '\r' }

func allSpace(b []byte) bool {
	for _, c := range b {
		if !isSpace(c) {
			return false
		}
	}
	return true
}

// Pos is a position in a source: line and column from 1, the column
// counted in characters (Unicode code points), as editors show it.
type Pos struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Position is the line and column of byte offset off.
func (t *Tree) Position(off int) Pos {
	if t.lines == nil {
		t.lines = LineStarts(t.Src)
	}
	return PositionIn(t.Src, t.lines, off)
}

// LineStarts lists the byte offset of every line's start.
func LineStarts(src []byte) []int {
	starts := []int{0}
	for i, b := range src {
		if b == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

// PositionIn is the position of byte offset off in src, whose line starts
// are lines (LineStarts).
func PositionIn(src []byte, lines []int, off int) Pos {
	l := sort.Search(len(lines), func(k int) bool { return lines[k] > off }) - 1
	l = max(l, 0)
	return Pos{Line: l + 1, Column: utf8.RuneCount(src[lines[l]:off]) + 1}
}

// Language is a grammar's table of kinds and fields.
type Language struct {
	Name     string   // "go", "javascript", "typescript", "tsx", ...
	kinds    []string // by symbol
	named    []bool   // by symbol
	fields   []string // by field id
	fieldIDs map[string]uint16
	byName   map[string][]uint16 // symbols by kind name (named and anonymous)

	g *grammar // the C grammar (nil without cgo)
}

// Kind is the name of a symbol ("ERROR" for ErrorSym).
func (l *Language) Kind(sym uint16) string {
	if sym == ErrorSym {
		return "ERROR"
	}
	if int(sym) < len(l.kinds) {
		return l.kinds[sym]
	}
	return ""
}

// FieldName is the name of a field id ("" for 0 or an unknown id).
func (l *Language) FieldName(id uint16) string {
	if int(id) < len(l.fields) {
		return l.fields[id]
	}
	return ""
}

// HasKind reports whether the grammar has a node kind of that name.
func (l *Language) HasKind(name string) bool { return name == "ERROR" || len(l.byName[name]) > 0 }

// HasField reports whether the grammar has a field of that name.
func (l *Language) HasField(name string) bool { _, ok := l.fieldIDs[name]; return ok }

// NamedKinds lists the grammar's named node kinds, sorted.
func (l *Language) NamedKinds() []string {
	var out []string
	for name, syms := range l.byName {
		for _, s := range syms {
			if l.named[s] {
				out = append(out, name)
				break
			}
		}
	}
	sort.Strings(out)
	return out
}

func newLanguage(name string, count int, kind func(uint16) (string, bool), fieldCount int, field func(uint16) string, g *grammar) *Language {
	l := &Language{Name: name, kinds: make([]string, count), named: make([]bool, count), fields: make([]string, fieldCount+1),
		fieldIDs: map[string]uint16{}, byName: map[string][]uint16{}, g: g}
	for s := range count {
		k, named := kind(uint16(s))
		l.kinds[s], l.named[s] = k, named
		l.byName[k] = append(l.byName[k], uint16(s))
	}
	for f := 1; f <= fieldCount; f++ {
		l.fields[f] = field(uint16(f))
		l.fieldIDs[l.fields[f]] = uint16(f)
	}
	return l
}

// opaque is the table, by symbol, of the fields (a bit per field id)
// whose nodes a parse keeps without their subtrees; nil for none. Kinds
// and fields the grammar does not have are left out.
func (l *Language) opaque(kinds map[string][]string) []uint64 {
	if len(kinds) == 0 {
		return nil
	}
	table := make([]uint64, len(l.kinds))
	for k, fields := range kinds {
		for _, f := range fields {
			id, ok := l.fieldIDs[f]
			if !ok || id >= 64 {
				continue
			}
			for _, s := range l.byName[k] {
				table[s] |= 1 << id
			}
		}
	}
	return table
}

// Names are the languages a build with cgo parses, as hashline/blocks
// names them.
var Names = []string{"go", "javascript", "typescript", "tsx", "python", "rust", "java", "c", "cpp", "ruby"}

// aliases map what a user may write for a language to its name.
var aliases = map[string]string{
	"golang": "go", "js": "javascript", "jsx": "javascript", "mjs": "javascript", "cjs": "javascript",
	"ts": "typescript", "mts": "typescript", "cts": "typescript", "py": "python", "rs": "rust",
	"c++": "cpp", "cc": "cpp", "cxx": "cpp", "hpp": "cpp", "rb": "ruby",
}

// Canonical maps a language name or alias ("ts", "golang", "Python") to
// its name, "" when it names no language this package knows.
func Canonical(name string) string {
	n := strings.ToLower(strings.TrimSpace(name))
	if a, ok := aliases[n]; ok {
		return a
	}
	if slices.Contains(Names, n) {
		return n
	}
	return ""
}

// LanguageOf names the language of a file by its name ("" for none), as
// edit's block forms do.
func LanguageOf(path string) string { return blocks.Language(path) }

// ErrNoGrammar is the error of a build without tree-sitter grammars.
var ErrNoGrammar = errors.New("this atomic-script binary was built without cgo (CGO_ENABLED=0), so it has no tree-sitter grammars: " +
	"build it with cgo (a C compiler on PATH, then go install github.com/atomic-script/atomic-script/cmd/atomic-script@latest " +
	"or go build ./cmd/atomic-script with CGO_ENABLED=1) to parse " + strings.Join(Names, ", "))

// Lookup returns the grammar of a language name or alias. The error says
// which languages there are, or that this build has no grammars.
func Lookup(name string) (*Language, error) {
	canon := Canonical(name)
	if canon == "" {
		return nil, fmt.Errorf("unknown language %q: known are %s (or leave language out to choose by file extension)", name, strings.Join(Names, ", "))
	}
	l := lookup(canon)
	if l == nil {
		return nil, fmt.Errorf("language %s: %w", canon, ErrNoGrammar)
	}
	return l, nil
}

// Available reports whether this build parses with tree-sitter.
func Available() bool { return blocks.TreeSitter }

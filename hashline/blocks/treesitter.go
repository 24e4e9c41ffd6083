//go:build cgo

package blocks

import (
	"context"
	"sync"

	sitter "github.com/smacker/go-tree-sitter"
	"github.com/smacker/go-tree-sitter/c"
	"github.com/smacker/go-tree-sitter/cpp"
	"github.com/smacker/go-tree-sitter/golang"
	"github.com/smacker/go-tree-sitter/java"
	"github.com/smacker/go-tree-sitter/javascript"
	"github.com/smacker/go-tree-sitter/python"
	"github.com/smacker/go-tree-sitter/ruby"
	"github.com/smacker/go-tree-sitter/rust"
	"github.com/smacker/go-tree-sitter/typescript/tsx"
	"github.com/smacker/go-tree-sitter/typescript/typescript"
)

// TreeSitter reports whether this build parses with tree-sitter.
const TreeSitter = true

var grammars = sync.OnceValue(func() map[string]*sitter.Language {
	return map[string]*sitter.Language{
		"go": golang.GetLanguage(), "javascript": javascript.GetLanguage(),
		"typescript": typescript.GetLanguage(), "tsx": tsx.GetLanguage(),
		"python": python.GetLanguage(), "rust": rust.GetLanguage(), "java": java.GetLanguage(),
		"c": c.GetLanguage(), "cpp": cpp.GetLanguage(), "ruby": ruby.GetLanguage(),
	}
})

// Grammar returns the tree-sitter grammar of lang, one of the names
// Language returns ("go", "tsx", ...), or nil for another name. Only builds
// with cgo have grammars: tools that parse code (tools/internal/syntax)
// take them from here, so one table says which languages a build knows.
func Grammar(lang string) *sitter.Language { return grammars()[lang] }

// transparent lists the statement-list nodes that begin at their first
// statement (Python and Ruby bodies): a line starting one is resolved to the
// statement on it, not to the rest of the body.
var transparent = map[string]map[string]bool{
	"python": {"block": true},
	"ruby":   {"body_statement": true, "then": true, "block_body": true},
}

// parseLimit bounds one parse (microseconds); a parse that runs out falls
// back to "unresolved" rather than stalling an edit.
const parseLimit = 5_000_000

// parseBlock returns the span of the outermost named node that begins on
// line; ok is false when none does or it holds a syntax error. The parse
// stops when ctx ends (the run's deadline), as if it had run out.
func parseBlock(ctx context.Context, lang, text string, line int) (start, end int, ok, supported bool) {
	g := grammars()[lang]
	if g == nil {
		return 0, 0, false, false
	}
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(g)
	p.SetOperationLimit(parseLimit)
	tree, err := p.ParseCtx(ctx, nil, []byte(text))
	if err != nil || tree == nil {
		return 0, 0, false, true
	}
	defer tree.Close()
	row := uint32(line - 1)
	var best *sitter.Node
	// Walk down through the nodes that span the row; a named node that
	// starts on it is a candidate and is not searched further (outermost).
	// A cursor, not Node.Child: ts_node_child costs time in the depth of
	// hidden nodes, which made a walk of 20,000 nested parentheses take 15 s.
	// ctx is checked as the walk goes, for trees deep enough to take long.
	cur := sitter.NewTreeCursor(tree.RootNode())
	defer cur.Close()
	visited := 0
	stopped := false
	var walk func()
	walk = func() { // the cursor's node's children; the cursor ends where it started
		if !cur.GoToFirstChild() {
			return
		}
		for !stopped {
			if visited++; visited%1024 == 0 && ctx.Err() != nil {
				stopped = true
				break
			}
			ch := cur.CurrentNode()
			s, e := ch.StartPoint().Row, ch.EndPoint().Row
			if s > row {
				break
			}
			switch {
			case s == row && transparent[lang][ch.Type()]:
				walk()
			case s == row && ch.IsNamed():
				if best == nil || ch.EndPoint().Row > best.EndPoint().Row {
					best = ch
				}
			case s < row && e >= row:
				walk()
			}
			if !cur.GoToNextSibling() {
				break
			}
		}
		cur.GoToParent()
	}
	walk()
	if stopped {
		return 0, 0, false, true
	}
	if best == nil || best.IsError() || best.IsMissing() || best.HasError() {
		return 0, 0, false, true
	}
	last := best.EndPoint()
	if best.Type() == "decorator" {
		// TypeScript keeps member decorators beside the member: fold the run
		// of decorators into the declaration that follows them.
		next := best.NextNamedSibling()
		for next != nil && next.Type() == "decorator" {
			next = next.NextNamedSibling()
		}
		if next != nil {
			if next.HasError() {
				return 0, 0, false, true
			}
			last = next.EndPoint()
		}
	}
	endRow := last.Row
	if last.Column == 0 && endRow > row {
		endRow--
	}
	return line, int(endRow) + 1, true, true
}

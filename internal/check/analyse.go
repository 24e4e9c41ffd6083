package check

import (
	"fmt"
	"sort"
	"strings"

	"github.com/atomic-script/atomic-script/internal/jsast"
	"github.com/atomic-script/atomic-script/internal/suggest"

	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/parser"
	"github.com/dop251/goja/token"
)

// The analysis reads the JavaScript with goja's parser: it is maintained,
// pure Go, already part of this engine, and records the position of every
// node, which a finding needs (tdewolff/parse's AST has no positions).
// It does not read async generators; for those the analysis says it
// skipped the script (esbuild, which reads everything, decides validity).

// parseJS parses code as a script. goja's parser panics on some valid
// source ('\u{10FFFF}'); that is a parse failure here, so esbuild decides
// whether the script is valid.
func parseJS(code string) (prog *ast.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			prog, err = nil, &analysisFailure{what: "parser", value: r}
		}
	}()
	return parser.ParseFile(nil, "", code, 0, parser.WithDisableSourceMaps)
}

// analysisFailure is a panic of the analysis's parser or walk: the script
// is then run unanalysed if esbuild finds it valid.
type analysisFailure struct {
	what  string // "parser" or "walk"
	value any
}

func (f *analysisFailure) Error() string {
	return fmt.Sprintf("the analysis %s failed: %v", f.what, f.value)
}

// positioner maps a byte offset of the parsed code to the script's line
// and character column.
type positioner func(off int) (int, int)

// errorOffset returns the byte offset of a goja parse error in code.
func errorOffset(code string, err error) int {
	if el, ok := err.(parser.ErrorList); ok && len(el) > 0 {
		t := newText(code)
		p := el[0].Position
		if p.Line >= 1 && p.Line <= len(t.start) {
			return min(len(code), t.start[p.Line-1]+max(0, p.Column-1))
		}
	}
	return 0
}

func notAnalysed(w wrapped, err error) Diagnostic {
	return notAnalysedAt(w.pos, w.code, err)
}

// notAnalysedAt is the finding for valid code the analysis parser rejects,
// or the module error when what it rejects is a dynamic import().
func notAnalysedAt(pos positioner, code string, err error) Diagnostic {
	off := errorOffset(code, err)
	line, col := pos(off)
	if strings.HasPrefix(code[off:], "import") {
		return Diagnostic{Line: line, Col: col, Severity: Error, Code: CodeModule,
			Message: "import() is not available: a script has no module loader; the tools are globals (await tools.read({...}))"}
	}
	msg := err.Error()
	if el, ok := err.(parser.ErrorList); ok && len(el) > 0 {
		msg = el[0].Message
	}
	if f, ok := err.(*analysisFailure); ok {
		return Diagnostic{Line: line, Col: col, Severity: Note, Code: CodeNotAnalysed,
			Message: "the script is valid, but the check cannot analyse it (its " + f.what + " failed: " + fmt.Sprint(f.value) + "): forgotten awaits and tool names were not checked"}
	}
	return Diagnostic{Line: line, Col: col, Severity: Note, Code: CodeNotAnalysed,
		Message: "the script is valid, but the check cannot analyse it past this point (" + msg + "): forgotten awaits and tool names were not checked"}
}

// analysis is one walk over a parsed script.
type analysis struct {
	pos   positioner
	opts  Options
	async map[string]bool // names of async functions the script declares
	local map[string]bool // names the script declares (require shadowed?)
	seen  map[seenKey]bool
	out   []Diagnostic
}

func analyse(prog *ast.Program, pos positioner, _ *Program, o Options) []Diagnostic {
	a := &analysis{pos: pos, opts: o, async: map[string]bool{}, local: map[string]bool{}, seen: map[seenKey]bool{}}
	// One walk (reflection is most of the analysis's cost): declarations
	// are recorded as met, the rest is checked once all are known (a
	// function may be called above its declaration).
	var later []ast.Node
	jsast.Walk(prog, func(n ast.Node) {
		switch n.(type) {
		case *ast.FunctionDeclaration, *ast.Binding:
			a.declare(n)
		case *ast.ExpressionStatement, *ast.CallExpression:
			later = append(later, n)
		}
	})
	for _, n := range later {
		a.visit(n)
	}
	return a.out
}

func (a *analysis) add(idx int, sev Severity, code, msg string) {
	line, col := a.pos(idx - 1) // goja's Idx is 1-based
	k := seenKey{line, col, code}
	if a.seen[k] {
		return
	}
	a.seen[k] = true
	a.out = append(a.out, Diagnostic{Line: line, Col: col, Severity: sev, Code: code, Message: msg})
}

// declare records the functions and names the script declares.
func (a *analysis) declare(n ast.Node) {
	switch n := n.(type) {
	case *ast.FunctionDeclaration:
		if n.Function.Name != nil {
			a.local[string(n.Function.Name.Name)] = true
			if n.Function.Async {
				a.async[string(n.Function.Name.Name)] = true
			}
		}
	case *ast.Binding:
		if id, ok := n.Target.(*ast.Identifier); ok {
			a.local[string(id.Name)] = true
			if isAsyncFunc(n.Initializer) {
				a.async[string(id.Name)] = true
			}
		}
	}
}

func isAsyncFunc(e ast.Expression) bool {
	switch f := e.(type) {
	case *ast.FunctionLiteral:
		return f.Async
	case *ast.ArrowFunctionLiteral:
		return f.Async
	}
	return false
}

func (a *analysis) visit(n ast.Node) {
	switch n := n.(type) {
	case *ast.ExpressionStatement:
		a.discarded(n.Expression)
	case *ast.CallExpression:
		a.call(n)
	}
}

// discarded checks an expression whose value a statement throws away.
func (a *analysis) discarded(e ast.Expression) {
	switch e := e.(type) {
	case *ast.SequenceExpression:
		for _, x := range e.Sequence {
			a.discarded(x)
		}
	case *ast.ConditionalExpression:
		a.discarded(e.Consequent)
		a.discarded(e.Alternate)
	case *ast.BinaryExpression:
		if e.Operator == token.LOGICAL_AND || e.Operator == token.LOGICAL_OR || e.Operator == token.COALESCE {
			a.discarded(e.Right)
		}
	case *ast.OptionalChain:
		a.discarded(e.Expression)
	case *ast.CallExpression:
		if what := a.promiseOf(e); what != "" && !a.badTool(e) {
			a.add(int(e.Idx0()), Warning, CodeNotAwaited, fmt.Sprintf(
				"%s is not awaited: the script goes on, and may end and cancel it, before it finishes, and its errors are lost; write await %s, or void %s to drop it on purpose",
				what, what, what))
		}
	}
}

// promiseOf names the promise a call makes ("tools.write(...)"), or "" when
// the call is not known to make one.
func (a *analysis) promiseOf(c *ast.CallExpression) string {
	path := calleePath(c.Callee)
	switch {
	case len(path) >= 2 && path[0] == "tools" && !a.local["tools"]:
		return strings.Join(path, ".") + "(...)"
	case len(path) == 2 && path[0] == "Promise" && (path[1] == "all" || path[1] == "allSettled" || path[1] == "any" || path[1] == "race"):
		return strings.Join(path, ".") + "(...)"
	case len(path) == 1 && a.async[path[0]]:
		return path[0] + "(...)"
	}
	return ""
}

// call checks one call: the tool it names, module functions, and forEach
// with an async callback.
func (a *analysis) call(c *ast.CallExpression) {
	path := calleePath(c.Callee)
	switch {
	case len(path) >= 2 && path[0] == "tools" && !a.local["tools"]:
		a.tool(c, path[1])
	case len(path) == 1 && path[0] == "require" && !a.local["require"]:
		a.add(int(c.Idx0()), Error, CodeModule,
			"require is not available: a script has no modules; the tools are globals (await tools.read({...})), and values move between runs with store() and load()")
	case len(path) >= 2 && path[len(path)-1] == "forEach" && len(c.ArgumentList) > 0 && a.returnsPromise(c.ArgumentList[0]):
		a.add(int(c.Idx0()), Warning, CodeForEachAsync,
			"forEach does not wait for the promises its callback returns: the calls run unawaited. Use for (const x of xs) { await ... }, or await Promise.all(xs.map(...))")
	}
}

// returnsPromise reports whether a callback is async or returns a tool
// call's promise from its expression body.
func (a *analysis) returnsPromise(e ast.Expression) bool {
	switch f := e.(type) {
	case *ast.FunctionLiteral:
		return f.Async
	case *ast.ArrowFunctionLiteral:
		if f.Async {
			return true
		}
		if b, ok := f.Body.(*ast.ExpressionBody); ok {
			if c, ok := b.Expression.(*ast.CallExpression); ok {
				return a.promiseOf(c) != ""
			}
		}
	case *ast.Identifier:
		return a.async[string(f.Name)]
	}
	return false
}

// badTool reports whether c calls a tool the run does not have (a finding
// of its own; that it is not awaited is then beside the point).
func (a *analysis) badTool(c *ast.CallExpression) bool {
	path := calleePath(c.Callee)
	if t := a.opts.Tools; t != nil && len(path) >= 2 && path[0] == "tools" && !a.local["tools"] {
		return !t.Callable[path[1]] && !t.Namespaces[path[1]]
	}
	return false
}

// tool checks that tools.<id> is a tool or namespace of the run.
func (a *analysis) tool(c *ast.CallExpression, id string) {
	t := a.opts.Tools
	if t == nil || t.Callable[id] || t.Namespaces[id] || id == "" {
		return
	}
	at := int(c.Idx0())
	if how, ok := t.Disabled[id]; ok {
		a.add(at, Error, CodeNotEnabled, fmt.Sprintf("tools.%s is not enabled in this run: %s", id, how))
		return
	}
	msg := fmt.Sprintf("tools.%s is not a tool of this run", id)
	if s := closest(id, t); s != "" {
		msg += fmt.Sprintf(" (did you mean tools.%s?)", s)
	}
	a.add(at, Error, CodeUnknownTool, msg+"; ALL_TOOLS lists the tools a run has, and atomic-script tools shows how to enable others")
}

// closest returns the known name nearest to id, if one is near.
func closest(id string, t *Tools) string {
	var names []string
	for _, set := range []map[string]bool{t.Callable, t.Namespaces} {
		for n := range set {
			names = append(names, n)
		}
	}
	for n := range t.Disabled {
		names = append(names, n)
	}
	sort.Strings(names)
	if near := suggest.Nearest(id, names, 1); len(near) > 0 {
		return near[0]
	}
	return ""
}

// calleePath returns a callee as names: tools.files.read → [tools files
// read]; tools["web-fetch"] → [tools web-fetch]; nil when it is not a
// plain path.
func calleePath(e ast.Expression) []string {
	switch e := e.(type) {
	case *ast.Identifier:
		return []string{string(e.Name)}
	case *ast.DotExpression:
		if p := calleePath(e.Left); p != nil {
			return append(p, string(e.Identifier.Name))
		}
	case *ast.BracketExpression:
		if s, ok := e.Member.(*ast.StringLiteral); ok {
			if p := calleePath(e.Left); p != nil {
				return append(p, string(s.Value))
			}
		}
	case *ast.OptionalChain:
		return calleePath(e.Expression)
	case *ast.Optional:
		return calleePath(e.Expression)
	}
	return nil
}

// sortDiags orders findings by position.
func sortDiags(ds []Diagnostic) []Diagnostic {
	sort.SliceStable(ds, func(i, j int) bool {
		if ds[i].Line != ds[j].Line {
			return ds[i].Line < ds[j].Line
		}
		return ds[i].Col < ds[j].Col
	})
	return ds
}

type seenKey struct {
	line, col int
	code      string
}

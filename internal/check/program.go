package check

import (
	"fmt"
	"strings"
	"sync"

	"github.com/evanw/esbuild/pkg/api"
)

// Program is a script ready to run: JavaScript the engine wraps in its
// async function, and the way back from its positions to the script's.
type Program struct {
	// Code is the JavaScript to run: the script itself, or what esbuild
	// made of its TypeScript.
	Code string
	// Lang is the language the script ran as (Auto resolved).
	Lang Lang

	ts *tsMap // nil when Code is the script
}

// tsMap maps positions of esbuild's output back to the TypeScript. The
// source map is decoded when a position is first needed (most runs have
// no finding and no error).
type tsMap struct {
	out   text // esbuild's whole output: Code is its lines 2..n-1
	src   text
	raw   []byte
	once  sync.Once
	sm    *sourceMap
	smErr error
}

func (m *tsMap) sourceMap() (*sourceMap, error) {
	m.once.Do(func() { m.sm, m.smErr = parseSourceMap(m.raw) })
	return m.sm, m.smErr
}

// Source maps a position of Code (1-based line, character column) to the
// script's. Positions that map nowhere are returned as they are.
func (p *Program) Source(line, col int) (int, int) {
	if p == nil || p.ts == nil {
		return line, col
	}
	m := p.ts
	outLine := line + 1 // Code starts at the output's second line
	u := m.out.utf16Col(outLine, col)
	l := m.out.line(outLine)
	indent := len(l) - len(strings.TrimLeft(l, " "))
	sm, err := m.sourceMap()
	if err != nil {
		return line, col
	}
	sl, sc, ok := sm.lookup(outLine-1, u, indent)
	if !ok {
		return line, col
	}
	return m.src.srcCol(sl+1, sc)
}

// srcCol converts a position of the wrapped source (1-based line, 0-based
// UTF-16 column) to the script's: line 1 loses the wrapper's prefix.
func (t text) srcCol(line, u int) (int, int) {
	if line == 1 {
		u = max(0, u-len(jsPrefix))
	}
	if line > len(t.start) { // the wrapper's closing line
		line = len(t.start)
		return line, len([]rune(t.line(line))) + 1
	}
	return line, t.colFromUTF16(line, u)
}

// The wrapper the parsers see around a script, as the engine runs it: the
// body of an async function, starting on the script's first line so line
// numbers match.
const (
	jsPrefix = "(async () => {"
	jsSuffix = "\n})"
)

// wrapped is a script inside the wrapper.
type wrapped struct {
	code string
	t    text // of code
	src  text // of the script
}

func wrapJS(src string) wrapped {
	code := jsPrefix + src + jsSuffix
	return wrapped{code: code, t: newText(code), src: newText(src)}
}

// pos maps a byte offset of the wrapped code to the script's line and
// character column.
func (w wrapped) pos(off int) (int, int) {
	line, _ := w.t.pos(off)
	ls := w.t.start[line-1]
	if line == 1 {
		ls += len(jsPrefix)
	}
	if line > len(w.src.start) { // the wrapper's closing line
		line = len(w.src.start)
		return line, len([]rune(w.src.line(line))) + 1
	}
	return line, w.src.charCol(line, max(0, off-ls)+1)
}

type loader struct {
	api  api.Loader
	name string
}

var (
	jsLoader  = loader{api.LoaderJS, "JavaScript"}
	tsLoader  = loader{api.LoaderTS, "TypeScript"}
	tsxLoader = loader{api.LoaderTSX, "TSX"}
)

func transform(code string, l loader) api.TransformResult {
	return api.Transform(code, api.TransformOptions{
		Loader:    l.api,
		Sourcemap: api.SourceMapExternal,
		Charset:   api.CharsetUTF8, // keep non-ASCII text as written (columns stay countable)
		Target:    api.ESNext,      // strip types, lower nothing else
		LogLevel:  api.LogLevelSilent,
		LogLimit:  maxSyntaxErrors,
	})
}

// maxSyntaxErrors bounds the syntax errors reported for one script.
const maxSyntaxErrors = 10

// compileTS strips the types of src with esbuild.
func compileTS(src string, o Options) (*Program, []Diagnostic) {
	waitWarm()
	w := wrapJS(src)
	r := transform(w.code, tsLoader)
	if len(r.Errors) > 0 {
		ds := syntaxDiags(w, r.Errors)
		if tsx := transform(w.code, tsxLoader); len(tsx.Errors) == 0 {
			ds[0].Message += " (this looks like JSX, which a script cannot use: there is no DOM or React to render it; build strings instead)"
		}
		return nil, ds
	}
	out := string(r.Code)
	const head, tail = jsPrefix + "\n", "});\n"
	if !strings.HasPrefix(out, head) || !strings.HasSuffix(out, tail) || len(out) < len(head)+len(tail) {
		return nil, []Diagnostic{{Line: 1, Col: 1, Severity: Error, Code: CodeInternalError,
			Message: fmt.Sprintf("the TypeScript transform produced code of an unexpected shape (%.40q...): please report this", out)}}
	}
	p := &Program{Code: out[len(head) : len(out)-len(tail)], Lang: TS,
		ts: &tsMap{out: newText(out), src: w.src, raw: r.Map}}
	pos := func(off int) (int, int) {
		line, col := p.ts.out.pos(off)
		return p.Source(line-1, col)
	}
	prog, perr := parseJS(out)
	if perr != nil {
		return p, []Diagnostic{notAnalysedAt(pos, out, perr)}
	}
	return p, sortDiags(analyse(prog, positioner(pos), p, o))
}

// transformError is the first syntax error esbuild finds in src as l's
// language, if any.
func transformError(src string, l loader) (Diagnostic, bool) {
	w := wrapJS(src)
	r := transform(w.code, l)
	if len(r.Errors) == 0 {
		return Diagnostic{}, true
	}
	return syntaxDiags(w, r.Errors)[0], false
}

// syntaxDiags converts esbuild's errors (positions in the wrapped code,
// columns in bytes) to findings in the script.
func syntaxDiags(w wrapped, errs []api.Message) []Diagnostic {
	var ds []Diagnostic
	for _, e := range errs {
		d := Diagnostic{Line: 1, Col: 1, Severity: Error, Code: CodeSyntax, Message: e.Text}
		if loc := e.Location; loc != nil {
			off := w.t.start[min(loc.Line, len(w.t.start))-1] + loc.Column
			d.Line, d.Col = w.pos(off)
			if off >= len(w.code)-len(jsSuffix) {
				d.Message = "unexpected end of the script: a bracket, string, template or comment is still open"
			}
			moduleHint(&d, loc.LineText, loc.Line == 1)
		}
		ds = append(ds, d)
		if len(ds) == maxSyntaxErrors {
			break
		}
	}
	return ds
}

// moduleHint rewrites a syntax error on an import or export statement:
// a script is the body of a function, not a module.
func moduleHint(d *Diagnostic, lineText string, first bool) {
	if first {
		lineText = strings.TrimPrefix(lineText, jsPrefix)
	}
	rest := strings.TrimLeft(lineText, " \t")
	for _, kw := range []string{"import", "export"} {
		if strings.HasPrefix(rest, kw) && len(rest) > len(kw) && strings.ContainsRune(" \t{*\"'", rune(rest[len(kw)])) {
			d.Code = CodeModule
			d.Col = len([]rune(lineText)) - len([]rune(rest)) + 1
			d.Message = kw + " is not available: a script is not a module and there is nothing to import; the tools are globals (await tools.read({...})), and values move between runs with store() and load()"
			return
		}
	}
}

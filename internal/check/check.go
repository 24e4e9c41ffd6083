// Package check prepares a script for the engine and finds its mistakes
// before it runs: TypeScript is stripped to JavaScript with esbuild (types
// removed, enums lowered, nothing bundled) with a source map that maps
// every position back to the user's file, and the parsed script is checked
// for syntax errors, tool-call promises nobody awaits (the forgotten
// `await`), calls of tools the run does not have, and module syntax a
// script cannot use.
//
// Scripts are the body of an async function (the engine runs them so), so
// top-level await and return are valid in both languages.
//
// Positions are 1-based lines and 1-based columns counted in characters
// (Unicode code points), as QuickJS counts them in stack traces.
//
// This package is not public API. Everything in it is safe for concurrent
// use.
package check

import (
	"fmt"
	"path"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/dop251/goja/ast"
)

// Lang is the language a script is written in.
type Lang string

const (
	// Auto runs a script as JavaScript when it parses as JavaScript, and as
	// TypeScript otherwise (code given inline, with no file name).
	Auto Lang = ""
	// JS is JavaScript, run exactly as written.
	JS Lang = "js"
	// TS is TypeScript: types are stripped by esbuild before it runs.
	TS Lang = "ts"
)

// LangOf returns the language a file name says: .ts, .mts and .cts are
// TypeScript, .js, .mjs and .cjs JavaScript, anything else Auto.
func LangOf(name string) Lang {
	switch strings.ToLower(path.Ext(name)) {
	case ".ts", ".mts", ".cts":
		return TS
	case ".js", ".mjs", ".cjs":
		return JS
	}
	return Auto
}

// Severity says whether a finding stops a run.
type Severity string

const (
	// Error: the script cannot run as written (or a call in it would fail).
	Error Severity = "error"
	// Warning: the script runs, but probably not as meant.
	Warning Severity = "warning"
	// Note: something the check could not do; nothing wrong was found.
	Note Severity = "note"
)

// Codes of findings, stable for --json consumers.
const (
	CodeSyntax        = "syntax"           // the script does not parse
	CodeEncoding      = "encoding"         // the script is not UTF-8
	CodeTooDeep       = "too-deep"         // nesting beyond what the parsers can take
	CodeModule        = "module"           // import, export or require in a script
	CodeNotAwaited    = "not-awaited"      // a tool call's promise nobody awaits
	CodeUnknownTool   = "unknown-tool"     // tools.X where the run has no X
	CodeNotEnabled    = "tool-not-enabled" // tools.X where X exists but is off
	CodeOptions       = "options"          // a bad // @options line
	CodeNotAnalysed   = "not-analysed"     // valid syntax the analysis cannot read
	CodeForEachAsync  = "foreach-async"    // forEach drops the promises of an async callback
	CodeInternalError = "internal"         // the transform produced what this package cannot map
)

// Diagnostic is one finding, at a position of the user's script.
type Diagnostic struct {
	Line     int      `json:"line"`
	Col      int      `json:"col"`
	Severity Severity `json:"severity"`
	Code     string   `json:"code"`
	Message  string   `json:"message"`
}

// String is "line:col: message" (the caller adds the file name).
func (d Diagnostic) String() string {
	return fmt.Sprintf("%d:%d: %s", d.Line, d.Col, d.Message)
}

// Tools is what a run can call, for the tool-name checks. Keys are the
// identifiers under `tools` (tool names and namespace identifiers).
type Tools struct {
	// Callable holds the tools the run has.
	Callable map[string]bool
	// Namespaces holds the namespaces (MCP servers) the run has; their
	// tools are not checked (they are listed only when a server starts).
	Namespaces map[string]bool
	// Disabled maps a tool that exists but is not enabled to how to enable
	// it ("enable it with --tools bash").
	Disabled map[string]string
}

// Options configure Compile.
type Options struct {
	Lang Lang
	// Tools, when set, checks the names of called tools.
	Tools *Tools
}

// HasErrors reports whether any finding is an error.
func HasErrors(ds []Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == Error {
			return true
		}
	}
	return false
}

// Compile turns src into the program the engine runs and checks it. When
// a finding is an error, the program is nil. Findings are in source order.
func Compile(src string, o Options) (p *Program, ds []Diagnostic) {
	defer func() {
		if r := recover(); r != nil {
			p, ds = nil, []Diagnostic{{Line: 1, Col: 1, Severity: Error, Code: CodeInternalError,
				Message: fmt.Sprintf("the check failed on this script (%v); please report it with the script", r)}}
		}
	}()
	if d, ok := checkEncoding(src); !ok {
		return nil, []Diagnostic{d}
	}
	if d, ok := checkNesting(src); !ok {
		return nil, []Diagnostic{d}
	}
	switch o.Lang {
	case JS:
		return compileJS(src, o, false)
	case TS:
		return compileTS(src, o)
	}
	return compileJS(src, o, true)
}

// compileJS runs src as written. When the analysis parser rejects it,
// esbuild decides whether it is valid JavaScript; with auto set, only code
// that is not JavaScript is tried as TypeScript: valid JavaScript the
// analysis parser cannot read (for await, an async generator) must not go
// through the TypeScript transform, which renames shadowed bindings and
// so changes what a function's name is.
func compileJS(src string, o Options, auto bool) (*Program, []Diagnostic) {
	w := wrapJS(src)
	prog, perr := parseJS(w.code)
	if perr == nil {
		p := &Program{Code: src, Lang: JS}
		ds, aerr := safeAnalyse(prog, w.pos, p, o)
		if aerr == nil {
			return p, sortDiags(ds)
		}
		perr = aerr
	}
	d, isJS := transformError(src, jsLoader)
	if auto && !isJS {
		p, ds := compileTS(src, o)
		if p != nil {
			p.Lang = TS
		}
		return p, ds
	}
	if !isJS {
		return nil, []Diagnostic{d}
	}
	// Valid JavaScript the analysis parser does not read (an async
	// generator, say): run it unchecked, and say so.
	return &Program{Code: src, Lang: JS}, []Diagnostic{notAnalysed(w, perr)}
}

// safeAnalyse is analyse, with a panic of the walk returned as an error:
// the script then runs unanalysed, as one the parser cannot read.
func safeAnalyse(prog *ast.Program, pos positioner, p *Program, o Options) (ds []Diagnostic, err error) {
	defer func() {
		if r := recover(); r != nil {
			ds, err = nil, &analysisFailure{what: "walk", value: r}
		}
	}()
	return analyse(prog, pos, p, o), nil
}

// checkEncoding reports the first byte of src that is not UTF-8.
func checkEncoding(src string) (Diagnostic, bool) {
	if utf8.ValidString(src) {
		return Diagnostic{}, true
	}
	off := 0
	for off < len(src) {
		r, n := utf8.DecodeRuneInString(src[off:])
		if r == utf8.RuneError && n <= 1 {
			break
		}
		off += n
	}
	line, col := newText(src).pos(off)
	return Diagnostic{Line: line, Col: col, Severity: Error, Code: CodeEncoding,
		Message: fmt.Sprintf("the script is not valid UTF-8 (byte 0x%02x): save it as UTF-8", src[off])}, false
}

// esbuild parses its own runtime helpers on a process's first transform
// (about 3 ms, even for a transform that uses none of them). Warm does
// that in the background, so a TypeScript script compiled soon after
// does not wait for it; compileTS waits for a warm-up under way rather
// than parse the helpers a second time alongside it.
var warm struct {
	once sync.Once
	done chan struct{}
}

// Warm starts esbuild's one-time setup in the background. Safe to call
// from any goroutine, any number of times.
func Warm() {
	warm.once.Do(func() {
		done := make(chan struct{})
		warm.done = done
		go func() {
			defer close(done)
			transform(jsPrefix+jsSuffix, tsLoader)
		}()
	})
}

// waitWarm waits for a warm-up that was started.
func waitWarm() {
	warm.once.Do(func() {}) // a warm-up started before this has set done
	if warm.done != nil {
		<-warm.done
	}
}

package engine

import (
	"fmt"
	"strconv"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/internal/check"
	"github.com/atomic-script/atomic-script/tools"
)

// Diagnostic is one finding of Check (or of the check every Run makes
// first), at a position of the script: 1-based line, and column in
// characters.
type Diagnostic struct {
	File string `json:"file"`
	Line int    `json:"line"`
	Col  int    `json:"col"`
	// Severity is "error" (the script cannot run, or a call in it would
	// fail), "warning" (it runs, probably not as meant: a tool call nobody
	// awaits) or "note" (something the check could not do).
	Severity string `json:"severity"`
	// Code is stable: syntax, encoding, too-deep, module, not-awaited,
	// foreach-async, unknown-tool, tool-not-enabled, options, not-analysed.
	Code    string `json:"code"`
	Message string `json:"message"`
}

// String is "file:line:col: message", with "warning: " or "note: " before
// the message of a finding that is not an error.
func (d Diagnostic) String() string {
	sev := ""
	if d.Severity != string(check.Error) {
		sev = d.Severity + ": "
	}
	return fmt.Sprintf("%s:%d:%d: %s%s", d.File, d.Line, d.Col, sev, d.Message)
}

// Check parses a script without running it and reports its syntax errors,
// tool calls whose promises nobody awaits, calls of tools this engine does
// not have, module syntax (import, require) and a bad // @options line.
// WithScriptName names the file and picks the language; other options
// are ignored.
func (e *Engine) Check(code string, opts ...RunOption) []Diagnostic {
	var ro runConfig
	for _, o := range opts {
		o(&ro)
	}
	src, _, err := prepareScript(code)
	if err != nil {
		line := optionsLineNumber(code)
		return []Diagnostic{{File: scriptName(ro.name, check.Auto), Line: line, Col: 1, Severity: string(check.Error), Code: check.CodeOptions, Message: err.Error()}}
	}
	prog, diags := e.compile(src, ro.name)
	lang := check.LangOf(ro.name)
	if prog != nil {
		lang = prog.Lang
	}
	return publicDiagnostics(diags, scriptName(ro.name, lang))
}

// WarmUp prepares, in the background, what a run of the script named name
// needs first, so that work overlaps the caller's own start-up: for a
// TypeScript file, esbuild's one-time setup (about 3 ms on a process's
// first transform). Optional; safe to call from any goroutine.
func WarmUp(name string) {
	if check.LangOf(name) == check.TS {
		check.Warm()
	}
}

// compile prepares src for a run and checks it.
func (e *Engine) compile(src, name string) (*check.Program, []check.Diagnostic) {
	return check.Compile(src, check.Options{Lang: check.LangOf(name), Tools: e.checkTools()})
}

// source is how the run's stack frames name and map the script.
func source(name string, prog *check.Program) bindings.Source {
	s := bindings.Source{Name: scriptName(name, prog.Lang)}
	if prog.Lang == check.TS {
		s.Map = prog.Source
	}
	return s
}

// scriptName is the name frames and findings give a script: its file, or
// codemode.js (codemode.ts when it ran as TypeScript).
func scriptName(name string, lang check.Lang) string {
	switch {
	case name != "":
		return name
	case lang == check.TS:
		return "codemode.ts"
	}
	return "codemode.js"
}

func publicDiagnostics(ds []check.Diagnostic, file string) []Diagnostic {
	out := make([]Diagnostic, len(ds))
	for i, d := range ds {
		out[i] = Diagnostic{File: file, Line: d.Line, Col: d.Col, Severity: string(d.Severity), Code: d.Code, Message: d.Message}
	}
	return out
}

// syntaxFailure is the result of a script that cannot run: its first error
// as a SyntaxError at the script's position. No VM was made and no tool
// ran.
func syntaxFailure(ds []check.Diagnostic, file string) *Result {
	var first *check.Diagnostic
	n := 0
	for i := range ds {
		if ds[i].Severity == check.Error {
			if first == nil {
				first = &ds[i]
			}
			n++
		}
	}
	if first == nil { // cannot happen: Compile returns no program only with an error
		first = &check.Diagnostic{Line: 1, Col: 1, Message: "the script cannot be compiled"}
	}
	msg := first.Message
	if n > 1 {
		msg += " (and " + strconv.Itoa(n-1) + " more errors: atomic-script check lists them)"
	}
	return &Result{Error: &ScriptError{Kind: KindScript, Name: "SyntaxError", Message: msg,
		Stack: "    at " + file + ":" + strconv.Itoa(first.Line) + ":" + strconv.Itoa(first.Col)}}
}

// warnings are the findings a run reports beside its result, as
// "file:line:col: message".
func warnings(ds []check.Diagnostic, file string) []string {
	var out []string
	for _, d := range ds {
		out = append(out, file+":"+d.String())
	}
	return out
}

// checkTools is what the check needs to know of the tools scripts of this
// engine can call.
func (e *Engine) checkTools() *check.Tools {
	t := &check.Tools{Callable: map[string]bool{}, Namespaces: map[string]bool{}, Disabled: map[string]string{}}
	for _, en := range scriptEntries(e.cfg.registry) {
		t.Callable[en.Path[0]] = true
	}
	for _, ns := range e.namespaces() {
		t.Namespaces[ns.ID] = true
	}
	for _, b := range Builtins().Tools() {
		id := Identifier(b.Name())
		if !t.Callable[id] && tools.ScriptCallable(b) {
			t.Disabled[id] = fmt.Sprintf("enable it with --tools %s, or add %q to defaultTools in .atomic/settings.json", b.Name(), b.Name())
		}
	}
	return t
}

// optionsLineNumber is the line of the first non-blank line (the
// // @options line a bad options error is about).
func optionsLineNumber(code string) int {
	line := 1
	for i := 0; i < len(code); i++ {
		switch code[i] {
		case '\n':
			line++
		case ' ', '\t', '\r':
		default:
			return line
		}
	}
	return 1
}

package goja

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"

	"github.com/atomic-script/atomic-script/runtime"
)

// importShim replaces the keyword of an import(...) call. It has the
// keyword's length, so every line and column after it stays where it was.
const importShim = "$impo_"

// maxImportRewrites bounds the parse-and-retry loop of compile.
const maxImportRewrites = 64

// install replaces the builtins that would let a script overflow the Go
// stack (eval, the Function constructors, JSON.parse, Array join,
// toLocaleString and flat) with guarded ones, defines the import shim and
// deletes goja's one non-standard global.
func (v *vm) install() error {
	rt := v.rt
	json := rt.Get("JSON").ToObject(rt)
	var ok bool
	if v.toJSON, ok = goja.AssertFunction(json.Get("stringify")); !ok {
		return fmt.Errorf("goja: JSON.stringify is not a function")
	}
	syntaxErr, ok := goja.AssertConstructor(rt.Get("SyntaxError"))
	if !ok {
		return fmt.Errorf("goja: SyntaxError is not a constructor")
	}
	throw := func(msg string) {
		e, err := syntaxErr(nil, rt.ToValue(msg))
		if err != nil {
			panic(err)
		}
		panic(e)
	}
	checkSource := func(src string) {
		if sourceTooDeep(src) {
			throw("stack overflow: the source nests too deeply to parse")
		}
	}

	// JSON.parse
	parse, ok := goja.AssertFunction(json.Get("parse"))
	if !ok {
		return fmt.Errorf("goja: JSON.parse is not a function")
	}
	guardedParse := v.native("parse", 2, func(call goja.FunctionCall) goja.Value {
		text := v.toString(call.Argument(0))
		if jsonDepth(text, MaxJSONDepth) > MaxJSONDepth {
			throw(fmt.Sprintf("stack overflow: JSON nests deeper than %d levels", MaxJSONDepth))
		}
		args := append([]goja.Value{rt.ToValue(text)}, call.Arguments[min(1, len(call.Arguments)):]...)
		return mustValue(parse(goja.Undefined(), args...))
	})
	if err := json.DefineDataProperty("parse", guardedParse, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return err
	}

	// eval: guarded, and therefore always indirect.
	eval, ok := goja.AssertFunction(rt.Get("eval"))
	if !ok {
		return fmt.Errorf("goja: eval is not a function")
	}
	guardedEval := v.native("eval", 1, func(call goja.FunctionCall) goja.Value {
		s, isStr := call.Argument(0).(goja.String)
		if !isStr {
			return call.Argument(0)
		}
		src := s.String()
		checkSource(src)
		if strings.Contains(src, "import") {
			src = rewriteImports(src)
		}
		return mustValue(eval(goja.Undefined(), rt.ToValue(src)))
	})
	global := rt.GlobalObject()
	if err := global.DefineDataProperty("eval", guardedEval, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
		return err
	}

	// Function, AsyncFunction, GeneratorFunction (goja has no async
	// generators).
	for _, expr := range []string{
		"Function",
		"Object.getPrototypeOf(async function(){}).constructor",
		"Object.getPrototypeOf(function*(){}).constructor",
	} {
		val, err := rt.RunString(expr)
		if err != nil {
			return err
		}
		if err := v.guardConstructor(val.ToObject(rt), checkSource); err != nil {
			return err
		}
	}

	if err := v.guardArrays(); err != nil {
		return err
	}

	// import(x) → $impo_(x): a promise rejected as QuickJS rejects it. The
	// shim is a global lexical binding, so it is not a property of
	// globalThis that a script enumerating the globals would find.
	refErr, ok := goja.AssertConstructor(rt.Get("ReferenceError"))
	if !ok {
		return fmt.Errorf("goja: ReferenceError is not a constructor")
	}
	shim := v.native(importShim, 1, func(call goja.FunctionCall) goja.Value {
		p, _, reject := rt.NewPromise()
		var reason goja.Value
		if ex := rt.Try(func() {
			e := mustValue(refErr(nil, rt.ToValue("could not load module '"+v.toString(call.Argument(0))+"'"))).(*goja.Object)
			_ = e.Set("stack", "") // QuickJS gives this error no frames
			reason = e
		}); ex != nil {
			reason = ex.Value()
		}
		_ = reject(reason)
		return rt.ToValue(p)
	})
	const tmp = "__goja_import_shim"
	if err := global.Set(tmp, shim); err != nil {
		return err
	}
	if _, err := rt.RunString("const " + importShim + " = globalThis." + tmp + "; delete globalThis." + tmp + ";"); err != nil {
		return err
	}
	// goja's one non-standard global.
	return global.Delete("GoError")
}

// flatChunk is the most levels one call of the original
// Array.prototype.flat flattens; deeper requests are done in passes.
const flatChunk = 1000

// guardArrays bounds the builtins that recurse on the Go stack once per
// level of a nested array, without JavaScript frames that MaxCallDepth
// would count: join and toLocaleString (and toString, which calls join)
// count their nesting and throw "InternalError: stack overflow" past
// MaxCallDepth, as QuickJS does; flat with a depth above flatChunk
// flattens in passes of flatChunk levels, which gives the same array.
func (v *vm) guardArrays() error {
	rt := v.rt
	array := rt.Get("Array").ToObject(rt)
	proto := array.Get("prototype").ToObject(rt)
	errCtor, ok := goja.AssertConstructor(rt.Get("Error"))
	if !ok {
		return fmt.Errorf("goja: Error is not a constructor")
	}
	overflow := func() {
		if v.newOverflow != nil {
			panic(v.newOverflow())
		}
		e := mustValue(errCtor(nil, rt.ToValue("stack overflow"))).(*goja.Object)
		_ = e.DefineDataProperty("name", rt.ToValue("InternalError"), goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
		panic(e)
	}
	for _, name := range []string{"join", "toLocaleString"} {
		orig, ok := goja.AssertFunction(proto.Get(name))
		if !ok {
			return fmt.Errorf("goja: Array.prototype.%s is not a function", name)
		}
		length := int(proto.Get(name).ToObject(rt).Get("length").ToInteger())
		guarded := v.native(name, length, func(call goja.FunctionCall) goja.Value {
			if v.arrayNesting >= MaxCallDepth {
				overflow()
			}
			v.arrayNesting++
			defer func() { v.arrayNesting-- }()
			return mustValue(orig(call.This, call.Arguments...))
		})
		if err := proto.DefineDataProperty(name, guarded, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE); err != nil {
			return err
		}
	}

	flat, ok := goja.AssertFunction(proto.Get("flat"))
	if !ok {
		return fmt.Errorf("goja: Array.prototype.flat is not a function")
	}
	isArray, ok := goja.AssertFunction(array.Get("isArray"))
	if !ok {
		return fmt.Errorf("goja: Array.isArray is not a function")
	}
	nested := func(a goja.Value) bool {
		obj := a.ToObject(rt)
		n := obj.Get("length").ToInteger()
		for i := int64(0); i < n; i++ {
			if mustValue(isArray(goja.Undefined(), obj.Get(strconv.FormatInt(i, 10)))).ToBoolean() {
				return true
			}
		}
		return false
	}
	guardedFlat := v.native("flat", 0, func(call goja.FunctionCall) goja.Value {
		depth := 1.0
		if d := call.Argument(0); !goja.IsUndefined(d) {
			depth = d.ToFloat()
			if math.IsNaN(depth) {
				depth = 0
			}
			depth = math.Trunc(depth)
		}
		if depth <= flatChunk {
			return mustValue(flat(call.This, rt.ToValue(depth)))
		}
		cur := call.This
		for {
			step := math.Min(depth, flatChunk)
			cur = mustValue(flat(cur, rt.ToValue(step)))
			depth -= step
			if depth <= 0 || !nested(cur) {
				return cur
			}
		}
	})
	return proto.DefineDataProperty("flat", guardedFlat, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
}

// guardConstructor makes ctor.prototype.constructor (and, for Function, the
// global) a constructor that checks the source it is given before handing
// it to ctor.
func (v *vm) guardConstructor(ctor *goja.Object, check func(string)) error {
	rt := v.rt
	orig, ok := goja.AssertConstructor(ctor)
	if !ok {
		return fmt.Errorf("goja: %s is not a constructor", ctor)
	}
	name := ctor.Get("name").String()
	guarded := rt.ToValue(func(call goja.ConstructorCall) *goja.Object {
		args := make([]goja.Value, len(call.Arguments))
		var total strings.Builder
		for i, a := range call.Arguments {
			s := v.toString(a)
			args[i] = rt.ToValue(s)
			total.WriteString(s)
			total.WriteByte('\n')
		}
		check(total.String())
		obj, err := orig(call.NewTarget, args...)
		if err != nil {
			panic(err)
		}
		return obj
	}).(*goja.Object)
	proto := ctor.Get("prototype").ToObject(rt)
	for _, err := range []error{
		guarded.DefineDataProperty("name", rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE),
		guarded.DefineDataProperty("length", rt.ToValue(1), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE),
		guarded.DefineDataProperty("prototype", proto, goja.FLAG_FALSE, goja.FLAG_FALSE, goja.FLAG_FALSE),
		proto.DefineDataProperty("constructor", guarded, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE),
	} {
		if err != nil {
			return err
		}
	}
	if name == "Function" {
		return rt.GlobalObject().DefineDataProperty("Function", guarded, goja.FLAG_TRUE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	}
	return nil
}

// native returns a Go function as a JavaScript function with the given name
// and length (goja would name it after the Go closure).
func (v *vm) native(name string, length int, fn func(goja.FunctionCall) goja.Value) *goja.Object {
	obj := v.rt.ToValue(fn).(*goja.Object)
	_ = obj.DefineDataProperty("name", v.rt.ToValue(name), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	_ = obj.DefineDataProperty("length", v.rt.ToValue(length), goja.FLAG_FALSE, goja.FLAG_TRUE, goja.FLAG_FALSE)
	return obj
}

// toString is JavaScript's ToString: goja's String method gives a symbol's
// description where the language throws a TypeError.
func (v *vm) toString(val goja.Value) string {
	if _, isSym := val.(*goja.Symbol); isSym {
		panic(v.rt.NewTypeError("Cannot convert a Symbol value to a string"))
	}
	return val.String()
}

// mustValue rethrows an error of a call from Go into JavaScript into the
// JavaScript that made the outer call.
func mustValue(val goja.Value, err error) goja.Value {
	if err != nil {
		panic(err)
	}
	return val
}

// compile parses and compiles src as global script code after the nesting
// guard, renaming import(...) calls to the shim. Syntax errors come back as
// *runtime.Exception in QuickJS's shape.
func (v *vm) compile(src string) (*goja.Program, error) {
	if sourceTooDeep(src) {
		return nil, &runtime.Exception{Name: "SyntaxError", Message: "stack overflow: the source nests too deeply to parse"}
	}
	for tries := 0; ; tries++ {
		prg, err := parser.ParseFile(nil, "<eval>", src, 0, parser.WithDisableSourceMaps)
		if err != nil {
			if tries < maxImportRewrites {
				if fixed, ok := rewriteImportAt(src, err); ok {
					src = fixed
					continue
				}
			}
			return nil, syntaxException(err)
		}
		guardFunctions(prg)
		p, err := goja.CompileAST(prg, false)
		if err != nil {
			return nil, syntaxException(err)
		}
		return p, nil
	}
}

// rewriteImports renames every import(...) call in src, for eval.
func rewriteImports(src string) string {
	for tries := 0; tries < maxImportRewrites; tries++ {
		_, err := parser.ParseFile(nil, "<eval>", src, 0, parser.WithDisableSourceMaps)
		if err == nil {
			return src
		}
		fixed, ok := rewriteImportAt(src, err)
		if !ok {
			return src
		}
		src = fixed
	}
	return src
}

// rewriteImportAt renames the import keyword at the position of the first
// parse error, if the error is there and "(" follows it.
func rewriteImportAt(src string, err error) (string, bool) {
	list, ok := err.(parser.ErrorList)
	if !ok || len(list) == 0 {
		return "", false
	}
	off := offsetOf(src, list[0].Position.Line, list[0].Position.Column)
	if off < 0 || !strings.HasPrefix(src[off:], "import") {
		return "", false
	}
	rest := strings.TrimLeft(src[off+len("import"):], " \t\r\n")
	if !strings.HasPrefix(rest, "(") {
		return "", false
	}
	return src[:off] + importShim + src[off+len("import"):], true
}

// offsetOf converts goja's 1-based line and byte column to an offset.
func offsetOf(src string, line, col int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := strings.IndexByte(src[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	off += col - 1
	if off < 0 || off > len(src) {
		return -1
	}
	return off
}

// syntaxException turns a goja parse or compile error into QuickJS's
// shape: the bare message, and the position as the one frame.
func syntaxException(err error) error {
	switch e := err.(type) {
	case parser.ErrorList:
		if len(e) > 0 {
			p := e[0].Position
			return &runtime.Exception{Name: "SyntaxError", Message: e[0].Message,
				Stack: fmt.Sprintf("    at %s:%d:%d\n", p.Filename, p.Line, p.Column)}
		}
	case *goja.CompilerSyntaxError:
		ex := &runtime.Exception{Name: "SyntaxError", Message: e.Message}
		if e.File != nil {
			p := e.File.Position(e.Offset)
			ex.Stack = fmt.Sprintf("    at %s:%d:%d\n", p.Filename, p.Line, p.Column)
		}
		return ex
	case *goja.CompilerReferenceError:
		return &runtime.Exception{Name: "ReferenceError", Message: e.Message}
	}
	return &runtime.Exception{Name: "SyntaxError", Message: err.Error()}
}

package goja

import (
	"fmt"
	"reflect"

	"github.com/dop251/goja"
	"github.com/dop251/goja/ast"
	"github.com/dop251/goja/file"
	"github.com/dop251/goja/unistring"

	"github.com/atomic-script/atomic-script/internal/jsast"
)

// The stack guard. goja stops a runaway recursion at MaxCallDepth frames
// with a *goja.StackOverflowError, which no try/catch sees: the run ends.
// QuickJS and node throw an error the script can catch, and code that
// probes a recursion's limit (or recovers from a deep input) relies on
// it. goja has no catchable option and no hook on calls, so the source
// is instrumented: every function a script's source defines starts with
// a call of the guard, a host function that throws a catchable
// "InternalError: stack overflow" (an instance of RangeError, as node's
// error is) once the call stack is guardDepth frames deep. goja's own
// limit stays as the backstop, with MaxCallDepth-guardDepth frames of
// headroom for the catch handlers and the builtins a guarded function
// calls (code that eval or the Function constructors compile is not
// instrumented: a recursion wholly inside it still ends the call).
//
// The guard is a global lexical binding whose name is no identifier
// (guardName has a space), so no source can name, shadow or delete it,
// and reflection on the global object does not list it. The depth is
// the length of goja's call stack, read by reflection (goja exposes no
// depth); where goja's layout is not the one this was written against
// there is no guard and overflow is uncatchable, as before
// (TestStackGuardSupported says so).

// guardDepth is the call depth past which the guard throws.
const guardDepth = MaxCallDepth - 200

// guardName names the guard's binding; it cannot be written in source.
const guardName = "stack guard"

// callStackField is the index path of len(Runtime.vm.callStack), nil
// when goja's layout is not the known one.
var callStackField = func() []int {
	rt, ok := reflect.TypeOf(goja.Runtime{}).FieldByName("vm")
	if !ok || rt.Type.Kind() != reflect.Pointer || rt.Type.Elem().Kind() != reflect.Struct {
		return nil
	}
	cs, ok := rt.Type.Elem().FieldByName("callStack")
	if !ok || cs.Type.Kind() != reflect.Slice {
		return nil
	}
	return []int{rt.Index[0], cs.Index[0]}
}()

// installStackGuard defines the guard's binding and the prototype of the
// errors it throws.
func (v *vm) installStackGuard() error {
	if callStackField == nil {
		return nil
	}
	rt := v.rt
	machine := reflect.ValueOf(rt).Elem().Field(callStackField[0]).Elem()
	if !machine.IsValid() {
		return nil
	}
	callStack := machine.Field(callStackField[1])
	rangeErr, ok := goja.AssertConstructor(rt.Get("RangeError"))
	if !ok {
		return fmt.Errorf("goja: RangeError is not a constructor")
	}
	// QuickJS's InternalError, under RangeError as node's overflow is.
	proto := rt.NewObject()
	if err := proto.SetPrototype(rt.Get("RangeError").ToObject(rt).Get("prototype").ToObject(rt)); err != nil {
		return err
	}
	if err := proto.DefineDataProperty("name", rt.ToValue("InternalError"), goja.FLAG_TRUE, goja.FLAG_FALSE, goja.FLAG_TRUE); err != nil {
		return err
	}
	v.newOverflow = func() *goja.Object {
		e := mustValue(rangeErr(nil, rt.ToValue("stack overflow"))).(*goja.Object)
		_ = e.SetPrototype(proto)
		return e
	}
	guard := v.native("", 0, func(goja.FunctionCall) goja.Value {
		if callStack.Len() > guardDepth {
			panic(v.newOverflow())
		}
		return goja.Undefined()
	})
	const tmp = "__goja_stack_guard"
	if err := rt.GlobalObject().Set(tmp, guard); err != nil {
		return err
	}
	prg, err := goja.Parse("<guard>", "const guard = globalThis."+tmp+"; delete globalThis."+tmp+";")
	if err != nil {
		return err
	}
	decl, ok := prg.Body[0].(*ast.LexicalDeclaration)
	if !ok || len(decl.List) != 1 {
		return fmt.Errorf("goja: the stack guard's declaration did not parse as one")
	}
	id, ok := decl.List[0].Target.(*ast.Identifier)
	if !ok {
		return fmt.Errorf("goja: the stack guard's declaration did not parse as one")
	}
	id.Name = guardName
	p, err := goja.CompileAST(prg, false)
	if err != nil {
		return err
	}
	_, err = rt.RunProgram(p)
	return err
}

// guardFunctions starts every function of prg with a call of the guard.
func guardFunctions(prg *ast.Program) {
	if callStackField == nil {
		return
	}
	var arrows []*ast.ArrowFunctionLiteral
	var funcs []*ast.FunctionLiteral
	jsast.Walk(prg, func(n ast.Node) {
		switch f := n.(type) {
		case *ast.FunctionLiteral:
			funcs = append(funcs, f)
		case *ast.ArrowFunctionLiteral:
			arrows = append(arrows, f)
		}
	})
	for _, f := range funcs {
		if f.Body != nil {
			f.Body.List = guarded(f.Body.List, f.Body.LeftBrace)
		}
	}
	for _, f := range arrows {
		switch b := f.Body.(type) {
		case *ast.BlockStatement:
			b.List = guarded(b.List, b.LeftBrace)
		case *ast.ExpressionBody:
			b.Expression = &ast.SequenceExpression{Sequence: []ast.Expression{guardCall(f.Start), b.Expression}}
		}
	}
}

// guarded is list with a call of the guard after its directive prologue
// ("use strict" must stay first to apply).
func guarded(list []ast.Statement, at file.Idx) []ast.Statement {
	i := 0
	for i < len(list) {
		st, ok := list[i].(*ast.ExpressionStatement)
		if !ok {
			break
		}
		if _, ok := st.Expression.(*ast.StringLiteral); !ok {
			break
		}
		i++
	}
	out := make([]ast.Statement, 0, len(list)+1)
	out = append(out, list[:i]...)
	out = append(out, &ast.ExpressionStatement{Expression: guardCall(at)})
	return append(out, list[i:]...)
}

func guardCall(at file.Idx) *ast.CallExpression {
	return &ast.CallExpression{Callee: &ast.Identifier{Name: unistring.String(guardName), Idx: at}, LeftParenthesis: at, RightParenthesis: at}
}

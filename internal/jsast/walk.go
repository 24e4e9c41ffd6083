// Package jsast walks goja's JavaScript syntax tree (github.com/dop251/goja/ast),
// which has no visitor of its own: the pre-run check reads the tree, and
// the goja engine instruments the functions of a script in it.
//
// This package is not public API. It is pure and safe for concurrent use.
package jsast

import (
	"reflect"
	"sync"

	"github.com/dop251/goja/ast"
)

// Walk calls fn for every node of the tree under n, parents first. It
// reads the tree by reflection, so every node type goja has (and adds)
// is walked. Function and program declaration lists repeat nodes the body
// holds, so they are skipped: every node is met once.
func Walk(n ast.Node, fn func(ast.Node)) {
	walkValue(reflect.ValueOf(n), fn)
}

var (
	nodeType = reflect.TypeOf((*ast.Node)(nil)).Elem()
	astPkg   = reflect.TypeOf(ast.Program{}).PkgPath()
)

func walkValue(v reflect.Value, fn func(ast.Node)) {
	switch v.Kind() {
	case reflect.Interface:
		if !v.IsNil() {
			walkValue(v.Elem(), fn)
		}
	case reflect.Pointer:
		if v.IsNil() || v.Type().Elem().PkgPath() != astPkg {
			return
		}
		if v.Type().Implements(nodeType) {
			fn(v.Interface().(ast.Node))
		}
		walkValue(v.Elem(), fn)
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkValue(v.Index(i), fn)
		}
	case reflect.Struct:
		for _, i := range walkedFields(v.Type()) {
			walkValue(v.Field(i), fn)
		}
	}
}

// fieldCache holds, per AST struct type, the fields walkValue follows.
var fieldCache sync.Map // reflect.Type → []int

func walkedFields(t reflect.Type) []int {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]int)
	}
	var idx []int
	if t.PkgPath() == astPkg {
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).Name == "DeclarationList" {
				continue
			}
			switch t.Field(i).Type.Kind() {
			case reflect.Interface, reflect.Pointer, reflect.Slice, reflect.Struct:
				idx = append(idx, i)
			}
		}
	}
	fieldCache.Store(t, idx)
	return idx
}

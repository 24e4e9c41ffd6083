package quickjs

import (
	"strconv"
	"testing"

	"github.com/atomic-script/atomic-script/runtime/webapi"
)

// TestKindReadsTheObjectHeader holds kind (the structuredClone native) to
// what each value is, read from the engine's own structures: in
// particular a PlainObject, which the clone reads without checking each
// key is still there, must never be an object whose reading can run
// script code (a getter, a Proxy's trap on its prototype chain).
func TestKindReadsTheObjectHeader(t *testing.T) {
	vm := newVM(t)
	if err := vm.(*quickjsVM).natives("kindProbe", "detachProbe"); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ src, want string }{
		{`1`, ""},
		{`({})`, "PlainObject"},
		{`({a: 1, b: "x", c: {d: 2}})`, "PlainObject"},
		{`(() => { const o = {a: 1, b: 2}; delete o.a; return o })()`, "PlainObject"},
		{`Object.create(null, {x: {value: 1, enumerable: false}})`, "PlainObject"},
		{`({[Symbol.iterator]: 1, a: 1})`, "PlainObject"},
		{`Object.create({p: 1})`, "PlainObject"},
		{`({get a() { return 1 }})`, "Object"},
		{`({a: 1, set b(v) {}})`, "Object"},
		{`Object.defineProperty({}, "x", {get() { return 1 }, enumerable: true})`, "Object"},
		{`Object.create(new Proxy({}, {}))`, "Object"},
		{`Object.create(Object.create(new Proxy({}, {})))`, "Object"},
		{`(function () { "use strict"; return arguments })(1)`, "Object"},
		{`(function () { return arguments })(1)`, "Other"},
		{`new Proxy({}, {})`, "Proxy"},
		{`[1, 2, 3]`, "DenseArray"},
		{`[1, , 3]`, "Array"},
		{`new Map()`, "Map"},
		// kind() forgets the last shape; the same shape again is told.
		{`(() => { const a = {x: 1}, b = {x: 2}; kindProbe(a); return b })()`, "SameShapePlainObject"},
		{`(() => { const a = {x: 1}, b = {y: 2}; kindProbe(a); return b })()`, "PlainObject"},
		{`(() => { const a = {x: 1}, b = Object.create(null); b.x = 2; kindProbe(a); return b })()`, "PlainObject"},
		{`(() => { const a = {x: 1, y: 1}, b = {y: 2, x: 1}; kindProbe(a); return b })()`, "PlainObject"},
		{`(() => { const a = {x: 1}, b = {x: 2}; kindProbe(a); kindProbe(); return b })()`, "PlainObject"},
		{`new Date(0)`, "Date"},
		{`() => 1`, "Function"},
	} {
		if err := vm.Eval(`globalThis.probe = () => { kindProbe(); return kindProbe(` + c.src + `) }`); err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		v, err := vm.Call("probe")
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		i, err := strconv.Atoi(v)
		if err != nil || i < 0 || i >= len(webapi.Kinds) {
			t.Fatalf("kind(%s) = %q, not an index of Kinds", c.src, v)
		}
		if got := webapi.Kinds[i]; got != c.want {
			t.Errorf("kind(%s) = %q, want %q", c.src, got, c.want)
		}
	}
}

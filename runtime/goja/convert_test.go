package goja

import (
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/runtime"
)

func TestQuickJSStack(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"TypeError: boom\n\tat g (<eval>:1:21(3))\n\tat h (<eval>:2:16(2))\n\tat <eval>:3:2(4)\n",
			"    at g (<eval>:1:21)\n    at h (<eval>:2:16)\n    at <anonymous> (<eval>:3:2)\n"},
		{"Error: in map\n\tat <eval>:1:27(3)\n\tat map (native)\n",
			"    at <anonymous> (<eval>:1:27)\n    at map (native)\n"},
		{"Error: multi\nline message\n\tat f (<eval>:9:1(0))\n", "    at f (<eval>:9:1)\n"},
		{"Error: m\n\tat get x (<eval>:1:5(7))\n", "    at get x (<eval>:1:5)\n"},
		{"a stack a script set itself", "a stack a script set itself"},
		{"Error\n\tat f (codemode.js:2:3(1))\ntrailing text\n", "    at f (codemode.js:2:3)\ntrailing text\n"},
	} {
		if got := quickjsStack(c.in); got != c.want {
			t.Errorf("quickjsStack(%q)\n got %q\nwant %q", c.in, got, c.want)
		}
	}
}

func TestRewriteImports(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`import("x")`, `$impo_("x")`},
		{`a = import ( "x" ) + import("y")`, `a = $impo_ ( "x" ) + $impo_("y")`},
		{"f(\n  import(\"x\"))", "f(\n  $impo_(\"x\"))"},
		{`"import('x')"`, `"import('x')"`},   // a string: no error, no change
		{`// import("x")`, `// import("x")`}, // a comment
		{`x.import("y")`, `x.import("y")`},   // a property name
		{`import x from "y"`, `import x from "y"`},
		{`import.meta`, `import.meta`},
	} {
		if got := rewriteImports(c.in); got != c.want {
			t.Errorf("rewriteImports(%q) = %q, want %q", c.in, got, c.want)
		}
	}
	many := strings.Repeat(`import("x");`, maxImportRewrites+1)
	if got := rewriteImports(many); strings.Count(got, importShim) != maxImportRewrites {
		t.Errorf("rewrites are not bounded: %d", strings.Count(got, importShim))
	}
}

func TestSymbolsAreNotStrings(t *testing.T) {
	v, err := New(runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer v.Close()
	for _, expr := range []string{`JSON.parse(Symbol("1"))`, `new Function(Symbol("return 1"))`} {
		got, err := v.Call("eval", `(() => { try { `+expr+`; return "no error" } catch (e) { return e.name } })()`)
		if err != nil || got != "TypeError" {
			t.Errorf("%s: %q %v, want TypeError", expr, got, err)
		}
	}
	if err := v.Eval(`globalThis.r = ""; import(Symbol()).catch(e => { r = e.name })`); err != nil {
		t.Fatal(err)
	}
	if err := v.RunJobs(); err != nil {
		t.Fatal(err)
	}
	if got, _ := v.Call("eval", "r"); got != "TypeError" {
		t.Errorf("import(Symbol()) rejected with %q, want TypeError", got)
	}
}

package engine

import "testing"

func TestExplainNotAFunction(t *testing.T) {
	src := "const x = 1\n  const r = await tools.bash({})\nr.split(\"\\n\")\nf()\nobj?.m?.(1)\n"
	for _, c := range []struct{ stack, want string }{
		{"    at codemode.js:2:29", "tools.bash is not a function (this run has no such tool; ALL_TOOLS lists the tools it has)"},
		{"    at codemode.js:3:8", "r.split is not a function (if the object is a tool call's result, await the call first)"},
		{"    at g (codemode.js:4:2)\n    at codemode.js:9:1", "f is not a function"},
		{"    at codemode.js:4:1", "not a function"},  // not at a "("
		{"    at codemode.js:40:1", "not a function"}, // beyond the script
		{"", "not a function"},
	} {
		e := &ScriptError{Name: "TypeError", Message: "not a function", Stack: c.stack}
		explainNotAFunction(e, src, "codemode.js")
		if e.Message != c.want {
			t.Errorf("%q: %q, want %q", c.stack, e.Message, c.want)
		}
	}
	other := &ScriptError{Name: "TypeError", Message: "x is undefined", Stack: "    at codemode.js:2:29"}
	if explainNotAFunction(other, src, "codemode.js"); other.Message != "x is undefined" {
		t.Errorf("other TypeError changed: %q", other.Message)
	}
}

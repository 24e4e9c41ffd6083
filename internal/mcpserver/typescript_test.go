package mcpserver_test

import (
	"strings"
	"testing"
)

// The codemode tool takes TypeScript, checks a script before it runs, and
// points frames at codemode.ts; its findings reach the result's warnings.
func TestCodemodeTypeScriptAndCheck(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)

	res := c.run(t, "interface P { n: number }\nconst p: P = { n: 41 }\nreturn (p.n satisfies number) + 1")
	if res.IsError || !strings.Contains(text(res), "42") {
		t.Fatalf("typescript: %s", text(res))
	}

	res = c.run(t, "const n: number = 1\nfunction f(): never {\n  throw new Error('boom ' + n)\n}\nf()")
	if !res.IsError || !strings.Contains(text(res), "at f (codemode.ts:3:") || !strings.Contains(text(res), "at codemode.ts:5:") {
		t.Fatalf("frames: %s", text(res))
	}

	res = c.run(t, "await tools.todowrite({todos: [{content: 'a'}]})\nconst x = (\n")
	if !res.IsError || !strings.Contains(text(res), "SyntaxError") || !strings.Contains(text(res), "at codemode.js:3:1") {
		t.Fatalf("syntax error: %s", text(res))
	}
	if got := text(c.run(t, "return (await tools.todo_get()).todos.length")); !strings.Contains(got, "\n0\n") && !strings.HasSuffix(strings.TrimSpace(got), "0") {
		t.Errorf("a script with a syntax error ran a tool: todos after it: %s", got)
	}

	res = c.run(t, "tools.todowrite({todos: [{content: 'b'}]})\nreturn 1")
	var r struct {
		OK       bool     `json:"ok"`
		Warnings []string `json:"warnings"`
	}
	structured(t, res, &r)
	if !r.OK || len(r.Warnings) == 0 || !strings.HasPrefix(r.Warnings[0], "codemode.js:1:1: tools.todowrite(...) is not awaited") {
		t.Fatalf("warnings: %+v\n%s", r, text(res))
	}
}

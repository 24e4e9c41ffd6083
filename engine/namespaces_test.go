package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"sync/atomic"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
)

// fakeNamespace is a namespace whose listing is counted (an MCP server
// would start there).
func fakeNamespace(name string, lists *atomic.Int64, fail bool) engine.Namespace {
	return engine.Namespace{
		Name:        name,
		Description: "A fake server.",
		Tools: func(ctx context.Context) ([]engine.NamespaceTool, error) {
			lists.Add(1)
			if fail {
				return nil, errors.New("could not be started")
			}
			return []engine.NamespaceTool{{
				Name:        "say-hello",
				Description: "Greet someone by name.",
				Call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
					var in struct{ Name string }
					json.Unmarshal(args, &in)
					return json.Marshal(map[string]any{"content": []any{map[string]string{"type": "text", "text": "hello " + in.Name}}})
				},
			}}, nil
		},
	}
}

// TestNamespacesLoadOnFirstUse: a run that never touches a namespace never
// lists it (no MCP server starts); touching it lists it once per run.
func TestNamespacesLoadOnFirstUse(t *testing.T) {
	var lists, bad atomic.Int64
	eng := newEngine(t, nil, engine.WithNamespaces(fakeNamespace("greeter", &lists, false), fakeNamespace("broken", &bad, true)))
	for _, c := range []struct {
		code       string
		want       string
		listsAfter int64
	}{
		{`return 1 + 1`, `2`, 0},
		{`return Object.keys(tools).includes("greeter")`, `true`, 0},
		{`const a = tools.greeter; const b = tools.greeter; return [a === b, Object.keys(a)]`, `[true,["say_hello"]]`, 1},
		{`return (await tools.greeter.say_hello({name: "Ada"})).content[0].text`, `"hello Ada"`, 2},
		{`return ALL_TOOLS.filter(t => t.namespace === "greeter").map(t => t.name)`, `["say-hello"]`, 3},
		{`return searchTools("greet someone").map(t => t.name)`, `["say-hello"]`, 4},
		{`return describeNamespace("greeter").tools.map(t => t.name)`, `["say-hello"]`, 5},
		{`return describeTool("greeter.say-hello").declaration.includes("say_hello(")`, `true`, 6},
		{`return [(await tools.greeter["say-hello"]({name: "Bo"})).content[0].text, tools.greeter["say-hello"] === tools.greeter.say_hello, Object.keys(tools.greeter)]`, `["hello Bo",true,["say_hello"]]`, 7},
		{`return describeTool('tools.greeter["say-hello"]').name`, `"say-hello"`, 8},
		{`try { tools.broken.x } catch (e) { return [e.message, e.code, describeNamespace("broken").error] }`, `["tools.broken is unavailable: could not be started","ERR_TOOL","tools.broken is unavailable: could not be started"]`, 8},
	} {
		r := run(t, eng, c.code)
		if !r.OK || string(r.Value) != c.want {
			t.Errorf("%s: got %s (%v), want %s", c.code, r.Value, r.Error, c.want)
		}
		if got := lists.Load(); got != c.listsAfter {
			t.Errorf("%s: the namespace was listed %d times in all, want %d", c.code, got, c.listsAfter)
		}
	}
	if bad.Load() == 0 {
		t.Error("the broken namespace was never tried")
	}
	// A call to an unknown tool of a namespace, or to an unknown tool,
	// names the nearest ones.
	for code, want := range map[string]string{
		`await tools.greeter.say_helo()`: `ToolError: tools.greeter.say_helo is not a tool of "greeter"; did you mean say_hello? describeNamespace("greeter").tools lists its tools`,
		`await tools.greetr.say_hello()`: `ToolError: tools.greetr is not a tool; did you mean greeter? ALL_TOOLS lists every tool (and "name" in tools tests for one)`,
		`await tools["get-thing"]()`:     `ToolError: tools["get-thing"] is not a tool; ALL_TOOLS lists every tool (and "name" in tools tests for one)`,
	} {
		r := run(t, eng, code)
		if r.OK || r.Error.Error() != want || r.Error.Code != "ERR_UNKNOWN_TOOL" {
			t.Errorf("%s: %+v\nwant %s", code, r.Error, want)
		}
	}
	// A namespace that could not be loaded is a warning of the run.
	r := run(t, eng, `return ALL_TOOLS.length`)
	if !r.OK || len(r.Warnings) != 1 || r.Warnings[0] != "tools.broken is unavailable: could not be started; its tools are missing from ALL_TOOLS and searchTools in this run" {
		t.Errorf("warnings %q", r.Warnings)
	}
}

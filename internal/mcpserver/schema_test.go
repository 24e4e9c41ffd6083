package mcpserver

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// everyTool connects a real MCP client (in memory) to a session serving
// every built-in tool, codemode, tool_search and get_tools, and returns
// the tool list as the client decoded it.
func everyTool(t *testing.T) []*mcp.Tool {
	t.Helper()
	cs, ss, all := connectEveryTool(t)
	ctx := context.Background()
	var list []*mcp.Tool
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		list = append(list, tool)
	}
	for _, tl := range all.Tools() {
		// Script-only tools (ask_user_question) are never direct tools.
		if tools.ScriptCallable(tl) && !ss.isShown(tl.Name()) && !tools.HasTag(tl, tools.TagDeferred) && !tools.HasTag(tl, tools.TagScriptOnly) {
			t.Errorf("%s is not on the tool list", tl.Name())
		}
	}
	return list
}

// connectEveryTool connects a real MCP client (in memory) to a session
// serving every built-in tool.
func connectEveryTool(t *testing.T) (*mcp.ClientSession, *session, *tools.Registry) {
	t.Helper()
	all := engine.Builtins()
	s, err := New(Config{Root: t.TempDir(), Enabled: all})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	ss := s.newSession()
	ct, st := mcp.NewInMemoryTransports()
	ctx := context.Background()
	srv, err := ss.mcp.Connect(ctx, st, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "test"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs, ss, all
}

// TestEverySchemaIsPortable: every inputSchema and outputSchema serve
// offers is valid JSON Schema 2020-12 and passes the strict hosts' rules
// (checkSchema).
func TestEverySchemaIsPortable(t *testing.T) {
	list := everyTool(t)
	if len(list) < 15 {
		t.Fatalf("only %d tools listed", len(list))
	}
	for _, tool := range list {
		for _, c := range []struct {
			kind   string
			schema any
		}{{"inputSchema", tool.InputSchema}, {"outputSchema", tool.OutputSchema}} {
			if c.schema == nil {
				if c.kind == "inputSchema" {
					t.Errorf("%s: no inputSchema", tool.Name)
				}
				continue
			}
			data, err := json.Marshal(c.schema)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range checkSchema(data, c.kind == "inputSchema") {
				t.Errorf("%s %s: %s", tool.Name, c.kind, p)
			}
		}
	}
}

// TestEveryToolIsAnnotated: every tool states all four MCP hints, and
// they follow the spec's approval classes: read, search and the todo
// tools run without asking; write, edit and bash change the workspace.
func TestEveryToolIsAnnotated(t *testing.T) {
	want := map[string]string{ // readOnly destructive idempotent openWorld
		"read": "T F T F", "find": "T F T F", "search": "T F T F", "grep": "T F T F", "glob": "T F T F", "outline": "T F T F", "structural_search": "T F T F", "query": "T F T F", "rewrite": "F T F F",
		"bash_output": "T F F F", "todo_get": "T F T F", "todowrite": "T F T F", "todo_update": "T F T F",
		"write": "F T T F", "edit": "F T F F", "bash": "F T F T", "kill": "F F T F",
		"codemode": "F T F T", "tool_search": "T F T F", "get_tools": "T F T F",
		"webfetch": "T F T T", "websearch": "T F T T", "code_search": "T F T T",
	}
	b := func(v bool) string { return map[bool]string{true: "T", false: "F"}[v] }
	seen := 0
	for _, tool := range everyTool(t) {
		data, _ := json.Marshal(tool.Annotations)
		var raw map[string]any
		json.Unmarshal(data, &raw)
		for _, k := range []string{"readOnlyHint", "destructiveHint", "idempotentHint", "openWorldHint"} {
			if _, ok := raw[k]; !ok {
				t.Errorf("%s: no %s in %s", tool.Name, k, data)
			}
		}
		a := tool.Annotations
		if a == nil || a.DestructiveHint == nil || a.OpenWorldHint == nil {
			continue
		}
		got := b(a.ReadOnlyHint) + " " + b(*a.DestructiveHint) + " " + b(a.IdempotentHint) + " " + b(*a.OpenWorldHint)
		if w, ok := want[tool.Name]; !ok {
			t.Errorf("%s: no expected annotations in the test", tool.Name)
		} else if got != w {
			t.Errorf("%s: annotations %s, want %s", tool.Name, got, w)
		}
		seen++
	}
	if seen != len(want) {
		t.Errorf("checked %d tools, want %d", seen, len(want))
	}
}

package mcpserver

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCodemodeStructuredContentMatchesOutputSchema: whatever a script
// does, codemode's structuredContent validates against the outputSchema it
// lists — hosts that check (the TypeScript SDK client does) refuse the
// whole result otherwise.
func TestCodemodeStructuredContentMatchesOutputSchema(t *testing.T) {
	cs, _, _ := connectEveryTool(t)
	ctx := context.Background()
	var schema *jsonschema.Resolved
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		if tool.Name != "codemode" {
			continue
		}
		data, _ := json.Marshal(tool.OutputSchema)
		var s jsonschema.Schema
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
		if schema, err = s.Resolve(nil); err != nil {
			t.Fatal(err)
		}
	}
	if schema == nil {
		t.Fatal("codemode is not listed")
	}
	for name, code := range map[string]string{
		"value":     `return "alive"`,
		"null":      `return null`,
		"nothing":   `console.log("hi")`,
		"throw":     `throw new Error("boom")`,
		"tool fail": `await tools.read({path: "missing.txt"})`,
		"exit":      `exit(3)`,
		"calls":     `await tools.write({path: "a.txt", content: "x\n"}); return (await tools.read({path: "a.txt"})).text`,
		"truncated": `for (let i = 0; i < 20000; i++) console.log("line " + i + " " + "x".repeat(40))`,
	} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": code}})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		data, _ := json.Marshal(res.StructuredContent)
		var v any
		if err := json.Unmarshal(data, &v); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if err := schema.Validate(v); err != nil {
			t.Errorf("%s: structuredContent does not match codemode's outputSchema: %v\n%s", name, err, trim(string(data)))
		}
	}
}

func trim(s string) string {
	if len(s) > 600 {
		return s[:600] + "..."
	}
	return strings.TrimSpace(s)
}

package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
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

// TestCodemodeStructuredWithinTextBudget: over a spread of runs (a value,
// reads, searches, a find, hundreds of calls, writes, a dry run, console
// output, a failure, a large value, a capped text) codemode's
// structuredContent takes no more than its text or 2 KB, whichever is
// more; what it leaves out is named in omitted, callStats counts the
// records it kept, and a value that fits is kept whole.
func TestCodemodeStructuredWithinTextBudget(t *testing.T) {
	cs, ss, _ := connectEveryTool(t)
	for i := range 30 {
		if err := os.WriteFile(filepath.Join(ss.srv.cfg.Root, fmt.Sprintf("f%02d.go", i)), []byte(strings.Repeat("package x\n// hello world\nfunc A() {}\n", 40)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		name, code string
		value      string   // the value structuredContent must hold, when set
		omitted    []string // what it must say it left out
	}{
		{"value", `return "alive"`, `"alive"`, nil},
		{"read counted", `return (await tools.read({path: "f01.go"})).split("\n").length`, `121`, nil},
		{"read returned", `return await tools.read({path: "f01.go"})`, "", []string{"value"}},
		{"search counted", `return (await tools.search({pattern: "hello", paths: "."})).matchCount`, `800`, nil},
		{"search returned", `return await tools.search({pattern: "hello", paths: "f01.go"})`, "", []string{"output"}},
		{"find", `return (await tools.find({paths: "f0*.go"})).files.length`, `10`, nil},
		{"many calls", `for (let i = 0; i < 200; i++) await tools.todo_get({}); return 1`, `1`, []string{"calls"}},
		{"failed calls", `for (let i = 0; i < 50; i++) await tools.read({path: "none" + i}).catch(() => 0); return 2`, `2`, []string{"calls"}},
		{"writes", `for (let i = 0; i < 10; i++) await tools.write({path: "w" + i + ".txt", content: "x".repeat(5000)}); return 3`, `3`, nil},
		{"dry run", "// @options: {\"dry_run\": true}\nfor (let i = 0; i < 5; i++) await tools.write({path: `d${i}.txt`, content: 'a\\n'.repeat(300)}); return 4", `4`, []string{"diff"}},
		{"console", `console.log("x".repeat(3000)); return {a: 1}`, `{"a":1}`, []string{"logs"}},
		{"failure", `throw new Error("boom")`, "", nil},
		{"large value", `return Array.from({length: 3000}, (_, i) => ({i, s: "row " + i}))`, "", []string{"value"}},
		{"capped text", `for (let i = 0; i < 20000; i++) console.log("line " + i + " " + "x".repeat(40))`, "", []string{"logs"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := cs.CallTool(context.Background(), &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": c.code}})
			if err != nil {
				t.Fatal(err)
			}
			text := res.Content[0].(*mcp.TextContent).Text
			data, _ := json.Marshal(res.StructuredContent)
			if len(data) > max(len(text), 2048) {
				t.Errorf("structuredContent takes %d bytes, its text %d", len(data), len(text))
			}
			var got struct {
				Value     json.RawMessage `json:"value"`
				Omitted   []string        `json:"omitted"`
				Calls     []json.RawMessage
				CallStats struct{ Total, Kept, Folded int }
			}
			if err := json.Unmarshal(data, &got); err != nil {
				t.Fatal(err)
			}
			if c.value != "" && string(got.Value) != c.value {
				t.Errorf("value %s, want %s", got.Value, c.value)
			}
			for _, o := range c.omitted {
				if !slices.Contains(got.Omitted, o) {
					t.Errorf("omitted %q lacks %q", got.Omitted, o)
				}
			}
			if s := got.CallStats; s.Kept != len(got.Calls) || s.Kept+s.Folded != s.Total {
				t.Errorf("callStats %+v with %d records", s, len(got.Calls))
			}
			if slices.Contains(got.Omitted, "value") && string(got.Value) != "null" {
				t.Errorf("value %s, omitted %q", trim(string(got.Value)), got.Omitted)
			}
		})
	}
}

package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/internal/testutil/peer"
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
					t.Errorf("omitted %q lacks %q (text %d, structured %d: %s)", got.Omitted, o, len(text), len(data), trim(string(data)))
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

// TestDirectStructuredWithinTextBudget: a tool called directly (not
// through codemode) sends structuredContent of at most its text's size or
// 2 KB: a small result whole; a large one with its facts, without a second
// copy of the text's body (a command's output, a diff), its lists folded
// or cut, and omitted naming each; and it still validates against the
// output schema the tool lists (with omitted declared).
func TestDirectStructuredWithinTextBudget(t *testing.T) {
	cs, ss, _ := connectEveryTool(t)
	ctx := context.Background()
	root := ss.srv.cfg.Root
	write := func(name, content string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("big.txt", strings.Repeat("hello world, this is one line of text\n", 3000))
	for i := range 400 {
		write(fmt.Sprintf("tree/d%d/file-%04d.go", i%10, i), strings.Repeat("package x\n// hello world\n", 30))
	}
	write("long.txt", strings.Repeat("x", 3000)+" hello\n")
	schemas := map[string]*jsonschema.Resolved{}
	for tool, err := range cs.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		if tool.OutputSchema == nil {
			continue
		}
		data, _ := json.Marshal(tool.OutputSchema)
		var s jsonschema.Schema
		if err := json.Unmarshal(data, &s); err != nil {
			t.Fatal(err)
		}
		r, err := s.Resolve(nil)
		if err != nil {
			t.Fatal(err)
		}
		schemas[tool.Name] = r
	}
	call := func(name string, args map[string]any) (string, []byte) {
		t.Helper()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
		if err != nil || res.IsError {
			t.Fatalf("%s: %v %+v", name, err, res)
		}
		data, _ := json.Marshal(res.StructuredContent)
		return res.Content[0].(*mcp.TextContent).Text, data
	}
	text, _ := call("read", map[string]any{"path": "big.txt"})
	header, _, _ := strings.Cut(text, "\n")
	cases := []struct {
		name     string
		tool     string
		args     map[string]any
		omitted  []string // what omitted must name; none: the result is whole
		has, not []string // what structuredContent must and must not hold
	}{
		{"small bash", "bash", map[string]any{"command": "echo hi"}, nil, []string{`"output":"hi\n"`}, nil},
		{"long bash", "bash", map[string]any{"command": "seq 1 20000"}, []string{"output"}, []string{`"exitCode":0`, `"fullOutputPath":"`, `"output":""`}, []string{"19999"}},
		{"search many files", "search", map[string]any{"pattern": "hello", "paths": "tree"}, []string{"fileMatches[].matches"},
			[]string{`"path":"tree/d0/file-0000.go"`, `"count":30`, `"matches":[]`, `"truncated":true`}, []string{"// hello world"}},
		{"search one file", "search", map[string]any{"pattern": "hello", "paths": "big.txt"}, []string{"fileMatches[].matches"},
			[]string{`"path":"big.txt"`, `"count":3000`}, []string{"one line of text"}},
		{"search long line", "search", map[string]any{"pattern": "hello", "paths": "long.txt"}, []string{"text", "fileMatches[].matches[].text"},
			[]string{`"path":"long.txt"`, `"line":1`}, []string{"xxxxxxxx"}},
		{"find many files", "find", map[string]any{"paths": "tree", "limit": 400}, []string{"files"}, []string{`"fileCount":400`, `"files":["tree/d0/file-0000.go"`}, nil},
		{"find few files", "find", map[string]any{"paths": "tree/d1/file-000*"}, nil, []string{`"files":["tree/d1/file-0001.go"]`}, nil},
		{"big edit", "edit", map[string]any{"input": header + "\nreplace 1..2000:\n" + strings.Repeat("+bye\n", 2000)}, []string{"text", "diff", "patch"},
			[]string{`"path":"big.txt"`, `"tag":"`}, []string{"bye", "hello world"}},
		{"small write", "write", map[string]any{"path": "w.txt", "content": "short\n"}, nil, []string{`"path":"w.txt"`, `"bytes":6`}, nil},
		{"big write", "write", map[string]any{"path": "w2.txt", "content": strings.Repeat("y", 50000)}, nil, []string{`"bytes":50000`}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text, data := call(c.tool, c.args)
			t.Logf("text %d bytes, structuredContent %d", len(text), len(data))
			if len(data) > max(len(text), 2048) {
				t.Errorf("structuredContent takes %d bytes, its text %d: %s", len(data), len(text), trim(string(data)))
			}
			var v map[string]any
			if err := json.Unmarshal(data, &v); err != nil {
				t.Fatal(err)
			}
			if err := schemas[c.tool].Validate(v); err != nil {
				t.Errorf("does not match %s's outputSchema: %v\n%s", c.tool, err, trim(string(data)))
			}
			var got struct{ Omitted []string }
			_ = json.Unmarshal(data, &got)
			if c.omitted == nil && got.Omitted != nil {
				t.Errorf("omitted %q from a result that fits", got.Omitted)
			}
			for _, o := range c.omitted {
				if !slices.Contains(got.Omitted, o) {
					t.Errorf("omitted %q lacks %q (text %d, structured %d: %s)", got.Omitted, o, len(text), len(data), trim(string(data)))
				}
			}
			for _, s := range c.has {
				if !strings.Contains(string(data), s) {
					t.Errorf("structuredContent lacks %s: %s", s, trim(string(data)))
				}
			}
			for _, s := range c.not {
				if strings.Contains(string(data), s) {
					t.Errorf("structuredContent repeats the text's %q: %s", s, trim(string(data)))
				}
			}
		})
	}
}

// TestDirectEditPatchApplies: a direct edit's structuredContent.patch, as
// a host reads it, is what git apply takes for nested files (issue 36
// item 8): reversed, it applies to the edited tree.
func TestDirectEditPatchApplies(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		peer.Missing(t, "git is missing: %v", err)
	}
	cs, ss, _ := connectEveryTool(t)
	ctx := context.Background()
	root := ss.srv.cfg.Root
	for _, p := range []string{"a/b/f.txt", "src/deep/g.txt"} {
		if err := os.MkdirAll(filepath.Join(root, filepath.Dir(p)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(root, p), []byte("one\ntwo\nthree\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var input strings.Builder
	for _, p := range []string{"a/b/f.txt", "src/deep/g.txt"} {
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "read", Arguments: map[string]any{"path": p}})
		if err != nil || res.IsError {
			t.Fatalf("read %s: %v %+v", p, err, res)
		}
		header, _, _ := strings.Cut(res.Content[0].(*mcp.TextContent).Text, "\n")
		input.WriteString(header + "\nreplace 2..2:\n+TWO\n")
	}
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "edit", Arguments: map[string]any{"input": input.String()}})
	if err != nil || res.IsError {
		t.Fatalf("edit: %v %+v", err, res)
	}
	var got struct{ Patch string }
	data, _ := json.Marshal(res.StructuredContent)
	if err := json.Unmarshal(data, &got); err != nil || !strings.HasPrefix(got.Patch, "--- a/a/b/f.txt\n+++ b/a/b/f.txt\n") {
		t.Fatalf("patch: %v %s", err, data)
	}
	patch := filepath.Join(t.TempDir(), "edit.patch")
	if err := os.WriteFile(patch, []byte(got.Patch), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"apply", "--check", "-R", patch}, {"apply", "-R", patch}} {
		cmd := exec.Command(git, args...)
		cmd.Dir = root
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	for _, p := range []string{"a/b/f.txt", "src/deep/g.txt"} {
		if data, _ := os.ReadFile(filepath.Join(root, p)); string(data) != "one\ntwo\nthree\n" {
			t.Errorf("%s after git apply -R: %q", p, data)
		}
	}
}

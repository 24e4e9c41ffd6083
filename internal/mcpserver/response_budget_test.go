package mcpserver

import (
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestBound: a result over the limit keeps its text, gets a note, and a
// structuredContent cut until the whole fits; the full result is saved.
func TestBound(t *testing.T) {
	type row struct {
		Path string `json:"path"`
		Text string `json:"text"`
	}
	type out struct {
		Rows  []row  `json:"rows"`
		Total int    `json:"total"`
		Diff  string `json:"diff"`
	}
	var o out
	for i := 0; i < 2000; i++ {
		o.Rows = append(o.Rows, row{Path: "src/file.go", Text: strings.Repeat("é", 300)})
	}
	o.Total, o.Diff = 2000, strings.Repeat("+line\n", 50000)
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "2000 rows"}}, StructuredContent: o}
	saved := filepath.Join(t.TempDir(), "saved.json")
	got := bound(res, MaxResponseBytes, func(data []byte) (string, error) { return saved, os.WriteFile(saved, data, 0o600) })
	data, _ := json.Marshal(got)
	if len(data) > MaxResponseBytes {
		t.Fatalf("%d bytes, over %d", len(data), MaxResponseBytes)
	}
	txt := got.Content[0].(*mcp.TextContent).Text
	if !strings.HasPrefix(txt, "2000 rows\n\n[This result was over the 128 KB limit of one response:") || !strings.Contains(txt, "the whole result is in "+saved+".]") {
		t.Errorf("note: %q", txt)
	}
	var back struct {
		Rows  []row  `json:"rows"`
		Total int    `json:"total"`
		Diff  string `json:"diff"`
	}
	if err := json.Unmarshal(mustJSON(t, got.StructuredContent), &back); err != nil || back.Total != 2000 || len(back.Rows) == 0 || !strings.Contains(back.Diff, "more characters)") {
		t.Errorf("structuredContent lost its shape: %v %d rows total %d", err, len(back.Rows), back.Total)
	}
	full, err := os.ReadFile(saved)
	if err != nil || !strings.Contains(string(full), strings.Repeat("é", 300)) || len(full) < 1<<20 {
		t.Errorf("the saved result: %d bytes, %v", len(full), err)
	}
	// Under the limit nothing changes; a failed save is said.
	small := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "ok"}}, StructuredContent: map[string]any{"a": 1}}
	if bound(small, MaxResponseBytes, nil) != small {
		t.Error("a small result was changed")
	}
	got = bound(res, MaxResponseBytes, func([]byte) (string, error) { return "", errors.New("disk full") })
	if txt := got.Content[0].(*mcp.TextContent).Text; !strings.Contains(txt, "it could not be saved (disk full).]") {
		t.Errorf("failed save: %q", txt)
	}
}

// TestBoundCutsDetailsFirst: a result over the limit because of its _meta
// details (an edit's diff and patch) keeps its structuredContent whole; the
// details are cut and the note says so.
func TestBoundCutsDetailsFirst(t *testing.T) {
	structured := map[string]any{"files": []any{"a.go", "b.go", "c.go"}, "omitted": []any{"patch", "text", "diff"}}
	res := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "edited"}}, StructuredContent: structured,
		Meta: mcp.Meta{detailsKey: map[string]any{"diff": strings.Repeat("+x\n", 60000), "patch": strings.Repeat("+x\n", 60000)}}}
	got := bound(res, MaxResponseBytes, func([]byte) (string, error) { return "saved.json", nil })
	if data := mustJSON(t, got); len(data) > MaxResponseBytes {
		t.Fatalf("%d bytes, over %d", len(data), MaxResponseBytes)
	}
	if string(mustJSON(t, got.StructuredContent)) != string(mustJSON(t, structured)) {
		t.Errorf("structuredContent was cut: %s", mustJSON(t, got.StructuredContent))
	}
	if txt := got.Content[0].(*mcp.TextContent).Text; !strings.Contains(txt, "in its _meta details, strings over 4096 characters were cut") {
		t.Errorf("note: %q", txt)
	}
	if !strings.Contains(string(mustJSON(t, got.Meta)), "more characters)") {
		t.Errorf("details not cut: %.200s", mustJSON(t, got.Meta))
	}
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

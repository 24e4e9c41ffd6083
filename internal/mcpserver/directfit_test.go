package mcpserver

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// TestFitStructured: over shapes the direct tools return (and some they
// may), the fitted copy takes at most max(len(text), 2 KB), keeps every
// field (a schema's required ones stay), keeps the facts, and names in
// omitted exactly the fields it emptied or cut.
func TestFitStructured(t *testing.T) {
	long := strings.Repeat("x", 300)
	rows := func(n int, row func(i int) any) []any {
		out := make([]any, n)
		for i := range out {
			out[i] = row(i)
		}
		return out
	}
	cases := []struct {
		name    string
		v       map[string]any
		text    int
		omitted []string
	}{
		{"fits", map[string]any{"output": long, "n": 1}, 10, nil},
		{"long string", map[string]any{"output": strings.Repeat(long, 20), "exitCode": 0}, 6000, []string{"output"}},
		{"nested lists folded", map[string]any{"count": 99, "files": rows(40, func(i int) any {
			return map[string]any{"path": fmt.Sprintf("f%d", i), "matches": rows(20, func(j int) any { return map[string]any{"line": j, "text": "hello"} })}
		})}, 3000, []string{"files[].matches"}},
		{"list cut", map[string]any{"total": 5000, "files": rows(5000, func(i int) any { return fmt.Sprintf("dir/file-%d.go", i) })}, 20000, []string{"files"}},
		{"nested object", map[string]any{"coverage": map[string]any{"scanned": 3, "ignoredPaths": rows(400, func(i int) any { return fmt.Sprintf("p%d", i) })}, "text": strings.Repeat(long, 10)}, 2000,
			[]string{"coverage.ignoredPaths", "text"}},
		{"many long fields", func() map[string]any {
			m := map[string]any{}
			for i := range 60 {
				m[fmt.Sprintf("field_with_a_long_name_%02d", i)] = long
			}
			return m
		}(), 100, nil}, // omitted alone passes 2 KB: it is kept whole

	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			budget := max(c.text, minStructuredBudget)
			got := marshal(fitStructured(c.v, strings.Repeat("t", c.text)))
			if len(got) > budget && c.name != "many long fields" {
				t.Errorf("%d bytes, budget %d", len(got), budget)
			}
			var back map[string]json.RawMessage
			if err := json.Unmarshal(got, &back); err != nil {
				t.Fatal(err)
			}
			for k := range c.v {
				if _, ok := back[k]; !ok {
					t.Errorf("lost field %s", k)
				}
			}
			var o struct{ Omitted []string }
			_ = json.Unmarshal(got, &o)
			if c.name == "many long fields" {
				if len(o.Omitted) != 60 {
					t.Errorf("omitted %d fields, want 60: %s", len(o.Omitted), got)
				}
				return
			}
			if !slices.Equal(slices.Sorted(slices.Values(o.Omitted)), slices.Sorted(slices.Values(c.omitted))) {
				t.Errorf("omitted %q, want %q", o.Omitted, c.omitted)
			}
			if c.omitted == nil && string(got) != string(marshal(c.v)) {
				t.Errorf("a result that fits changed: %s", got)
			}
		})
	}
}

package engine

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestDiffSections: a file's section of a dry run's diff counts as shown
// only when the script's output holds its changed lines, signed and in
// order, as a unified patch, edit's numbered diff, a console line or a
// string of the returned value.
func TestDiffSections(t *testing.T) {
	const diff = "diff --git a/a.txt b/a.txt\nindex 1..2 100644\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n" +
		"diff --git a/d/b.txt b/d/b.txt\nold mode 100644\nnew mode 100755\n" +
		"diff --git a/c.txt b/c.txt\nindex 1..2 100644\n--- a/c.txt\n+++ b/c.txt\n@@ -1 +1,2 @@\n-x\r\n+y\r\n+--- z\r\n"
	text := func(s string) []Item { return []Item{{Type: "text", Text: s}} }
	value := func(v any) json.RawMessage { data, _ := json.Marshal(v); return data }
	for _, c := range []struct {
		name  string
		r     Result
		shown string // the names shown, in order
	}{
		{"nothing", Result{}, ""},
		{"the whole diff returned", Result{Output: text(diff)}, "a.txt,c.txt"},
		{"edit's numbered diff", Result{Output: text("--- a.txt\n+++ a.txt\n  1 one\n- 2 two\n+ 2 TWO")}, "a.txt"},
		{"a patch in the value", Result{Value: value(map[string]any{"r": []any{1, "--- a/c.txt\n+++ b/c.txt\n@@ -1 +1,2 @@\n-x\n+y\n+--- z\n"}})}, "c.txt"},
		{"a console line", Result{Logs: []string{"-two\n+TWO"}}, "a.txt"},
		{"the lines out of order", Result{Output: text("+TWO\n-two")}, ""},
		{"unsigned lines", Result{Output: text("two\nTWO")}, ""},
		{"only part of a file", Result{Output: text("-x\n+y")}, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			c.r.Diff = diff
			secs := diffSections(&c.r)
			var names, shown []string
			var whole strings.Builder
			for _, s := range secs {
				names = append(names, s.name)
				whole.WriteString(s.text)
				if s.shown {
					shown = append(shown, s.name)
				}
			}
			if strings.Join(names, ",") != "a.txt,d/b.txt,c.txt" || whole.String() != diff {
				t.Fatalf("sections %q do not make the diff back:\n%s", names, whole.String())
			}
			if got := strings.Join(shown, ","); got != c.shown {
				t.Errorf("shown %q, want %q", got, c.shown)
			}
		})
	}
}

// TestRenderDryRunDiffOnce: the text repeats no diff the output holds.
func TestRenderDryRunDiffOnce(t *testing.T) {
	const diff = "diff --git a/a.txt b/a.txt\n--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+A\n"
	r := &Result{OK: true, DryRun: true, Diff: diff, Changes: []FileChange{{Path: "a.txt", Action: "modified"}}, Output: []Item{{Type: "text", Text: diff}}}
	var b strings.Builder
	for _, s := range renderSegments(r) {
		b.WriteString(s.text)
	}
	if got := b.String(); strings.Count(got, "+A\n") != 1 || !strings.Contains(got, "Its diff is the one the output above shows.") {
		t.Errorf("rendered:\n%s", got)
	}
}

package builtin_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/builtin"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// pathLikeName and pathLikeText find the arguments that name a path: by
// the argument's name (path, paths, file, dir, cwd, moveTo, dest, ...), or
// by a description that speaks of a path ("[PATH#TAG] header").
var (
	pathLikeName = regexp.MustCompile(`(?i)(path|paths|file|files|dir|directory|folder|cwd|dest|destination|target|src|source|from|to)$`)
	pathLikeText = regexp.MustCompile(`(?i)\bpaths?\b|\bdirectory\b|\bfile name\b`)
)

// pathProbes build a call of a tool that names probe (a relative path
// that exists: a file, or a directory when isDir) in one of its path-like
// arguments, the others given valid values. The preview must report it
// among its Paths (or, for a working directory, as its Cwd).
var pathProbes = map[string]struct {
	args  func(probe string) any
	isDir bool
}{
	"write.path":   {args: func(p string) any { return map[string]any{"path": p, "content": "new\n"} }},
	"write.moveTo": {args: func(p string) any { return map[string]any{"path": "moved.txt", "moveTo": p + ".new"} }},
	"edit.input": {args: func(p string) any {
		return map[string]any{"input": "[" + p + "#" + hashline.Tag("old\n") + "]\ninsert tail:\n+x"}
	}},
	"bash.cwd": {args: func(p string) any { return map[string]any{"command": "true", "cwd": p} }, isDir: true},
	// The probe's "old" is a Python expression statement: rewrite changes
	// the file, so its preview must name it.
	"rewrite.paths": {args: func(p string) any {
		return map[string]any{"paths": p, "pattern": "old", "replace": "new", "language": "python"}
	}},
}

// TestPreviewsReportEveryPath walks every built-in tool whose calls the
// approval gate governs (neither read-only nor session-only) and every
// argument of its schema that looks like a path, and checks that the
// tool's preview reports that path: the gate checks only the paths a
// preview reports, so a path argument it leaves out (as moveTo once was)
// escapes protected paths, allow and deny rules and the prompt. A new
// path-like argument fails here until it has a probe and its preview
// reports it.
func TestPreviewsReportEveryPath(t *testing.T) {
	seen := map[string]bool{}
	for _, tl := range builtin.Tools() {
		if !tools.ScriptCallable(tl) || tools.HasTag(tl, tools.TagReadOnly) || tools.HasTag(tl, tools.TagSessionOnly) {
			continue
		}
		for _, pf := range pathFields("", tl.InputSchema(), map[*jsonschema.Schema]bool{}) {
			field := pf.name
			key := tl.Name() + "." + field
			seen[key] = true
			probe, ok := pathProbes[key]
			if !ok {
				t.Errorf("%s looks like a path argument (%q) but has no probe here: add one, and make %s's preview report the path in Preview.Paths", key, pf.description, tl.Name())
				continue
			}
			pr, ok := tools.PreviewOf(tl)
			if !ok {
				t.Errorf("%s has a path argument (%s) but no preview: the approval gate cannot see the path", tl.Name(), field)
				continue
			}
			t.Run(key, func(t *testing.T) {
				env := probeEnv(t)
				rel := filepath.Join("probe-"+field, "target.txt")
				abs := filepath.Join(env.Root, rel)
				if err := os.MkdirAll(filepath.Dir(abs), 0o755); err != nil {
					t.Fatal(err)
				}
				if probe.isDir {
					rel, abs = filepath.Dir(rel), filepath.Dir(abs)
				} else if err := os.WriteFile(abs, []byte("old\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				args, _ := json.Marshal(probe.args(rel))
				// The read that lets write replace the file.
				_, _ = tools.Invoke(context.Background(), mustTool(t, "read"), env, json.RawMessage(`{"path":`+quote(rel)+`}`))
				if err := tools.Validate(tl, args); err != nil {
					t.Fatalf("probe %s is not a valid call: %v", args, err)
				}
				pv, err := pr.Preview(context.Background(), env, args)
				if err != nil {
					t.Fatalf("preview of %s: %v", args, err)
				}
				want := abs
				if field == "moveTo" {
					want += ".new"
				}
				if !slices.Contains(pv.Paths, want) && pv.Cwd != want {
					t.Errorf("the preview of %s reports paths %q (cwd %q), not %s", args, pv.Paths, pv.Cwd, want)
				}
			})
		}
	}
	for key := range pathProbes {
		if !seen[key] {
			t.Errorf("probe %s names no path-like argument any more: drop it, or fix the detection", key)
		}
	}
}

// pathField is an argument that looks like a path, named by its place in
// the arguments (moveTo, or files.dest for a field of an array's items).
type pathField struct{ name, description string }

// pathFields walks schema — its properties, array items and alternatives,
// at any depth — for arguments that look like paths, in name order.
func pathFields(prefix string, schema *jsonschema.Schema, seen map[*jsonschema.Schema]bool) []pathField {
	if schema == nil || seen[schema] {
		return nil
	}
	seen[schema] = true
	var out []pathField
	names := make([]string, 0, len(schema.Properties))
	for n := range schema.Properties {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		p := schema.Properties[n]
		if pathLikeName.MatchString(n) || pathLikeText.MatchString(p.Description) {
			out = append(out, pathField{prefix + n, p.Description})
		}
		out = append(out, pathFields(prefix+n+".", p, seen)...)
	}
	for _, sub := range append([]*jsonschema.Schema{schema.Items, schema.AdditionalProperties}, append(schema.AnyOf, schema.OneOf...)...) {
		out = append(out, pathFields(prefix, sub, seen)...)
	}
	return out
}

// probeEnv is a workspace with a file to move and a journal that can.
func probeEnv(t *testing.T) *tools.Env {
	t.Helper()
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "moved.txt"), []byte("m\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	j := journal.New(journal.Write)
	t.Cleanup(j.Close)
	return &tools.Env{Root: root, Session: tools.NewSession("probe"), Owner: "probe/run-1", Files: j}
}

func mustTool(t *testing.T, name string) tools.Tool {
	t.Helper()
	tl, ok := builtin.Registry().Get(name)
	if !ok {
		t.Fatalf("no tool %s", name)
	}
	return tl
}

func quote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

// TestPathFieldsFindsNestedPaths: the walk finds a path argument however
// deep a tool nests it (in an object, an array's items, an alternative).
func TestPathFieldsFindsNestedPaths(t *testing.T) {
	schema := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
		"content": {Type: "string"},
		"moves": {Type: "array", Items: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{
			"dest": {Type: "string"}, "mode": {Type: "integer"},
		}}},
		"opts": {AnyOf: []*jsonschema.Schema{{Type: "object", Properties: map[string]*jsonschema.Schema{
			"out": {Type: "string", Description: "the file name to write the report to"},
		}}}},
	}}
	var got []string
	for _, f := range pathFields("", schema, map[*jsonschema.Schema]bool{}) {
		got = append(got, f.name)
	}
	if want := []string{"moves.dest", "opts.out"}; !slices.Equal(got, want) {
		t.Errorf("path fields %q, want %q", got, want)
	}
}

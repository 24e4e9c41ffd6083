package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
)

// compileSchemas compiles what `atomic-script schema` prints, as a
// consumer would: both documents, the events schema referring to the
// result schema by its $id. The validator is google/jsonschema-go, the one
// JSON Schema library the product links; it does not assert "format", so
// checkFormats asserts the one format the schemas use.
func compileSchemas(t *testing.T) (result, events *jsonschema.Resolved) {
	t.Helper()
	docs := map[string]*jsonschema.Schema{}
	ids := map[string]string{}
	for _, name := range []string{"result", "events"} {
		var out bytes.Buffer
		if err := cmdSchema([]string{name}, Stdio{Out: &out}); err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(out.Bytes(), &m); err != nil {
			t.Fatalf("schema %s is not JSON: %v", name, err)
		}
		if m["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
			t.Errorf("schema %s: $schema = %v, want 2020-12", name, m["$schema"])
		}
		id, _ := m["$id"].(string)
		if !strings.HasSuffix(id, "/v1.json") {
			t.Errorf("schema %s: $id %q does not carry version %d", name, id, ResultSchemaVersion)
		}
		if bad := formatsBut(m, "date-time"); len(bad) > 0 {
			t.Errorf("schema %s uses format %v, which this test does not assert: check it in checkFormats", name, bad)
		}
		var doc jsonschema.Schema
		if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
			t.Fatalf("schema %s is not a JSON Schema: %v", name, err)
		}
		ids[name], docs[id] = id, &doc
	}
	load := func(u *url.URL) (*jsonschema.Schema, error) {
		u.Fragment = ""
		if s, ok := docs[u.String()]; ok {
			return s, nil
		}
		return nil, fmt.Errorf("no schema %s", u)
	}
	var err error
	opts := &jsonschema.ResolveOptions{Loader: load}
	if result, err = docs[ids["result"]].Resolve(opts); err != nil {
		t.Fatal(err)
	}
	if events, err = docs[ids["events"]].Resolve(opts); err != nil {
		t.Fatal(err)
	}
	return result, events
}

// formatsBut lists the "format" keywords in schema document v other than
// the ones named.
func formatsBut(v any, known ...string) []string {
	var out []string
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			if f, ok := e.(string); ok && k == "format" && !slices.Contains(known, f) {
				out = append(out, f)
			}
			out = append(out, formatsBut(e, known...)...)
		}
	case []any:
		for _, e := range x {
			out = append(out, formatsBut(e, known...)...)
		}
	}
	return out
}

// checkFormats asserts what the schemas' "format" keywords say and the
// validator does not check: an event's time is an RFC 3339 date-time.
func checkFormats(t *testing.T, event map[string]any) {
	t.Helper()
	if s, ok := event["time"].(string); ok {
		if _, err := time.Parse(time.RFC3339Nano, s); err != nil {
			t.Errorf("event time %q is not an RFC 3339 date-time: %v", s, err)
		}
	}
}

// decode is one JSON document as the validator takes it.
func decode(t *testing.T, s string) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		t.Fatalf("not a JSON object: %v\n%s", err, s)
	}
	return m
}

// runCLI runs `atomic-script run ARGS` in-process in dir.
func runCLI(t *testing.T, dir string, args ...string) (string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := Main(append([]string{"run", "--cwd", dir}, args...), Stdio{In: strings.NewReader(""), Out: &out, Err: &errOut})
	return out.String(), code
}

// TestResultsMatchTheSchema validates real results — success, script
// error, timeout, dry run, a rolled-back atomic run, a run that could not
// start — and every --events line against the published schemas.
func TestResultsMatchTheSchema(t *testing.T) {
	t.Setenv("ATOMIC_HOME", t.TempDir())
	t.Setenv("ATOMIC_STATE_DIR", t.TempDir())
	result, events := compileSchemas(t)
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	change := `await tools.read({path: "a.txt"}); await tools.write({path: "a.txt", content: "x" + Math.random()}); await tools.write({path: "n" + Math.random(), content: "n"});`
	for _, tc := range []struct {
		name string
		args []string
		code int
	}{
		{"success", []string{"-e", `console.log("hi"); text("t"); return {a: 1}`}, 0},
		{"script error", []string{"-e", `try { await tools.read({path: "nope"}) } catch {}; throw new Error("boom")`}, 1},
		{"timeout", []string{"--timeout", "1s", "-e", `while (true) {}`}, 3},
		{"dry run", []string{"--dry-run", "-e", change}, 0},
		{"rolled back", []string{"--atomic", "-e", change + ` throw new Error("half")`}, 1},
		{"write", []string{"-e", change}, 0},
		{"usage", []string{"--nope"}, 2},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, code := runCLI(t, dir, append([]string{"--json"}, tc.args...)...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d:\n%s", code, tc.code, out)
			}
			doc := decode(t, out)
			if err := result.Validate(doc); err != nil {
				t.Errorf("the result does not match the schema: %v\n%s", err, out)
			}
			if v := doc["schemaVersion"]; v != float64(1) {
				t.Errorf("schemaVersion = %v", v)
			}
		})
	}
	// An incomplete rollback (exit 6): a command put a directory where a
	// changed file was, so the rollback lists it as failed.
	inc := t.TempDir()
	if err := os.WriteFile(filepath.Join(inc, "a.txt"), []byte("a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := runCLI(t, inc, "--json", "--atomic", "-e", `await tools.read({path: "a.txt"}); await tools.write({path: "a.txt", content: "A"}); await tools.write({path: "b.txt", content: "b"}); await tools.bash({command: "rm a.txt && mkdir a.txt"}); throw new Error("late")`)
	if code != 6 {
		t.Fatalf("incomplete rollback: exit %d, want 6:\n%s", code, out)
	}
	doc := decode(t, out)
	if err := result.Validate(doc); err != nil {
		t.Errorf("an incomplete rollback's result does not match the schema: %v\n%s", err, out)
	}
	if rb, _ := doc["rollback"].(map[string]any); rb == nil || len(rb["failed"].([]any)) != 1 || len(rb["removed"].([]any)) != 1 {
		t.Errorf("the rollback to validate is not an incomplete one: %v", doc["rollback"])
	}
	out, code = runCLI(t, dir, "--events", "-e", change+` console.warn("w"); text("t"); throw new Error("e")`)
	if code != 1 {
		t.Fatalf("--events exit %d", code)
	}
	types := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		doc := decode(t, sc.Text())
		if err := events.Validate(doc); err != nil {
			t.Errorf("an --events line does not match the schema: %v\n%s", err, sc.Text())
		}
		checkFormats(t, doc)
		types[doc["type"].(string)] = true
	}
	for _, want := range []string{"run_start", "call_start", "call_end", "log", "text", "run_end"} {
		if !types[want] {
			t.Errorf("no %s event to validate:\n%s", want, out)
		}
	}
}

// TestSchemaRejectsWhatIsNotAResult: the schema is not vacuous.
func TestSchemaRejectsWhatIsNotAResult(t *testing.T) {
	result, events := compileSchemas(t)
	for _, bad := range []string{
		`{"name": "x"}`,
		`{"ok": true, "exitCode": 0}`,
		`{"ok": "yes", "exitCode": 0, "output": [], "logs": [], "calls": [], "text": "", "truncated": false, "wallTimeMs": 1}`,
		`{"ok": true, "exitCode": 0, "output": [], "logs": [], "calls": [{"id": "1", "name": "read", "args": {}, "status": "done", "durationMs": 1}], "text": "", "truncated": false, "wallTimeMs": 1}`,
		`{"schemaVersion": 2, "ok": true, "exitCode": 0, "output": [], "logs": [], "calls": [], "text": "", "truncated": false, "wallTimeMs": 1}`,
		`{"ok": false, "exitCode": 6, "output": [], "logs": [], "calls": [], "text": "", "truncated": false, "wallTimeMs": 1, "rollback": {"restored": [], "removed": [], "failed": ["a.txt"]}}`,
		`{"ok": true, "exitCode": 0, "output": [], "logs": [], "calls": [], "text": "", "truncated": false, "wallTimeMs": 1, "callStats": {"total": "many"}}`,
	} {
		if result.Validate(decode(t, bad)) == nil {
			t.Errorf("the result schema accepts %s", bad)
		}
	}
	if events.Validate(decode(t, `{"type": "run_end", "time": "2026-01-01T00:00:00Z"}`)) == nil {
		t.Error("the events schema accepts a run_end without its result")
	}
	// The result is checked through the $ref to the result schema's $id.
	if events.Validate(decode(t, `{"type": "run_end", "time": "2026-01-01T00:00:00Z", "result": {"name": "x"}}`)) == nil {
		t.Error("the events schema accepts a run_end whose result is not a result: the $ref to the result schema is not followed")
	}
	var out bytes.Buffer
	if err := cmdSchema([]string{"results"}, Stdio{Out: &out}); err == nil || !strings.Contains(err.Error(), "say result") {
		t.Errorf("schema results: %v", err)
	}
}

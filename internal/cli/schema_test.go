package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// compileSchemas compiles what `atomic-script schema` prints, as a
// consumer would: both documents, the events schema referring to the
// result schema by its $id.
func compileSchemas(t *testing.T) (result, events *jsonschema.Schema) {
	t.Helper()
	c := jsonschema.NewCompiler()
	c.AssertFormat()
	ids := map[string]string{}
	for _, name := range []string{"result", "events"} {
		var out bytes.Buffer
		if err := cmdSchema([]string{name}, Stdio{Out: &out}); err != nil {
			t.Fatal(err)
		}
		doc, err := jsonschema.UnmarshalJSON(&out)
		if err != nil {
			t.Fatalf("schema %s is not JSON: %v", name, err)
		}
		m := doc.(map[string]any)
		if m["$schema"] != "https://json-schema.org/draft/2020-12/schema" {
			t.Errorf("schema %s: $schema = %v, want 2020-12", name, m["$schema"])
		}
		id, _ := m["$id"].(string)
		if !strings.HasSuffix(id, "/v1.json") {
			t.Errorf("schema %s: $id %q does not carry version %d", name, id, ResultSchemaVersion)
		}
		ids[name] = id
		if err := c.AddResource(id, doc); err != nil {
			t.Fatal(err)
		}
	}
	var err error
	if result, err = c.Compile(ids["result"]); err != nil {
		t.Fatal(err)
	}
	if events, err = c.Compile(ids["events"]); err != nil {
		t.Fatal(err)
	}
	return result, events
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
			doc, err := jsonschema.UnmarshalJSON(strings.NewReader(out))
			if err != nil {
				t.Fatalf("not JSON: %v\n%s", err, out)
			}
			if err := result.Validate(doc); err != nil {
				t.Errorf("the result does not match the schema: %v\n%s", err, out)
			}
			if v := doc.(map[string]any)["schemaVersion"]; v != json.Number("1") {
				t.Errorf("schemaVersion = %v", v)
			}
		})
	}
	out, code := runCLI(t, dir, "--events", "-e", change+` console.warn("w"); text("t"); throw new Error("e")`)
	if code != 1 {
		t.Fatalf("--events exit %d", code)
	}
	types := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		doc, err := jsonschema.UnmarshalJSON(strings.NewReader(sc.Text()))
		if err != nil {
			t.Fatalf("an --events line is not JSON: %v\n%s", err, sc.Text())
		}
		if err := events.Validate(doc); err != nil {
			t.Errorf("an --events line does not match the schema: %v\n%s", err, sc.Text())
		}
		types[doc.(map[string]any)["type"].(string)] = true
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
	} {
		doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(bad))
		if result.Validate(doc) == nil {
			t.Errorf("the result schema accepts %s", bad)
		}
	}
	doc, _ := jsonschema.UnmarshalJSON(strings.NewReader(`{"type": "run_end", "time": "2026-01-01T00:00:00Z"}`))
	if events.Validate(doc) == nil {
		t.Error("the events schema accepts a run_end without its result")
	}
	var out bytes.Buffer
	if err := cmdSchema([]string{"results"}, Stdio{Out: &out}); err == nil || !strings.Contains(err.Error(), "say result") {
		t.Errorf("schema results: %v", err)
	}
}

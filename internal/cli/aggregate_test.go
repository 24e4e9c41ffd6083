package cli

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
)

// writeResults writes n --json results of a 40-call run, one in ten failed.
func writeResults(tb testing.TB, n int) []string {
	tb.Helper()
	dir := tb.TempDir()
	files := make([]string, n)
	for i := range files {
		res := engine.Result{OK: i%10 != 0, Wall: time.Second, Text: "Script completed\n"}
		for c := range 40 {
			res.Calls = append(res.Calls, engine.Call{ID: fmt.Sprint(c + 1), Name: "edit", Args: json.RawMessage(`{"input":"[a.go#ABCD]\nreplace 1..1:\n+x"}`), Status: "ok"})
		}
		// As the engine writes it: every call counted.
		res.CallStats = engine.CallStats{Total: 40, Kept: 40, ByTool: map[string]engine.ToolStats{"edit": {Count: 40, OK: 40}}}
		if !res.OK {
			res.ExitCode = 1
			res.Error = &engine.ScriptError{Kind: engine.KindScript, Name: "Error", Message: "build failed"}
		}
		res.Changes = []engine.FileChange{{Path: "a.go", Action: "modified"}}
		data, err := json.Marshal(res)
		if err != nil {
			tb.Fatal(err)
		}
		files[i] = filepath.Join(dir, fmt.Sprintf("repo-%05d.json", i))
		if err := os.WriteFile(files[i], data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
	return files
}

// BenchmarkAggregate10000 is aggregate over 10,000 results (goal: under
// a second each).
func BenchmarkAggregate10000(b *testing.B) {
	files := writeResults(b, 10000)
	b.ResetTimer()
	for range b.N {
		var out bytes.Buffer
		code, err := cmdAggregate(files, Stdio{Out: &out, Err: io.Discard})
		if err != nil || code != 1 || !bytes.Contains(out.Bytes(), []byte("10000 runs: 9000 ok, 1000 failed; 10000 files changed, 400000 calls")) {
			b.Fatalf("code %d, %v:\n%s", code, err, out.Bytes()[max(0, out.Len()-200):])
		}
	}
}

// FuzzReadResult: aggregate's reading of a result file never panics; a
// file it accepts as a result has ok and exitCode, and a failed one names
// an error.
func FuzzReadResult(f *testing.F) {
	f.Add([]byte(`{"ok": true, "exitCode": 0, "calls": [], "changes": [{"path": "a", "action": "modified"}]}`))
	f.Add([]byte(`{"ok": false, "exitCode": 1, "error": {"kind": "script", "name": "Error", "message": "x\ny"}, "calls": [{"status": "error", "error": "e"}]}`))
	f.Add([]byte(`{"ok": true, "exitCode": 0, "schemaVersion": 2}`))
	f.Add([]byte(`{"ok": true, "exitCode": 0, "callStats": {"total": 9, "byTool": {"read": {"errors": 2}}}}`))
	f.Add([]byte(`not json`))
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, data []byte) {
		p := filepath.Join(dir, "r.json")
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		r := readResult(p)
		if r.Run != "r" {
			t.Fatalf("run name %q", r.Run)
		}
		if r.Invalid && (r.OK || r.Error == "") {
			t.Fatalf("an invalid file must fail with a reason: %+v", r)
		}
		if !r.Invalid && !r.OK && r.Error == "" {
			t.Fatalf("a failed run without an error line: %+v", r)
		}
		if r.FailedCalls < 0 || r.Calls < 0 {
			t.Fatalf("negative counts: %+v", r)
		}
	})
}

// TestReadResultCalls: the call counts come from callStats, and the call
// records are read when they hold the first error or when there are no
// callStats (a result of an older atomic-script).
func TestReadResultCalls(t *testing.T) {
	dir := t.TempDir()
	for _, tc := range []struct {
		name, doc                string
		calls, failed, cancelled int
		err                      string
	}{
		{"stats only", `{"ok": true, "exitCode": 0, "calls": [{"status": "ok"}], "callStats": {"total": 500, "byTool": {"read": {"errors": 0}}}}`, 500, 0, 0, ""},
		{"failed call is the first error", `{"ok": true, "exitCode": 0, "calls": [{"status": "ok"}, {"status": "error", "error": "File not found: x\nmore"}], "callStats": {"total": 2, "byTool": {"read": {"errors": 1}}}}`, 2, 1, 0, "File not found: x"},
		{"cancelled are their own count", `{"ok": false, "exitCode": 5, "error": {"name": "AbortError", "message": "aborted"}, "calls": [{"status": "cancelled"}], "callStats": {"total": 24, "byTool": {"bash": {"errors": 0, "cancelled": 24}}}}`, 24, 0, 24, "AbortError: aborted"},
		{"script error wins", `{"ok": false, "exitCode": 1, "error": {"name": "Error", "message": "boom"}, "calls": [{"status": "error", "error": "e"}], "callStats": {"total": 1, "byTool": {"read": {"errors": 1}}}}`, 1, 1, 0, "Error: boom"},
		{"no callStats", `{"ok": false, "exitCode": 1, "calls": [{"status": "ok"}, {"status": "error", "error": "e"}, {"status": "cancelled", "error": "cancelled: the run ended"}]}`, 3, 1, 1, "e"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := filepath.Join(dir, "r.json")
			if err := os.WriteFile(p, []byte(tc.doc), 0o644); err != nil {
				t.Fatal(err)
			}
			r := readResult(p)
			if r.Invalid || r.Calls != tc.calls || r.FailedCalls != tc.failed || r.CancelledCalls != tc.cancelled || r.Error != tc.err {
				t.Errorf("got calls %d, failed %d, cancelled %d, error %q (invalid %v); want %d, %d, %d, %q", r.Calls, r.FailedCalls, r.CancelledCalls, r.Error, r.Invalid, tc.calls, tc.failed, tc.cancelled, tc.err)
			}
		})
	}
}

// TestAggregateJUnit: one test case per run, a <failure> for each run that
// did not pass and an <error> for a file that is not a result, with the
// text kept exactly through an XML parser.
func TestAggregateJUnit(t *testing.T) {
	runs := []aggregateRun{
		{Run: "api", File: "r/api.json", OK: true, FilesChanged: 2, Calls: 3},
		{Run: "web", File: "r/web.json", ExitCode: 6, Error: "rollback INCOMPLETE, left changed: a]]>b.txt (x) — Error: <b>&</b>", LeftChanged: []string{"a]]>b.txt"}},
		{Run: "db", File: "r/db.json", ExitCode: 7, OK: false, Error: "--fail-on-change: the run would change 1 file (exit 7)."},
		{Run: "odd", File: "r/odd.json", Invalid: true, Error: "not an atomic-script result: not JSON"},
	}
	data := aggregateJUnit(runs, aggregateTotals{Runs: 4, OK: 1, Failed: 2, Invalid: 1})
	var suite struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Cases    []struct {
			Name    string `xml:"name,attr"`
			Failure *struct {
				Message string `xml:"message,attr"`
				Type    string `xml:"type,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
			Error *struct {
				Type string `xml:"type,attr"`
			} `xml:"error"`
			Out string `xml:"system-out"`
		} `xml:"testcase"`
	}
	if err := xml.Unmarshal(data, &suite); err != nil {
		t.Fatalf("not XML: %v\n%s", err, data)
	}
	if suite.Tests != 4 || suite.Failures != 2 || suite.Errors != 1 || len(suite.Cases) != 4 {
		t.Fatalf("suite counts %+v:\n%s", suite, data)
	}
	c := suite.Cases
	if c[0].Failure != nil || c[0].Error != nil || !strings.Contains(c[0].Out, "ok; 2 files changed, 3 calls") {
		t.Errorf("api: %+v", c[0])
	}
	if c[1].Failure == nil || c[1].Failure.Message != runs[1].Error || c[1].Failure.Type != "failed" || !strings.Contains(c[1].Failure.Text, "FAIL (6) rollback incomplete: ") || !strings.Contains(c[1].Out, "left changed by an incomplete rollback: a]]>b.txt") {
		t.Errorf("web: %+v\n%s", c[1], data)
	}
	if c[2].Failure == nil || c[2].Failure.Type != "changed" {
		t.Errorf("db: %+v", c[2])
	}
	if c[3].Error == nil || c[3].Error.Type != "invalid" || c[3].Failure != nil {
		t.Errorf("odd: %+v", c[3])
	}
}

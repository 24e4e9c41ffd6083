package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
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

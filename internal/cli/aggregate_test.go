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

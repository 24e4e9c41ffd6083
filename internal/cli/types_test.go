package cli

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite docs/atomic.d.ts")

// TestCommittedDTSIsCurrent: docs/atomic.d.ts, which editors use, is what
// `atomic-script types` prints with the default tools. Run
// `go test ./internal/cli -run DTS -update` after changing a tool.
func TestCommittedDTSIsCurrent(t *testing.T) {
	t.Setenv("ATOMIC_HOME", t.TempDir()) // no user settings
	var out, errb bytes.Buffer
	if code := Main([]string{"types", "--cwd", t.TempDir()}, Stdio{Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("types exited %d: %s", code, errb.String())
	}
	path := filepath.Join("..", "..", "docs", "atomic.d.ts")
	if *update {
		if err := os.WriteFile(path, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		t.Fatalf("docs/atomic.d.ts is stale: run go test ./internal/cli -run DTS -update")
	}
}

// TestDTSDeclaresLimits: a cap a tool enforces is in the declarations a
// script's author reads (issue 20: find's 10,000 limit was in the schema
// only).
func TestDTSDeclaresLimits(t *testing.T) {
	t.Setenv("ATOMIC_HOME", t.TempDir())
	var out, errb bytes.Buffer
	if code := Main([]string{"types", "--cwd", t.TempDir()}, Stdio{Out: &out, Err: &errb}); code != 0 {
		t.Fatalf("types exited %d: %s", code, errb.String())
	}
	if want := "/** Most paths to return (default 200 in a direct call, 1,000,000 in a script; 0: every match) */\n    limit?: number;"; !bytes.Contains(out.Bytes(), []byte(want)) {
		t.Errorf("find's limit is not declared with its cap:\n%s", out.String())
	}
}

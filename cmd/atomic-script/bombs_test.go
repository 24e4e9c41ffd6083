package main

import (
	"database/sql"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/internal/testutil/bombs"
	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
)

// TestBombsStayWithinMemory (issue 29): read-only tools given inputs that
// expand without bound — built here, small on disk — fail with ERR_LIMIT
// naming the cap, and the process stays alive under a 2 GiB address-space
// limit (ulimit -v) to print its JSON result. Without the caps each of
// these ended in Go's "fatal error: out of memory" with no result.
func TestBombsStayWithinMemory(t *testing.T) {
	if testing.Short() || racecheck.Enabled || runtime.GOOS != "linux" {
		t.Skip("builds the CLI and runs bombs under ulimit -v (Linux; the race detector multiplies memory)")
	}
	bin := buildCLI(t)
	dir := t.TempDir()
	put := func(name string, data []byte) {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	db, err := sql.Open("sqlite", filepath.Join(dir, "tiny.db"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE t(x); INSERT INTO t VALUES (1), (2), (3)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	put("hidden.xlsx", bombs.XLSX(3<<30))
	put("spine.epub", bombs.EPUB(4<<20, 400))
	put("sparse.tar.gz", bombs.SparseTarGz(64, 16<<30))
	var parts []bombs.Part
	for i := range 100 {
		parts = append(parts, bombs.Part{Name: "m" + string(rune('a'+i%26)) + string(rune('a'+i/26)) + ".txt", Fill: 'a', Size: 16<<20 - 1})
	}
	put("wide.zip", bombs.Zip(parts...))
	for _, c := range []struct{ name, script, cap string }{
		{"sqlite zeroblob", `await tools.read({path: "tiny.db?q=SELECT zeroblob(900000000) FROM t"})`, "SQLITE_LIMIT_LENGTH"},
		{"sqlite many rows", `await tools.read({path: "tiny.db?q=WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 1000) SELECT zeroblob(8000000) FROM c"})`, "(cap of 64.0MB|decompression budget)"},
		{"xlsx hidden part", `await tools.read({path: "hidden.xlsx"})`, "the cap of one document"},
		{"xlsx searched", `await tools.search({pattern: "hello", paths: ["hidden.xlsx"]})`, "the cap of one document"},
		{"epub repeated chapter", `await tools.read({path: "spine.epub"})`, "the cap of one document"},
		{"sparse tar searched", `await tools.search({pattern: "x", paths: ["sparse.tar.gz"]})`, "scan budget"},
		{"zip searched 8 times at once", `await Promise.all(Array.from({length: 8}, () => tools.search({pattern: "b", paths: ["wide.zip"]})))`, "(decompression|scan) budget"},
	} {
		t.Run(c.name, func(t *testing.T) {
			cmd := exec.Command("/bin/sh", "-c", `ulimit -v 2097152 && exec "$0" "$@"`, bin, "run", "--json", "--timeout", "120s", "-e", c.script)
			cmd.Dir = dir
			cmd.Env = homeIn(dir)
			var stderr strings.Builder
			cmd.Stderr = &stderr
			out, _ := cmd.Output()
			var res struct {
				Error *struct {
					Code, Message string
				}
			}
			if err := json.Unmarshal(out, &res); err != nil {
				t.Fatalf("no JSON result (exit %v): %v\nstdout: %.2000s\nstderr: %.2000s", cmd.ProcessState, err, out, stderr.String())
			}
			if res.Error == nil || res.Error.Code != "ERR_LIMIT" || !regexp.MustCompile(c.cap).MatchString(res.Error.Message) {
				t.Fatalf("want ERR_LIMIT naming %q, got %+v", c.cap, res.Error)
			}
			t.Logf("%s", res.Error.Message)
		})
	}
}

package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCutReadWarnings: a run whose script used a read the read limit cut
// short, and never read on, is warned with the selector that continues; a
// script that read on, read a range it asked for, or read :raw is not.
func TestCutReadWarnings(t *testing.T) {
	cases := []struct{ name, script, want string }{
		{"cut and not read on", `const t = await tools.read({path: "big.txt"}); return t.split("\n").length`,
			"read of big.txt stopped at line 3000 of 7000 (the read limit of 3,000 lines or 50 KiB), and the script did not read on; continue with big.txt:3001"},
		{"read on to the end", `await tools.read({path: "big.txt"}); await tools.read({path: "big.txt:3001"}); await tools.read({path: "big.txt:6001"}); return 1`, ""},
		{"read on once, cut again", `await tools.read({path: "big.txt"}); await tools.read({path: "big.txt:3001"}); return 1`,
			"read of big.txt stopped at line 6000 of 7000 (the read limit of 3,000 lines or 50 KiB), and the script did not read on; continue with big.txt:6001"},
		{"a bounded range it asked for", `await tools.read({path: "big.txt:10-20"}); return 1`, ""},
		{"raw read of the whole file", `await tools.read({path: "big.txt"}); await tools.read({path: "big.txt:raw"}); return 1`, ""},
		{"reads in parallel", `await Promise.all([tools.read({path: "big.txt"}), tools.read({path: "big.txt:3001-5000"}), tools.read({path: "big.txt:5001"})]); return 1`, ""},
		{"a range longer than the limit", `await tools.read({path: "big.txt:3001-7000"}); return 1`,
			"read of big.txt stopped at line 5999 of 7000 (the read limit of 3,000 lines or 50 KiB), and the script did not read on; continue with big.txt:6000"},
		{"a short file", `await tools.read({path: "small.txt"}); return 1`, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			eng := newEngine(t, nil)
			var b strings.Builder
			for i := 1; i <= 7000; i++ {
				b.WriteString("line\n")
			}
			if err := os.WriteFile(filepath.Join(eng.Root(), "big.txt"), []byte(b.String()), 0o644); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(eng.Root(), "small.txt"), []byte("a\nb\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			r := run(t, eng, c.script)
			if !r.OK {
				t.Fatal(r.Text)
			}
			var got []string
			for _, w := range r.Warnings {
				if strings.HasPrefix(w, "read of") {
					got = append(got, w)
				}
			}
			if c.want == "" {
				if len(got) != 0 {
					t.Fatalf("warnings %q, want none", got)
				}
				return
			}
			if len(got) != 1 || got[0] != c.want || !strings.Contains(r.Text, c.want) {
				t.Fatalf("warnings %q, want %q", got, c.want)
			}
		})
	}
}

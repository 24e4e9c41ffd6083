package engine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestCutReadWarnings: a run whose script used a read the read limit cut
// short, and never read on, is warned with the selector that continues; a
// script that read on, read a range it asked for, or read :raw is not.
func TestCutReadWarnings(t *testing.T) {
	cases := []struct{ name, script, want string }{
		{"cut and not read on", `const t = await tools.read({path: "big.txt"}); return t.split("\n").length`,
			"read call 1: big.txt stopped at line 3000 of 7000 (the read limit of 3,000 lines or 50 KiB), and the script did not read on; continue with big.txt:3001"},
		{"read on to the end", `await tools.read({path: "big.txt"}); await tools.read({path: "big.txt:3001"}); await tools.read({path: "big.txt:6001"}); return 1`, ""},
		{"read on once, cut again", `await tools.read({path: "big.txt"}); await tools.read({path: "big.txt:3001"}); return 1`,
			"read call 2: big.txt stopped at line 6000 of 7000 (the read limit of 3,000 lines or 50 KiB), and the script did not read on; continue with big.txt:6001"},
		{"a bounded range it asked for", `await tools.read({path: "big.txt:10-20"}); return 1`, ""},
		{"raw read of the whole file", `await tools.read({path: "big.txt"}); await tools.read({path: "big.txt:raw"}); return 1`, ""},
		{"reads in parallel", `await Promise.all([tools.read({path: "big.txt"}), tools.read({path: "big.txt:3001-5000"}), tools.read({path: "big.txt:5001"})]); return 1`, ""},
		{"a range longer than the limit", `await tools.read({path: "big.txt:3001-7000"}); return 1`,
			"read call 1: big.txt stopped at line 5999 of 7000 (the read limit of 3,000 lines or 50 KiB), and the script did not read on; continue with big.txt:6000"},
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
				if strings.HasPrefix(w, "read call ") {
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

// TestCutSearchWarnings: a run whose script used a search or find result a
// limit cut (rows a file, files a page, a match's line text, paths past
// find's limit or timeout), and no other call of the run fetched the rest,
// is warned naming the call, what was cut and how to get the rest; a
// script that paged on, searched a file alone, raised the limit or read the
// line is not.
func TestCutSearchWarnings(t *testing.T) {
	const (
		rows = "search call 1: showed 20 of 57 matches in hosts/README.md, 20 of 31 matches in hosts/other.md (20 rows a file in a multi-file search), and the script did not fetch the rest; pass limit: 0 for every match of every file"
		page = "search call 1: matching files 1 to 20, and more on later pages (20 files a page), and the script did not page on; call again with skip: 20, or pass limit: 0 for every match at once"
	)
	cases := []struct {
		name, script string
		want         []string
	}{
		{"rows cut", `const r = await tools.search({pattern: "host-", paths: "hosts"}); return r.fileMatches.flatMap(f => f.matches).length`, []string{rows}},
		{"rows fetched with limit 0", `await tools.search({pattern: "host-", paths: "hosts"}); await tools.search({pattern: "host-", paths: "hosts", limit: 0}); return 1`, nil},
		{"rows fetched file by file", `const r = await tools.search({pattern: "host-", paths: "hosts"}); for (const f of r.fileMatches) if (f.count > f.matches.length) await tools.search({pattern: "host-", paths: f.path}); return 1`, nil},
		{"another pattern fetches nothing", `await tools.search({pattern: "host-", paths: "hosts"}); await tools.search({pattern: "host", paths: "hosts", limit: 0}); return 1`, []string{rows}},
		{"a single file past 200", `await tools.search({pattern: "line", paths: "big.txt"}); return 1`,
			[]string{"search call 1: showed 200 of 7000 matches in big.txt (200 rows in a single-file search), and the script did not fetch the rest; pass limit: 0 for every match"}},
		{"pages cut", `const r = await tools.search({pattern: "needle", paths: "pages"}); return r.files.length`, []string{page}},
		{"paged on", `let skip = 0, n = 0; do { const r = await tools.search({pattern: "needle", paths: "pages", skip}); n += r.fileCount; skip = r.nextSkip } while (skip); return n`, nil},
		{"a limit that cuts pages", `await tools.search({pattern: "needle", paths: "pages", limit: 10}); return 1`,
			[]string{"search call 1: matching files 1 to 10, and more on later pages (limit 10 match rows), and the script did not page on; call again with skip: 10, or pass limit: 0 for every match at once"}},
		{"a long line cut", `await tools.search({pattern: "^x", paths: "long.txt"}); return 1`,
			[]string{"search call 1: cut the text of line 1 of long.txt (a match keeps 50 KiB of its line, and a result 64 KiB of match text), and the script did not read them; read long.txt:raw for a line over 50 KiB"}},
		{"a long line read", `await tools.search({pattern: "^x", paths: "long.txt"}); await tools.read({path: "long.txt:raw"}); return 1`, nil},
		{"nothing cut", `await tools.search({pattern: "host-1\\b", paths: "hosts/notes.md"}); await tools.search({pattern: "needle", paths: "pages/p01.txt"}); return 1`, nil},
		{"find at its limit", `const r = await tools.find({paths: "pages", limit: 10}); return r.files`,
			[]string{"find call 1: returned 10 of 25 paths (limit 10), and the script did not page on; call again with skip: 10, or pass limit: 0 for every path"}},
		{"find paged on", `for (let skip = 0; ; ) { const r = await tools.find({paths: "pages", limit: 10, skip}); if (!r.nextSkip) break; skip = r.nextSkip } return 1`, nil},
		{"find's script default", `await tools.find({paths: "pages"}); return 1`, nil},
		{"find timed out", `await tools.find({paths: "pages", timeout: 1e-9}); return 1`,
			[]string{"find call 1: the scan stopped with … (timeout 1ns), and the script did not scan again; pass a larger timeout (seconds, at most 300) or narrower paths"}},
		{"find scanned again", `await tools.find({paths: "pages", timeout: 1e-9}); await tools.find({paths: "pages"}); return 1`, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			eng := newEngine(t, nil)
			files := map[string]string{
				"big.txt":         strings.Repeat("line\n", 7000),
				"long.txt":        "x" + strings.Repeat("y", 60<<10) + "\n",
				"hosts/README.md": hostLines(57),
				"hosts/other.md":  hostLines(31),
				"hosts/notes.md":  hostLines(3),
			}
			for i := 1; i <= 25; i++ {
				files[fmt.Sprintf("pages/p%02d.txt", i)] = "a needle\n"
			}
			for name, text := range files {
				p := filepath.Join(eng.Root(), name)
				if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := run(t, eng, c.script)
			if !r.OK {
				t.Fatal(r.Text)
			}
			var got []string
			for _, w := range r.Warnings {
				if strings.HasPrefix(w, "search call ") || strings.HasPrefix(w, "find call ") {
					got = append(got, w)
				}
			}
			// "…" in a wanted warning stands for any text.
			if !slices.EqualFunc(got, c.want, func(g, w string) bool {
				head, tail, _ := strings.Cut(w, "…")
				return strings.HasPrefix(g, head) && strings.HasSuffix(g, tail) && strings.Contains(r.Text, g)
			}) {
				t.Fatalf("warnings\n%q\nwant (each in the result text)\n%q", got, c.want)
			}
		})
	}
}

// hostLines is n lines naming hosts.
func hostLines(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "- host-%d.example.com\n", i)
	}
	return b.String()
}

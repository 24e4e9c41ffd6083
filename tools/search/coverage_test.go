package search

import (
	"strings"
	"testing"
)

// TestCoverage: search and find results say what they looked at and what
// they left out (.gitignore, hidden paths, .git and node_modules, binary
// files with a match, files over 4 MiB), and an empty answer says it in
// its text; asking for what was left out (gitignore: false, hidden: true,
// naming node_modules) covers it.
func TestCoverage(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		".gitignore":             "dist/\n*.log\n",
		"src/a.go":               "package a\n",
		"src/b.go":               "package b\n",
		"src/run.log":            "NEEDLE\n",
		"dist/out.js":            "NEEDLE\n",
		".hidden/h.txt":          "NEEDLE\n",
		"node_modules/m/i.js":    "NEEDLE\n",
		"src/blob.bin":           "NEEDLE\x00\x01",
		"src/huge.txt":           "NEEDLE\n" + strings.Repeat("x", searchMaxFileBytes),
		"other/x.log":            "NEEDLE\n",
		"other/nothing.txt":      "\n",
		"src/deep/er/z.txt":      "\n",
		"src/deep/er/ignore.log": "\n",
	})
	cases := []struct {
		name, args string
		want       SearchCoverage
		text       string // the empty answer's text; "" when it found something
	}{
		{"search left out", `{"pattern":"NEEDLE","paths":".","hidden":false}`,
			SearchCoverage{Coverage: Coverage{Scanned: 5, Ignored: 4, IgnoredPaths: []string{"dist/", "other/x.log", "src/deep/er/ignore.log"}, Hidden: 2, Pruned: 1}, Binary: 1, TooLarge: 1},
			"No matches found: searched 5 files in the workspace; left out: 4 paths .gitignore ignores (dist/, other/x.log, src/deep/er/ignore.log, …; gitignore: false includes them), 2 hidden paths (hidden: true includes them), 1 .git or node_modules directory (name one in paths to include it), 1 binary file with a match, 1 file over 4 MiB\n\n[Not searched: src/huge.txt (larger than 4 MiB; read it with a line selector)]"},
		{"search one directory", `{"pattern":"NOPE","paths":"other"}`,
			SearchCoverage{Coverage: Coverage{Scanned: 1, Ignored: 1, IgnoredPaths: []string{"other/x.log"}}},
			"No matches found: searched 1 file in other; left out: 1 path .gitignore ignores (other/x.log; gitignore: false includes them)"},
		{"search everything asked for", `{"pattern":"NEEDLE","paths":["src","dist","other","node_modules"],"gitignore":false}`,
			SearchCoverage{Coverage: Coverage{Scanned: 10}, Binary: 1, TooLarge: 1}, ""},
		{"search a named file", `{"pattern":"NOPE","paths":"src/a.go"}`,
			SearchCoverage{Coverage: Coverage{Scanned: 1}}, "No matches found: searched 1 file in src/a.go"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := searchResult(t, newEnv(t, root), c.args)
			checkCoverage(t, r.Coverage, c.want, r.Text, c.text)
		})
	}
	findCases := []struct {
		name, args string
		want       SearchCoverage
		text       string
	}{
		{"find left out", `{"paths":"**/*.none","hidden":false}`,
			SearchCoverage{Coverage: Coverage{Scanned: 10, Ignored: 4, IgnoredPaths: []string{"dist/", "other/x.log", "src/deep/er/ignore.log"}, Hidden: 2, Pruned: 1}},
			"No files found matching pattern: listed 10 paths in the workspace; left out: 4 paths .gitignore ignores (dist/, other/x.log, src/deep/er/ignore.log, …; gitignore: false includes them), 2 hidden paths (hidden: true includes them), 1 .git or node_modules directory (name one in paths to include it)"},
		{"find everything", `{"paths":"**/*.none","gitignore":false}`,
			SearchCoverage{Coverage: Coverage{Scanned: 18, Pruned: 1}},
			"No files found matching pattern: listed 18 paths in the workspace; left out: 1 .git or node_modules directory (name one in paths to include it)"},
	}
	for _, c := range findCases {
		t.Run(c.name, func(t *testing.T) {
			res, text := call(t, Find(), newEnv(t, root), c.args)
			checkCoverage(t, SearchCoverage{Coverage: res.Structured.(*FindResult).Coverage}, c.want, text, c.text)
		})
	}
}

func checkCoverage(t *testing.T, got, want SearchCoverage, text, wantText string) {
	t.Helper()
	if got.Scanned != want.Scanned || got.Binary != want.Binary || got.TooLarge != want.TooLarge || got.Ignored != want.Ignored ||
		got.Hidden != want.Hidden || got.Pruned != want.Pruned || strings.Join(got.IgnoredPaths, ",") != strings.Join(want.IgnoredPaths, ",") {
		t.Errorf("coverage %+v, want %+v", got, want)
	}
	if wantText != "" && text != wantText {
		t.Errorf("text\n%s\nwant\n%s", text, wantText)
	}
}

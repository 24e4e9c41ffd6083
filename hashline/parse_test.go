package hashline

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// sections renders Parse's result compactly: one `path#TAG:ops` per
// section, ops as `kind start-end[body]@line`.
func sections(input string, opts ParseOptions) string {
	secs, err := Parse(input, opts)
	if err != nil {
		return "ERR " + err.Error()
	}
	var out []string
	for _, s := range secs {
		var ops []string
		for _, op := range s.Ops {
			ops = append(ops, fmt.Sprintf("%s %d-%d%q@%d", op.Kind, op.Start, op.End, op.Body, op.Line))
		}
		out = append(out, s.Path+"#"+s.Tag+":"+strings.Join(ops, ","))
	}
	return strings.Join(out, " ; ")
}

const headerErr = "ERR Input header must be [PATH] or [PATH#TAG] with a 4-hex content-hash tag; got "

func TestParseSections(t *testing.T) {
	cwd := ParseOptions{Cwd: "/work/repo"}
	for _, tc := range []struct {
		input string
		opts  ParseOptions
		want  string
	}{
		{"[a.ts#1a2b]\ndelete 1", cwd, `a.ts#1A2B:delete 1-1[]@1`},
		{"\uFEFF\n\n  \n*** Begin Patch\n[a.ts#1A2B]\ndelete 1\n*** End Patch", cwd, `a.ts#1A2B:delete 1-1[]@1`},
		{"[a.ts#1A2B]\r\ninsert head:\r\n+x\r\n", cwd, `a.ts#1A2B:insert head 0-0["x"]@1`},
		{"[a.ts#1A2B]\rinsert head:\r+x\r+y\r\n", cwd, `a.ts#1A2B:insert head 0-0["x" "y"]@1`},
		{"[a.ts#1A2B]\ninsert head:\n+x\ry", cwd, `a.ts#1A2B:insert head 0-0["x" "y"]@1`},
		{"[My Docs - Co/a b.ts#1A2B]\ndelete 1", cwd, `My Docs - Co/a b.ts#1A2B:delete 1-1[]@1`},
		{"[\"quoted path.ts\"#1A2B]\ndelete 1", cwd, `quoted path.ts#1A2B:delete 1-1[]@1`},
		{"['single.ts'#1A2B]\ndelete 1", cwd, `single.ts#1A2B:delete 1-1[]@1`},
		{"[/work/repo/src/a.ts#1A2B]\ndelete 1", cwd, `src/a.ts#1A2B:delete 1-1[]@1`},
		{"[/work/repo#1A2B]\ndelete 1", cwd, `.#1A2B:delete 1-1[]@1`},
		{"[/elsewhere/a.ts#1A2B]\ndelete 1", cwd, `/elsewhere/a.ts#1A2B:delete 1-1[]@1`},
		{"[a.ts#1A2B]  \ndelete 1", cwd, `a.ts#1A2B:delete 1-1[]@1`},
		// apply_patch noise recovered from the header
		{"[*** Update File: a.ts#1A2B]\ndelete 1", cwd, `a.ts#1A2B:delete 1-1[]@1`},
		{"[Update File:a.ts#1a2b]\ndelete 1", cwd, `a.ts#1A2B:delete 1-1[]@1`},
		{"[***a.ts#1A2B]\ndelete 1", cwd, `a.ts#1A2B:delete 1-1[]@1`},
		// two files; a repeated section merges and numbering continues
		{"[a.ts#1A2B]\ndelete 1\n[b.ts#3C4D]\ndelete 2\n[a.ts#1A2B]\ndelete 3", cwd, `a.ts#1A2B:delete 1-1[]@1,delete 3-3[]@2 ; b.ts#3C4D:delete 2-2[]@1`},
		{"[a.ts#1A2B]\ndelete 1\n[a.ts]\ndelete 3", cwd, `a.ts#1A2B:delete 1-1[]@1,delete 3-3[]@2`},
		{"[a.ts#1A2B]\ndelete 1\n[a.ts#1A2C]\ndelete 3", cwd, "ERR Conflicting hashline snapshot tags for a.ts: #1A2B and #1A2C. Re-read the file and retry with one current header."},
		{"[a.ts#1A2B]\nreplace 1..1:\n+x\n[a.ts#1A2B]\nreplace 1..1:\n+y", cwd, "ERR line 3: anchor line 1 is already targeted by another hunk on line 1. Issue ONE hunk per range; payload is only the final desired content, never a before/after pair."},
		// a bracketed body line is a header of its own
		{"[a.ts#1A2B]\ninsert head:\n+h\n[section]\n+x", cwd, "ERR Missing hashline snapshot tag for section; use `[section#tag]` from your latest read/search output. To create a new file, use the write tool."},
		// framing errors
		{"", cwd, "ERR edit input must be a non-empty hashline script with [PATH#TAG] sections."},
		{" \n\t", cwd, "ERR edit input must be a non-empty hashline script with [PATH#TAG] sections."},
		{"[a.ts#1A2B]", cwd, "ERR Patch input did not produce any sections."},
		{"[a.ts#1A2B]\n\n  \n", cwd, "ERR Patch input did not produce any sections."},
		{"[a.ts]\ndelete 1", cwd, "ERR Missing hashline snapshot tag for a.ts; use `[a.ts#tag]` from your latest read/search output. To create a new file, use the write tool."},
		{"[a.ts]\ninsert tail:\n+x", cwd, "ERR Missing hashline snapshot tag for a.ts; use `[a.ts#tag]` from your latest read/search output. To create a new file, use the write tool."},
		{"replace 1..1:\n+x", cwd, `ERR input must begin with "[PATH#HASH]" on the first non-blank line for anchored edits; got: "replace 1..1:". Example: "[src/foo.ts#1A2B]" then edit ops.`},
		{"  [a.ts#1A2B]\ndelete 1", cwd, `ERR input must begin with "[PATH#HASH]" on the first non-blank line for anchored edits; got: "  [a.ts#1A2B]". Example: "[src/foo.ts#1A2B]" then edit ops.`},
		{"@@ -1,2 +1,2 @@\n-a\n+b", cwd, "ERR unified-diff hunk header (`@@ -N,M +N,M @@`) is not valid in hashline. File sections start with `[path#HASH]`; use `replace`, `delete`, or `insert` ops."},
		{strings.Repeat("x", 200), cwd, `ERR input must begin with "[PATH#HASH]" on the first non-blank line for anchored edits; got: "` + strings.Repeat("x", 120) + `". Example: "[src/foo.ts#1A2B]" then edit ops.`},
		{"[a.ts#1A2]\ndelete 1", cwd, headerErr + `"[a.ts#1A2]".`},
		{"[a.ts#1A2B5]\ndelete 1", cwd, headerErr + `"[a.ts#1A2B5]".`},
		{"[a.ts#1A2G]\ndelete 1", cwd, headerErr + `"[a.ts#1A2G]".`},
		{"[a.ts#1A2B:42]\ndelete 1", cwd, headerErr + `"[a.ts#1A2B:42]".`},
		{"[a#b.ts#1A2B]\ndelete 1", cwd, headerErr + `"[a#b.ts#1A2B]".`},
		{"[]\ndelete 1", cwd, headerErr + `"[]".`},
		{"[ #1A2B]\ndelete 1", cwd, `ERR Input header "[]" is empty; provide a file path.`},
		{"[a.ts#1A2B]\ndelete 1\n[oops#12]", cwd, headerErr + `"[oops#12]".`},
		// the unsafe-anchor error raised while splitting has no line prefix
		{"[a.ts#1A2B]\n\ndelete 99999999999999999", cwd, `ERR line anchor "99999999999999999" is not a safe integer; line numbers must be positive safe integers no greater than 9007199254740991.`},
	} {
		if filepath.Separator == '\\' && strings.Contains(tc.input, "[/") {
			continue // a POSIX absolute path; TestParseWindowsHeaders has Windows'
		}
		if got := sections(tc.input, tc.opts); got != tc.want {
			t.Errorf("Parse(%q)\n got: %s\nwant: %s", tc.input, got, tc.want)
		}
	}
}

func TestMergeParallel(t *testing.T) {
	secs, err := MergeParallel([]string{
		"[a.ts#1A2B]\nreplace 1..1:\n+X\n*** End Patch",
		"[a.ts#1A2B]\ninsert tail:\n+T",
		"[b.ts#3C4D]\ndelete 2",
	}, ParseOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(secs) != 2 || len(secs[0].Ops) != 2 || secs[0].Ops[1].Kind != OpInsertTail || secs[0].Ops[1].Line != 3 {
		t.Fatalf("merged sections = %+v", secs)
	}
	if _, err := MergeParallel([]string{"[a.ts#1A2B]\ndelete 1", "[a.ts#FFFF]\ndelete 2"}, ParseOptions{}); err == nil ||
		!strings.HasPrefix(err.Error(), "Conflicting hashline snapshot tags for a.ts") {
		t.Errorf("conflicting parallel tags: %v", err)
	}
	leader := Claims(secs)
	for _, tc := range []struct {
		cand map[string]string
		want bool
	}{
		{map[string]string{"a.ts": "1A2B"}, true},
		{map[string]string{"a.ts": "1A2B", "b.ts": "3C4D"}, true},
		{map[string]string{"a.ts": "FFFF"}, false},
		{map[string]string{"c.ts": "1A2B"}, false},
		{map[string]string{}, false},
	} {
		if got := Compatible(tc.cand, leader); got != tc.want {
			t.Errorf("Compatible(%v) = %v", tc.cand, got)
		}
	}
}

// TestParseWarnsOnCutRow: a body row ending with search's cut marker is
// kept (a file may hold the text) with a warning that the line is cut.
func TestParseWarnsOnCutRow(t *testing.T) {
	for _, c := range []struct {
		input string
		warn  bool
	}{
		{"[a.ts#1A2B]\nreplace 1..1:\n+const s = \"abc" + CutRowMarker, true},
		{"[a.ts#1A2B]\ninsert after 2:\n+ok\n+x" + CutRowMarker, true},
		{"[a.ts#1A2B]\nreplace 1..1:\n+" + CutRowMarker + " in the middle", false},
		{"[a.ts#1A2B]\ndelete 1", false},
	} {
		secs, err := Parse(c.input, ParseOptions{})
		if err != nil {
			t.Fatalf("%q: %v", c.input, err)
		}
		got := false
		for _, w := range secs[0].Warnings {
			got = got || w == WarnCutRow
		}
		if got != c.warn {
			t.Errorf("%q: warned %v, want %v (%q)", c.input, got, c.warn, secs[0].Warnings)
		}
	}
}

package hashline

import (
	"strings"
	"testing"
)

// edit parses script as the body of one section for src and applies it
// without a block resolver. The result is the new text, then " WARN " and
// the warnings joined by " | " when there are any; or "ERR " and the error.
func edit(src, script string) string {
	secs, err := Parse("[f.txt#"+Tag(src)+"]\n"+script, ParseOptions{})
	if err != nil {
		return "ERR " + err.Error()
	}
	res, err := Apply(src, "f.txt", secs[0].Ops, nil)
	if err != nil {
		return "ERR " + err.Error()
	}
	out := res.Text
	if w := append(secs[0].Warnings, res.Warnings...); len(w) > 0 {
		out += " WARN " + strings.Join(w, " | ")
	}
	return out
}

const abc = "a\nb\nc\n"

const (
	bare     = " WARN " + WarnBareRows
	noHeader = "ERR line 1: payload line has no preceding hunk header. Use `replace N..M:`, `delete N..M`, or `insert before|after|head|tail:` above the body. Got "
)

// TestEdit is the dense table of the language: one line per operation,
// tolerated shape and error (esbuild's expectPrinted style).
func TestEdit(t *testing.T) {
	for _, tc := range []struct{ src, script, want string }{
		// replace
		{abc, "replace 1..1:\n+X", "X\nb\nc\n"},
		{abc, "replace 2:\n+X", "a\nX\nc\n"},
		{abc, "replace 1..2:\n+X\n+Y\n+Z", "X\nY\nZ\nc\n"},
		{abc, "replace 2..3:\n+X", "a\nX\n"},
		{abc, "replace 2..2:", "a\nc\n"},
		{abc, "replace 1..3:", ""},
		{abc, "replace 2..2:\n+", "a\n\nc\n"},
		{abc, "replace 2..2:\n+  indented\t", "a\n  indented\t\nc\n"},
		{abc, "replace 2..2:\n+-x\n++y", "a\n-x\n+y\nc\n"},
		// range separators and the optional colon
		{abc, "replace 1-2:\n+X", "X\nc\n"},
		{abc, "replace 1…2:\n+X", "X\nc\n"},
		{abc, "replace 1 2:\n+X", "X\nc\n"},
		{abc, "replace 1 .. 2 :\n+X", "X\nc\n"},
		{abc, "replace 1 - 2\n+X", "X\nc\n"},
		{abc, "  replace 2..2:  \n+X", "a\nX\nc\n"},
		// delete
		{abc, "delete 2", "a\nc\n"},
		{abc, "delete 1..2", "c\n"},
		{abc, "delete 1-3", ""},
		{abc, "delete 1 3", ""},
		{"a\nb\n", "delete 1..3", ""},
		{abc, "delete 1\ndelete 3", "b\n"},
		// inserts
		{abc, "insert before 2:\n+X", "a\nX\nb\nc\n"},
		{abc, "insert after 2:\n+X", "a\nb\nX\nc\n"},
		{abc, "insert after 2\n+X", "a\nb\nX\nc\n"},
		{abc, "insert head:\n+X", "X\na\nb\nc\n"},
		{abc, "insert tail:\n+X", "a\nb\nc\nX\n"},
		{abc, "insert tail\n+X\n+Y", "a\nb\nc\nX\nY\n"},
		{"a", "insert tail:\n+b", "a\nb"},
		{"", "insert tail:\n+b", "b"},
		{"", "insert head:\n+b", "b"},
		{"", "replace 1..1:\n+X", "X"},
		{"", "insert head:\n+h\ninsert tail:\n+t", "h\nt"},
		// order at one line: before, replacement, after; head before `insert
		// before 1`; tail after `insert after <last>`; script order among equals
		{abc, "insert after 2:\n+A\nreplace 2..2:\n+R\ninsert before 2:\n+B", "a\nB\nR\nA\nc\n"},
		{abc, "insert before 2:\n+B1\ninsert before 2:\n+B2", "a\nB1\nB2\nb\nc\n"},
		{abc, "insert before 1:\n+B\ninsert head:\n+H", "H\nB\na\nb\nc\n"},
		{abc, "insert tail:\n+T\ninsert after 3:\n+A", "a\nb\nc\nA\nT\n"},
		{abc, "insert after 2:\n+A\ndelete 2", "a\nA\nc\n"},
		{abc, "replace 3..3:\n+Z\nreplace 1..1:\n+X", "X\nb\nZ\n"},
		// the phantom line after a terminal newline
		{"a\nb\n", "replace 3..3:\n+X", "a\nb\nX\n"},
		{"a\nb\n", "insert before 3:\n+X", "a\nb\nX\n"},
		{"a\nb\n", "insert after 3:\n+X", "a\nb\nX\n"},
		{"a\nb\n", "delete 3", "a\nb\n"},
		{"a\nb\n", "replace 2..3:\n+X", "a\nX\n"},
		{"a\nb\n", "replace 4..4:\n+X", "ERR Line 4 does not exist (file has 3 lines)"},
		{"a\nb\n", "delete 2..5", "ERR Line 4 does not exist (file has 3 lines)"},
		{"a\nb\n", "insert after 9:\n+X", "ERR Line 9 does not exist (file has 3 lines)"},
		{"a\nb", "insert after 3:\n+X", "ERR Line 3 does not exist (file has 2 lines)"},
		// bare rows, read prefixes, blank rows
		{"one\ntwo\nthree", "replace 2 3:\nTWO\nTHREE", "one\nTWO\nTHREE" + bare},
		{abc, "replace 2..2:\n2:B", "a\nB\nc\n" + bare},
		{abc, "replace 2..2:\n*2:B\n 3:C", "a\nB\nC\nc\n" + bare},
		{abc, "replace 2..2:\n>>> 12:B", "a\nB\nc\n" + bare},
		{abc, "replace 2..2:\n2:B\nplain", "a\n2:B\nplain\nc\n" + bare},
		{abc, "replace 2..2:\n+2:B", "a\n2:B\nc\n"},
		{abc, "replace 2..2:\n1: \"one\",\n2: 'two'", "a\n1: \"one\",\n2: 'two'\nc\n" + bare},
		{abc, "replace 2..2:\n1: 1,\n2: x", "a\n 1,\n x\nc\n" + bare},
		{abc, "replace 2..2:\n\n+X\n\n+Y\n\n", "a\nX\n\nY\nc\n" + bare},
		{abc, "replace 2..2:\n+X\n   \n+Y", "a\nX\n   \nY\nc\n" + bare},
		{abc, "replace 2..2:\n+X\n\ninsert after 3:\n+Y", "a\nX\nc\nY\n"},
		{abc, "replace 2..2:\n+X\n# not a comment", "a\nX\n# not a comment\nc\n" + bare},
		// comments before an op header
		{abc, "# why\n# because\nreplace 2..2:\n+X", "a\nX\nc\n"},
		{abc, "# why\n\nreplace 2..2:\n+X", noHeader + `"# why".`},
		{abc, "# why", noHeader + `"# why".`},
		// literal rows that look like headers
		{abc, "replace 2..2:\n+replace 5..9:", "a\nreplace 5..9:\nc\n WARN " + WarnHunkLike},
		{abc, "replace 2..2:\n+replace 9007199254740992..9007199254740992:", "a\nreplace 9007199254740992..9007199254740992:\nc\n"},
		{abc, "replace 2..2:\n+REPLACE 1..1:", "a\nREPLACE 1..1:\nc\n"},
		// envelopes
		{abc, "*** Begin Patch\nreplace 2..2:\n+X", "a\nX\nc\n"},
		{abc, "replace 2..2:\n+X\n*** End Patch\nreplace 1..1:\n+Y", "a\nX\nc\n"},
		{abc, "replace 2..2:\n+X\n*** Abort\ndelete 1", "a\nX\nc\n"},
		{abc, "replace 2..2:\r\n+X\r\n+Y\r\n", "a\nX\nY\nc\n"},
		// rejections
		{abc, "replace 2..2:\n-b\n+B", "ERR line 2: `-` rows are not valid; the range already names the lines being changed. For a literal `-` line, write `+-…`."},
		{abc, "replace 2..2:\n  - b", "ERR line 2: `-` rows are not valid; the range already names the lines being changed. For a literal `-` line, write `+-…`."},
		{abc, "delete 2..2:\n+B", "ERR line 1: `delete N..M` has no colon and no body. Remove the colon and body rows."},
		{abc, "delete 2 - 3:", "ERR line 1: `delete N..M` has no colon and no body. Remove the colon and body rows."},
		{abc, "delete 2\n+B", "ERR line 2: `delete N..M` does not take body rows. Remove the body, or use `replace N..M:`."},
		{abc, "delete 2\nB", "ERR line 2: `delete N..M` does not take body rows. Remove the body, or use `replace N..M:`."},
		{abc, "delete 2\n# note", "ERR line 2: `delete N..M` does not take body rows. Remove the body, or use `replace N..M:`."},
		{abc, "delete block 2\n+B", "ERR line 2: `delete block N` does not take body rows. Remove the body, or use `replace block N:`."},
		{abc, "delete block 2:", noHeader + `"delete block 2:".`},
		{abc, "insert after 2:", "ERR line 1: `insert` needs at least one `+TEXT` body row."},
		{abc, "insert head:\n\n", "ERR line 1: `insert` needs at least one `+TEXT` body row."},
		{abc, "insert after block 2:", "ERR line 1: `insert` needs at least one `+TEXT` body row."},
		{abc, "replace block 2:", "ERR line 1: `replace block N:` needs at least one `+TEXT` body row. To delete a block, use `delete block N`."},
		{abc, "replace 2..2: B", noHeader + `"replace 2..2: B".`},
		{abc, "replace 0..1:\n+X", noHeader + `"replace 0..1:".`},
		{abc, "replace 01..1:\n+X", noHeader + `"replace 01..1:".`},
		{abc, "REPLACE 1..1:\n+X", noHeader + `"REPLACE 1..1:".`},
		{abc, "+X", `ERR line 1: payload line has no preceding hunk header. Got "+X".`},
		{abc, "@@ -1,2 +1,2 @@\n+X", "ERR line 1: unified-diff hunk header (`@@ -N,M +N,M @@`) is not valid in hashline. Use `replace N..M:`, `delete N..M`, or `insert before|after|head|tail:` ops."},
		{abc, "@@ replace 1..1: @@", "ERR line 1: `@@`-bracketed hunk header \"@@ replace 1..1: @@\" is not valid in hashline. Drop the `@@ ... @@` brackets and write a verb header such as `replace N..M:`."},
		{abc, "*** Update File: f.txt", "ERR line 1: apply_patch sentinel \"*** Update File: f.txt\" is not valid in hashline. File sections start with `[path#HASH]` (no `Update File:` / `Add File:` keyword). Use `replace N..M:`, `delete N..M`, or `insert before|after|head|tail:` ops."},
		{abc, "replace 1..1:\n+X\n*** Add File: a-very-long-file-name-that-goes-on-and-on-and-on.txt", "ERR line 3: apply_patch sentinel \"*** Add File: a-very-long-file-name-that-goes-on…\" is not valid in hashline. File sections start with `[path#HASH]` (no `Update File:` / `Add File:` keyword). Use `replace N..M:`, `delete N..M`, or `insert before|after|head|tail:` ops."},
		{abc, "2\n+X", "ERR line 1: hunk headers need a verb. Use `replace 2..2:` to replace, or `delete 2` to delete."},
		{abc, "1..2\n+X", "ERR line 1: bare range hunk header \"1..2\" is not valid. Hunk headers need a verb: write `replace 1..2:` or `delete 1..2`."},
		{abc, "1 2:\n+X", "ERR line 1: bare range hunk header \"1 2:\" is not valid. Hunk headers need a verb: write `replace 1..2:` or `delete 1..2`."},
		{abc, "replace 3..1:\n+X", "ERR line 1: range 3..1 ends before it starts."},
		{abc, "delete 5..2", "ERR line 1: range 5..2 ends before it starts."},
		{abc, "delete 1..100001", "ERR line 1: range 1..100001 expands to 100001 lines; numeric ranges are limited to 100,000 lines."},
		{abc, "replace 7..100007:\n+X", "ERR line 1: range 7..100007 expands to 100001 lines; numeric ranges are limited to 100,000 lines."},
		{abc, "delete 1..100000", "ERR Line 5 does not exist (file has 4 lines)"},
		{abc, "replace 9007199254740992..9007199254740992:\n+v", `ERR line anchor "9007199254740992" is not a safe integer; line numbers must be positive safe integers no greater than 9007199254740991.`},
		{abc, "delete 1..99999999999999999999999", `ERR line anchor "99999999999999999999999" is not a safe integer; line numbers must be positive safe integers no greater than 9007199254740991.`},
		{abc, "delete 9007199254740991", "ERR Line 9007199254740991 does not exist (file has 4 lines)"},
		{abc, "replace 1..2:\n+X\nreplace 2..3:\n+Y", "ERR line 3: anchor line 2 is already targeted by another hunk on line 1. Issue ONE hunk per range; payload is only the final desired content, never a before/after pair."},
		{abc, "delete 3\nreplace 1..1:\n+X\ndelete 1..3", "ERR line 4: anchor line 3 is already targeted by another hunk on line 1. Issue ONE hunk per range; payload is only the final desired content, never a before/after pair."},
		{abc, "replace 2..2:\n+X\nreplace 2..2:\n+Y", "ERR line 3: anchor line 2 is already targeted by another hunk on line 1. Issue ONE hunk per range; payload is only the final desired content, never a before/after pair."},
		{abc, "replace block 2:\n+X", "ERR line 1: `replace block`/`delete block`/`insert after block` are not available here (no block resolver configured). Use a concrete line range."},
		{abc, "delete block 2", "ERR line 1: `replace block`/`delete block`/`insert after block` are not available here (no block resolver configured). Use a concrete line range."},
		{abc, "insert after block 2:\n+X", "a\nb\nX\nc\n WARN " + insertAfterBlockUnresolvedWarning(2)},
		{"f() {\n  x\n}\n", "insert after block 3:\n+y()", "f() {\n  x\n}\ny()\n WARN " + insertAfterBlockCloserWarning(3)},
	} {
		if got := edit(tc.src, tc.script); got != tc.want {
			t.Errorf("edit(%q, %q)\n got: %q\nwant: %q", tc.src, tc.script, got, tc.want)
		}
	}
}

// TestRepairs covers the boundary repairs and their exact warnings.
func TestRepairs(t *testing.T) {
	fn := "function f() {\n  a();\n  b();\n}\nnext();\n"
	for _, tc := range []struct{ src, script, want string }{
		// The body restates the unchanged lines on both sides of the range.
		{"a\nb\nc\nd\ne\n", "replace 2..3:\n+a\n+X\n+d", "a\nX\nd\ne\n WARN " + boundaryEchoWarning(2, 1, 1)},
		// One-sided echoes of ordinary lines are intended duplicates.
		{"a\nb\nc\n", "replace 2..2:\n+a\n+B", "a\na\nB\nc\n"},
		{"a\nb\nc\n", "replace 2..2:\n+B\n+c", "a\nB\nc\nc\n"},
		// Every row would be an echo: nothing to repair.
		{"a\nb\nc\n", "replace 2..2:\n+a\n+c", "a\na\nc\nc\n"},
		// A duplicated closer below the range.
		{fn, "replace 3..3:\n+  c();\n+}", "function f() {\n  a();\n  c();\n}\nnext();\n WARN " + delimiterRepairWarning(3, "dropped 1 duplicated trailing payload line(s) already present below the range")},
		// A duplicated opener above the range.
		{fn, "replace 2..2:\n+function f() {\n+  z();", "function f() {\n  z();\n  b();\n}\nnext();\n WARN " + delimiterRepairWarning(2, "dropped 1 duplicated leading payload line(s) already present above the range")},
		// A range that swallowed the closer the body does not restate.
		{fn, "replace 3..4:\n+  c();", "function f() {\n  a();\n  c();\n}\nnext();\n WARN " + delimiterRepairWarning(3, "kept 1 structural closing line(s) the range deleted without restating")},
		// Balanced change: nothing to repair.
		{fn, "replace 2..3:\n+  if (x) { y(); }", "function f() {\n  if (x) { y(); }\n}\nnext();\n"},
		// Brackets in strings and comments do not count.
		{fn, "replace 3..3:\n+  s = \"}\"; // )", "function f() {\n  a();\n  s = \"}\"; // )\n}\nnext();\n"},
		// insert after the last statement of a block with a sibling-depth body
		// lands after the closer.
		{fn, "insert after 3:\n+g();", "function f() {\n  a();\n  b();\n}\ng();\nnext();\n WARN " + landingShiftWarning(3, 4, 1)},
		// ... unless another hunk targets the closer.
		{fn, "insert after 3:\n+g();\ninsert before 4:\n+  z();", "function f() {\n  a();\n  b();\ng();\n  z();\n}\nnext();\n"},
		// A body at the anchor's depth stays.
		{fn, "insert after 3:\n+  c();", "function f() {\n  a();\n  b();\n  c();\n}\nnext();\n"},
	} {
		if got := edit(tc.src, tc.script); got != tc.want {
			t.Errorf("edit(%q, %q)\n got: %q\nwant: %q", tc.src, tc.script, got, tc.want)
		}
	}
}

// braceResolver resolves a block as the brace-balanced span from the line,
// enough to exercise block hunks without a parser.
var braceResolver = BlockResolverFunc(func(_, text string, line int) (int, int, bool) {
	lines := strings.Split(text, "\n")
	if line < 1 || line > len(lines) || !strings.Contains(lines[line-1], "{") {
		return 0, 0, false
	}
	depth := 0
	for i := line - 1; i < len(lines); i++ {
		depth += strings.Count(lines[i], "{") - strings.Count(lines[i], "}")
		if depth == 0 {
			return line, i + 1, true
		}
	}
	return 0, 0, false
})

func TestBlockOps(t *testing.T) {
	src := "x();\nfunction f() {\n  a();\n}\ny();\n"
	for _, tc := range []struct{ script, want string }{
		{"replace block 2:\n+function g() {}", "x();\nfunction g() {}\ny();\n ECHO replace block 2 → resolved lines 2-4 (3 lines)"},
		{"delete block 2", "x();\ny();\n ECHO delete block 2 → resolved lines 2-4 (3 lines)"},
		{"insert after block 2:\n+z();", "x();\nfunction f() {\n  a();\n}\nz();\ny();\n ECHO insert after block 2 → resolved lines 2-4 (3 lines); body lands after line 4"},
		{"insert after block 2:\n+  b();", "x();\nfunction f() {\n  a();\n  b();\n}\ny();\n WARN " + blockLandingShiftWarning(2, 4, 3) + " ECHO insert after block 2 → resolved lines 2-4 (3 lines); body lands after line 4"},
		{"replace block 1:\n+X", "ERR line 1: `replace block 1:` could not resolve a syntactic block beginning on line 1 (unsupported language, blank/closer line, or parse error). Use `replace 1..M:` with explicit lines.\n\n*1:x();\n 2:function f() {\n 3:  a();"},
		{"delete block 9", "ERR line 1: `delete block 9` could not resolve a syntactic block beginning on line 9 (unsupported language, blank/closer line, or parse error). Use `delete 9..M` with explicit lines."},
		{"replace block 2:\n+X\nreplace 3..3:\n+Y", "ERR line 3: anchor line 3 is already targeted by another hunk on line 1. Issue ONE hunk per range; payload is only the final desired content, never a before/after pair."},
	} {
		secs, err := Parse("[f.js#"+Tag(src)+"]\n"+tc.script, ParseOptions{})
		got := ""
		if err == nil {
			var res *Result
			res, err = Apply(src, "f.js", secs[0].Ops, braceResolver)
			if err == nil {
				got = res.Text
				if len(res.Warnings) > 0 {
					got += " WARN " + strings.Join(res.Warnings, " | ")
				}
				if len(res.Echoes) > 0 {
					got += " ECHO " + strings.Join(res.Echoes, " | ")
				}
			}
		}
		if err != nil {
			got = "ERR " + err.Error()
		}
		if got != tc.want {
			t.Errorf("%q\n got: %q\nwant: %q", tc.script, got, tc.want)
		}
	}
}

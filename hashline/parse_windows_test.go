package hashline

import "testing"

// TestParseWindowsHeaders (Windows): a header naming a file under the
// working directory by its absolute path, drive and backslashes included,
// is made relative with forward slashes, as "/work/repo/src/a.ts" is on
// POSIX (TestParseSections).
func TestParseWindowsHeaders(t *testing.T) {
	cwd := ParseOptions{Cwd: `C:\work\repo`}
	for _, tc := range []struct{ input, want string }{
		{"[C:\\work\\repo\\src\\a.ts#1A2B]\ndelete 1", `src/a.ts#1A2B:delete 1-1[]@1`},
		{"[c:/work/repo/src/a.ts#1A2B]\ndelete 1", `src/a.ts#1A2B:delete 1-1[]@1`},
		{"[C:\\work\\repo#1A2B]\ndelete 1", `.#1A2B:delete 1-1[]@1`},
		{"[D:\\elsewhere\\a.ts#1A2B]\ndelete 1", `D:\elsewhere\a.ts#1A2B:delete 1-1[]@1`}, // outside: as written
	} {
		if got := sections(tc.input, cwd); got != tc.want {
			t.Errorf("Parse(%q)\n got: %s\nwant: %s", tc.input, got, tc.want)
		}
	}
}

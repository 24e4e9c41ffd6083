package files

import (
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/hashline"
)

// TestReadOffsetLimit: the thirteen-tool read's 1-based offset/limit read
// exactly those lines (no context lines, unlike a path selector), the
// footer continues with the next offset's selector, and they refuse to be
// combined with a selector, a directory or nonsense values.
func TestReadOffsetLimit(t *testing.T) {
	env := newEnv(t)
	content := numbered(12, 0)
	put(t, env, "f.txt", content)
	put(t, env, "d/x.txt", "x\n")
	tag := hashline.Tag(content)
	rows := func(from, to int) string {
		var b []string
		for n := from; n <= to; n++ {
			b = append(b, strings.Replace("N:line N", "N", itoa(n), 2))
		}
		return strings.Join(b, "\n")
	}
	for _, tc := range []struct {
		name string
		args map[string]any
		want string
	}{
		{"both", map[string]any{"path": "f.txt", "offset": 5, "limit": 3},
			"[f.txt#" + tag + "]\n" + rows(5, 7) + "\n\n[5 more lines in file. Continue with path selector :8.]"},
		{"offset only", map[string]any{"path": "f.txt", "offset": 10},
			"[f.txt#" + tag + "]\n" + rows(10, 12)},
		{"limit only", map[string]any{"path": "f.txt", "limit": 2},
			"[f.txt#" + tag + "]\n" + rows(1, 2) + "\n\n[10 more lines in file. Continue with path selector :3.]"},
		{"limit past the end", map[string]any{"path": "f.txt", "offset": 11, "limit": 50},
			"[f.txt#" + tag + "]\n" + rows(11, 12)},
		{"offset past the end", map[string]any{"path": "f.txt", "offset": 13},
			"ERR Requested line 13 is beyond end of file (12 lines total). Use f.txt:12 to read the final line."},
		{"with a selector", map[string]any{"path": "f.txt:2-3", "offset": 5},
			"ERR read: give the lines either as a selector in the path (f.txt:2-3) or as offset/limit, not both"},
		{"directory", map[string]any{"path": "d", "limit": 5},
			"ERR read: d is a directory; offset/limit select lines of a file"},
		{"zero offset", map[string]any{"path": "f.txt", "offset": 0},
			"ERR read: invalid arguments: at \"offset\": must be >= 1 but found 0"},
	} {
		res, err := call(t, env, "read", tc.args)
		got := res.Text
		if err != nil {
			got = "ERR " + err.Error()
		}
		if got != tc.want {
			t.Errorf("%s:\n got: %q\nwant: %q", tc.name, got, tc.want)
		}
	}
}

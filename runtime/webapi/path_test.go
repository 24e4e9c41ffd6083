package webapi

import (
	"encoding/json"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/internal/testutil/peer"
)

// pathInputs are paths that exercise the corners of Node's algorithms:
// dots, dot-dots above the root, repeated and trailing slashes, dotfiles,
// several extensions.
var pathInputs = []string{
	"", ".", "..", "/", "//", "///", "a", "a/", "/a", "/a/", "a//b", "./a", "../a", "a/..", "a/../..",
	"/..", "/../a", ".a", "a.", "a.b.c", "..a", "a..", "...", "/a/b/c.d", "a/b/../../../c", ".bashrc",
	"dir/.hidden.ext", "file.tar.gz", "x/y/", "x/y//", "/x/./y/../z/", "é/ü.txt", "a/ b /c ", "..//a",
}

// nodePath runs calls (each [fn, args...]) through Node's path.posix with
// cwd as the working directory and returns each result as JSON.
func nodePath(t *testing.T, cwd string, calls [][]string) []string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		peer.Missing(t, "node not installed: the differential test of path needs it")
	}
	in, _ := json.Marshal(calls)
	cmd := exec.Command(node, "-e", `
const p = require("path").posix; let s = "";
process.stdin.on("data", d => s += d).on("end", () => {
  console.log(JSON.stringify(JSON.parse(s).map(([fn, ...a]) => JSON.stringify(p[fn](...a)))));
});`)
	cmd.Dir = cwd
	cmd.Stdin = strings.NewReader(string(in))
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v", err)
	}
	var res []string
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	return res
}

// TestPathMatchesNode compares every function of the script's path with
// Node's path.posix on the same inputs, resolving against the same
// directory.
func TestPathMatchesNode(t *testing.T) {
	cwd, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	var calls [][]string
	for _, x := range pathInputs {
		for _, fn := range []string{"normalize", "dirname", "basename", "extname", "parse", "resolve", "isAbsolute"} {
			calls = append(calls, []string{fn, x})
		}
		for _, ext := range []string{".c", "c", ".gz", "a", x, ""} {
			calls = append(calls, []string{"basename", x, ext})
		}
		for _, y := range pathInputs {
			calls = append(calls, []string{"join", x, y}, []string{"resolve", x, y}, []string{"relative", x, y})
		}
	}
	calls = append(calls, []string{"join"}, []string{"resolve"}, []string{"join", "a", "", "b", ""})
	want := nodePath(t, cwd, calls)
	for i, c := range calls {
		var got string
		switch c[0] {
		case "isAbsolute":
			got = mustJSON(strings.HasPrefix(c[1], "/"))
		case "parse":
			got = mustJSON(pathParse(c[1]))
		default:
			out, err := pathOp(cwd, c[0], c[1:])
			if err != nil {
				t.Fatal(err)
			}
			got = mustJSON(out)
		}
		if got != want[i] {
			t.Errorf("path.%s(%q): got %s, node %s", c[0], c[1:], got, want[i])
		}
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}

// FuzzPath checks the invariants Node's path keeps: normalize is
// idempotent, resolve is absolute and normal, relative leads from one path
// to the other, and parse agrees with basename.
func FuzzPath(f *testing.F) {
	for _, x := range pathInputs {
		f.Add(x, "a/b")
	}
	const wd = "/w/d"
	f.Fuzz(func(t *testing.T, a, b string) {
		n := pathNormalize(a)
		if pathNormalize(n) != n {
			t.Errorf("normalize(%q) = %q, normalize of that = %q", a, n, pathNormalize(n))
		}
		r := pathResolve(wd, []string{a, b})
		if !strings.HasPrefix(r, "/") || pathNormalize(r) != r {
			t.Errorf("resolve(%q, %q) = %q is not absolute and normal", a, b, r)
		}
		rel := pathRelative(wd, a, b)
		if got, want := pathResolve(wd, []string{a, rel}), pathResolve(wd, []string{b}); got != want {
			t.Errorf("relative(%q, %q) = %q, but resolve(from, it) = %q, not %q", a, b, rel, got, want)
		}
		// (Node's parse and extname differ on "/..", and so do these.)
		if p := pathParse(a); p.Base != pathBasename(a, "", false) {
			t.Errorf("parse(%q) = %+v disagrees with basename %q", a, p, pathBasename(a, "", false))
		}
	})
}

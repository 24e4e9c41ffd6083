package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCodemodeDryRun: a codemode call whose first line is
// `// @options: {"dry_run": true}` writes nothing and returns the diff it
// would apply; its own reads see the pending content; the next call of the
// session writes as usual.
func TestCodemodeDryRun(t *testing.T) {
	w := newWorkspace(t, "", "")
	a := filepath.Join(w.dir, "a.txt")
	if err := os.WriteFile(a, []byte("old\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	c := w.serve(t)
	res := c.run(t, `// @options: {"dry_run": true}
await tools.read({path: "a.txt"});
await tools.write({path: "a.txt", content: "new\n"});
await tools.write({path: "b.txt", content: "b\n"});
return (await tools.read({path: "a.txt"})).includes("1:new")`)
	if res.IsError {
		t.Fatalf("dry run failed: %s", text(res))
	}
	for _, want := range []string{"Output:\ntrue\n", "Dry run: no files were written. The run would change 2 files", "--- a/a.txt\n+++ b/a.txt\n", "-old\n+new\n", "+++ b/b.txt\n"} {
		if !strings.Contains(text(res), want) {
			t.Errorf("dry run text lacks %q:\n%s", want, text(res))
		}
	}
	if data, _ := os.ReadFile(a); string(data) != "old\n" {
		t.Errorf("a dry run wrote a.txt: %q", data)
	}
	if _, err := os.Stat(filepath.Join(w.dir, "b.txt")); !os.IsNotExist(err) {
		t.Errorf("a dry run created b.txt: %v", err)
	}
	res = c.run(t, `await tools.read({path: "a.txt"}); await tools.write({path: "a.txt", content: "new\n"}); return 1`)
	if data, _ := os.ReadFile(a); res.IsError || string(data) != "new\n" {
		t.Errorf("the next call did not write: %q\n%s", data, text(res))
	}
}

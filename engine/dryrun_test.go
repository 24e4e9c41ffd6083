package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
)

// TestScriptDryRunOption: `// @options: {"dry_run": true}` makes one run a
// dry run whatever the engine's file mode: nothing is written, the result
// holds the diff, and the engine's next run writes as configured.
func TestScriptDryRunOption(t *testing.T) {
	for _, mode := range []engine.FileMode{engine.WriteFiles, engine.Atomic, engine.DryRun} {
		eng := newEngine(t, nil, engine.WithFileMode(mode))
		a := filepath.Join(eng.Root(), "a.txt")
		if err := os.WriteFile(a, []byte("old\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		r := run(t, eng, "// @options: {\"dry_run\": true}\n"+`await tools.read({path: "a.txt"});
await tools.write({path: "a.txt", content: "new\n"});
return (await tools.read({path: "a.txt"})).includes("1:new")`)
		if !r.OK || string(r.Value) != "true" || !r.DryRun || !strings.Contains(r.Diff, "-old\n+new\n") || len(r.Changes) != 1 {
			t.Fatalf("mode %d: ok %v value %s dryRun %v changes %v diff:\n%s\n%s", mode, r.OK, r.Value, r.DryRun, r.Changes, r.Diff, r.Text)
		}
		if data, _ := os.ReadFile(a); string(data) != "old\n" {
			t.Fatalf("mode %d: the dry run wrote a.txt: %q", mode, data)
		}
		r = run(t, eng, `await tools.read({path: "a.txt"}); await tools.write({path: "a.txt", content: "next\n"}); return 1`)
		data, _ := os.ReadFile(a)
		if wrote := string(data) == "next\n"; !r.OK || wrote == (mode == engine.DryRun) {
			t.Fatalf("mode %d: the next run: ok %v, a.txt %q\n%s", mode, r.OK, data, r.Text)
		}
	}
}

// TestScriptDryRunRefusesRealEffects: in a dry run the script asked for,
// bash never acts on the real workspace. While dry runs have no scratch
// copy to run it in, the call is refused with ERR_DENIED and runs nothing;
// once they do (#20: its preview is Contained), it runs there and what it
// changed joins the diff, as under --dry-run. Either way the real tree is
// untouched and the file changes are previewed.
func TestScriptDryRunRefusesRealEffects(t *testing.T) {
	eng := newEngine(t, nil)
	r := run(t, eng, "// @options: {\"dry_run\": true}\n"+`await tools.write({path: "a.txt", content: "a\n"});
try { await tools.bash({command: "echo t > touched"}); return "ran" } catch (e) { return [e.code, e.message] }`)
	if !r.OK || !r.DryRun || !strings.Contains(r.Diff, "+a\n") {
		t.Fatalf("value %s dryRun %v diff %q\n%s", r.Value, r.DryRun, r.Diff, r.Text)
	}
	refused := `["ERR_DENIED","bash would act for real, outside the dry run this script asked for (// @options dry_run), which previews only file changes made with write and edit: run it without dry_run"]`
	switch string(r.Value) {
	case refused:
	case `"ran"`: // in the scratch copy
		if !strings.Contains(r.Diff, "b/touched") {
			t.Errorf("bash ran, but its change is not in the diff:\n%s", r.Diff)
		}
	default:
		t.Errorf("bash in a script's dry run: %s", r.Value)
	}
	for _, f := range []string{"touched", "a.txt"} {
		if _, err := os.Stat(filepath.Join(eng.Root(), f)); !os.IsNotExist(err) {
			t.Errorf("the dry run made %s: %v", f, err)
		}
	}
}

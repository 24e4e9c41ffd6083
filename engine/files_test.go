package engine_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/files"
)

// filesEngine is an engine with read, write and edit over a fresh
// workspace holding the given files.
func filesEngine(t *testing.T, mode engine.FileMode, fixture map[string]string, opts ...engine.Option) (*engine.Engine, string) {
	t.Helper()
	t.Setenv("TMPDIR", t.TempDir())
	root := t.TempDir()
	for name, content := range fixture {
		p := filepath.Join(root, name)
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	eng, err := engine.New(append([]engine.Option{engine.WithRoot(root), engine.WithTools(tools.NewRegistry(files.Tools()...)), engine.WithFileMode(mode)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng, root
}

func fileText(t *testing.T, root, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(root, name))
	if err != nil {
		return "<missing>"
	}
	return string(data)
}

// TestFilesEndToEnd drives read, edit and write from a script: text from
// read, structured values from write and edit, coded errors caught by the
// script, and the changes listed in the result.
func TestFilesEndToEnd(t *testing.T) {
	eng, root := filesEngine(t, engine.WriteFiles, map[string]string{"src/a.ts": "const X = 1;\nconst Y = 2;\n", "src/c.ts": "unseen\n"})
	r := run(t, eng, `
const text = await tools.read({path: "src/a.ts"});
const header = text.split("\n")[0];
const edited = await tools.edit({input: header + "\nreplace 2..2:\n+const Y = 3;"});
const written = await tools.write({path: "src/b.ts", content: "export {};\n"});
const codes = [];
for (const call of [
  () => tools.edit({input: header + "\nreplace 2..2:\n+stale"}),
  () => tools.edit({input: "[src/none.ts#ABCD]\ndelete 1"}),
  () => tools.write({path: "src/c.ts", content: "clobber"}),
  () => tools.read({path: "src/a.ts:9"}),
]) {
  try { await call(); codes.push("no error"); } catch (e) { codes.push(e.code); }
}
return {header, tag: edited.files[0].tag, firstChangedLine: edited.firstChangedLine,
  created: written.created, bytes: written.bytes, codes};
`)
	if !r.OK {
		t.Fatalf("script failed: %s", r.Text)
	}
	var got struct {
		Header           string
		Tag              string
		FirstChangedLine int
		Created          bool
		Bytes            int
		Codes            []string
	}
	if err := json.Unmarshal(r.Value, &got); err != nil {
		t.Fatal(err)
	}
	if got.Header != "[src/a.ts#"+tagOf("const X = 1;\nconst Y = 2;\n")+"]" || got.FirstChangedLine != 2 || !got.Created || got.Bytes != 11 {
		t.Errorf("value %+v", got)
	}
	// The old header cannot re-target line 2, which the first edit changed;
	// src/none.ts does not exist; src/c.ts was never read; line 9 is past
	// the end.
	want := []string{"ERR_STALE_ANCHOR", "ERR_NOT_FOUND", "ERR_CONFLICT", "ERR_INVALID_ARGS"}
	if strings.Join(got.Codes, ",") != strings.Join(want, ",") {
		t.Errorf("codes %v, want %v", got.Codes, want)
	}
	if fileText(t, root, "src/b.ts") != "export {};\n" {
		t.Error("src/b.ts not written")
	}
	if len(r.Changes) != 2 || r.Changes[0] != (engine.FileChange{Path: "src/a.ts", Action: "modified"}) || r.Changes[1] != (engine.FileChange{Path: "src/b.ts", Action: "created"}) {
		t.Errorf("changes %+v", r.Changes)
	}
	if !strings.Contains(r.Text, "Files changed: modified src/a.ts, created src/b.ts\n") {
		t.Errorf("text lacks the changes line:\n%s", r.Text)
	}
}

func tagOf(s string) string { return hashline.Tag(s) }

// TestFilesDryRun: nothing reaches the disk, later reads see the pending
// content, and the result carries the diff and the changes.
func TestFilesDryRun(t *testing.T) {
	eng, root := filesEngine(t, engine.DryRun, map[string]string{"a.txt": "one\ntwo\n"})
	r := run(t, eng, `
const h = (await tools.read({path: "a.txt"})).split("\n")[0];
await tools.edit({input: h + "\nreplace 2..2:\n+TWO"});
await tools.write({path: "new/b.txt", content: "bee\n"});
return await tools.read({path: "a.txt"});
`)
	if !r.OK || !strings.HasSuffix(string(r.Value), `\n1:one\n2:TWO"`) {
		t.Fatalf("result %s", r.Text)
	}
	if fileText(t, root, "a.txt") != "one\ntwo\n" || fileText(t, root, "new/b.txt") != "<missing>" {
		t.Error("dry run wrote to disk")
	}
	if _, err := os.Stat(filepath.Join(root, "new")); err == nil {
		t.Error("dry run created a directory")
	}
	wantDiff := "diff --git a/a.txt b/a.txt\nindex 814f4a4..879de50 100644\n--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+TWO\n" +
		"diff --git a/new/b.txt b/new/b.txt\nnew file mode 100644\nindex 0000000..af9c6fd\n--- /dev/null\n+++ b/new/b.txt\n@@ -0,0 +1 @@\n+bee\n"
	if r.Diff != wantDiff || !r.DryRun {
		t.Errorf("diff:\n%s", r.Diff)
	}
	if !strings.Contains(r.Text, "Dry run: no files were written. The run would change 2 files: modified a.txt, created new/b.txt\n"+wantDiff) {
		t.Errorf("text:\n%s", r.Text)
	}
	// Nothing to change says so.
	r = run(t, eng, `return (await tools.read({path: "a.txt"})).length`)
	if !strings.Contains(r.Text, "Dry run: no files were written, and the run would change none.") {
		t.Errorf("text:\n%s", r.Text)
	}
}

// TestFilesAtomicRollback: a script that edits three files and then throws
// leaves all three as they were, and the result says so.
func TestFilesAtomicRollback(t *testing.T) {
	fixture := map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"}
	eng, root := filesEngine(t, engine.Atomic, fixture)
	os.Chmod(filepath.Join(root, "c.txt"), 0o600)
	r := run(t, eng, `
for (const name of ["a.txt", "b.txt", "c.txt"]) {
  const h = (await tools.read({path: name})).split("\n")[0];
  await tools.edit({input: h + "\ninsert tail:\n+changed"});
}
await tools.write({path: "made/d.txt", content: "new\n"});
throw new Error("migration check failed");
`)
	if r.OK || !r.RolledBack || r.ExitCode != engine.ExitScript {
		t.Fatalf("result %s", r.Text)
	}
	for name, content := range fixture {
		if got := fileText(t, root, name); got != content {
			t.Errorf("%s = %q after rollback", name, got)
		}
	}
	if fi, _ := os.Stat(filepath.Join(root, "c.txt")); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o600 { // Windows: a read-only bit only
		t.Errorf("c.txt mode %v", fi.Mode())
	}
	if _, err := os.Stat(filepath.Join(root, "made")); err == nil {
		t.Error("created directory left behind")
	}
	for _, want := range []string{
		"Warning: Atomic run failed: file changes were rolled back: restored a.txt, b.txt, c.txt; removed made/d.txt (created by the run).",
		"Tool calls made (file changes were rolled back):",
	} {
		if !strings.Contains(r.Text, want) {
			t.Errorf("text lacks %q:\n%s", want, r.Text)
		}
	}
	if len(r.Changes) != 0 {
		t.Errorf("changes after rollback %+v", r.Changes)
	}
}

// TestFilesAtomicTimeoutAndAbort roll back too.
func TestFilesAtomicTimeoutAndAbort(t *testing.T) {
	script := `await tools.write({path: "a.txt", content: "changed\n"}); for (;;) {}`
	eng, root := filesEngine(t, engine.Atomic, nil)
	eng2, err := engine.New(engine.WithRoot(root), engine.WithTools(tools.NewRegistry(files.Tools()...)),
		engine.WithFileMode(engine.Atomic), engine.WithTimeout(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer eng2.Close()
	r, _ := eng2.Run(context.Background(), script)
	if r.Error == nil || r.Error.Kind != engine.KindTimeout || !r.RolledBack || fileText(t, root, "a.txt") != "<missing>" {
		t.Errorf("timeout: %s", r.Text)
	}
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	r, _ = eng.Run(ctx, script)
	if r.Error == nil || r.Error.Kind != engine.KindAborted || !r.RolledBack || fileText(t, root, "a.txt") != "<missing>" {
		t.Errorf("abort: %s", r.Text)
	}
}

// TestFilesParallelEditsFromScript: Promise.all of edits sharing one tag
// apply as one batch.
func TestFilesParallelEditsFromScript(t *testing.T) {
	eng, root := filesEngine(t, engine.WriteFiles, map[string]string{"f.txt": "1\n2\n3\n4\n"})
	r := run(t, eng, `
const h = (await tools.read({path: "f.txt"})).split("\n")[0];
const rs = await Promise.all([2, 3, 4].map(n => tools.edit({input: h + "\nreplace " + n + ".." + n + ":\n+L" + n})));
return rs.map(r => r.text.split("\n")[1]);
`)
	if !r.OK {
		t.Fatalf("script failed: %s", r.Text)
	}
	if got := fileText(t, root, "f.txt"); got != "1\nL2\nL3\nL4\n" {
		t.Errorf("file %q\n%s", got, r.Text)
	}
	// They meet in one batch when they arrive together; on a loaded
	// machine one may come late and is then recovered onto the batch's
	// result, or come first and apply alone (its text is its diff, from
	// the file's first row). Either way every edit applied, and says how.
	if !strings.Contains(string(r.Value), "Applied 3 parallel edit calls as one snapshot-anchored batch.") {
		var lines []string
		if err := json.Unmarshal(r.Value, &lines); err != nil || len(lines) != 3 {
			t.Fatalf("value %s", r.Value)
		}
		for _, l := range lines {
			if !strings.HasPrefix(l, "Applied ") && !strings.HasPrefix(l, "Recovered by replaying your edits") && l != " 1 1" {
				t.Errorf("edit result %q: neither applied in a batch nor recovered", l)
			}
		}
		t.Logf("the edits did not all arrive together (loaded machine): %s", r.Value)
	}
}

// TestReadMetaInCallRecord: a script's read resolves to text while its call
// record carries details.meta (source, sourcePath, truncation).
func TestReadMetaInCallRecord(t *testing.T) {
	long := strings.Repeat("line\n", 3005)
	eng, root := filesEngine(t, engine.WriteFiles, map[string]string{"a.txt": "one\n", "long.txt": long})
	r := run(t, eng, `
const a = await tools.read({path: "a.txt"});
const b = await tools.read({path: "long.txt"});
return [typeof a, typeof b];`)
	if !r.OK || string(r.Value) != `["string","string"]` {
		t.Fatalf("%s %s", r.Value, r.Text)
	}
	var first, second map[string]any
	json.Unmarshal(r.Calls[0].Meta, &first)
	json.Unmarshal(r.Calls[1].Meta, &second)
	if first["source"] != "file" || first["sourcePath"] != filepath.Join(root, "a.txt") || first["truncation"] != nil {
		t.Errorf("a.txt meta: %s", r.Calls[0].Meta)
	}
	tr, _ := second["truncation"].(map[string]any)
	if tr["truncatedBy"] != "lines" || tr["continueWith"] != ":3001" || second["limits"] == nil {
		t.Errorf("long.txt meta: %s", r.Calls[1].Meta)
	}
	data, _ := json.Marshal(r.Calls[0])
	if !strings.Contains(string(data), `"meta":{"source":"file"`) {
		t.Errorf("--json call record: %s", data)
	}
}

// TestRunFileModeIsPerRun: one run of a writing engine can be a dry run
// (engine.WithRunFileMode), with the same overlay, diff and RUN global as
// an engine-wide dry run; the next run writes again.
func TestRunFileModeIsPerRun(t *testing.T) {
	eng, root := filesEngine(t, engine.WriteFiles, map[string]string{"a.txt": "a\n"})
	code := `await tools.read({path: "a.txt"}); await tools.write({path: "a.txt", content: "A\n"}); return RUN.mode`
	r := run(t, eng, code, engine.WithRunFileMode(engine.DryRun))
	if !r.OK || string(r.Value) != `"dry-run"` || !r.DryRun || !r.Changed || fileText(t, root, "a.txt") != "a\n" || !strings.Contains(r.Diff, "+A\n") {
		t.Fatalf("dry run: %s\n%s", r.Value, r.Text)
	}
	r = run(t, eng, code)
	if !r.OK || string(r.Value) != `"write"` || r.DryRun || fileText(t, root, "a.txt") != "A\n" {
		t.Fatalf("write run: %s\n%s", r.Value, r.Text)
	}
}

// TestRunDiffGlobal: RUN.diff() is the run's diff so far where the run
// keeps the originals (dry run, atomic), equal to the result's diff in a
// dry run; a plain run, which keeps only blob IDs, throws saying how to
// get one instead of diffing against nothing.
func TestRunDiffGlobal(t *testing.T) {
	for _, mode := range []engine.FileMode{engine.DryRun, engine.Atomic} {
		for _, en := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
			eng, _ := filesEngine(t, mode, map[string]string{"a.txt": "a\n"}, engine.WithJSEngine(en))
			r := run(t, eng, `const before = RUN.diff(); await tools.read({path: "a.txt"}); await tools.write({path: "a.txt", content: "A\n"}); return [before, RUN.diff(), Object.isFrozen(RUN)]`)
			var v []any
			if err := json.Unmarshal(r.Value, &v); err != nil || !r.OK || v[0] != "" || v[2] != true {
				t.Fatalf("%v %s: %s\n%s", mode, en, r.Value, r.Text)
			}
			got, _ := v[1].(string)
			if !strings.HasPrefix(got, "diff --git a/a.txt b/a.txt\n") || !strings.Contains(got, "-a\n+A\n") || mode == engine.DryRun && got != r.Diff {
				t.Errorf("%v %s: RUN.diff() = %q (result diff %q)", mode, en, got, r.Diff)
			}
		}
	}
	for _, en := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		eng, root := filesEngine(t, engine.WriteFiles, map[string]string{"a.txt": "a\n"}, engine.WithJSEngine(en))
		r := run(t, eng, `await tools.read({path: "a.txt"}); await tools.write({path: "a.txt", content: "A\n"}); try { return RUN.diff() } catch (e) { return [e.code, e.message] }`)
		var v []string
		if err := json.Unmarshal(r.Value, &v); err != nil || len(v) != 2 || v[0] != "ERR_NOT_ALLOWED" || !strings.Contains(v[1], "--dry-run or --atomic") {
			t.Errorf("plain %s: RUN.diff() gave %s, want ERR_NOT_ALLOWED naming --dry-run or --atomic", en, r.Value)
		}
		if got := fileText(t, root, "a.txt"); got != "A\n" {
			t.Errorf("plain %s: a.txt = %q, the write must stand", en, got)
		}
	}
}

// TestFilesAtomicRollbackThroughLinks: a script that swaps a file it
// changed for a link to a file outside the workspace, and another file's
// directory for a link to an outside directory, then fails: the rollback
// restores the first in place, never writes outside, and the notice names
// what it could not restore (and does not call it restored).
func TestFilesAtomicRollbackThroughLinks(t *testing.T) {
	outside := t.TempDir()
	os.WriteFile(filepath.Join(outside, "a.txt"), []byte("outside\n"), 0o644)
	t.Setenv("TMPDIR", t.TempDir())
	root := t.TempDir()
	os.MkdirAll(filepath.Join(root, "d"), 0o755)
	os.WriteFile(filepath.Join(root, "a.txt"), []byte("a\n"), 0o644)
	os.WriteFile(filepath.Join(root, "d", "a.txt"), []byte("d\n"), 0o644)
	swap := tools.New(tools.Spec{Name: "swap", Description: "Swap a.txt and d/ for links outside (as bash could)."}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
		os.Remove(filepath.Join(root, "a.txt"))
		os.Symlink(filepath.Join(outside, "a.txt"), filepath.Join(root, "a.txt"))
		os.RemoveAll(filepath.Join(root, "d"))
		os.Symlink(outside, filepath.Join(root, "d"))
		return tools.Result{Text: "swapped"}, nil
	})
	eng, err := engine.New(engine.WithRoot(root), engine.WithTools(tools.NewRegistry(append(files.Tools(), swap)...)), engine.WithFileMode(engine.Atomic))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	r := run(t, eng, `
for (const name of ["a.txt", "d/a.txt"]) {
  await tools.read({path: name});
  await tools.write({path: name, content: "changed\n"});
}
await tools.swap();
throw new Error("check failed");
`)
	if got := fileText(t, outside, "a.txt"); got != "outside\n" {
		t.Errorf("the rollback wrote outside the workspace: %q", got)
	}
	if fi, err := os.Lstat(filepath.Join(root, "a.txt")); err != nil || !fi.Mode().IsRegular() || fileText(t, root, "a.txt") != "a\n" {
		t.Errorf("a.txt was not restored in place: %v %v", fi, err)
	}
	want := "Warning: Atomic run failed and its rollback is INCOMPLETE (exit 6): 1 file is left as the run changed it: d/a.txt (" + filepath.Join(root, "d") + ": a directory on its path was replaced by a link or a file since the run changed it). The rest was rolled back: restored a.txt."
	if !strings.Contains(r.Text, want) || r.ExitCode != engine.ExitRollbackIncomplete || r.RolledBack {
		t.Errorf("text lacks %q:\n%s", want, r.Text)
	}
}

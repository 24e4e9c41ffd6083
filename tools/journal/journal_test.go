package journal

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/gitstate"
	"github.com/atomic-script/atomic-script/tools"
)

// workspace makes a directory with files (name → content) and returns it.
func workspace(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func read(t *testing.T, p string) string {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// symlink makes a symbolic link or skips the test where the account may
// not make one (Windows without Developer Mode).
func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Skipf("cannot make a symbolic link here: %v", err)
	}
}

func exists(p string) bool { _, err := os.Lstat(p); return err == nil }

func rel(root string) func(string) string {
	return func(abs string) string { r, _ := filepath.Rel(root, abs); return filepath.ToSlash(r) }
}

func changesOf(j *Journal, root string) string {
	var out []string
	for _, c := range j.Changes() {
		out = append(out, string(c.Action)+" "+rel(root)(c.Path))
	}
	return strings.Join(out, ", ")
}

// mutateAll applies the same mutations in every test: modify a.txt, create
// new/dir/b.txt, delete gone.txt, chmod run.sh, and write same.txt with its
// own content (no change).
func mutateAll(t *testing.T, j *Journal, root string) {
	t.Helper()
	p := func(n string) string { return filepath.Join(root, n) }
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(j.WriteFile(p("a.txt"), []byte("A1\nA2 changed\n"), 0o644))
	must(j.CreateFile(p("new/dir/b.txt"), []byte("bee\n"), 0o644))
	must(j.Remove(p("gone.txt")))
	must(j.Chmod(p("run.sh"), 0o755))
	must(j.WriteFile(p("same.txt"), []byte("same\n"), 0o644))
}

// posixModes: Windows keeps only a read-only bit, so there a chmod to 0755
// changes nothing and every writable file reads 0666.
var posixModes = runtime.GOOS != "windows"

var fixture = map[string]string{"a.txt": "A1\nA2\n", "gone.txt": "bye\n", "run.sh": "echo hi\n", "same.txt": "same\n"}

func TestWriteModeRecordsAndWritesThrough(t *testing.T) {
	root := workspace(t, fixture)
	j := New(Write)
	mutateAll(t, j, root)
	if got := read(t, filepath.Join(root, "a.txt")); got != "A1\nA2 changed\n" {
		t.Errorf("a.txt = %q", got)
	}
	if exists(filepath.Join(root, "gone.txt")) {
		t.Error("gone.txt still exists")
	}
	want := "modified a.txt, deleted gone.txt, created new/dir/b.txt, mode run.sh"
	if !posixModes {
		want = strings.TrimSuffix(want, ", mode run.sh")
	}
	if got := changesOf(j, root); got != want {
		t.Errorf("changes = %q, want %q", got, want)
	}
	if j.Pending() != nil {
		t.Error("Pending in write mode is not nil")
	}
}

func TestAtomicRollbackRestoresEverything(t *testing.T) {
	root := workspace(t, fixture)
	old := time.Now().Add(-48 * time.Hour).Truncate(time.Second)
	modes := map[string]os.FileMode{}
	for name := range fixture {
		os.Chtimes(filepath.Join(root, name), old, old)
		fi, _ := os.Stat(filepath.Join(root, name))
		modes[name] = fi.Mode()
	}
	j := New(Atomic)
	mutateAll(t, j, root)
	// A second write of a.txt must not replace the recorded original.
	if err := j.WriteFile(filepath.Join(root, "a.txt"), []byte("third\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	r := j.Rollback()
	// same.txt was written with its own content: not a change, so not
	// reported as restored (its mtime is put back all the same).
	restored := "a.txt,gone.txt,run.sh"
	if !posixModes {
		restored = "a.txt,gone.txt" // run.sh's chmod changed nothing
	}
	if !r.Complete() || strings.Join(names(root, r.Restored), ",") != restored ||
		strings.Join(names(root, r.Removed), ",") != "new/dir/b.txt" || r.Dirs != 2 {
		t.Errorf("report = %+v", r)
	}
	for name, content := range fixture {
		p := filepath.Join(root, name)
		if got := read(t, p); got != content {
			t.Errorf("%s = %q, want %q", name, got, content)
		}
		fi, _ := os.Stat(p)
		if fi.Mode() != modes[name] {
			t.Errorf("%s mode %v, want %v", name, fi.Mode(), modes[name])
		}
		if !fi.ModTime().Equal(old) {
			t.Errorf("%s mtime %v, want %v", name, fi.ModTime(), old)
		}
	}
	if exists(filepath.Join(root, "new")) {
		t.Error("created directory new/ was not removed")
	}
	if got := changesOf(j, root); got != "" {
		t.Errorf("changes after rollback = %q", got)
	}
	err := j.WriteFile(filepath.Join(root, "a.txt"), []byte("late"), 0o644)
	if !errors.Is(err, ErrClosed) || tools.CodeOf(err) != tools.ErrCancelled {
		t.Errorf("write after rollback: %v", err)
	}
}

func TestRollbackKeepsDirectoriesWithForeignFiles(t *testing.T) {
	root := workspace(t, nil)
	j := New(Atomic)
	if err := j.WriteFile(filepath.Join(root, "d/x.txt"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(root, "d/bash-made.txt"), []byte("y"), 0o644)
	r := j.Rollback()
	if len(r.Removed) != 1 || r.Dirs != 0 || !exists(filepath.Join(root, "d/bash-made.txt")) {
		t.Errorf("report %+v; bash-made file must stay", r)
	}
}

func TestDryRunOverlay(t *testing.T) {
	root := workspace(t, fixture)
	j := New(DryRun)
	mutateAll(t, j, root)
	for name, content := range fixture {
		if got := read(t, filepath.Join(root, name)); got != content {
			t.Errorf("dry run wrote %s: %q", name, got)
		}
	}
	if exists(filepath.Join(root, "new")) {
		t.Error("dry run made a directory")
	}
	// Later reads of the run see its own writes.
	data, err := j.ReadFile(filepath.Join(root, "a.txt"))
	if err != nil || string(data) != "A1\nA2 changed\n" {
		t.Errorf("ReadFile = %q, %v", data, err)
	}
	if _, err := j.ReadFile(filepath.Join(root, "gone.txt")); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("deleted file reads: %v", err)
	}
	if fi, err := j.Stat(filepath.Join(root, "run.sh")); err != nil || fi.Mode().Perm() != 0o755 {
		t.Errorf("Stat run.sh = %v, %v", fi, err)
	}
	if err := j.CreateFile(filepath.Join(root, "new/dir/b.txt"), nil, 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("exclusive create of a pending file: %v", err)
	}
	if err := j.CreateFile(filepath.Join(root, "a.txt"), nil, 0o644); !errors.Is(err, fs.ErrExist) {
		t.Errorf("exclusive create of a disk file: %v", err)
	}
	if err := j.CreateFile(filepath.Join(root, "gone.txt"), []byte("back\n"), 0o644); err != nil {
		t.Errorf("create over a pending deletion: %v", err)
	}
	pend := j.Pending()
	if string(pend[filepath.Join(root, "new/dir/b.txt")]) != "bee\n" || len(pend) != 5 {
		t.Errorf("Pending = %v", pend)
	}
	want := "modified a.txt, modified gone.txt, created new/dir/b.txt, mode run.sh"
	if got := changesOf(j, root); got != want {
		t.Errorf("changes = %q, want %q", got, want)
	}
	// The snapshot handed out does not change under later mutations.
	j.WriteFile(filepath.Join(root, "c.txt"), []byte("c"), 0o644)
	if _, ok := pend[filepath.Join(root, "c.txt")]; ok {
		t.Error("Pending snapshot changed")
	}
}

func TestDryRunDiff(t *testing.T) {
	root := workspace(t, fixture)
	j := New(DryRun)
	mutateAll(t, j, root)
	got := j.Diff(rel(root))
	want := `diff --git a/a.txt b/a.txt
index 5556ed8..65f09b5 100644
--- a/a.txt
+++ b/a.txt
@@ -1,2 +1,2 @@
 A1
-A2
+A2 changed
diff --git a/gone.txt b/gone.txt
deleted file mode 100644
index b023018..0000000
--- a/gone.txt
+++ /dev/null
@@ -1 +0,0 @@
-bye
diff --git a/new/dir/b.txt b/new/dir/b.txt
new file mode 100644
index 0000000..af9c6fd
--- /dev/null
+++ b/new/dir/b.txt
@@ -0,0 +1 @@
+bee
diff --git a/run.sh b/run.sh
old mode 100644
new mode 100755
`
	if got != want {
		t.Errorf("diff:\n%s\nwant:\n%s", got, want)
	}
}

func TestDiffMarksBinaryAndMissingNewline(t *testing.T) {
	root := workspace(t, map[string]string{"bin": "\x00\x01", "t.txt": "x"})
	j := New(DryRun)
	j.WriteFile(filepath.Join(root, "bin"), []byte("\x00\x02"), 0o644)
	j.WriteFile(filepath.Join(root, "t.txt"), []byte("y"), 0o644)
	huge := strings.Repeat("line\n", maxDiffBytes/5+1)
	j.WriteFile(filepath.Join(root, "huge.txt"), []byte(huge), 0o644)
	got := j.Diff(rel(root))
	for _, want := range []string{"Binary files a/bin and b/bin differ\n", "new file mode 100644\nindex 0000000..5d6ba66\nFiles /dev/null and b/huge.txt differ (0 → 16777220 bytes; too large to diff here)\n", "-x\n\\ No newline at end of file\n+y\n\\ No newline at end of file\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("diff lacks %q:\n%s", want, got)
		}
	}
}

func TestWriteThroughSymlinkKeepsLink(t *testing.T) {
	root := workspace(t, map[string]string{"real.txt": "old"})
	link := filepath.Join(root, "link.txt")
	symlink(t, "real.txt", link)
	j := New(Atomic)
	if err := j.WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
		t.Fatal("the link was replaced by a file")
	}
	if got := read(t, filepath.Join(root, "real.txt")); got != "new" {
		t.Errorf("target = %q", got)
	}
	j.Rollback()
	if got := read(t, filepath.Join(root, "real.txt")); got != "old" {
		t.Errorf("target after rollback = %q", got)
	}
}

func TestDryRunThroughSymlink(t *testing.T) {
	root := workspace(t, map[string]string{"real.txt": "old"})
	link := filepath.Join(root, "link.txt")
	symlink(t, "real.txt", link)
	j := New(DryRun)
	if err := j.WriteFile(link, []byte("new"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{link, filepath.Join(root, "real.txt")} {
		if data, err := j.ReadFile(p); err != nil || string(data) != "new" {
			t.Errorf("ReadFile(%s) = %q, %v", p, data, err)
		}
	}
	if got := changesOf(j, root); got != "modified real.txt" {
		t.Errorf("changes %q", got)
	}
}

func TestConcurrentMutations(t *testing.T) {
	root := workspace(t, map[string]string{"shared.txt": "orig"})
	j := New(Atomic)
	var wg sync.WaitGroup
	for i := range 64 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			j.WriteFile(filepath.Join(root, "shared.txt"), []byte(fmt.Sprint(i)), 0o644)
			j.WriteFile(filepath.Join(root, fmt.Sprintf("d%d/f.txt", i%4)), []byte("x"), 0o644)
			j.CreateFile(filepath.Join(root, fmt.Sprintf("c%d.txt", i)), []byte("x"), 0o644)
		}()
	}
	wg.Wait()
	if n := len(j.Changes()); n != 1+4+64 {
		t.Errorf("%d changes", n)
	}
	r := j.Rollback()
	if len(r.Failed) > 0 || len(r.Restored) != 1 || len(r.Removed) != 68 || r.Dirs != 4 {
		t.Errorf("report %+v", r)
	}
	entries, _ := os.ReadDir(root)
	if len(entries) != 1 || read(t, filepath.Join(root, "shared.txt")) != "orig" {
		t.Errorf("after rollback: %d entries", len(entries))
	}
}

// TestDiffAppliesWithGit: `git apply` of a dry run's diff produces what the
// same mutations written for real produce.
func TestDiffAppliesWithGit(t *testing.T) {
	git, err := exec.LookPath("git")
	if err != nil {
		t.Skip("git not installed")
	}
	fixture := map[string]string{"a.txt": "A1\nA2\n", "gone.txt": "bye\n", "run.sh": "echo hi\n", "same.txt": "same\n", "noeol.txt": "x"}
	preview, real := workspace(t, fixture), workspace(t, fixture)
	dry, wr := New(DryRun), New(Write)
	mutateAll(t, dry, preview)
	mutateAll(t, wr, real)
	for _, j := range []*Journal{dry, wr} {
		root := map[*Journal]string{dry: preview, wr: real}[j]
		if err := j.WriteFile(filepath.Join(root, "noeol.txt"), []byte("y\nz"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(git, "apply", "-")
	cmd.Dir = preview
	cmd.Stdin = strings.NewReader(dry.Diff(rel(preview)))
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("git apply: %v\n%s\n%s", err, out, dry.Diff(rel(preview)))
	}
	filepath.Walk(real, func(p string, fi fs.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		r, _ := filepath.Rel(real, p)
		other, err := os.Stat(filepath.Join(preview, r))
		if err != nil || read(t, p) != read(t, filepath.Join(preview, r)) || other.Mode().Perm()&0o111 != fi.Mode().Perm()&0o111 {
			t.Errorf("%s differs after git apply", r)
		}
		return nil
	})
	if exists(filepath.Join(preview, "gone.txt")) {
		t.Error("gone.txt not deleted by the patch")
	}
}

// TestHeldContentIsBounded: originals (kept for a rollback or a diff) and
// dry-run pending content count against one limit; a mutation past it is
// refused with ERR_LIMIT and changes nothing, replacing a pending file
// counts only the difference, and removing one frees nothing it did not
// hold. A plain run (Write) keeps no original, so it holds nothing.
func TestHeldContentIsBounded(t *testing.T) {
	defer func(old int64) { maxHeld = old }(maxHeld)
	maxHeld = 100
	for _, mode := range []Mode{DryRun, Atomic, Write} {
		t.Run(mode.String(), func(t *testing.T) {
			root := workspace(t, map[string]string{"old.txt": strings.Repeat("o", 60)})
			j := New(mode)
			p := func(name string) string { return filepath.Join(root, name) }
			// The original of old.txt (60) is held but in a plain run.
			if err := j.WriteFile(p("old.txt"), []byte("short"), 0o644); err != nil {
				t.Fatal(err)
			}
			limit := func(err error) bool {
				return tools.CodeOf(err) == tools.ErrLimit && strings.Contains(err.Error(), "split the change into several runs")
			}
			switch mode {
			case Write:
				if err := os.WriteFile(p("big.txt"), []byte(strings.Repeat("b", 600)), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := j.WriteFile(p("big.txt"), []byte("x"), 0o644); err != nil || j.held != 0 {
					t.Fatalf("a plain run holds %d bytes: %v", j.held, err)
				}
			case DryRun:
				// 60 + 5 pending; 30 more fits, replacing it by 35 fits, 40 does not.
				if err := j.CreateFile(p("a.txt"), []byte(strings.Repeat("a", 30)), 0o644); err != nil {
					t.Fatal(err)
				}
				if err := j.WriteFile(p("a.txt"), []byte(strings.Repeat("a", 35)), 0o644); err != nil {
					t.Fatal(err)
				}
				err := j.WriteFile(p("a.txt"), []byte(strings.Repeat("a", 41)), 0o644)
				if !limit(err) {
					t.Fatalf("past the limit: %v", err)
				}
				if got, _ := j.ReadFile(p("a.txt")); len(got) != 35 {
					t.Fatalf("a refused write changed the pending file to %d bytes", len(got))
				}
			default:
				// Files on disk: a second original of 60 passes the limit.
				if err := os.WriteFile(p("big.txt"), []byte(strings.Repeat("b", 60)), 0o644); err != nil {
					t.Fatal(err)
				}
				err := j.WriteFile(p("big.txt"), []byte("x"), 0o644)
				if !limit(err) {
					t.Fatalf("past the limit: %v", err)
				}
				if got, _ := os.ReadFile(p("big.txt")); len(got) != 60 {
					t.Fatalf("a refused write changed the file to %q", got)
				}
				// A new file holds no original.
				if err := j.CreateFile(p("new.txt"), []byte(strings.Repeat("n", 500)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// TestHeldLimitUnderConcurrency: first mutations of many files at once
// cannot together pass the limit (each reserves its file before reading).
// In --atomic, where the journal keeps the originals: a plain run keeps
// only their blob IDs.
func TestHeldLimitUnderConcurrency(t *testing.T) {
	defer func(old int64) { maxHeld = old }(maxHeld)
	const size = 48 << 10
	maxHeld = 4 * size / 3 // room for one original, not two
	files := map[string]string{}
	for i := 0; i < 16; i++ {
		files[fmt.Sprintf("f%d.txt", i)] = strings.Repeat("x", size)
	}
	root := workspace(t, files)
	for try := 0; try < 5; try++ {
		j := New(Atomic)
		var wg sync.WaitGroup
		var refused atomic.Int32
		for name := range files {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if err := j.WriteFile(filepath.Join(root, name), []byte(strings.Repeat("x", size)), 0o644); err != nil {
					refused.Add(1)
				}
			}()
		}
		wg.Wait()
		if j.held > maxHeld {
			t.Fatalf("held %d bytes, limit %d", j.held, maxHeld)
		}
		if n := refused.Load(); n != int32(len(files)-1) {
			t.Fatalf("%d of %d first writes refused, want all but one", n, len(files))
		}
	}
}

func names(root string, paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = rel(root)(p)
	}
	return out
}

// TestRollbackReportsWhatHappened: a restore that fails is reported as
// failed with its cause and the rest goes on; a touched file whose own
// write failed (so it never changed) is neither restored nor failed (issue
// 20: the first was reported as rolled back, the second as "could not
// restore" on a clean tree).
func TestRollbackReportsWhatHappened(t *testing.T) {
	root := workspace(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"})
	p := func(n string) string { return filepath.Join(root, n) }
	j := New(Atomic)
	if err := j.WriteFile(p("a.txt"), []byte("A\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := j.WriteFile(p("b.txt"), []byte("B\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := j.CreateFile(p("c.txt"), []byte("C\n"), 0o644); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("create over c.txt: %v", err)
	}
	// Something replaces b.txt with a directory: it cannot be restored.
	os.Remove(p("b.txt"))
	os.Mkdir(p("b.txt"), 0o755)
	r := j.Rollback()
	if strings.Join(names(root, r.Restored), ",") != "a.txt" || len(r.Removed) != 0 {
		t.Errorf("restored %v removed %v", r.Restored, r.Removed)
	}
	if r.Complete() || len(r.Failed) != 1 || rel(root)(r.Failed[0].Path) != "b.txt" || !strings.Contains(r.Failed[0].Err.Error(), "directory") {
		t.Errorf("failed = %+v", r.Failed)
	}
	if read(t, p("a.txt")) != "a\n" || read(t, p("c.txt")) != "c\n" {
		t.Error("a.txt or c.txt not as before")
	}
}

// TestRollbackNeverWritesThroughLinks: after a run changed files, a script
// (through bash) swaps them or their directory for links to a file outside
// the workspace. The rollback restores the workspace's files in place,
// never writes or deletes outside it, and reports what it could not
// restore.
func TestRollbackNeverWritesThroughLinks(t *testing.T) {
	outside := t.TempDir()
	secret := filepath.Join(outside, "a.txt")
	os.WriteFile(secret, []byte("outside"), 0o644)
	root := workspace(t, map[string]string{"a.txt": "original a", "d/b.txt": "original b"})
	j := New(Atomic)
	a, b, c := filepath.Join(root, "a.txt"), filepath.Join(root, "d/b.txt"), filepath.Join(root, "e/c.txt")
	for _, p := range []string{a, b, c} {
		if err := j.WriteFile(p, []byte("by the run"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The swaps a script could make with bash after the writes.
	os.Remove(a)
	symlink(t, secret, a) // the journaled file is now a link to outside
	os.RemoveAll(filepath.Join(root, "d"))
	symlink(t, outside, filepath.Join(root, "d")) // its directory is now a link
	os.RemoveAll(filepath.Join(root, "e"))
	symlink(t, outside, filepath.Join(root, "e")) // the created file's directory too
	os.WriteFile(filepath.Join(outside, "c.txt"), []byte("outside c"), 0o644)

	r := j.Rollback()
	if got := read(t, secret); got != "outside" {
		t.Errorf("the rollback wrote through a link: the outside file is %q", got)
	}
	if got := read(t, filepath.Join(outside, "c.txt")); got != "outside c" {
		t.Errorf("the rollback removed or changed an outside file: %q", got)
	}
	if fi, err := os.Lstat(a); err != nil || !fi.Mode().IsRegular() || read(t, a) != "original a" {
		t.Errorf("a.txt after the rollback: %v %v", fi, err)
	}
	if len(r.Restored) != 1 || len(r.Failed) != 2 {
		t.Fatalf("report %+v", r)
	}
	for i, want := range []string{b, c} {
		if f := r.Failed[i]; f.Path != want || !strings.Contains(f.Err.Error(), "replaced by a link") {
			t.Errorf("failure %d: %s: %v, want it to name %s and the link", i, f.Path, f.Err, want)
		}
	}
}

// TestSpecialFilesNotWritten: a write or create aimed at a named pipe is
// refused at once (it blocked forever), and reading one through the
// journal too.
func TestSpecialFilesNotWritten(t *testing.T) {
	root := workspace(t, nil)
	fifo := filepath.Join(root, "pipe")
	if err := exec.Command("mkfifo", fifo).Run(); err != nil {
		t.Skip("no mkfifo")
	}
	for _, m := range []Mode{Write, Atomic, DryRun} {
		j := New(m)
		done := make(chan struct{})
		go func() {
			defer close(done)
			if _, err := j.ReadFile(fifo); err == nil || !strings.Contains(err.Error(), "named pipe") {
				t.Errorf("%v: read: %v", m, err)
			}
			if err := j.WriteFile(fifo, []byte("x"), 0o644); m != DryRun && (err == nil || !strings.Contains(err.Error(), "not a regular file")) {
				t.Errorf("%v: write: %v", m, err)
			}
			if r := j.Rollback(); len(r.Failed) > 0 {
				t.Errorf("%v: rollback %+v", m, r)
			}
		}()
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%v: blocked on a named pipe", m)
		}
		if fi, err := os.Lstat(fifo); err != nil || fi.Mode()&fs.ModeNamedPipe == 0 {
			t.Fatalf("%v: the pipe was replaced: %v %v", m, fi, err)
		}
	}
}

// TestPlainRunKeepsDigestsOnly: a plain run keeps no original content
// (nothing can be rolled back or diffed), yet it still lists exactly the
// files that differ at the end (not one changed back) and names each
// original's git blob ID for the uncommitted-changes warning.
func TestPlainRunKeepsDigestsOnly(t *testing.T) {
	root := workspace(t, map[string]string{"a.txt": "a\n", "b.txt": "b\n", "c.txt": "c\n"})
	j := New(Write)
	p := func(name string) string { return filepath.Join(root, name) }
	for _, w := range []struct{ name, data string }{{"a.txt", "A\n"}, {"b.txt", "B\n"}, {"b.txt", "b\n"}, {"new.txt", "n\n"}} {
		if err := j.WriteFile(p(w.name), []byte(w.data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	j.WriteFile(p("c.txt"), []byte("c\n"), 0o644) // the same content
	j.Close()
	for path, e := range j.entries {
		if e.data != nil {
			t.Errorf("%s: the original is kept", path)
		}
	}
	var got []string
	for _, c := range j.Changes() {
		got = append(got, filepath.Base(c.Path)+" "+string(c.Action))
	}
	if want := []string{"a.txt modified", "new.txt created"}; !slices.Equal(got, want) {
		t.Errorf("changes %v, want %v", got, want)
	}
	if blob, existed, ok := j.OriginalBlob(p("a.txt")); !ok || !existed || blob != gitstate.BlobID([]byte("a\n")) {
		t.Errorf("original blob of a.txt: %s %v %v", blob, existed, ok)
	}
	if _, existed, ok := j.OriginalBlob(p("new.txt")); !ok || existed {
		t.Errorf("new.txt: existed %v ok %v", existed, ok)
	}
}

package journal

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// One workspace's dry runs share one scratch path (so build caches keyed
// on source paths hit), held by a lock: a dry run at the same time gets a
// fresh directory, and the path is free again once the holder closes.
func TestScratchPathLockedWhileInUse(t *testing.T) {
	tmp := t.TempDir()
	for _, v := range []string{"TMPDIR", "TMP", "TEMP"} { // os.TempDir: unix, Windows
		t.Setenv(v, tmp)
	}
	root := workspace(t, map[string]string{"a.txt": "a\n"})
	first := New(DryRun)
	dir1, ok, err := first.ScratchRoot(root)
	if err != nil || !ok {
		t.Fatalf("ScratchRoot: %q %v %v", dir1, ok, err)
	}
	second := New(DryRun)
	dir2, _, err := second.ScratchRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	if dir2 == dir1 {
		t.Fatalf("a second dry run shares the locked scratch copy %s", dir1)
	}
	if got := read(t, filepath.Join(dir2, "a.txt")); got != "a\n" {
		t.Fatalf("second copy holds %q", got)
	}
	second.Close()
	if exists(dir2) {
		t.Errorf("Close left the fresh scratch copy %s", dir2)
	}
	first.Close()
	third := New(DryRun)
	defer third.Close()
	dir3, _, err := third.ScratchRoot(root)
	if err != nil {
		t.Fatal(err)
	}
	if dir3 != dir1 {
		t.Errorf("after the holder closed, the next dry run got %s, not the stable path %s", dir3, dir1)
	}
}

// cloneFile gives an exact copy with the source's permissions whether or
// not the file system clones, and never replaces an existing file.
func TestCloneFile(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "src")
	data := []byte("line 1\r\nline 2\x00\xff\n")
	if err := os.WriteFile(src, data, 0o750); err != nil {
		t.Fatal(err)
	}
	os.Chmod(src, 0o750)
	dst := filepath.Join(dir, "dst")
	if _, err := cloneFile(src, dst, 0o750); err != nil {
		t.Fatal(err)
	}
	if got, _ := os.ReadFile(dst); string(got) != string(data) {
		t.Fatalf("copy holds %q, want %q", got, data)
	}
	if fi, _ := os.Stat(dst); runtime.GOOS != "windows" && fi.Mode().Perm() != 0o750&^umask(t) {
		t.Errorf("copy's mode %v", fi.Mode())
	}
	if _, err := cloneFile(src, dst, 0o750); err == nil {
		t.Error("cloneFile replaced an existing file")
	}
	if _, err := cloneFile(filepath.Join(dir, "missing"), filepath.Join(dir, "d2"), 0o644); err == nil || exists(filepath.Join(dir, "d2")) {
		t.Errorf("a missing source: err %v, made d2: %v", err, exists(filepath.Join(dir, "d2")))
	}
}

// umask is the process's file creation mask, read from a file made 0777.
func umask(t *testing.T) os.FileMode {
	p := filepath.Join(t.TempDir(), "probe")
	if err := os.WriteFile(p, nil, 0o777); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	return 0o777 &^ fi.Mode().Perm()
}

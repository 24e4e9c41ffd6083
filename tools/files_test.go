package tools_test

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/safefile"
)

// noTemps fails when a write left its temp file behind in dir.
func noTemps(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".atomic-") {
			t.Errorf("temp file left behind: %s", e.Name())
		}
	}
}

// sysMode is the mode a file made with perm reads back: perm on POSIX;
// on Windows, which keeps only a read-only bit, 0666 or 0444.
func sysMode(perm fs.FileMode) fs.FileMode {
	switch {
	case runtime.GOOS != "windows":
		return perm
	case perm&0o200 != 0:
		return 0o666
	}
	return 0o444
}

func TestWriteFileAtomic(t *testing.T) {
	dir := t.TempDir()
	f := tools.DirectFiles{}

	// A new file gets perm, and its missing parents are made.
	p := filepath.Join(dir, "a", "b", "new.txt")
	if err := f.WriteFile(p, []byte("one"), 0o640); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != sysMode(0o640) {
		t.Errorf("new file mode %v, want %v", fi.Mode().Perm(), sysMode(0o640))
	}
	// An existing file keeps its mode, whatever perm says.
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := f.WriteFile(p, []byte("two"), 0o600); err != nil {
		t.Fatal(err)
	}
	if data, _ := f.ReadFile(p); string(data) != "two" {
		t.Errorf("content %q", data)
	}
	if fi, _ := f.Stat(p); fi.Mode().Perm() != sysMode(0o755) {
		t.Errorf("mode after replace %v, want %v kept", fi.Mode().Perm(), sysMode(0o755))
	}
	// A link is followed: its target is replaced and the link kept.
	link := filepath.Join(dir, "link.txt")
	if err := os.Symlink(p, link); err != nil && runtime.GOOS != "windows" {
		t.Fatal(err)
	} else if err == nil { // Windows may not let this account make links
		if err := f.WriteFile(link, []byte("three"), 0o644); err != nil {
			t.Fatal(err)
		}
		if fi, _ := os.Lstat(link); fi.Mode()&fs.ModeSymlink == 0 {
			t.Error("the link was replaced by a file")
		}
		if data, _ := os.ReadFile(p); string(data) != "three" {
			t.Errorf("target content %q", data)
		}
	}
	// A directory and a named pipe are refused, not replaced.
	if err := f.WriteFile(filepath.Join(dir, "a"), []byte("x"), 0o644); !errors.Is(err, syscall.EISDIR) {
		t.Errorf("directory: %v", err)
	}
	fifo := filepath.Join(dir, "fifo")
	if err := proctest.Mkfifo(fifo); errors.Is(err, proctest.ErrNoFIFO) {
		noTemps(t, dir)
		return // Windows: no FIFOs to refuse
	} else if err != nil {
		t.Fatal(err)
	}
	var nr *safefile.NotRegularError
	if err := f.WriteFile(fifo, []byte("x"), 0o644); !errors.As(err, &nr) {
		t.Errorf("fifo write: %v", err)
	}
	if _, err := f.ReadFile(fifo); !errors.As(err, &nr) {
		t.Errorf("fifo read: %v", err)
	}
	if fi, _ := os.Lstat(fifo); fi.Mode()&fs.ModeNamedPipe == 0 {
		t.Error("the pipe was replaced")
	}
	noTemps(t, dir)
	noTemps(t, filepath.Dir(p))
}

func TestCreateFileAtomic(t *testing.T) {
	dir := t.TempDir()
	f := tools.DirectFiles{}
	p := filepath.Join(dir, "sub", "c.txt")
	if err := f.CreateFile(p, []byte("first"), 0o600); err != nil {
		t.Fatal(err)
	}
	if fi, _ := os.Stat(p); fi.Mode().Perm() != sysMode(0o600) {
		t.Errorf("mode %v, want %v", fi.Mode().Perm(), sysMode(0o600))
	}
	// A second create fails with ErrExist and leaves the first content.
	if err := f.CreateFile(p, []byte("second"), 0o600); !errors.Is(err, fs.ErrExist) {
		t.Errorf("second create: %v", err)
	}
	if data, _ := os.ReadFile(p); string(data) != "first" {
		t.Errorf("content %q after a refused create", data)
	}
	noTemps(t, filepath.Dir(p))
	if err := f.Chmod(p, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := f.Remove(p); err != nil {
		t.Fatal(err)
	}
	if _, err := f.Stat(p); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("after remove: %v", err)
	}
}

// TestSyncFiles: files and their directories are synced; a path gone
// since, or replaced by a named pipe (which an open would block on), is
// passed over without an error.
func TestSyncFiles(t *testing.T) {
	dir := t.TempDir()
	var paths []string
	for i := range 40 {
		p := filepath.Join(dir, fmt.Sprintf("d%d", i%4), fmt.Sprintf("f%d", i))
		if err := (tools.AtomicWriter{NoSync: true}).CreateFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	paths = append(paths, filepath.Join(dir, "gone"), pipe(t, dir))
	done := make(chan error, 1)
	go func() { done <- tools.SyncFiles(paths) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("SyncFiles blocked")
	}
}

//go:build unix

package safefile

import (
	"context"
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// within fails the test when f does not return in d (a blocked open).
func within(t *testing.T, d time.Duration, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("still blocked after %v", d)
	}
}

func specialFiles(t *testing.T) map[string]string {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe")
	if err := unix.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { l.Close() })
	return map[string]string{"fifo": fifo, "/dev/zero": "/dev/zero", "/dev/null": "/dev/null", "socket": sock}
}

// TestSpecialFilesRefused: reading or locking a FIFO, a device or a socket
// returns at once with ErrNotRegular, naming what it is.
func TestSpecialFilesRefused(t *testing.T) {
	for name, p := range specialFiles(t) {
		t.Run(name, func(t *testing.T) {
			within(t, 2*time.Second, func() {
				_, err := ReadFile(p, 1<<20)
				if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "is not a regular file (a ") {
					t.Errorf("ReadFile: %v", err)
				}
				if f, err := Open(p); !errors.Is(err, ErrNotRegular) {
					t.Errorf("Open: %v", err)
					if f != nil {
						f.Close()
					}
				}
				if _, err := Lock(context.Background(), p); !errors.Is(err, ErrNotRegular) {
					t.Errorf("Lock: %v", err)
				}
			})
		})
	}
	if _, err := ReadFile(t.TempDir(), 10); !errors.Is(err, unix.EISDIR) {
		t.Errorf("ReadFile of a directory: %v", err)
	}
}

func TestReadFileLimit(t *testing.T) {
	p := filepath.Join(t.TempDir(), "f")
	os.WriteFile(p, []byte("0123456789"), 0o644)
	for limit, ok := range map[int64]bool{10: true, 11: true, 9: false, 0: false} {
		data, err := ReadFile(p, limit)
		if ok != (err == nil) || ok && string(data) != "0123456789" || !ok && !errors.Is(err, ErrTooLarge) {
			t.Errorf("limit %d: %q %v", limit, data, err)
		}
	}
	empty := filepath.Join(t.TempDir(), "e")
	os.WriteFile(empty, nil, 0o644)
	if data, err := ReadFile(empty, 0); err != nil || len(data) != 0 {
		t.Errorf("empty file: %q %v", data, err)
	}
	// A file whose size says 0 but that reads on (the way /proc files do)
	// is cut at the limit.
	if _, err := os.Stat("/proc/self/maps"); err == nil {
		if _, err := ReadFile("/proc/self/maps", 16); !errors.Is(err, ErrTooLarge) {
			t.Errorf("/proc/self/maps with a 16-byte limit: %v", err)
		}
	}
}

// TestRestoreNeverFollowsLinks: a restore replaces a link put where the
// file was instead of writing through it, refuses a directory that was
// replaced by a link (or another directory), recreates directories that
// were removed, and Remove deletes nothing outside.
func TestRestoreNeverFollowsLinks(t *testing.T) {
	root := t.TempDir()
	outside := t.TempDir()
	secret := filepath.Join(outside, "a.txt")
	mtime := time.Date(2020, 1, 2, 3, 4, 5, 0, time.UTC)
	reset := func() (dir, file string, a Anchor) {
		os.RemoveAll(filepath.Join(root, "d"))
		os.MkdirAll(filepath.Join(root, "d"), 0o755)
		os.WriteFile(secret, []byte("outside"), 0o644)
		file = filepath.Join(root, "d", "a.txt")
		os.WriteFile(file, []byte("original"), 0o644)
		return filepath.Join(root, "d"), file, AnchorOf(file)
	}
	outsideKept := func(t *testing.T) {
		if data, _ := os.ReadFile(secret); string(data) != "outside" {
			t.Errorf("the file outside the workspace became %q", data)
		}
	}

	t.Run("link at the path", func(t *testing.T) {
		_, file, a := reset()
		os.Remove(file)
		os.Symlink(secret, file)
		if err := Restore(file, a, []byte("original"), 0o640, mtime); err != nil {
			t.Fatal(err)
		}
		outsideKept(t)
		fi, err := os.Lstat(file)
		if data, _ := os.ReadFile(file); err != nil || !fi.Mode().IsRegular() || string(data) != "original" || fi.Mode().Perm() != 0o640 || !fi.ModTime().Equal(mtime) {
			t.Errorf("restored %v %q", fi.Mode(), data)
		}
	})
	t.Run("directory replaced by a link", func(t *testing.T) {
		dir, file, a := reset()
		os.RemoveAll(dir)
		os.Symlink(outside, dir)
		if err := Restore(file, a, []byte("original"), 0o644, mtime); !errors.Is(err, ErrReplaced) {
			t.Errorf("restore: %v", err)
		}
		if err := Remove(file, a); !errors.Is(err, ErrReplaced) {
			t.Errorf("remove: %v", err)
		}
		outsideKept(t)
		os.Remove(dir)
	})
	t.Run("directory removed", func(t *testing.T) {
		dir, file, a := reset()
		os.RemoveAll(dir)
		if err := Restore(file, a, []byte("original"), 0o644, mtime); err != nil {
			t.Fatal(err)
		}
		if data, _ := os.ReadFile(file); string(data) != "original" {
			t.Errorf("restored %q", data)
		}
	})
	t.Run("created file, its directory replaced by a link", func(t *testing.T) {
		os.RemoveAll(filepath.Join(root, "new"))
		created := filepath.Join(root, "new", "a.txt")
		a := AnchorOf(created) // new/ did not exist yet
		os.MkdirAll(filepath.Dir(created), 0o755)
		os.WriteFile(created, []byte("x"), 0o644)
		os.RemoveAll(filepath.Join(root, "new"))
		os.Symlink(outside, filepath.Join(root, "new"))
		os.WriteFile(secret, []byte("outside"), 0o644)
		if err := Remove(created, a); !errors.Is(err, ErrReplaced) {
			t.Errorf("remove: %v", err)
		}
		outsideKept(t)
	})
	t.Run("a directory where the file was", func(t *testing.T) {
		_, file, a := reset()
		os.Remove(file)
		os.Mkdir(file, 0o755)
		if err := Restore(file, a, []byte("original"), 0o644, mtime); err == nil || !strings.Contains(err.Error(), "directory now stands") {
			t.Errorf("restore: %v", err)
		}
	})
	t.Run("a FIFO where the file was", func(t *testing.T) {
		_, file, a := reset()
		os.Remove(file)
		unix.Mkfifo(file, 0o644)
		within(t, 2*time.Second, func() {
			if err := Restore(file, a, []byte("original"), 0o644, mtime); err != nil {
				t.Error(err)
			}
		})
		if fi, err := os.Lstat(file); err != nil || !fi.Mode().IsRegular() {
			t.Errorf("after restore: %v %v", fi, err)
		}
	})
	t.Run("same content keeps the file", func(t *testing.T) {
		_, file, a := reset()
		before, _ := os.Stat(file)
		if err := Restore(file, a, []byte("original"), 0o600, mtime); err != nil {
			t.Fatal(err)
		}
		after, _ := os.Stat(file)
		if !os.SameFile(before, after) || after.Mode().Perm() != 0o600 || !after.ModTime().Equal(mtime) {
			t.Errorf("same content: replaced %v, mode %v, mtime %v", !os.SameFile(before, after), after.Mode(), after.ModTime())
		}
	})
	entries, _ := os.ReadDir(filepath.Join(root, "d"))
	for _, e := range entries {
		if strings.Contains(e.Name(), "atomic-restore") {
			t.Errorf("temp file left behind: %s", e.Name())
		}
	}
	_ = fs.ModePerm
}

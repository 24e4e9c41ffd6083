package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"

	"github.com/atomic-script/atomic-script/tools/internal/safefile"
)

// Files is the single path every file read-for-mutation and every mutation
// takes, so that a run can be journaled, previewed (dry-run overlay) or rolled
// back. Paths are absolute. Implementations are safe for concurrent use.
type Files interface {
	// ReadFile returns the content of path as this run sees it (in dry-run
	// mode, including the run's own pending writes).
	ReadFile(path string) ([]byte, error)
	// Stat describes path as this run sees it.
	Stat(path string) (fs.FileInfo, error)
	// WriteFile replaces path with data atomically (temp file in the same
	// directory, then rename), keeping an existing file's mode; perm applies
	// to new files. Missing parent directories are created.
	WriteFile(path string, data []byte, perm fs.FileMode) error
	// CreateFile creates path exclusively; it fails with fs.ErrExist when the
	// path appeared meanwhile.
	CreateFile(path string, data []byte, perm fs.FileMode) error
	// Chmod changes path's mode.
	Chmod(path string, mode fs.FileMode) error
	// Remove deletes path.
	Remove(path string) error
}

// MaxReadBytes bounds what Files.ReadFile reads of one file: a file that
// grows while it is read, or a /proc file whose size says 0, cannot fill
// memory. The file tools refuse files far smaller than this (64 MiB) before
// reading them.
const MaxReadBytes = 1 << 30

// DirectFiles writes straight to the file system with atomic replacement and
// keeps no journal. It is the Files of an Env built without a journal.
type DirectFiles struct{}

// ReadFile reads a regular file; a named pipe, a device or a socket is
// refused before anything is read (see safefile.Open).
func (DirectFiles) ReadFile(path string) ([]byte, error) {
	return safefile.ReadFile(path, MaxReadBytes)
}
func (DirectFiles) Stat(path string) (fs.FileInfo, error)     { return os.Stat(path) }
func (DirectFiles) Chmod(path string, mode fs.FileMode) error { return os.Chmod(path, mode) }
func (DirectFiles) Remove(path string) error                  { return os.Remove(path) }

func (DirectFiles) WriteFile(path string, data []byte, perm fs.FileMode) error {
	return WriteFileAtomic(path, data, perm)
}

func (DirectFiles) CreateFile(path string, data []byte, perm fs.FileMode) error {
	return CreateFileAtomic(path, data, perm)
}

// AtomicWriter writes files as WriteFileAtomic and CreateFileAtomic do.
// With NoSync the new content is not synced before the rename: readers
// still see the old content or the new, never a mix, but durability waits
// for the caller's SyncFiles. A run's journal writes so and syncs every
// file it wrote once, at the end, in parallel: a sync a file as it goes
// cost a disk flush each (9 ms on a busy disk, 19 s over 2,000 files).
// Until that sync a power loss can leave a file the run wrote empty on a
// file system that does not order data before a rename (ext4 does, for a
// rename over an existing file).
type AtomicWriter struct {
	NoSync bool
}

// WriteFileAtomic replaces path with data so that a crash at any moment
// leaves either the old or the new content: it writes a temp file in the same
// directory, syncs it, gives it the old file's mode (perm for a new file) and
// owner (when the process may) and renames it over path. The rename is
// atomic, so a reader or a crash sees the old content or the new, never a
// mix; the directory is not synced, so after a power loss the rename itself
// may be lost (the old content stays). A symbolic link at path is followed:
// the file it points to is replaced and the link kept. What is not a
// regular file (a named pipe, a device) is refused, not replaced.
func WriteFileAtomic(path string, data []byte, perm fs.FileMode) error {
	return AtomicWriter{}.WriteFile(path, data, perm)
}

// WriteFile is WriteFileAtomic, synced or not as w says.
func (w AtomicWriter) WriteFile(path string, data []byte, perm fs.FileMode) error {
	if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		if target, err := filepath.EvalSymlinks(path); err == nil {
			path = target
		}
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	mode := perm
	old, statErr := os.Stat(path)
	if statErr == nil && !old.Mode().IsRegular() {
		if old.IsDir() {
			return &fs.PathError{Op: "write", Path: path, Err: syscall.EISDIR}
		}
		return &safefile.NotRegularError{Path: path, Mode: old.Mode()}
	}
	if statErr == nil {
		mode = old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	}
	name, err := writeTemp(dir, filepath.Base(path), data, mode, !w.NoSync)
	if err != nil {
		return err
	}
	if statErr == nil {
		keepOwner(name, old)
		if mode&(fs.ModeSetuid|fs.ModeSetgid) != 0 {
			os.Chmod(name, mode) // chown cleared them
		}
	}
	if err := os.Rename(name, path); err != nil {
		os.Remove(name)
		return err
	}
	return nil
}

// CreateFileAtomic creates path with data, failing with an error matching
// fs.ErrExist when path exists. Like WriteFileAtomic, the content appears
// whole or not at all: a complete temp file is hard-linked to path (which
// fails if path exists) and then unlinked. Where hard links are not
// supported it falls back to an exclusive create and write.
func CreateFileAtomic(path string, data []byte, perm fs.FileMode) error {
	return AtomicWriter{}.CreateFile(path, data, perm)
}

// CreateFile is CreateFileAtomic, synced or not as w says.
func (w AtomicWriter) CreateFile(path string, data []byte, perm fs.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	name, err := writeTemp(dir, filepath.Base(path), data, perm, !w.NoSync)
	if err != nil {
		return err
	}
	defer os.Remove(name)
	err = os.Link(name, path)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return err
	}
	_, werr := f.Write(data)
	cerr := f.Close()
	if err := errors.Join(werr, cerr); err != nil {
		os.Remove(path)
		return err
	}
	return nil
}

// writeTemp writes data to a new temp file next to base in dir with mode,
// synced when sync is set, and returns its name.
func writeTemp(dir, base string, data []byte, mode fs.FileMode, sync bool) (string, error) {
	tmp, err := os.CreateTemp(dir, "."+base+".atomic-*")
	if err != nil {
		return "", err
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	var serr error
	if sync {
		serr = tmp.Sync()
	}
	cerr := tmp.Close()
	if err := errors.Join(werr, serr, cerr); err != nil {
		os.Remove(name)
		return "", err
	}
	if err := os.Chmod(name, mode); err != nil {
		os.Remove(name)
		return "", err
	}
	return name, nil
}

// Overlay is implemented by a Files that holds changes not yet on disk (the
// dry-run overlay). Tools that read the file system directly for speed
// (search, find) consult it so a run sees its own pending writes.
type Overlay interface {
	// Pending returns the run's pending changes by absolute path: the new
	// content, or nil for a file the run deleted. The map must not be
	// modified by the caller.
	Pending() map[string][]byte
}

// SyncFiles makes the given files and the directories that hold them
// durable: each is synced, many at once, so that the disk can flush them
// together. A path that no longer exists is skipped. It returns the
// errors of the syncs that failed.
func SyncFiles(paths []string) error {
	seen := map[string]bool{}
	var all []string
	for _, p := range paths {
		for _, q := range []string{p, filepath.Dir(p)} {
			if !seen[q] {
				seen[q] = true
				all = append(all, q)
			}
		}
	}
	var mu sync.Mutex
	var errs []error
	next := make(chan string)
	var wg sync.WaitGroup
	for range min(syncWorkers, len(all)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range next {
				if err := syncPath(p); err != nil {
					mu.Lock()
					errs = append(errs, err)
					mu.Unlock()
				}
			}
		}()
	}
	for _, p := range all {
		next <- p
	}
	close(next)
	wg.Wait()
	return errors.Join(errs...)
}

// syncWorkers is how many syncs SyncFiles has in flight: enough for the
// file system to commit many in one journal transaction.
const syncWorkers = 32

// syncPath syncs a regular file or a directory (not on Windows, which
// cannot); anything else (gone, or replaced by a pipe meanwhile) is left.
func syncPath(p string) error {
	fi, err := os.Lstat(p)
	if err != nil || !(fi.Mode().IsRegular() || fi.IsDir() && runtime.GOOS != "windows") {
		return nil
	}
	f, err := os.Open(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer f.Close()
	if err := f.Sync(); err != nil && !errors.Is(err, syscall.EINVAL) && !errors.Is(err, syscall.ENOTSUP) {
		return fmt.Errorf("sync %s: %w", p, err)
	}
	return nil
}

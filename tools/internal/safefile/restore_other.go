//go:build !unix

package safefile

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"time"
)

// Anchor is the directory a file lived in when a run first changed it.
// Without openat this build checks the path's parts with Lstat instead
// (a swap between the check and the write is not excluded).
type Anchor struct{ dir string }

// ErrReplaced matches the error of a restore refused because a directory of
// the file was replaced since it was anchored.
var ErrReplaced = errors.New("a directory on its path was replaced by a link or a file since the run changed it")

// AnchorOf records the directory of path.
func AnchorOf(path string) Anchor { return Anchor{dir: filepath.Dir(path)} }

// Restore puts data back as the file at path, replacing (not following) a
// link there.
func Restore(path string, a Anchor, data []byte, mode fs.FileMode, modTime time.Time) error {
	if fi, err := os.Lstat(a.dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return ErrReplaced
	}
	if err := os.MkdirAll(a.dir, 0o755); err != nil {
		return err
	}
	if fi, err := os.Lstat(path); err == nil && fi.IsDir() {
		return errors.New("a directory now stands where the file was")
	} else if err == nil && fi.Mode().IsRegular() {
		if cur, err := os.ReadFile(path); err == nil && bytes.Equal(cur, data) {
			if err := os.Chmod(path, mode); err != nil {
				return err
			}
			return os.Chtimes(path, time.Time{}, modTime)
		}
	}
	tmp, err := os.CreateTemp(a.dir, "."+filepath.Base(path)+".atomic-restore-*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	err = errors.Join(werr, tmp.Sync(), tmp.Close(), os.Chmod(name, mode), os.Chtimes(name, time.Time{}, modTime))
	if err == nil {
		os.Remove(path) // a link there is removed, not followed
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
	}
	return err
}

// Remove deletes the file at path; a missing file is no error.
func Remove(path string, a Anchor) error {
	if fi, err := os.Lstat(a.dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return ErrReplaced
	}
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	return nil
}

// RemoveDir removes the empty directory at path.
func RemoveDir(path string, a Anchor) error {
	if fi, err := os.Lstat(a.dir); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
		return ErrReplaced
	}
	return os.Remove(path)
}

//go:build unix

package safefile

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"
)

// Anchor is the directory a file lived in when a run first changed it,
// as a real path (every link on the way resolved then). Restore and Remove
// walk down to it from the root one name at a time through file
// descriptors, never following a link, so a link put on the way later
// (the file's directory swapped for a link to elsewhere) is refused rather
// than written through.
type Anchor struct {
	dir string
}

// AnchorOf records the directory of path (absolute) as it is now. A
// directory that does not exist yet is recorded below its deepest existing
// ancestor; Restore may create it.
func AnchorOf(path string) Anchor {
	return Anchor{dir: RealPath(filepath.Dir(filepath.Clean(path)))}
}

// ErrReplaced matches the error of a restore refused because a link (or a
// file) now stands where one of the file's directories was: writing there
// could change a file elsewhere.
var ErrReplaced = errors.New("a directory on its path was replaced by a link or a file since the run changed it")

// openParent opens the anchored directory by walking down from the root
// without following links, creating missing directories when create is
// set.
func (a Anchor) openParent(create bool) (int, error) {
	if !filepath.IsAbs(a.dir) {
		return -1, fmt.Errorf("restore: %q is not an absolute directory", a.dir)
	}
	fd, err := unix.Open("/", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return -1, &fs.PathError{Op: "open", Path: "/", Err: err}
	}
	at := "/"
	for _, name := range strings.Split(strings.TrimPrefix(a.dir, "/"), "/") {
		if name == "" {
			continue
		}
		at = filepath.Join(at, name)
		next, err := unix.Openat(fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if errors.Is(err, unix.ENOENT) && create {
			if err = unix.Mkdirat(fd, name, 0o755); err == nil || errors.Is(err, unix.EEXIST) {
				next, err = unix.Openat(fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
			}
		}
		unix.Close(fd)
		switch {
		case errors.Is(err, unix.ELOOP), errors.Is(err, unix.ENOTDIR):
			return -1, fmt.Errorf("%s: %w", at, ErrReplaced)
		case err != nil:
			return -1, &fs.PathError{Op: "open", Path: at, Err: err}
		}
		fd = next
	}
	return fd, nil
}

// Restore puts data back as the file at path (which a was made for), with
// mode and modification time: written to a temp file in the file's own
// (anchored) directory and renamed over whatever stands at path now — a
// link put there is replaced, never followed. A file already holding data
// only gets its mode and time back. A directory at path is not replaced.
func Restore(path string, a Anchor, data []byte, mode fs.FileMode, modTime time.Time) error {
	dir, err := a.openParent(true)
	if err != nil {
		return err
	}
	defer unix.Close(dir)
	name := filepath.Base(path)
	var st unix.Stat_t
	if err := unix.Fstatat(dir, name, &st, unix.AT_SYMLINK_NOFOLLOW); err == nil && st.Mode&unix.S_IFMT == unix.S_IFDIR {
		return errors.New("a directory now stands where the file was")
	}
	perm := uint32(mode & (fs.ModePerm))
	if mode&fs.ModeSetuid != 0 {
		perm |= unix.S_ISUID
	}
	if mode&fs.ModeSetgid != 0 {
		perm |= unix.S_ISGID
	}
	if mode&fs.ModeSticky != 0 {
		perm |= unix.S_ISVTX
	}
	ts := []unix.Timespec{unix.NsecToTimespec(time.Now().UnixNano()), unix.NsecToTimespec(modTime.UnixNano())}
	if same(dir, name, data) {
		f, err := unix.Openat(dir, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
		if err != nil {
			return &fs.PathError{Op: "open", Path: path, Err: err}
		}
		defer unix.Close(f)
		if err := unix.Fchmod(f, perm); err != nil {
			return &fs.PathError{Op: "chmod", Path: path, Err: err}
		}
		if err := unix.UtimesNanoAt(dir, name, ts, unix.AT_SYMLINK_NOFOLLOW); err != nil {
			return &fs.PathError{Op: "chtimes", Path: path, Err: err}
		}
		return nil
	}
	tmp, f, err := createTemp(dir, name)
	if err != nil {
		return &fs.PathError{Op: "create", Path: path, Err: err}
	}
	fail := func(op string, err error) error {
		unix.Close(f)
		unix.Unlinkat(dir, tmp, 0)
		return &fs.PathError{Op: op, Path: path, Err: err}
	}
	for rest := data; len(rest) > 0; {
		n, err := unix.Write(f, rest)
		if err != nil && !errors.Is(err, unix.EINTR) {
			return fail("write", err)
		}
		rest = rest[max(n, 0):]
	}
	if err := unix.Fsync(f); err != nil {
		return fail("sync", err)
	}
	if err := unix.Fchmod(f, perm); err != nil {
		return fail("chmod", err)
	}
	if err := unix.UtimesNanoAt(dir, tmp, ts, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return fail("chtimes", err)
	}
	unix.Close(f)
	if err := unix.Renameat(dir, tmp, dir, name); err != nil {
		unix.Unlinkat(dir, tmp, 0)
		return &fs.PathError{Op: "rename", Path: path, Err: err}
	}
	return nil
}

// same reports whether the regular file name in dir (not a link) holds data.
func same(dir int, name string, data []byte) bool {
	f, err := unix.Openat(dir, name, unix.O_RDONLY|unix.O_NOFOLLOW|unix.O_NONBLOCK|unix.O_CLOEXEC, 0)
	if err != nil {
		return false
	}
	defer unix.Close(f)
	var st unix.Stat_t
	if unix.Fstat(f, &st) != nil || st.Mode&unix.S_IFMT != unix.S_IFREG || st.Size != int64(len(data)) {
		return false
	}
	buf := make([]byte, 64<<10)
	for off := 0; ; {
		n, err := unix.Read(f, buf)
		if err != nil && !errors.Is(err, unix.EINTR) {
			return false
		}
		if n <= 0 {
			return off == len(data)
		}
		if off+n > len(data) || !bytes.Equal(buf[:n], data[off:off+n]) {
			return false
		}
		off += n
	}
}

// createTemp makes a new file next to name in dir, open for writing.
func createTemp(dir int, name string) (string, int, error) {
	for i := 0; ; i++ {
		tmp := "." + name + ".atomic-restore-" + strconv.FormatInt(time.Now().UnixNano()+int64(i), 36)
		f, err := unix.Openat(dir, tmp, unix.O_WRONLY|unix.O_CREAT|unix.O_EXCL|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
		if errors.Is(err, unix.EEXIST) && i < 100 {
			continue
		}
		return tmp, f, err
	}
}

// Remove deletes the file at path (which a was made for) from its anchored
// directory; a missing file is no error. A link at path is removed itself.
func Remove(path string, a Anchor) error {
	return inParent(a, func(dir int) error {
		err := unix.Unlinkat(dir, filepath.Base(path), 0)
		switch {
		case err == nil || errors.Is(err, unix.ENOENT):
			return nil
		case errors.Is(err, unix.EISDIR) || errors.Is(err, unix.EPERM):
			return errors.New("a directory now stands where the file was")
		}
		return &fs.PathError{Op: "remove", Path: path, Err: err}
	})
}

// RemoveDir removes the empty directory at path (which a was made for)
// from its anchored parent.
func RemoveDir(path string, a Anchor) error {
	return inParent(a, func(dir int) error {
		if err := unix.Unlinkat(dir, filepath.Base(path), unix.AT_REMOVEDIR); err != nil {
			return &fs.PathError{Op: "remove", Path: path, Err: err}
		}
		return nil
	})
}

// inParent runs do with a's directory open (walked down from the root, no
// links followed). A directory that is gone is no error: nothing is left in
// it to remove.
func inParent(a Anchor, do func(dir int) error) error {
	dir, err := a.openParent(false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	defer unix.Close(dir)
	return do(dir)
}

//go:build unix

package spill

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"golang.org/x/sys/unix"
)

// This file is the POSIX side of the package's file-system layer: every
// operation goes through a directory descriptor (openat, fstatat, mkdirat,
// unlinkat with O_NOFOLLOW / AT_SYMLINK_NOFOLLOW), ownership is the euid,
// privacy is mode 0700/0600, and locks are flock(2). sys_windows.go is the
// same layer over handles, owner SIDs and ACLs.

// dirFD is an open directory: its descriptor and the path it was reached by
// (for messages and for the paths handed to models).
type dirFD struct {
	fd   int
	path string
}

func (d dirFD) close() { unix.Close(d.fd) }

// rootName is the per-account directory under the system temp directory.
func rootName() string { return fmt.Sprintf("atomic-%d", os.Geteuid()) }

// openBase opens the system temp directory itself. It is the system's, so it
// may be a symlink (macOS /tmp) and is world-writable with the sticky bit;
// only the components below it are held to the strict rules.
func openBase(tmp string) (dirFD, error) {
	tmp, err := filepath.Abs(tmp)
	if err != nil {
		return dirFD{}, err
	}
	fd, err := unix.Open(tmp, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return dirFD{}, &os.PathError{Op: "open", Path: tmp, Err: err}
	}
	return dirFD{fd: fd, path: tmp}, nil
}

// openTarget opens a target directory without following a link at its last
// component and checks it is a directory of this account.
func openTarget(dir string) (dirFD, error) {
	dir = cleanAbs(dir)
	fd, err := unix.Open(dir, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return dirFD{}, &os.PathError{Op: "open", Path: dir, Err: err}
	}
	d := dirFD{fd: fd, path: dir}
	var st unix.Stat_t
	if err := unix.Fstat(fd, &st); err != nil {
		d.close()
		return dirFD{}, &os.PathError{Op: "fstat", Path: dir, Err: err}
	}
	if st.Uid != uint32(os.Geteuid()) {
		d.close()
		return dirFD{}, &UnsafeError{Path: dir, Reason: fmt.Sprintf("owned by uid %d, not by this account", st.Uid)}
	}
	return d, nil
}

// entry is what lstat says about a name in a directory.
type entry struct {
	kind  kind
	mtime time.Time
}

func kindOf(mode uint32) kind {
	switch mode & unix.S_IFMT {
	case unix.S_IFDIR:
		return kindDir
	case unix.S_IFLNK:
		return kindLink
	case unix.S_IFREG:
		return kindFile
	default:
		return kindOther
	}
}

// lstat describes name in d without following a link.
func (d dirFD) lstat(name string) (entry, error) {
	var st unix.Stat_t
	if err := unix.Fstatat(d.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW); err != nil {
		return entry{}, err
	}
	return entry{kind: kindOf(uint32(st.Mode)), mtime: time.Unix(st.Mtim.Unix())}, nil
}

// mkdir creates the private directory name in d.
func (d dirFD) mkdir(name string) error { return unix.Mkdirat(d.fd, name, 0o700) }

// remove deletes name in d (a link itself, never its target); dir for an
// empty directory.
func (d dirFD) remove(name string, dir bool) error {
	flags := 0
	if dir {
		flags = unix.AT_REMOVEDIR
	}
	return unix.Unlinkat(d.fd, name, flags)
}

// openDir opens d/name as a directory without following a link.
func (d dirFD) openDir(name string) (dirFD, error) {
	fd, err := unix.Openat(d.fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
	if err != nil {
		return dirFD{}, err
	}
	return dirFD{fd: fd, path: filepath.Join(d.path, name)}, nil
}

// isSwapped reports an openDir error that means the entry checked a moment
// ago is no longer a directory there (a link, a file, or gone).
func isSwapped(err error) bool {
	return errors.Is(err, unix.ELOOP) || errors.Is(err, unix.ENOTDIR) || errors.Is(err, unix.ENOENT)
}

// openFile opens name in d with flag (os.O_* values), never following a
// link, creating it private (0600) with os.O_CREATE.
func (d dirFD) openFile(name string, flag int) (*os.File, error) {
	fd, err := unix.Openat(d.fd, name, flag|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0o600)
	if err != nil {
		return nil, err
	}
	return os.NewFile(uintptr(fd), filepath.Join(d.path, name)), nil
}

// readNames lists a directory through a duplicate of its descriptor, so the
// caller's descriptor keeps its own offset.
func (d dirFD) readNames() ([]string, error) {
	fd, err := unix.Openat(d.fd, ".", unix.O_RDONLY|unix.O_DIRECTORY|unix.O_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	f := os.NewFile(uintptr(fd), ".")
	defer f.Close()
	return f.Readdirnames(-1)
}

// owner reports whether this account owns the open directory, and the
// owner as a message names it.
func (d dirFD) owner() (mine bool, who string, mtime time.Time) {
	var st unix.Stat_t
	if err := unix.Fstat(d.fd, &st); err != nil {
		return false, fmt.Sprintf("uid %d", st.Uid), time.Time{}
	}
	return st.Uid == uint32(os.Geteuid()), fmt.Sprintf("uid %d", st.Uid), time.Unix(st.Mtim.Unix())
}

// verifyDir checks an open directory's owner and mode, tightening a
// too-permissive mode of our own directory to 0700 and checking again.
func verifyDir(d dirFD) error {
	var st unix.Stat_t
	if err := unix.Fstat(d.fd, &st); err != nil {
		return &os.PathError{Op: "fstat", Path: d.path, Err: err}
	}
	if k := kindOf(uint32(st.Mode)); k != kindDir {
		return &UnsafeError{Path: d.path, Reason: k.describe()}
	}
	if uid := uint32(os.Geteuid()); st.Uid != uid {
		return &UnsafeError{Path: d.path, Reason: fmt.Sprintf("owned by uid %d, not by this account (uid %d)", st.Uid, uid)}
	}
	if st.Mode&0o7777 == 0o700 {
		return nil
	}
	if err := unix.Fchmod(d.fd, 0o700); err != nil {
		return &UnsafeError{Path: d.path, Reason: fmt.Sprintf("mode %#o is too permissive and could not be tightened: %v", st.Mode&0o7777, err)}
	}
	if err := unix.Fstat(d.fd, &st); err != nil {
		return &os.PathError{Op: "fstat", Path: d.path, Err: err}
	}
	if st.Mode&0o7777 != 0o700 {
		return &UnsafeError{Path: d.path, Reason: fmt.Sprintf("mode %#o stayed too permissive after tightening", st.Mode&0o7777)}
	}
	return nil
}

// mineRegular reports whether f is a regular file of this account.
func mineRegular(f *os.File) bool {
	var st unix.Stat_t
	return unix.Fstat(int(f.Fd()), &st) == nil && st.Mode&unix.S_IFMT == unix.S_IFREG && st.Uid == uint32(os.Geteuid())
}

// stillLinked reports whether the directory open as sess is still the one
// at tmpdir/names..., and the lock file is still the one in it.
func stillLinked(tmpdir string, names []string, sess dirFD, lock *os.File) bool {
	var open, linked unix.Stat_t
	if unix.Fstat(sess.fd, &open) != nil {
		return false
	}
	if unix.Lstat(filepath.Join(append([]string{tmpdir}, names...)...), &linked) != nil {
		return false
	}
	if open.Dev != linked.Dev || open.Ino != linked.Ino {
		return false
	}
	var lk, lkLinked unix.Stat_t
	if unix.Fstat(int(lock.Fd()), &lk) != nil || unix.Fstatat(sess.fd, lockName, &lkLinked, unix.AT_SYMLINK_NOFOLLOW) != nil {
		return false
	}
	return lk.Dev == lkLinked.Dev && lk.Ino == lkLinked.Ino
}

// setMtime sets name's times in d without following a link.
func (d dirFD) setMtime(name string, t time.Time) error {
	ts := unix.NsecToTimespec(t.UnixNano())
	return unix.UtimesNanoAt(d.fd, name, []unix.Timespec{ts, ts}, unix.AT_SYMLINK_NOFOLLOW)
}

// lockShared takes a shared lock on f, waiting for it.
func lockShared(f *os.File) error { return unix.Flock(int(f.Fd()), unix.LOCK_SH) }

// tryLockExclusive takes an exclusive lock on f without waiting (a shared
// one f holds is upgraded); errLocked when another holder has it.
func tryLockExclusive(f *os.File) error {
	err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
	if errors.Is(err, unix.EWOULDBLOCK) {
		return errLocked
	}
	return err
}

// removeSession deletes the session directory of d, which holds only its
// lock file, under the exclusive lock: the lock file, then the directory
// (which fails, harmlessly, if a file appeared meanwhile).
func removeSession(d *Dir) {
	if d.dir.remove(lockName, false) == nil {
		_ = unix.Rmdir(d.path)
	}
}

// pathSeparators are the characters a file pattern may not contain.
const pathSeparators = "/"

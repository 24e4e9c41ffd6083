package spill

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"os/user"
	"path/filepath"
	"sync"
	"time"

	"github.com/atomic-script/atomic-script/internal/owneronly"
	"golang.org/x/sys/windows"
)

// This file is the Windows side of the package's file-system layer (see
// sys_unix.go for the POSIX one). Directories are held as os.Root handles,
// so names resolve relative to the verified directory (NtCreateFile with a
// root handle) as openat does; a name is checked with Lstat before it is
// opened and the opened object is compared with it, so a link (a symlink
// or a junction: any name-surrogate reparse point) is refused, never
// followed. Privacy is an owner-only ACL (internal/owneronly) in place of
// 0700/0600: a directory this account owns that others can reach is
// restricted and checked again, one owned by another account is refused.
// Locks are LockFileEx byte-range locks on the lock file's first byte.

// dirFD is an open directory and the path it was reached by.
type dirFD struct {
	root *os.Root
	path string
}

func (d dirFD) close() {
	if d.root != nil {
		d.root.Close()
	}
}

// rootName is the per-account directory under the temp directory. Windows
// has no uid: the account's domain-qualified name is used, with a digest
// (accountRootName).
var rootName = sync.OnceValue(func() string {
	if u, err := user.Current(); err == nil && u.Username != "" {
		return accountRootName(u.Username)
	}
	if sid, err := owneronly.User(); err == nil {
		return accountRootName(sid)
	}
	return accountRootName(os.Getenv("USERDOMAIN") + `\` + os.Getenv("USERNAME"))
})

// openBase opens the temp directory itself (the system's or the
// account's: it may be a link and is not held to the rules below it).
func openBase(tmp string) (dirFD, error) {
	tmp, err := filepath.Abs(tmp)
	if err != nil {
		return dirFD{}, err
	}
	r, err := os.OpenRoot(tmp)
	if err != nil {
		return dirFD{}, err
	}
	return dirFD{root: r, path: tmp}, nil
}

// openTarget opens a target directory, refusing a link at its last
// component and a directory of another account.
func openTarget(dir string) (dirFD, error) {
	dir = cleanAbs(dir)
	if fi, err := os.Lstat(dir); err != nil {
		return dirFD{}, err
	} else if k := kindOfMode(fi.Mode()); k != kindDir {
		return dirFD{}, &os.PathError{Op: "open", Path: dir, Err: errNotDirectory(k)}
	}
	r, err := os.OpenRoot(dir)
	if err != nil {
		return dirFD{}, err
	}
	d := dirFD{root: r, path: dir}
	if mine, who, _ := d.owner(); !mine {
		d.close()
		return dirFD{}, &UnsafeError{Path: dir, Reason: fmt.Sprintf("owned by %s, not by this account", who)}
	}
	return d, nil
}

// entry is what lstat says about a name in a directory.
type entry struct {
	kind  kind
	mtime time.Time
}

func kindOfMode(m fs.FileMode) kind {
	switch {
	case m&(fs.ModeSymlink|fs.ModeIrregular) != 0:
		return kindLink // a symlink, a junction, another name surrogate
	case m.IsDir():
		return kindDir
	case m.IsRegular():
		return kindFile
	default:
		return kindOther
	}
}

func (d dirFD) lstat(name string) (entry, error) {
	fi, err := d.root.Lstat(name)
	if err != nil {
		return entry{}, err
	}
	return entry{kind: kindOfMode(fi.Mode()), mtime: fi.ModTime()}, nil
}

// mkdir creates name in d. Below a directory Restrict has made private it
// inherits the owner-only entry; verifyDir restricts it otherwise.
func (d dirFD) mkdir(name string) error { return d.root.Mkdir(name, 0o700) }

func (d dirFD) remove(name string, dir bool) error {
	err := d.root.Remove(name)
	if errors.Is(err, windows.ERROR_INVALID_FUNCTION) {
		// Deleting relative to a handle needs FILE_DISPOSITION_INFORMATION_EX
		// (Windows 10 1607), which Wine lacks too: delete by path inside
		// the verified directory instead.
		return os.Remove(filepath.Join(d.path, name))
	}
	return err
}

// errSwapped: an entry checked a moment ago is not the one opened.
var errSwapped = errors.New("changed between its check and its opening")

type errNotDirectory kind

func (e errNotDirectory) Error() string { return kind(e).describe() }

func isSwapped(err error) bool {
	var nd errNotDirectory
	return errors.Is(err, errSwapped) || errors.As(err, &nd) || errors.Is(err, fs.ErrNotExist)
}

// openDir opens d/name as a directory, refusing a link there.
func (d dirFD) openDir(name string) (dirFD, error) {
	before, err := d.root.Lstat(name)
	if err != nil {
		return dirFD{}, err
	}
	if k := kindOfMode(before.Mode()); k != kindDir {
		return dirFD{}, errNotDirectory(k)
	}
	r, err := d.root.OpenRoot(name)
	if err != nil {
		return dirFD{}, err
	}
	sub := dirFD{root: r, path: filepath.Join(d.path, name)}
	if !sameObject(sub, before) {
		sub.close()
		return dirFD{}, errSwapped
	}
	return sub, nil
}

// sameObject reports whether the directory open as d is the object fi
// describes (the same volume and file index).
func sameObject(d dirFD, fi fs.FileInfo) bool {
	f, err := d.root.Open(".")
	if err != nil {
		return false
	}
	defer f.Close()
	now, err := f.Stat()
	return err == nil && os.SameFile(now, fi)
}

// openFile opens name in d with flag, refusing a link there; a file it
// creates inherits d's owner-only entry.
func (d dirFD) openFile(name string, flag int) (*os.File, error) {
	before, err := d.root.Lstat(name)
	switch {
	case err == nil && kindOfMode(before.Mode()) == kindLink:
		return nil, &os.PathError{Op: "open", Path: filepath.Join(d.path, name), Err: errors.New(kindLink.describe())}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return nil, err
	}
	f, err := d.root.OpenFile(name, flag, 0o600)
	if err != nil {
		return nil, err
	}
	if before != nil {
		if now, err := f.Stat(); err != nil || !os.SameFile(now, before) {
			f.Close()
			return nil, &os.PathError{Op: "open", Path: filepath.Join(d.path, name), Err: errSwapped}
		}
	}
	return f, nil
}

func (d dirFD) readNames() ([]string, error) {
	f, err := d.root.Open(".")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Readdirnames(-1)
}

// owner reports whether this account (or SYSTEM or Administrators, who own
// what an elevated process creates) owns the open directory.
func (d dirFD) owner() (mine bool, who string, mtime time.Time) {
	f, err := d.root.Open(".")
	if err != nil {
		return false, "an unknown account", time.Time{}
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil {
		mtime = fi.ModTime()
	}
	desc, err := owneronly.Read(windows.Handle(f.Fd()))
	me, uerr := owneronly.User()
	if err != nil || uerr != nil {
		return false, "an unknown account", mtime
	}
	return owneronly.Trusted(desc.Owner, me), desc.Owner, mtime
}

// verifyDir checks the open directory is a real directory private to this
// account, restricting one of ours that is too open.
func verifyDir(d dirFD) error {
	f, err := d.root.Open(".")
	if err != nil {
		return &os.PathError{Op: "open", Path: d.path, Err: err}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return &os.PathError{Op: "stat", Path: d.path, Err: err}
	}
	if k := kindOfMode(fi.Mode()); k != kindDir {
		return &UnsafeError{Path: d.path, Reason: k.describe()}
	}
	// Restricting needs WRITE_DAC, which the root's handle lacks: open the
	// path again, never through a link, and make sure it is the same.
	h, err := owneronly.Open(d.path)
	if err != nil {
		return &UnsafeError{Path: d.path, Reason: fmt.Sprintf("its access-control list cannot be opened: %v", err)}
	}
	defer windows.CloseHandle(h)
	var a, b windows.ByHandleFileInformation
	if windows.GetFileInformationByHandle(h, &a) != nil || windows.GetFileInformationByHandle(windows.Handle(f.Fd()), &b) != nil ||
		a.FileAttributes&windows.FILE_ATTRIBUTE_REPARSE_POINT != 0 ||
		a.VolumeSerialNumber != b.VolumeSerialNumber || a.FileIndexHigh != b.FileIndexHigh || a.FileIndexLow != b.FileIndexLow {
		return &UnsafeError{Path: d.path, Reason: "kept changing while it was being checked"}
	}
	if err := owneronly.Check(h, d.path, owneronly.Private, true); err != nil {
		var oe *owneronly.Error
		if errors.As(err, &oe) {
			return &UnsafeError{Path: d.path, Reason: oe.Reason}
		}
		return err
	}
	return nil
}

// mineRegular reports whether f is a regular file private to this account.
func mineRegular(f *os.File) bool {
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		return false
	}
	desc, err := owneronly.Read(windows.Handle(f.Fd()))
	me, uerr := owneronly.User()
	return err == nil && uerr == nil && owneronly.Problem(desc, me, owneronly.Private) == ""
}

// stillLinked reports whether the directory open as sess is still the one
// at tmpdir/names..., and the lock file is still the one in it.
func stillLinked(tmpdir string, names []string, sess dirFD, lock *os.File) bool {
	linked, err := os.Lstat(filepath.Join(append([]string{tmpdir}, names...)...))
	if err != nil || kindOfMode(linked.Mode()) != kindDir || !sameObject(sess, linked) {
		return false
	}
	lk, err := lock.Stat()
	if err != nil {
		return false
	}
	lkLinked, err := sess.root.Lstat(lockName)
	return err == nil && os.SameFile(lk, lkLinked)
}

func (d dirFD) setMtime(name string, t time.Time) error { return d.root.Chtimes(name, t, t) }

// lockShared takes a shared lock on f's first byte, waiting for it.
func lockShared(f *os.File) error {
	return windows.LockFileEx(windows.Handle(f.Fd()), 0, 0, 1, 0, &windows.Overlapped{})
}

// tryLockExclusive takes an exclusive lock on f's first byte without
// waiting. Windows locks do not upgrade: a shared lock f holds is released
// first, so when another holder wins, f holds none (its callers are about
// to close it, or never held one).
func tryLockExclusive(f *os.File) error {
	h := windows.Handle(f.Fd())
	windows.UnlockFileEx(h, 0, 1, 0, &windows.Overlapped{})
	err := windows.LockFileEx(h, windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &windows.Overlapped{})
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return errLocked
	}
	return err
}

// removeSession deletes the session directory of d, which holds only its
// lock file, under the exclusive lock. The lock file is deleted while it is
// still locked (os.Root opens share-delete), so another opener finds it
// gone or unlinked (stillLinked); a deleted file that is open still fills
// its directory where deletion is not POSIX-style, so the lock and the
// directory handle are closed before the directory is removed.
func removeSession(d *Dir) {
	if d.dir.remove(lockName, false) == nil {
		d.lock.Close()
		d.lock = nil
		d.dir.close()
		_ = os.Remove(d.path) // fails, harmlessly, if a file appeared meanwhile
	}
}

// pathSeparators are the characters a file pattern may not contain.
const pathSeparators = `/\:`

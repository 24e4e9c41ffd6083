package spill

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// UnsafeError reports a temp-tree component that was refused. The tools show
// its message when they run without a spill file.
type UnsafeError struct {
	Path   string // the refused component
	Reason string // why, e.g. "is a symbolic link"
}

func (e *UnsafeError) Error() string {
	return fmt.Sprintf("refusing unsafe spill directory %s: %s", e.Path, e.Reason)
}

// dirFD is an open, verified directory: its descriptor and the path it was
// reached by (for messages and for the paths handed to models).
type dirFD struct {
	fd   int
	path string
}

func (d dirFD) close() { unix.Close(d.fd) }

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

// secureChild opens the directory name inside parent, creating it 0700 when
// missing, and verifies it through its descriptor: it must be a real
// directory (never a symlink), owned by this account, and not accessible to
// group or others (a too-permissive one of ours is tightened and re-checked).
// With replaceable, a non-directory or link sitting at name is removed (the
// link itself) and the directory recreated; otherwise it is refused.
func secureChild(parent dirFD, name string, replaceable bool) (dirFD, error) {
	p := filepath.Join(parent.path, name)
	for attempt := 0; attempt < 4; attempt++ {
		var st unix.Stat_t
		err := unix.Fstatat(parent.fd, name, &st, unix.AT_SYMLINK_NOFOLLOW)
		if errors.Is(err, unix.ENOENT) {
			err = unix.Mkdirat(parent.fd, name, 0o700)
			if err != nil && !errors.Is(err, unix.EEXIST) {
				return dirFD{}, &os.PathError{Op: "mkdir", Path: p, Err: err}
			}
			continue // re-check whatever is there now
		}
		if err != nil {
			return dirFD{}, &os.PathError{Op: "lstat", Path: p, Err: err}
		}
		if st.Mode&unix.S_IFMT != unix.S_IFDIR {
			if !replaceable {
				return dirFD{}, &UnsafeError{Path: p, Reason: describeType(st.Mode)}
			}
			if err := unix.Unlinkat(parent.fd, name, 0); err != nil && !errors.Is(err, unix.ENOENT) {
				return dirFD{}, &os.PathError{Op: "remove stale entry", Path: p, Err: err}
			}
			continue
		}
		fd, err := unix.Openat(parent.fd, name, unix.O_RDONLY|unix.O_DIRECTORY|unix.O_NOFOLLOW|unix.O_CLOEXEC, 0)
		if errors.Is(err, unix.ELOOP) || errors.Is(err, unix.ENOTDIR) || errors.Is(err, unix.ENOENT) {
			continue // swapped between the check and the open: look again
		}
		if err != nil {
			return dirFD{}, &os.PathError{Op: "open", Path: p, Err: err}
		}
		d := dirFD{fd: fd, path: p}
		if err := verifyDir(d); err != nil {
			d.close()
			return dirFD{}, err
		}
		return d, nil
	}
	return dirFD{}, &UnsafeError{Path: p, Reason: "kept changing while it was being checked"}
}

// verifyDir checks an open directory's owner and mode, tightening a
// too-permissive mode of our own directory to 0700 and checking again.
func verifyDir(d dirFD) error {
	var st unix.Stat_t
	if err := unix.Fstat(d.fd, &st); err != nil {
		return &os.PathError{Op: "fstat", Path: d.path, Err: err}
	}
	if st.Mode&unix.S_IFMT != unix.S_IFDIR {
		return &UnsafeError{Path: d.path, Reason: describeType(st.Mode)}
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

func describeType(mode uint32) string {
	switch mode & unix.S_IFMT {
	case unix.S_IFLNK:
		return "is a symbolic link"
	case unix.S_IFREG:
		return "is a regular file, not a directory"
	default:
		return "is not a directory"
	}
}

// openChain opens base and then each component below it with secureChild;
// only the last component may be replaceable. The returned dirFD is the last
// component; the caller closes it.
func openChain(base string, names []string, lastReplaceable bool) (dirFD, error) {
	cur, err := openBase(base)
	if err != nil {
		return dirFD{}, err
	}
	for i, n := range names {
		next, err := secureChild(cur, n, lastReplaceable && i == len(names)-1)
		cur.close()
		if err != nil {
			return dirFD{}, err
		}
		cur = next
	}
	return cur, nil
}

// rootName is the per-account directory under the system temp directory.
func rootName() string { return fmt.Sprintf("atomic-%d", os.Geteuid()) }

package spill

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
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

// kind is an entry's type as the checks see it (never following a link).
type kind int

const (
	kindOther kind = iota
	kindDir
	kindFile
	kindLink // a symbolic link, or on Windows any reparse point (junctions too)
)

func (k kind) describe() string {
	switch k {
	case kindLink:
		return "is a symbolic link"
	case kindFile:
		return "is a regular file, not a directory"
	default:
		return "is not a directory"
	}
}

// secureChild opens the directory name inside parent, creating it private
// (0700; an owner-only ACL on Windows) when missing, and verifies it through
// its descriptor: it must be a real directory (never a symlink), owned by
// this account, and not accessible to group or others (a too-permissive one
// of ours is tightened and re-checked). With replaceable, a non-directory or
// link sitting at name is removed (the link itself) and the directory
// recreated; otherwise it is refused.
func secureChild(parent dirFD, name string, replaceable bool) (dirFD, error) {
	p := filepath.Join(parent.path, name)
	for attempt := 0; attempt < 4; attempt++ {
		st, err := parent.lstat(name)
		if errors.Is(err, fs.ErrNotExist) {
			err = parent.mkdir(name)
			if err != nil && !errors.Is(err, fs.ErrExist) {
				return dirFD{}, &os.PathError{Op: "mkdir", Path: p, Err: err}
			}
			continue // re-check whatever is there now
		}
		if err != nil {
			return dirFD{}, &os.PathError{Op: "lstat", Path: p, Err: err}
		}
		if st.kind != kindDir {
			if !replaceable {
				return dirFD{}, &UnsafeError{Path: p, Reason: st.kind.describe()}
			}
			if err := parent.remove(name, false); err != nil && !errors.Is(err, fs.ErrNotExist) {
				return dirFD{}, &os.PathError{Op: "remove stale entry", Path: p, Err: err}
			}
			continue
		}
		d, err := parent.openDir(name)
		if isSwapped(err) {
			continue // swapped between the check and the open: look again
		}
		if err != nil {
			return dirFD{}, &os.PathError{Op: "open", Path: p, Err: err}
		}
		if err := verifyDir(d); err != nil {
			d.close()
			return dirFD{}, err
		}
		return d, nil
	}
	return dirFD{}, &UnsafeError{Path: p, Reason: "kept changing while it was being checked"}
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

// errLocked: tryLockExclusive found the lock held by another holder.
var errLocked = errors.New("locked by another holder")

package journal

import (
	"os"

	"golang.org/x/sys/unix"
)

// clonePath makes dst, which must not exist, a clone of src sharing its
// data (clonefile(2): APFS) and reports whether it did. The clone keeps
// src's mode; a file system without clones makes the caller copy.
func clonePath(src, dst string) bool {
	return unix.Clonefile(src, dst, unix.CLONE_NOFOLLOW) == nil
}

// cloneInto: macOS clones by path (clonePath).
func cloneInto(out, in *os.File) bool { return false }

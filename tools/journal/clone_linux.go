package journal

import (
	"os"

	"golang.org/x/sys/unix"
)

// clonePath: Linux clones through open files (cloneInto).
func clonePath(src, dst string) bool { return false }

// cloneInto makes the empty out share in's data (FICLONE, a reflink on
// btrfs, XFS and the like) and reports whether it did.
func cloneInto(out, in *os.File) bool {
	return unix.IoctlFileClone(int(out.Fd()), int(in.Fd())) == nil
}

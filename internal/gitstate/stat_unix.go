//go:build unix

package gitstate

import (
	"os"
	"syscall"
)

// inodeOf reports whether fi's inode is the index's (the low 32 bits git
// keeps; 0 when the index has none).
func inodeOf(fi os.FileInfo, ino uint32) bool {
	st, ok := fi.Sys().(*syscall.Stat_t)
	return !ok || ino == 0 || uint32(st.Ino) == ino
}

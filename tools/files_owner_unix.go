//go:build unix

package tools

import (
	"io/fs"
	"os"
	"syscall"
)

// keepOwner gives the temp file name the owner of the file it replaces
// when the process may (it runs as root or owns both); best effort.
func keepOwner(name string, old fs.FileInfo) {
	st, ok := old.Sys().(*syscall.Stat_t)
	if !ok || (int(st.Uid) == os.Getuid() && int(st.Gid) == os.Getgid()) {
		return
	}
	os.Chown(name, int(st.Uid), int(st.Gid))
}

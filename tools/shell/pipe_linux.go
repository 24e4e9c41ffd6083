package shell

import (
	"os"

	"golang.org/x/sys/unix"
)

// newPipe makes a close-on-exec pipe in one call and, when size is not 0,
// sets its capacity (F_SETPIPE_SZ; failure only costs speed).
func newPipe(size int) ([2]int, error) {
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_CLOEXEC); err != nil {
		return fds, os.NewSyscallError("pipe2", err)
	}
	if size > 0 {
		unix.FcntlInt(uintptr(fds[0]), unix.F_SETPIPE_SZ, size)
	}
	return fds, nil
}

// The termios requests for the pty's output flags.
const (
	ioctlGetTermios = unix.TCGETS
	ioctlSetTermios = unix.TCSETS
)

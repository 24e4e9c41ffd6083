//go:build darwin || dragonfly || freebsd || netbsd || openbsd

package shell

import (
	"os"
	"syscall"

	"golang.org/x/sys/unix"
)

// newPipe makes a close-on-exec pipe. Darwin has no pipe2, so the two
// descriptors are marked close-on-exec under syscall.ForkLock (as os.Pipe
// does there): a child forked in between cannot inherit them. Its pipes
// cannot be sized either (no F_SETPIPE_SZ): the kernel grows a pipe's
// buffer on demand up to 64 KB, so size is ignored.
func newPipe(int) ([2]int, error) {
	var fds [2]int
	syscall.ForkLock.RLock()
	err := unix.Pipe(fds[:])
	if err == nil {
		unix.CloseOnExec(fds[0])
		unix.CloseOnExec(fds[1])
	}
	syscall.ForkLock.RUnlock()
	if err != nil {
		return fds, os.NewSyscallError("pipe", err)
	}
	return fds, nil
}

// The termios requests for the pty's output flags.
const (
	ioctlGetTermios = unix.TIOCGETA
	ioctlSetTermios = unix.TIOCSETA
)

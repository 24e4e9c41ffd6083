//go:build unix

package shell

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/tools/internal/procguard"
	"github.com/atomic-script/atomic-script/tools/internal/sandbox"
	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// group is a command's process group on POSIX systems: kill signals -pgid,
// and there is nothing to release.
type group struct{}

func (group) release() {}

// ptySupported: a pty is tried when a call asks for one.
const ptySupported = true

// openPty opens a pseudo-terminal pair; a variable so tests can make it fail
// and exercise the fallback to pipes.
var openPty = pty.Open

// findBash is bash from PATH, else /bin/sh.
func findBash() string {
	if p, err := exec.LookPath("bash"); err == nil {
		return p
	}
	return "/bin/sh"
}

func startPipes(c command) (*proc, error) {
	r, w, err := pipe(true, pipeSize)
	if err != nil {
		return nil, err
	}
	cmd := newCmd(c)
	if f := devNull(); f != nil {
		cmd.Stdin = f
	}
	cmd.Stdout, cmd.Stderr = w, w // one combined stream, in order
	cmd.SysProcAttr = procguard.Prepare(&syscall.SysProcAttr{Setpgid: true})
	if err := sandboxed(cmd, c); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	w.Close()
	return launched(cmd, r, false, group{}), nil
}

// pipe makes a pipe (newPipe: per system). Only a read end we read
// ourselves (pollable) goes to the runtime poller, with its deadlines; the
// ends handed to a child, and the command pipe's write end (a write that
// always fits), stay plain files, which saves registering and unregistering
// them on every call. size, when not 0, sets the capacity where the system
// lets a pipe be sized (failure only costs speed).
func pipe(pollable bool, size int) (r, w *os.File, err error) {
	fds, err := newPipe(size)
	if err != nil {
		return nil, nil, err
	}
	if pollable {
		if err := unix.SetNonblock(fds[0], true); err != nil {
			unix.Close(fds[0])
			unix.Close(fds[1])
			return nil, nil, os.NewSyscallError("setnonblock", err)
		}
	}
	return os.NewFile(uintptr(fds[0]), "|0"), os.NewFile(uintptr(fds[1]), "|1"), nil
}

func startPty(c command) (*proc, error) {
	master, tty, err := openPty()
	if err != nil {
		return nil, err
	}
	defer tty.Close()
	// No CR before LF on output: the result is text, not a screen.
	if t, err := unix.IoctlGetTermios(int(tty.Fd()), ioctlGetTermios); err == nil {
		t.Oflag &^= unix.ONLCR
		unix.IoctlSetTermios(int(tty.Fd()), ioctlSetTermios, t)
	}
	pty.Setsize(master, &pty.Winsize{Rows: 50, Cols: 200})
	out, err := pollable(master)
	if err != nil {
		master.Close()
		return nil, err
	}
	cmd := newCmd(c)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = procguard.Prepare(&syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0})
	if err := sandboxed(cmd, c); err != nil {
		out.Close()
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		out.Close()
		return nil, err
	}
	// Nobody types into this terminal: queue an end-of-file (^D) so a
	// program reading it sees EOF instead of waiting for the timeout.
	out.Write([]byte{4})
	return launched(cmd, out, true, group{}), nil
}

// sandboxed makes cmd start in c's sandbox, when c has one.
func sandboxed(cmd *exec.Cmd, c command) error {
	if c.sandbox == nil {
		return nil
	}
	return sandbox.Wrap(cmd, *c.sandbox)
}

// pollable returns a non-blocking duplicate of f registered with the
// runtime poller, so reads honour deadlines and Close interrupts them
// (creack/pty leaves the master in blocking mode). f is closed.
func pollable(f *os.File) (*os.File, error) {
	defer f.Close()
	fd, err := unix.FcntlInt(f.Fd(), unix.F_DUPFD_CLOEXEC, 0)
	if err != nil {
		return nil, err
	}
	if err := unix.SetNonblock(fd, true); err != nil {
		unix.Close(fd)
		return nil, err
	}
	return os.NewFile(uintptr(fd), "/dev/ptmx"), nil
}

// kill sends sig to the whole process group. ESRCH (the group is gone) is
// not an error.
func (p *proc) kill(sig syscall.Signal) error {
	err := unix.Kill(-p.pgid, sig)
	if errors.Is(err, unix.ESRCH) {
		return nil
	}
	return err
}

// isTerminalGone: a pty master reads EIO once its terminal side closed.
func isTerminalGone(err error) bool { return errors.Is(err, unix.EIO) }

// stopReading bounds the pump's remaining reads by drainTimeout: only a
// process that left the killed group can still hold the stream open. Safe
// to call while pump reads, and after it has closed the stream.
func (p *proc) stopReading() { p.out.SetReadDeadline(time.Now().Add(drainTimeout)) }

// searchable reports whether a cold start could enter dir (a spare already
// inside would not notice that it cannot).
func searchable(dir string) error { return unix.Access(dir, unix.X_OK) }

package shell

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/internal/tools/procguard"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/creack/pty"
	"golang.org/x/sys/unix"
)

// command is one shell command to start.
type command struct {
	script string      // passed to bash -c
	dir    string      // absolute working directory
	info   os.FileInfo // dir's identity, checked before the call
	env    []string    // full environment
	pty    bool        // run in a pseudo-terminal when possible
	warm   bool        // may run on a warm shell (warm.go)
}

// proc is a started command: its own process group (a new session when it
// runs in a pty), one combined output stream, and the leader's exit.
//
// Goroutine safety: kill may be called from any goroutine; exited is closed
// once the leader has been reaped, after which state is set.
type proc struct {
	cmd    *exec.Cmd
	out    *os.File // read end of the output pipe, or the pty master
	pgid   int
	pty    bool  // a pty is in use
	ptyErr error // why a requested pty was not used

	exited chan struct{}
	state  *os.ProcessState
}

// openPty opens a pseudo-terminal pair; a variable so tests can make it fail
// and exercise the fallback to pipes.
var openPty = pty.Open

// ptyDisabled reports whether the environment forces pipes.
func ptyDisabled() bool { return os.Getenv("ATOMIC_NO_PTY") == "1" || os.Getenv("PI_NO_PTY") == "1" }

// bashPath is the shell that runs commands: bash from PATH, else /bin/sh.
var bashPath = sync.OnceValue(func() string {
	if p, err := exec.LookPath("bash"); err == nil {
		return p
	}
	return "/bin/sh"
})

// launch starts c on a warm shell when it may run on one (warm.go), else
// cold; a warm shell that cannot be had falls back to a cold start. The
// caller calls done once the command is over (it refills the warm pool).
func launch(env *tools.Env, c command) (p *proc, done func(), err error) {
	if c.warm && os.Getenv("ATOMIC_NO_WARM_SHELL") != "1" {
		if pl := poolOf(env); pl != nil {
			if p, err := pl.run(c); err == nil {
				return p, func() { pl.refill(c) }, nil
			}
		}
	}
	p, err = start(c)
	return p, func() {}, err
}

// start starts c cold: bash -c in a new process. With c.pty it tries a
// pseudo-terminal and falls back to pipes, recording why in ptyErr.
func start(c command) (*proc, error) {
	if c.pty && !ptyDisabled() {
		p, err := startPty(c)
		if err == nil {
			return p, nil
		}
		q, perr := startPipes(c)
		if perr != nil {
			return nil, perr
		}
		q.ptyErr = err
		return q, nil
	}
	p, err := startPipes(c)
	if err == nil && c.pty {
		p.ptyErr = errors.New("ATOMIC_NO_PTY/PI_NO_PTY is set")
	}
	return p, err
}

func newCmd(c command) *exec.Cmd {
	// "--": a command starting with - or + is a command, not bash options.
	cmd := exec.Command(bashPath(), "-c", "--", c.script)
	cmd.Dir = c.dir
	cmd.Env = c.env
	return cmd
}

// pipeSize is the output pipe's capacity: large, so a fast writer is not
// throttled by small pipe buffers.
const pipeSize = 1 << 20

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
	if err := cmd.Start(); err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	w.Close()
	return launched(cmd, r, false), nil
}

// devNull is stdin for commands without a terminal (nobody types into
// them), opened once and shared: exec.Cmd would open and close it per
// start. Nil if it cannot be opened (exec.Cmd then opens it itself).
var devNull = sync.OnceValue(func() *os.File {
	f, err := os.Open(os.DevNull)
	if err != nil {
		return nil
	}
	return f
})

// pipe makes a pipe. Only a read end we read ourselves (pollable) goes to
// the runtime poller, with its deadlines; the ends handed to a child, and
// the command pipe's write end (a write that always fits), stay plain files,
// which saves registering and unregistering them on every call. size, when
// not 0, sets the capacity (failure only costs speed).
func pipe(pollable bool, size int) (r, w *os.File, err error) {
	var fds [2]int
	if err := unix.Pipe2(fds[:], unix.O_CLOEXEC); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	if size > 0 {
		unix.FcntlInt(uintptr(fds[0]), unix.F_SETPIPE_SZ, size)
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
	if t, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS); err == nil {
		t.Oflag &^= unix.ONLCR
		unix.IoctlSetTermios(int(tty.Fd()), unix.TCSETS, t)
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
	if err := cmd.Start(); err != nil {
		out.Close()
		return nil, err
	}
	// Nobody types into this terminal: queue an end-of-file (^D) so a
	// program reading it sees EOF instead of waiting for the timeout.
	out.Write([]byte{4})
	return launched(cmd, out, true), nil
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

// launched tracks a started command. Its process group dies with this
// process even when this process is killed (procguard): the group is
// watched until its leader has been reaped, when the caller kills what is
// left of it.
func launched(cmd *exec.Cmd, out *os.File, usedPty bool) *proc {
	p := &proc{cmd: cmd, out: out, pgid: cmd.Process.Pid, pty: usedPty, exited: make(chan struct{})}
	release := procguard.Watch(p.pgid)
	go func() {
		cmd.Wait()
		release()
		p.state = cmd.ProcessState
		close(p.exited)
	}()
	return p
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

// exitCode is the leader's exit status as a shell reports it: the exit
// code, or 128+signal for a leader killed by a signal.
func (p *proc) exitCode() int {
	if ws, ok := p.state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return 128 + int(ws.Signal())
	}
	return p.state.ExitCode()
}

// drainTimeout bounds how long output is read after the process group was
// killed: only a process that left the group can still hold the stream.
const drainTimeout = 2 * time.Second

// errHeldOpen reports output that stayed open after the group was killed.
var errHeldOpen = errors.New("the output stream was still held open by a process outside the command's process group; stopped reading it")

// pump copies the output stream into w until EOF (EIO for a pty whose
// terminal side closed) and closes the stream. Once stopReading has been
// called (the group was killed) it reads for at most drainTimeout more.
func pump(out *os.File, w io.Writer) error {
	defer out.Close()
	bp := pumpBufs.Get().(*[]byte)
	defer pumpBufs.Put(bp)
	buf := *bp
	for {
		n, err := out.Read(buf)
		if n > 0 {
			w.Write(buf[:n])
		}
		switch {
		case err == nil:
		case err == io.EOF, errors.Is(err, unix.EIO):
			return nil
		case errors.Is(err, os.ErrDeadlineExceeded):
			return errHeldOpen
		default:
			return err
		}
	}
}

// stopReading bounds the pump's remaining reads by drainTimeout: only a
// process that left the killed group can still hold the stream open. Safe
// to call while pump reads, and after it has closed the stream.
func (p *proc) stopReading() { p.out.SetReadDeadline(time.Now().Add(drainTimeout)) }

// pumpBufs recycles pump buffers: large, so that a fast writer is drained in
// few reads, and reused, so that a call allocates (and the collector scans)
// none of it.
var pumpBufs = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

package shell

import (
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/procguard"
	"github.com/atomic-script/atomic-script/tools/internal/sandbox"
)

// command is one shell command to start.
type command struct {
	script string      // passed to bash -c
	dir    string      // absolute working directory
	info   os.FileInfo // dir's identity, checked before the call
	env    []string    // full environment
	pty    bool        // run in a pseudo-terminal when possible
	warm   bool        // may run on a warm shell (warm.go)
	// sandbox, when set, runs the command in a dry run's sandbox: dir is
	// in the scratch copy, the command sees it under sandbox.Dir.
	sandbox *sandbox.Plan
}

// proc is a started command: its own process group (a new session when it
// runs in a pty; a job object on Windows), one combined output stream, and
// the leader's exit. The per-system parts are in process_unix.go and
// process_windows.go: startPipes, startPty, pipe, kill, stopReading and the
// group's release.
//
// Goroutine safety: kill may be called from any goroutine; exited is closed
// once the leader has been reaped, after which state is set.
type proc struct {
	cmd    *exec.Cmd
	out    *os.File // read end of the output pipe, or the pty master
	pgid   int      // the process group (the leader's pid)
	group  group    // what kill signals: the group, or the job on Windows
	pty    bool     // a pty is in use
	ptyErr error    // why a requested pty was not used

	exited chan struct{}
	state  *os.ProcessState
}

// ptyDisabled reports whether the environment forces pipes.
func ptyDisabled() bool { return os.Getenv("ATOMIC_NO_PTY") == "1" || os.Getenv("PI_NO_PTY") == "1" }

// bashPath is the shell that runs commands (findBash, per system: bash
// from PATH, else /bin/sh; Git for Windows' bash.exe on Windows).
var bashPath = sync.OnceValue(findBash)

// launch starts c on a warm shell when it may run on one (warm.go), else
// cold; a warm shell that cannot be had falls back to a cold start. The
// caller calls done once the command is over (it refills the warm pool).
func launch(env *tools.Env, c command) (p *proc, done func(), err error) {
	if c.warm && warmShells && os.Getenv("ATOMIC_NO_WARM_SHELL") != "1" {
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

// launched tracks a started command. Its process group dies with this
// process even when this process is killed (procguard): the group is
// watched until its leader has been reaped, when the caller kills what is
// left of it. (On Windows the job object does this.)
func launched(cmd *exec.Cmd, out *os.File, usedPty bool, g group) *proc {
	p := &proc{cmd: cmd, out: out, pgid: cmd.Process.Pid, group: g, pty: usedPty, exited: make(chan struct{})}
	release := procguard.Watch(p.pgid)
	go func() {
		cmd.Wait()
		release()
		p.state = cmd.ProcessState
		close(p.exited)
	}()
	return p
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
		case err == io.EOF, isTerminalGone(err):
			return nil
		case errors.Is(err, os.ErrDeadlineExceeded):
			return errHeldOpen
		default:
			return err
		}
	}
}

// pumpBufs recycles pump buffers: large, so that a fast writer is drained in
// few reads, and reused, so that a call allocates (and the collector scans)
// none of it.
var pumpBufs = sync.Pool{New: func() any { b := make([]byte, 256<<10); return &b }}

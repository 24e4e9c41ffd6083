package shell

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"syscall"
	"unsafe"

	"github.com/atomic-script/atomic-script/tools/internal/sandbox"

	"golang.org/x/sys/windows"
)

// On Windows a command's process group is a job object: the command starts
// suspended, joins a new job and only then runs, so everything it starts
// belongs to the job too (jobs nest since Windows 8, so this works inside a
// job of the caller's). kill terminates the whole job; the job is made
// with JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE, so when atomic-script itself
// ends, however it ends, the system kills what is left: nothing a command
// started outlives it. There is no pty (ptySupported); a call that asks for
// one runs with pipes and says so.

// group is the command's job.
type group struct{ job windows.Handle }

// release closes the job's handle; the system kills whatever is still in
// it (there is nothing left once kill has run).
func (g group) release() {
	if g.job != 0 {
		windows.CloseHandle(g.job)
	}
}

// ptySupported: Windows has no pty for bash -c (ConPTY is a console, not a
// terminal device a shell's programs can open).
const ptySupported = false

var errNoPty = errors.New("there is no pty on Windows")

// errNoBash is why no command can run: Windows has no bash of its own.
var errNoBash = errors.New("no bash.exe was found: install Git for Windows, which provides it (https://gitforwindows.org, or: winget install --id Git.Git -e), or set ATOMIC_BASH to the path of a bash.exe")

// openPty is a variable as on POSIX (tests replace it).
var openPty = func() (*os.File, *os.File, error) { return nil, nil, errNoPty }

// findBash is Git for Windows' bash.exe (gitBashCandidates), else a
// bash.exe on PATH that is not the WSL launcher, else "".
func findBash() string {
	git, _ := exec.LookPath("git")
	for _, p := range gitBashCandidates(os.Getenv, git) {
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() {
			return p
		}
	}
	if p, err := exec.LookPath("bash"); err == nil && !isWSLLauncher(p, os.Getenv("SystemRoot")) {
		return p
	}
	return ""
}

func startPipes(c command) (*proc, error) {
	if bashPath() == "" {
		return nil, errNoBash
	}
	if c.sandbox != nil {
		return nil, sandbox.ErrUnavailable
	}
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	job, err := newJob()
	if err != nil {
		r.Close()
		w.Close()
		return nil, err
	}
	cmd := newCmd(c)
	if f := devNull(); f != nil {
		cmd.Stdin = f
	}
	cmd.Stdout, cmd.Stderr = w, w // one combined stream, in order
	// A new process group: the console's Ctrl+C goes to atomic-script,
	// which stops the command itself (as Setpgid keeps it from a shell's
	// terminal on POSIX).
	cmd.SysProcAttr = &syscall.SysProcAttr{CreationFlags: windows.CREATE_SUSPENDED | windows.CREATE_NEW_PROCESS_GROUP}
	err = cmd.Start()
	w.Close()
	if err == nil {
		if err = joinAndResume(job, cmd.Process.Pid); err != nil {
			cmd.Process.Kill()
			cmd.Wait()
		}
	}
	if err != nil {
		r.Close()
		windows.CloseHandle(job)
		return nil, err
	}
	return launched(cmd, r, false, group{job: job}), nil
}

func startPty(command) (*proc, error) { return nil, errNoPty }

// newJob makes a job that kills its processes once its last handle closes.
func newJob() (windows.Handle, error) {
	job, err := windows.CreateJobObject(nil, nil)
	if err != nil {
		return 0, os.NewSyscallError("CreateJobObject", err)
	}
	info := windows.JOBOBJECT_EXTENDED_LIMIT_INFORMATION{}
	info.BasicLimitInformation.LimitFlags = windows.JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE
	if _, err := windows.SetInformationJobObject(job, windows.JobObjectExtendedLimitInformation, uintptr(unsafe.Pointer(&info)), uint32(unsafe.Sizeof(info))); err != nil {
		windows.CloseHandle(job)
		return 0, os.NewSyscallError("SetInformationJobObject", err)
	}
	return job, nil
}

// joinAndResume puts the suspended process pid in job and resumes its
// threads (a process created suspended has one).
func joinAndResume(job windows.Handle, pid int) error {
	h, err := windows.OpenProcess(windows.PROCESS_SET_QUOTA|windows.PROCESS_TERMINATE, false, uint32(pid))
	if err != nil {
		return os.NewSyscallError("OpenProcess", err)
	}
	err = windows.AssignProcessToJobObject(job, h)
	windows.CloseHandle(h)
	if err != nil {
		return os.NewSyscallError("AssignProcessToJobObject", err)
	}
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPTHREAD, 0)
	if err != nil {
		return os.NewSyscallError("CreateToolhelp32Snapshot", err)
	}
	defer windows.CloseHandle(snap)
	resumed := 0
	te := windows.ThreadEntry32{Size: uint32(unsafe.Sizeof(windows.ThreadEntry32{}))}
	for err = windows.Thread32First(snap, &te); err == nil; err = windows.Thread32Next(snap, &te) {
		if te.OwnerProcessID != uint32(pid) {
			continue
		}
		th, err := windows.OpenThread(windows.THREAD_SUSPEND_RESUME, false, te.ThreadID)
		if err != nil {
			return os.NewSyscallError("OpenThread", err)
		}
		_, err = windows.ResumeThread(th)
		windows.CloseHandle(th)
		if err != nil {
			return os.NewSyscallError("ResumeThread", err)
		}
		resumed++
	}
	if resumed == 0 {
		return fmt.Errorf("no thread of process %d to resume", pid)
	}
	return nil
}

// kill ends every process in the command's job at once: Windows has no
// signals, so TERM is as final as KILL. The exit code is what a shell
// reports for a process killed by sig (128+sig).
func (p *proc) kill(sig syscall.Signal) error {
	if p.group.job == 0 {
		return nil
	}
	err := windows.TerminateJobObject(p.group.job, uint32(128+int(sig)))
	if errors.Is(err, windows.ERROR_ACCESS_DENIED) {
		return nil // every process in it has exited
	}
	return err
}

func isTerminalGone(error) bool { return false }

// stopReading has nothing to bound: the job holds every process the
// command started, so once it is terminated no writer of the stream is
// left and pump reads end-of-file (an anonymous pipe takes no deadline).
func (p *proc) stopReading() {}

func searchable(dir string) error {
	_, err := os.Stat(dir)
	return err
}

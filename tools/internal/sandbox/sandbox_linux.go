package sandbox

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"sync"
	"syscall"
	"time"

	"golang.org/x/sys/unix"
)

// helperName is argv[0] of a process started to set the namespaces up.
const helperName = "atomic-script-dryrun-sandbox"

// planVar carries the helper's orders; it is gone before the command runs.
const planVar = "ATOMIC_SANDBOX_PLAN"

// orders is what the helper reads from planVar.
type orders struct {
	Plan
	// Path and Args are the command to execute once the mounts are made;
	// Probe asks only whether the mounts can be made.
	Path  string   `json:",omitempty"`
	Args  []string `json:",omitempty"`
	Probe bool     `json:",omitempty"`
}

// Available reports whether commands can run sandboxed here: checked once
// per process by a probe that makes the same mounts in a temporary
// directory. ATOMIC_NO_SANDBOX=1 turns it off (to exercise the fallback).
func Available() bool { return available() }

var available = sync.OnceValue(func() bool {
	if os.Getenv("ATOMIC_NO_SANDBOX") == "1" {
		return false
	}
	return probe() == nil
})

// probe runs the helper over a throwaway tree.
func probe() error {
	tmp, err := os.MkdirTemp("", "atomic-sandbox-probe-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	root, cp, ro := filepath.Join(tmp, "root"), filepath.Join(tmp, "copy"), filepath.Join(tmp, "ro")
	for _, d := range []string{root, filepath.Join(cp, "ro"), ro} {
		if err := os.MkdirAll(d, 0o700); err != nil {
			return err
		}
	}
	if err := os.WriteFile(filepath.Join(cp, "in-copy"), nil, 0o600); err != nil {
		return err
	}
	p := Plan{Root: root, Copy: cp, ReadOnly: []Bind{{Source: ro, Target: filepath.Join(cp, "ro")}}, Dir: root}
	cmd := exec.Command("/bin/true")
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
	if err := Wrap(cmd, p); err != nil {
		return err
	}
	if err := setOrders(cmd, orders{Plan: p, Probe: true}); err != nil {
		return err
	}
	done := make(chan error, 1)
	out := &limitedBuffer{max: 4096}
	cmd.Stdout, cmd.Stderr = out, out
	if err := cmd.Start(); err != nil {
		return err
	}
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			return fmt.Errorf("%v: %s", err, out.b)
		}
		return nil
	case <-time.After(10 * time.Second):
		cmd.Process.Kill()
		<-done
		return fmt.Errorf("the probe did not finish")
	}
}

// Wrap turns cmd (its Path, Args, Env and SysProcAttr set, not started)
// into a start of the helper that makes p's mounts and then executes the
// command in them. cmd.Dir becomes "/": the helper changes to p.Dir once
// the copy is in place.
func Wrap(cmd *exec.Cmd, p Plan) error {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	a := cmd.SysProcAttr
	a.Cloneflags |= syscall.CLONE_NEWUSER | syscall.CLONE_NEWNS | syscall.CLONE_NEWPID
	uid, gid := os.Getuid(), os.Getgid()
	a.UidMappings = []syscall.SysProcIDMap{{ContainerID: uid, HostID: uid, Size: 1}}
	a.GidMappings = []syscall.SysProcIDMap{{ContainerID: gid, HostID: gid, Size: 1}}
	a.GidMappingsEnableSetgroups = false
	// Mounting needs CAP_SYS_ADMIN in the new namespace, and dropping
	// every capability afterwards CAP_SETPCAP: ambient, so the helper keeps
	// them across its own execution as a non-root user.
	a.AmbientCaps = []uintptr{unix.CAP_SYS_ADMIN, unix.CAP_SETPCAP}
	o := orders{Plan: p, Path: cmd.Path, Args: cmd.Args}
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Path = "/proc/self/exe"
	cmd.Args = []string{helperName}
	cmd.Dir = "/"
	return setOrders(cmd, o)
}

func setOrders(cmd *exec.Cmd, o orders) error {
	data, err := json.Marshal(o)
	if err != nil {
		return err
	}
	env := cmd.Env[:0:0]
	for _, kv := range cmd.Env {
		if len(kv) > len(planVar) && kv[:len(planVar)+1] == planVar+"=" {
			continue
		}
		env = append(env, kv)
	}
	cmd.Env = append(env, planVar+"="+string(data))
	return nil
}

// limitedBuffer keeps the first max bytes written to it.
type limitedBuffer struct {
	mu  sync.Mutex
	b   []byte
	max int
}

func (l *limitedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if room := l.max - len(l.b); room > 0 {
		l.b = append(l.b, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

func init() {
	if len(os.Args) == 0 || os.Args[0] != helperName || os.Getenv(planVar) == "" {
		return
	}
	// Capabilities and the securebits belong to a thread: this one drops
	// them and executes the command.
	runtime.LockOSThread()
	err := helper()
	fmt.Fprintf(os.Stderr, "atomic-script: the dry run's sandbox could not be set up: %v\n", err)
	os.Exit(126)
}

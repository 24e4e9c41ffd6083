// Package procguard makes the process groups a tool starts die with the
// process that started them, however it ends — also by SIGKILL, when no
// deferred cleanup runs.
//
// Two mechanisms, for the two halves of a group:
//   - Prepare sets Pdeathsig (Linux): the kernel sends SIGKILL to the
//     child itself the moment its parent dies.
//   - Watch registers the child's process group with a watchdog: one small
//     /bin/sh per process, started at first use in a process group of its
//     own, reading a pipe whose write end only this process holds. When this
//     process dies the pipe closes, and the watchdog kills every group still
//     registered (the grandchildren a `bash -c` script started, or the
//     server an `npx` launcher started) and exits. A group is unregistered
//     when its leader has been reaped, so a recycled process id is never
//     killed.
package procguard

import (
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"
)

// watchdogScript keeps the registered groups ("+ PGID" / "- PGID" lines on
// stdin) and kills those left when stdin ends.
const watchdogScript = `trap '' INT TERM HUP QUIT
pgs=" "
while read -r op pg; do
  case "$op" in
    +) pgs="$pgs$pg " ;;
    -) n=" "; for p in $pgs; do [ "$p" = "$pg" ] || n="$n$p "; done; pgs=$n ;;
  esac
done
for p in $pgs; do kill -KILL "-$p" 2>/dev/null; done`

var watchdog struct {
	once sync.Once
	mu   sync.Mutex
	w    *os.File  // nil when the watchdog could not start
	cmd  *exec.Cmd // reaped when a write finds it gone (no goroutine waits on it)
}

// start starts the watchdog once.
func start() {
	watchdog.once.Do(func() {
		r, w, err := os.Pipe() // both ends close-on-exec: no child inherits w
		if err != nil {
			return
		}
		cmd := exec.Command("/bin/sh", "-c", watchdogScript)
		cmd.Stdin = r
		cmd.SysProcAttr = groupAttr()
		if err := cmd.Start(); err != nil {
			r.Close()
			w.Close()
			return
		}
		r.Close()
		watchdog.w, watchdog.cmd = w, cmd
	})
}

// Watch registers the process group pgid with the watchdog and returns the
// function that unregisters it, to call once the group has ended (its
// leader reaped and the rest killed). Safe for concurrent use; without a
// watchdog (none could start, or a system without process groups) it does
// nothing.
func Watch(pgid int) (release func()) {
	if pgid <= 1 || !supported {
		return func() {}
	}
	start()
	if !send(fmt.Sprintf("+ %d\n", pgid)) {
		return func() {}
	}
	var once sync.Once
	return func() { once.Do(func() { send(fmt.Sprintf("- %d\n", pgid)) }) }
}

func send(line string) bool {
	watchdog.mu.Lock()
	defer watchdog.mu.Unlock()
	if watchdog.w == nil {
		return false
	}
	if _, err := watchdog.w.WriteString(line); err != nil {
		watchdog.w.Close()
		watchdog.w = nil // the watchdog is gone; carry on without it
		_ = watchdog.cmd.Wait()
		return false
	}
	return true
}

// Prepare makes the child that attr starts die with this process where the
// system can (Pdeathsig on Linux). attr may be nil: a new one is returned.
func Prepare(attr *syscall.SysProcAttr) *syscall.SysProcAttr {
	if attr == nil {
		attr = &syscall.SysProcAttr{}
	}
	setDeathSignal(attr)
	return attr
}

//go:build unix

package proctest

import (
	"syscall"
	"time"
)

// Alive reports whether a process with this pid exists (zombies included):
// kill(pid, 0) succeeds.
func Alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

// Mkfifo makes a FIFO at path.
func Mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

// CPUTime is the process's CPU time so far (user + system): on a shared
// machine it moves far less with other load than wall time does, so
// benchmarks report it beside ns/op.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

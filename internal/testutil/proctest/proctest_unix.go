//go:build unix

package proctest

import (
	"os"
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

// PeakRSS is the peak resident set size of the ended process ps, in bytes,
// and whether the system reports it (getrusage's ru_maxrss).
func PeakRSS(ps *os.ProcessState) (int64, bool) {
	ru, ok := ps.SysUsage().(*syscall.Rusage)
	if !ok || ru == nil {
		return 0, false
	}
	return int64(ru.Maxrss) * maxrssUnit, true
}

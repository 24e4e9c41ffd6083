//go:build unix

package check

import (
	"syscall"
	"time"
)

// cpuTime is the process's CPU time so far (user + system). On a shared
// machine wall time per op mostly measures waiting for a core; the
// cpu-ms/op metric reported beside it does not.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

package check

import (
	"time"

	"golang.org/x/sys/windows"
)

// cpuTime is the process's CPU time so far (kernel + user, which Windows
// counts in 100 ns units); see cputime_unix_test.go.
func cpuTime() time.Duration {
	var created, exited, kernel, user windows.Filetime
	if windows.GetProcessTimes(windows.CurrentProcess(), &created, &exited, &kernel, &user) != nil {
		return 0
	}
	ticks := func(f windows.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration(ticks(kernel)+ticks(user)) * 100
}

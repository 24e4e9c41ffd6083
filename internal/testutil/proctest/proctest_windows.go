package proctest

import (
	"os"
	"syscall"
	"time"
)

// Alive reports whether the process with this pid is still running (its
// exit code reads STILL_ACTIVE).
func Alive(pid int) bool {
	const stillActive = 259
	h, err := syscall.OpenProcess(syscall.PROCESS_QUERY_INFORMATION, false, uint32(pid))
	if err != nil {
		return false
	}
	defer syscall.CloseHandle(h)
	var code uint32
	return syscall.GetExitCodeProcess(h, &code) == nil && code == stillActive
}

// Mkfifo fails: Windows file systems have no FIFOs.
func Mkfifo(string) error { return ErrNoFIFO }

// CPUTime is the process's CPU time so far (kernel + user, counted in
// 100 ns units); see the POSIX one.
func CPUTime() time.Duration {
	var created, exited, kernel, user syscall.Filetime
	h, err := syscall.GetCurrentProcess()
	if err != nil || syscall.GetProcessTimes(h, &created, &exited, &kernel, &user) != nil {
		return 0
	}
	ticks := func(f syscall.Filetime) int64 { return int64(f.HighDateTime)<<32 | int64(f.LowDateTime) }
	return time.Duration(ticks(kernel)+ticks(user)) * 100
}

// PeakRSS reports nothing: Windows' process usage holds no memory figure.
func PeakRSS(*os.ProcessState) (int64, bool) { return 0, false }

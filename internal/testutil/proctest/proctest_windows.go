package proctest

import "syscall"

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

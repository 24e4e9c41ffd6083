//go:build unix

package proctest

import "syscall"

// Alive reports whether a process with this pid exists (zombies included):
// kill(pid, 0) succeeds.
func Alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

// Mkfifo makes a FIFO at path.
func Mkfifo(path string) error { return syscall.Mkfifo(path, 0o644) }

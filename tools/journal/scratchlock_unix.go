//go:build unix

package journal

import (
	"os"

	"golang.org/x/sys/unix"
)

// tryLock takes flock(LOCK_EX) on f without waiting and reports whether it
// holds it; closing f releases it.
func tryLock(f *os.File) bool {
	return unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB) == nil
}

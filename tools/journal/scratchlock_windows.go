package journal

import (
	"math"
	"os"

	"golang.org/x/sys/windows"
)

// tryLock takes an exclusive LockFileEx lock on all of f without waiting
// and reports whether it holds it; closing f releases it. The lock file is
// never renamed over, so a handle-based lock is safe here (unlike
// safefile's locks on the files being written).
func tryLock(f *os.File) bool {
	var ol windows.Overlapped
	err := windows.LockFileEx(windows.Handle(f.Fd()),
		windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY,
		0, math.MaxUint32, math.MaxUint32, &ol)
	return err == nil
}

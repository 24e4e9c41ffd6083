//go:build !unix && !windows

package journal

import "os"

// tryLock has no cross-process lock to take here: every dry run gets a
// fresh scratch directory.
func tryLock(*os.File) bool { return false }

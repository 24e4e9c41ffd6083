// Package proctest holds the few process and file-system probes tests need
// whose system calls differ between POSIX and Windows, so a test that
// checks "the child is gone" or "a FIFO is refused" compiles everywhere.
package proctest

import "errors"

// ErrNoFIFO is Mkfifo's error where the file system has no FIFOs (Windows).
var ErrNoFIFO = errors.New("no FIFOs on this system")

//go:build !unix

package safefile

import "os"

// openNonBlocking opens path read-only. Systems without O_NONBLOCK opens
// have no FIFOs that block an open in the file namespace.
func openNonBlocking(path string) (*os.File, error) { return os.Open(path) }

//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// openNonBlocking opens path read-only with O_NONBLOCK: opening a FIFO
// without a writer, or a device, returns at once instead of waiting.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOCTTY, 0)
}

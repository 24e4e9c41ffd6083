package safefile

import (
	"errors"
	"syscall"
	"testing"
)

// Reading a directory fails with EISDIR on every system (Windows too), so
// callers that test errors.Is(err, syscall.EISDIR) and the edit messages
// that name the errno ("Error code: EISDIR") work everywhere.
func TestOpenDirectoryIsEISDIR(t *testing.T) {
	_, err := Open(t.TempDir())
	if !errors.Is(err, syscall.EISDIR) {
		t.Fatalf("Open(a directory) = %v, want EISDIR", err)
	}
	var errno syscall.Errno
	if !errors.As(err, &errno) {
		t.Fatalf("Open(a directory): %T carries no errno", err)
	}
}

//go:build unix

package tools_test

import (
	"path/filepath"
	"syscall"
	"testing"
)

// pipe makes a named pipe in dir (an open of it for reading blocks).
func pipe(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "fifo")
	if err := syscall.Mkfifo(p, 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

//go:build !unix

package tools_test

import (
	"path/filepath"
	"testing"
)

// pipe stands for a named pipe where there are none: a path that does not
// exist.
func pipe(t *testing.T, dir string) string { return filepath.Join(dir, "no-fifo") }

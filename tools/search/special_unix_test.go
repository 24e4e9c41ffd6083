//go:build unix

package search

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestSearchNamesSpecialFiles: a named pipe or a device given as a path is
// not searched, and the result says so and why ("No matches found" alone
// was wrong for a FIFO, and /dev/zero was "larger than 4 MiB; read it with
// a line selector", which read refuses).
func TestSearchNamesSpecialFiles(t *testing.T) {
	root := t.TempDir()
	fifo := filepath.Join(root, "pipe")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ path, kind string }{
		{fifo, "a named pipe (FIFO)"},
		{"/dev/zero", "a character device"},
	} {
		args, _ := json.Marshal(map[string]any{"pattern": "x", "paths": []string{c.path}})
		_, text := call(t, Search(), newEnv(t, root), string(args))
		if !strings.Contains(text, "not a regular file: "+c.kind) {
			t.Errorf("search of %s: %s", c.path, text)
		}
	}
}

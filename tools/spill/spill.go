// Package spill persists tool output that does not fit in a result, in an
// owner- and session-scoped temp tree: <tmpdir>/atomic-<uid>/<session-id>/.
package spill

import (
	"fmt"
	"os"
	"path/filepath"
)

// Dir is one session's spill directory. Safe for concurrent use.
//
// PLACEHOLDER: the checked, capped and reaped store of issue 6 replaces this.
type Dir struct{ path string }

// Open returns the spill directory of sessionID, creating it.
func Open(sessionID string) (*Dir, error) {
	p := filepath.Join(os.TempDir(), fmt.Sprintf("atomic-%d", os.Getuid()), sessionID)
	if err := os.MkdirAll(p, 0o700); err != nil {
		return nil, err
	}
	return &Dir{path: p}, nil
}

// Path is the directory's absolute path.
func (d *Dir) Path() string { return d.path }

// Create makes a new 0600 file in the directory whose name starts with prefix.
func (d *Dir) Create(prefix string) (*os.File, error) {
	return os.CreateTemp(d.path, prefix+"-*")
}

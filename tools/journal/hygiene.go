package journal

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
)

// tempMark is in the name of every temp file atomic-script writes beside
// a file: ".NAME.atomic-XXXX" (new content), ".NAME.atomic-bak-XXXX" (a
// batch's backup), ".NAME.atomic-restore-XXXX" (a rollback's).
const tempMark = ".atomic-"

// tempTail is what follows tempMark in those names, exactly: os.CreateTemp's
// decimal random part, or a rollback's base-36 one. A user's own
// ".NAME.atomic-notes" is not ours and stays.
var tempTail = regexp.MustCompile(`^(?:[0-9]+|bak-[0-9]+|restore-[0-9a-z]+)$`)

// sweepStale removes the temp files of atomic-script's own naming left
// beside path by a writer killed mid-write (SIGKILL, a crash), and records
// them for the result. It runs at a file's first mutation, under the
// file's lock (the file tools take it across processes before writing), so
// no live writer's temp file can be there. A run that writes nothing (a
// dry run) removes nothing.
func (j *Journal) sweepStale(path string) {
	if j.mode == DryRun {
		return
	}
	dir, base := filepath.Split(path)
	prefix := "." + base + tempMark
	for _, name := range j.dirTemps(dir) {
		if !strings.HasPrefix(name, prefix) || !tempTail.MatchString(name[len(prefix):]) {
			continue
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() {
			continue
		}
		if os.Remove(p) == nil {
			j.mu.Lock()
			j.swept = append(j.swept, p)
			j.mu.Unlock()
		}
	}
}

// dirTemps are the names in dir that look like temp files of ours, read
// once a run per directory (a run touching many files of one directory
// lists it once).
func (j *Journal) dirTemps(dir string) []string {
	j.mu.Lock()
	names, ok := j.temps[dir]
	j.mu.Unlock()
	if ok {
		return names
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if n := e.Name(); strings.HasPrefix(n, ".") && strings.Contains(n, tempMark) {
			names = append(names, n)
		}
	}
	j.mu.Lock()
	if j.temps == nil {
		j.temps = map[string][]string{}
	}
	j.temps[dir] = names
	j.mu.Unlock()
	return names
}

// Swept are the stale temp files the run removed (absolute paths).
func (j *Journal) Swept() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	return append([]string(nil), j.swept...)
}

// refuseReadOnly refuses to change or delete an existing file whose owner
// may not write it (mode 0444, a Windows read-only file): its permission
// says it is not to be changed, and a rename over it would ignore that.
// A chmod, and a move (the content unchanged), are allowed.
func (j *Journal) refuseReadOnly(path, what string) error {
	fi, err := j.Stat(path)
	if err != nil || !fi.Mode().IsRegular() || fi.Mode().Perm()&0o200 != 0 {
		return nil
	}
	return &tools.Error{Code: tools.ErrPermission, Err: fs.ErrPermission,
		Msg: fmt.Sprintf("refusing to %s it: it is read-only (mode %04o), which says it is not to be changed; if the change is intended, make it writable first (chmod u+w %s), or leave the file out", what, fi.Mode().Perm(), filepath.Base(path))}
}

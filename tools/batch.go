package tools

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// FileWrite is one file of a batch: replace (or create) Path with Data;
// Perm applies to a new file, an existing one keeps its mode.
type FileWrite struct {
	Path string
	Data []byte
	Perm fs.FileMode
}

// BatchWriter is implemented by a Files that writes several files all or
// nothing (DirectFiles, the journal).
type BatchWriter interface {
	// WriteFiles writes every file of the batch or none: see
	// WriteFilesAtomic.
	WriteFiles(writes []FileWrite) error
}

// WriteAll writes the batch through files: all or nothing when files is a
// BatchWriter, else one file after another.
func WriteAll(files Files, writes []FileWrite) error {
	if len(writes) == 1 {
		// One file is all or nothing by itself: no backup links to keep.
		if err := files.WriteFile(writes[0].Path, writes[0].Data, writes[0].Perm); err != nil {
			return &BatchError{Path: writes[0].Path, Err: err}
		}
		return nil
	}
	if bw, ok := files.(BatchWriter); ok {
		return bw.WriteFiles(writes)
	}
	for i, w := range writes {
		if err := files.WriteFile(w.Path, w.Data, w.Perm); err != nil {
			return &BatchError{Path: w.Path, Err: err, Written: paths(writes[:i])}
		}
	}
	return nil
}

// BatchError is a batch that was not written. Path is the file whose step
// failed and Err why. Written lists the files left changed: empty when the
// batch was undone (nothing was written), else the files the undo could
// not put back (UndoErr says why).
type BatchError struct {
	Path    string
	Err     error
	Written []string
	UndoErr error
}

func (e *BatchError) Error() string {
	if len(e.Written) == 0 {
		return fmt.Sprintf("writing %s: %v (nothing was written)", e.Path, e.Err)
	}
	return fmt.Sprintf("writing %s: %v; %d files of the batch are left written: %v", e.Path, e.Err, len(e.Written), e.Written)
}

func (e *BatchError) Unwrap() error { return e.Err }

func paths(ws []FileWrite) []string {
	out := make([]string, len(ws))
	for i, w := range ws {
		out[i] = w.Path
	}
	return out
}

// WriteFilesAtomic writes every file of the batch or none. It first makes
// each file's new content whole in a synced temp file beside it (missing
// directories are created), then keeps each existing file under a hard link
// beside it and renames the temp files over their targets. If any step
// fails, the renames already done are undone (each original renamed back,
// with its content, mode and times; each created file removed) and the
// error says nothing was written. A crash mid-batch leaves each file old or
// new, never half-written, and at worst a `.name.atomic-*` file beside it.
func WriteFilesAtomic(writes []FileWrite) error {
	type step struct {
		path, tmp, backup string
		existed           bool
	}
	steps := make([]step, len(writes))
	cleanup := func() {
		for _, s := range steps {
			if s.tmp != "" {
				os.Remove(s.tmp)
			}
			if s.backup != "" {
				os.Remove(s.backup)
			}
		}
	}
	// Phase 1: every temp file, complete and synced.
	for i, w := range writes {
		path := w.Path
		if fi, err := os.Lstat(path); err == nil && fi.Mode()&fs.ModeSymlink != 0 {
			if target, err := filepath.EvalSymlinks(path); err == nil {
				path = target
			}
		}
		steps[i].path = path
		dir := filepath.Dir(path)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			cleanup()
			return &BatchError{Path: w.Path, Err: err}
		}
		mode := w.Perm
		old, err := os.Stat(path)
		if err == nil {
			if !old.Mode().IsRegular() {
				cleanup()
				return &BatchError{Path: w.Path, Err: fmt.Errorf("not a regular file")}
			}
			mode = old.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
			steps[i].existed = true
		}
		tmp, err := writeTemp(dir, filepath.Base(path), w.Data, mode, true)
		if err != nil {
			cleanup()
			return &BatchError{Path: w.Path, Err: err}
		}
		steps[i].tmp = tmp
		if steps[i].existed {
			keepOwner(tmp, old)
			if mode&(fs.ModeSetuid|fs.ModeSetgid) != 0 {
				os.Chmod(tmp, mode)
			}
		}
	}
	// Phase 2: keep each original under a backup link, then rename.
	undo := func(done int) []string {
		var left []string
		for k := done - 1; k >= 0; k-- {
			s := steps[k]
			var err error
			if s.existed {
				err = os.Rename(s.backup, s.path)
			} else {
				err = os.Remove(s.path)
			}
			if err != nil {
				left = append(left, s.path)
			} else if s.existed {
				steps[k].backup = ""
			}
		}
		return left
	}
	for i := range steps {
		s := &steps[i]
		if s.existed {
			b, err := backupLink(s.path)
			if err != nil {
				left := undo(i)
				cleanup()
				return &BatchError{Path: writes[i].Path, Err: err, Written: left}
			}
			s.backup = b
		}
		if err := os.Rename(s.tmp, s.path); err != nil {
			left := undo(i)
			cleanup()
			return &BatchError{Path: writes[i].Path, Err: err, Written: left}
		}
		s.tmp = ""
	}
	cleanup() // the backups
	return nil
}

// backupLink hard-links path to a new name beside it and returns that
// name: the original file survives the rename over path, so an undo is one
// rename back.
func backupLink(path string) (string, error) {
	dir, base := filepath.Dir(path), filepath.Base(path)
	for range 10 {
		tmp, err := os.CreateTemp(dir, "."+base+".atomic-bak-*")
		if err != nil {
			return "", err
		}
		name := tmp.Name()
		tmp.Close()
		os.Remove(name)
		err = os.Link(path, name)
		if err == nil {
			return name, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return backupCopy(path)
		}
	}
	return "", fmt.Errorf("no free backup name beside %s", path)
}

// backupCopy is backupLink for a file system without hard links: a copy
// with the original's mode and times.
func backupCopy(path string) (string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	name, err := writeTemp(filepath.Dir(path), filepath.Base(path), data, fi.Mode()&fs.ModePerm, true)
	if err != nil {
		return "", err
	}
	os.Chtimes(name, fi.ModTime(), fi.ModTime())
	return name, nil
}

var _ BatchWriter = DirectFiles{}

// WriteFiles implements BatchWriter with WriteFilesAtomic.
func (DirectFiles) WriteFiles(writes []FileWrite) error { return WriteFilesAtomic(writes) }

// Mover is implemented by a Files that moves files (DirectFiles, the
// journal, which records the move so a diff shows a rename and a rollback
// undoes it).
type Mover interface {
	// Rename moves the regular file from to to; it fails with an error
	// matching fs.ErrExist when to exists. Missing parent directories of
	// to are created.
	Rename(from, to string) error
}

var _ Mover = DirectFiles{}

// Rename implements Mover with MoveFile.
func (DirectFiles) Rename(from, to string) error { return MoveFile(from, to) }

// MoveFile moves the regular file from to to without replacing anything:
// a hard link at to (which fails if to exists), then from removed; where
// hard links are not supported, a rename after checking to is free.
func MoveFile(from, to string) error {
	fi, err := os.Lstat(from)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "move", Path: from, Err: errors.New("not a regular file")}
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o755); err != nil {
		return err
	}
	err = os.Link(from, to)
	switch {
	case err == nil:
		return os.Remove(from)
	case errors.Is(err, fs.ErrExist):
		return err
	}
	if _, err := os.Lstat(to); err == nil {
		return &fs.PathError{Op: "move", Path: to, Err: fs.ErrExist}
	}
	return os.Rename(from, to)
}

// Scratch is implemented by a dry run's Files: bash commands run in a
// scratch copy of the workspace that holds the run's pending changes, and
// what they change there joins the run's changes.
type Scratch interface {
	// ScratchRoot returns the scratch copy of root, made on first use and
	// brought up to date with the pending changes; ok is false when the
	// Files is not a dry run (commands then run in root).
	ScratchRoot(root string) (dir string, ok bool, err error)
	// CollectScratch stages what commands changed in the copy.
	CollectScratch() error
	// InScratch reports whether commands run in a scratch copy (the Files
	// is a dry run), without making the copy: an approval preview asks it.
	InScratch() bool
	// ScratchIsolation says whether a command is held in the copy (see
	// Isolation); asked before the copy is made, it says what will hold.
	ScratchIsolation() Isolation
}

// Isolation is how a dry run's commands are kept in the scratch copy.
// Enforced: each runs in a private mount namespace where the copy is
// mounted over the workspace's own path and ReadOnly (the real
// repository's object store and git directories) are mounted read-only,
// so no path the command builds reaches the real workspace (Linux with
// unprivileged user namespaces). Otherwise the copy only holds what a
// command does relative to its working directory: a command that builds
// the workspace's path changes the real files, so such a call is not
// contained and is gated like a real one.
type Isolation struct {
	Enforced bool
	ReadOnly []Bind
}

// Bind mounts Source at Target.
type Bind struct{ Source, Target string }

package journal

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"sync"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/safefile"
)

// Mode says what a run's file mutations do.
type Mode int

// The modes of a journal.
const (
	Write  Mode = iota // write through and keep the journal (the default)
	DryRun             // keep mutations in memory and write nothing
	Atomic             // write through; roll everything back when the run fails
)

func (m Mode) String() string {
	switch m {
	case Write:
		return "write"
	case DryRun:
		return "dry-run"
	case Atomic:
		return "atomic"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ErrClosed is the cause of a mutation refused because the run that owned
// the journal has ended (its changes were committed or rolled back).
var ErrClosed = errors.New("the run has ended; its file changes were already committed or rolled back")

// Journal is a tools.Files that records every file a run touches. It is
// safe for concurrent use: mutations of different files run in parallel,
// mutations of one file are serialised.
type Journal struct {
	mode Mode

	// gate is held shared by every mutation and exclusively by Close, so
	// closing waits for mutations in progress and refuses later ones.
	gate   sync.RWMutex
	closed bool

	locks PathLocks

	mu      sync.Mutex
	entries map[string]*entry // by absolute path, the state before the run
	order   []string          // paths in the order they were first touched
	dirs    []createdDir      // directories the run created, in order
	overlay map[string]*pending
	moves   map[string]string   // destination → source of the run's moves
	snap    map[string][]byte   // cached Pending result; nil when stale
	scr     *scratch            // a dry run's scratch copy for bash, once made
	held    int64               // bytes of original and pending content held
	temps   map[string][]string // by directory: names of our temp files there (sweepStale)
	swept   []string            // stale temp files removed
}

// MaxHeldBytes bounds the file content one journal holds in memory: the
// original of every file the run changed (for rollback and the diff) plus,
// in a dry run, every pending file. A mutation past it is refused, so a
// runaway migration fails cleanly instead of exhausting the process.
const MaxHeldBytes = 1 << 30

// maxHeld is MaxHeldBytes; tests lower it.
var maxHeld int64 = MaxHeldBytes

// heldLimit is the error of a mutation refused by maxHeld.
func heldLimit(path string, held, more int64) error {
	return tools.Errorf(tools.ErrLimit, "cannot change %s: the run holds %d MiB of original and pending file content, and %d MiB more would pass the limit of %d MiB; split the change into several runs",
		path, held>>20, (more+1<<20-1)>>20, maxHeld>>20)
}

// entry is a file's state before the run's first mutation of it.
type entry struct {
	existed bool
	data    []byte
	mode    fs.FileMode
	modTime time.Time
	// anchor is the file's directory then: a rollback writes there and
	// nowhere else, without following links.
	anchor safefile.Anchor
}

// createdDir is a directory the run created, with its parent's anchor.
type createdDir struct {
	path   string
	anchor safefile.Anchor
}

// pending is a dry run's state of a file.
type pending struct {
	data    []byte
	deleted bool
	mode    fs.FileMode
	modTime time.Time
}

// New returns an empty journal in mode m.
func New(m Mode) *Journal {
	return &Journal{mode: m, entries: map[string]*entry{}, overlay: map[string]*pending{}, moves: map[string]string{}}
}

// Mode returns the journal's mode.
func (j *Journal) Mode() Mode { return j.mode }

var _ tools.Files = (*Journal)(nil)
var _ tools.Overlay = (*Journal)(nil)

// ReadFile returns path's content as the run sees it. The result must not
// be modified.
func (j *Journal) ReadFile(path string) ([]byte, error) {
	path = filepath.Clean(path)
	if j.mode == DryRun {
		if p, ok := j.pendingOf(resolve(path)); ok {
			if p.deleted {
				return nil, notExist("open", path)
			}
			return p.data, nil
		}
	}
	return safefile.ReadFile(path, tools.MaxReadBytes)
}

// Stat describes path as the run sees it.
func (j *Journal) Stat(path string) (fs.FileInfo, error) {
	path = filepath.Clean(path)
	if j.mode == DryRun {
		if p, ok := j.pendingOf(resolve(path)); ok {
			if p.deleted {
				return nil, notExist("stat", path)
			}
			return fileInfo{name: filepath.Base(path), size: int64(len(p.data)), mode: p.mode, modTime: p.modTime}, nil
		}
	}
	return os.Stat(path)
}

// WriteFile replaces path with data (atomically, keeping an existing file's
// mode; perm for a new file), or stages it in a dry run.
func (j *Journal) WriteFile(path string, data []byte, perm fs.FileMode) error {
	return j.mutate(path, func(path string) error {
		if err := j.refuseReadOnly(path, "overwrite"); err != nil {
			return err
		}
		if j.mode == DryRun {
			mode := perm
			if fi, err := j.statLocked(path); err == nil {
				if fi.IsDir() {
					return &fs.PathError{Op: "open", Path: path, Err: syscall.EISDIR}
				}
				mode = fi.Mode()
			}
			return j.stage(path, &pending{data: bytes.Clone(data), mode: mode.Perm(), modTime: time.Now()})
		}
		if err := j.mkdirs(filepath.Dir(path)); err != nil {
			return err
		}
		return tools.WriteFileAtomic(path, data, perm)
	})
}

// WriteFiles writes a batch all or nothing (tools.BatchWriter): every path
// is locked and recorded first; in a dry run the whole batch is staged or
// none of it (one budget check); otherwise tools.WriteFilesAtomic writes
// it, undoing its renames if a step fails.
func (j *Journal) WriteFiles(writes []tools.FileWrite) error {
	j.gate.RLock()
	defer j.gate.RUnlock()
	if j.closed {
		return &tools.Error{Code: tools.ErrCancelled, Msg: "cannot change files: " + ErrClosed.Error(), Err: ErrClosed}
	}
	resolved := make([]tools.FileWrite, len(writes))
	keys := make([]string, len(writes))
	for i, w := range writes {
		resolved[i] = w
		resolved[i].Path = resolve(filepath.Clean(w.Path))
		keys[i] = resolved[i].Path
	}
	unlock := j.locks.LockAll(keys)
	defer unlock()
	for i, w := range resolved {
		if err := j.capture(w.Path); err != nil {
			return &tools.BatchError{Path: writes[i].Path, Err: err}
		}
		if err := j.refuseReadOnly(w.Path, "overwrite"); err != nil {
			return &tools.BatchError{Path: writes[i].Path, Err: err}
		}
	}
	if j.mode == DryRun {
		return j.stageAll(writes, resolved)
	}
	for i, w := range resolved {
		if err := j.mkdirs(filepath.Dir(w.Path)); err != nil {
			return &tools.BatchError{Path: writes[i].Path, Err: err}
		}
	}
	return tools.WriteFilesAtomic(resolved)
}

// stageAll stages a dry run's batch, or none of it.
func (j *Journal) stageAll(given, writes []tools.FileWrite) error {
	staged := make([]*pending, len(writes))
	var delta int64
	for i, w := range writes {
		mode := w.Perm
		if fi, err := j.Stat(w.Path); err == nil {
			if fi.IsDir() {
				return &tools.BatchError{Path: given[i].Path, Err: &fs.PathError{Op: "open", Path: w.Path, Err: syscall.EISDIR}}
			}
			mode = fi.Mode()
		}
		staged[i] = &pending{data: bytes.Clone(w.Data), mode: mode.Perm(), modTime: time.Now()}
		delta += int64(len(w.Data))
		if old, ok := j.pendingOf(w.Path); ok {
			delta -= int64(len(old.data))
		}
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if delta > 0 && j.held+delta > maxHeld {
		return &tools.BatchError{Path: given[0].Path, Err: heldLimit(given[0].Path, j.held, delta)}
	}
	j.held += delta
	for i, w := range writes {
		j.overlay[w.Path] = staged[i]
	}
	j.snap = nil
	return nil
}

var _ tools.BatchWriter = (*Journal)(nil)
var _ tools.Mover = (*Journal)(nil)

// Rename moves the file from to to (tools.Mover), recording both paths
// first, and the move itself so the diff shows a rename. It fails with an
// error matching fs.ErrExist when to exists (as the run sees it).
func (j *Journal) Rename(from, to string) error {
	j.gate.RLock()
	defer j.gate.RUnlock()
	if j.closed {
		return &tools.Error{Code: tools.ErrCancelled, Msg: "cannot move " + from + ": " + ErrClosed.Error(), Err: ErrClosed}
	}
	from, to = resolve(filepath.Clean(from)), filepath.Clean(to)
	unlock := j.locks.LockAll([]string{from, to})
	defer unlock()
	for _, p := range []string{from, to} {
		if err := j.capture(p); err != nil {
			return err
		}
	}
	fi, err := j.Stat(from)
	if err != nil {
		return err
	}
	if !fi.Mode().IsRegular() {
		return &fs.PathError{Op: "move", Path: from, Err: syscall.EINVAL}
	}
	if _, err := j.Stat(to); err == nil {
		return &fs.PathError{Op: "move", Path: to, Err: syscall.EEXIST}
	}
	if j.mode == DryRun {
		data, err := j.ReadFile(from)
		if err != nil {
			return err
		}
		if err := j.stage(to, &pending{data: data, mode: fi.Mode().Perm(), modTime: fi.ModTime()}); err != nil {
			return err
		}
		if err := j.stage(from, &pending{deleted: true}); err != nil {
			return err
		}
	} else {
		if err := j.mkdirs(filepath.Dir(to)); err != nil {
			return err
		}
		if err := tools.MoveFile(from, to); err != nil {
			return err
		}
	}
	j.mu.Lock()
	if src, ok := j.moves[from]; ok {
		delete(j.moves, from) // a moved file moved again: one rename
		from = src
	}
	j.moves[to] = from
	j.mu.Unlock()
	return nil
}

// CreateFile creates path with data, failing with an error matching
// fs.ErrExist when it exists.
func (j *Journal) CreateFile(path string, data []byte, perm fs.FileMode) error {
	return j.mutate(path, func(path string) error {
		if j.mode == DryRun {
			if _, err := j.statLocked(path); err == nil {
				return &fs.PathError{Op: "open", Path: path, Err: syscall.EEXIST}
			}
			return j.stage(path, &pending{data: bytes.Clone(data), mode: perm.Perm(), modTime: time.Now()})
		}
		if err := j.mkdirs(filepath.Dir(path)); err != nil {
			return err
		}
		return tools.CreateFileAtomic(path, data, perm)
	})
}

// Chmod changes path's mode.
func (j *Journal) Chmod(path string, mode fs.FileMode) error {
	return j.mutate(path, func(path string) error {
		if j.mode != DryRun {
			return os.Chmod(path, mode)
		}
		fi, err := j.statLocked(path)
		if err != nil {
			return err
		}
		data, err := j.ReadFile(path)
		if err != nil {
			return err
		}
		return j.stage(path, &pending{data: data, mode: mode.Perm(), modTime: fi.ModTime()})
	})
}

// Remove deletes path.
func (j *Journal) Remove(path string) error {
	return j.mutate(path, func(path string) error {
		if err := j.refuseReadOnly(path, "delete"); err != nil {
			return err
		}
		if j.mode != DryRun {
			return os.Remove(path)
		}
		fi, err := j.statLocked(path)
		if err != nil {
			return err
		}
		if fi.IsDir() {
			return &fs.PathError{Op: "remove", Path: path, Err: syscall.EISDIR}
		}
		return j.stage(path, &pending{deleted: true})
	})
}

// mutate runs op for path's resolved form with the path locked, after
// recording the file's original state on its first mutation.
func (j *Journal) mutate(path string, op func(path string) error) error {
	j.gate.RLock()
	defer j.gate.RUnlock()
	if j.closed {
		return &tools.Error{Code: tools.ErrCancelled, Msg: "cannot change " + path + ": " + ErrClosed.Error(), Err: ErrClosed}
	}
	path = resolve(filepath.Clean(path))
	unlock := j.locks.Lock(path)
	defer unlock()
	if err := j.capture(path); err != nil {
		return err
	}
	return op(path)
}

// resolve follows a symbolic link at path itself, so a write through a link
// changes (and the journal records) the file it points to.
func resolve(path string) string {
	fi, err := os.Lstat(path)
	if err != nil || fi.Mode()&fs.ModeSymlink == 0 {
		return path
	}
	if target, err := filepath.EvalSymlinks(path); err == nil {
		return target
	}
	return path
}

// capture records path's state before its first mutation. In a dry run the
// state is the disk's (the overlay is what changes).
func (j *Journal) capture(path string) error {
	j.mu.Lock()
	_, seen := j.entries[path]
	j.mu.Unlock()
	if seen {
		return nil
	}
	j.sweepStale(path)
	e := &entry{anchor: safefile.AnchorOf(path)}
	f, err := safefile.Open(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case errors.Is(err, safefile.ErrNotRegular), errors.Is(err, syscall.EISDIR):
		// Not a file the journal can restore; the operation itself
		// refuses it.
		return nil
	case err != nil:
		return err
	default:
		defer f.Close()
		fi, err := f.Stat()
		if err != nil {
			return err
		}
		// Reserve the file's size before reading it, so concurrent first
		// mutations of different files cannot all pass the check.
		size := fi.Size()
		j.mu.Lock()
		if j.held+size > maxHeld {
			held := j.held
			j.mu.Unlock()
			return heldLimit(path, held, size)
		}
		j.held += size
		j.mu.Unlock()
		data, err := readAll(f, tools.MaxReadBytes)
		j.mu.Lock()
		j.held -= size
		if err == nil && j.held+int64(len(data)) > maxHeld {
			// It grew past the limit since the stat.
			held := j.held
			j.mu.Unlock()
			return heldLimit(path, held, int64(len(data)))
		}
		if err == nil {
			j.held += int64(len(data)) // the reservation becomes the content
		}
		j.mu.Unlock()
		if err != nil {
			return err
		}
		e.existed, e.data, e.modTime = true, data, fi.ModTime()
		e.mode = fi.Mode() & (fs.ModePerm | fs.ModeSetuid | fs.ModeSetgid | fs.ModeSticky)
	}
	j.mu.Lock()
	j.entries[path] = e
	j.order = append(j.order, path)
	j.mu.Unlock()
	return nil
}

// mkdirs creates dir and its missing parents, recording each one created
// so a rollback can remove it again.
func (j *Journal) mkdirs(dir string) error {
	if fi, err := os.Stat(dir); err == nil {
		if !fi.IsDir() {
			return &fs.PathError{Op: "mkdir", Path: dir, Err: syscall.ENOTDIR}
		}
		return nil
	}
	var missing []string
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
			break
		}
		missing = append(missing, d)
	}
	for i := len(missing) - 1; i >= 0; i-- {
		err := os.Mkdir(missing[i], 0o755)
		if errors.Is(err, fs.ErrExist) {
			continue // a concurrent write made it
		}
		if err != nil {
			return err
		}
		j.mu.Lock()
		j.dirs = append(j.dirs, createdDir{path: missing[i], anchor: safefile.AnchorOf(missing[i])})
		j.mu.Unlock()
	}
	return nil
}

// statLocked is Stat for a dry-run mutation (the path is locked).
func (j *Journal) statLocked(path string) (fs.FileInfo, error) { return j.Stat(path) }

func (j *Journal) pendingOf(path string) (*pending, bool) {
	j.mu.Lock()
	defer j.mu.Unlock()
	p, ok := j.overlay[path]
	return p, ok
}

func (j *Journal) stage(path string, p *pending) error {
	j.mu.Lock()
	defer j.mu.Unlock()
	delta := int64(len(p.data))
	if old := j.overlay[path]; old != nil {
		delta -= int64(len(old.data))
	}
	if delta > 0 && j.held+delta > maxHeld {
		return heldLimit(path, j.held, delta)
	}
	j.held += delta
	j.overlay[path] = p
	j.snap = nil
	return nil
}

// Pending implements tools.Overlay: in a dry run, the run's pending files
// by absolute path (nil for a deleted file); otherwise nil. The map is a
// snapshot that later mutations do not change; it must not be modified.
func (j *Journal) Pending() map[string][]byte {
	if j.mode != DryRun {
		return nil
	}
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.snap == nil {
		j.snap = make(map[string][]byte, len(j.overlay))
		for p, f := range j.overlay {
			if f.deleted {
				j.snap[p] = nil
			} else {
				j.snap[p] = f.data
			}
		}
	}
	return j.snap
}

// Close ends the journal: it waits for mutations in progress and refuses
// later ones. The engine closes it when a run ends, so a call the engine
// abandoned cannot change files after the result was reported. Safe to call
// more than once.
func (j *Journal) Close() {
	j.gate.Lock()
	j.closed = true
	j.gate.Unlock()
	j.removeScratch()
}

// Action is what a run did to one file.
type Action string

// The actions of a [Change].
const (
	Created  Action = "created"
	Modified Action = "modified"
	Deleted  Action = "deleted"
	ModeOnly Action = "mode"    // only the permission bits changed
	Renamed  Action = "renamed" // moved (Change.From is where from), maybe changed too
)

// Change is one file a run changed (or, in a dry run, would change).
type Change struct {
	Path   string // absolute
	Action Action
	From   string // for Renamed: the absolute path before the move
}

// state is a file's state now as the run sees it.
type state struct {
	exists bool
	data   []byte
	mode   fs.FileMode
}

func (j *Journal) current(path string) state {
	if j.mode == DryRun {
		if p, ok := j.pendingOf(path); ok {
			if p.deleted {
				return state{}
			}
			return state{exists: true, data: p.data, mode: p.mode}
		}
	}
	f, err := safefile.Open(path)
	if err != nil {
		return state{}
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return state{}
	}
	data, err := readAll(f, tools.MaxReadBytes)
	if err != nil {
		return state{}
	}
	return state{exists: true, data: data, mode: fi.Mode()}
}

func (j *Journal) touched() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	paths := append([]string(nil), j.order...)
	sort.Strings(paths)
	return paths
}

// Original returns path's content before the run's first change of it and
// whether it existed then; ok is false for a path the run never touched.
func (j *Journal) Original(path string) (data []byte, existed, ok bool) {
	e := j.original(path)
	if e == nil {
		return nil, false, false
	}
	return e.data, e.existed, true
}

func (j *Journal) original(path string) *entry {
	j.mu.Lock()
	defer j.mu.Unlock()
	return j.entries[path]
}

// Changes lists the files whose content, existence or mode differs from
// before the run, sorted by path. A file changed and then changed back is
// not listed. In write modes the disk is compared, so a later change by
// anything else (a bash command) to a file the run touched shows too.
func (j *Journal) Changes() []Change {
	var out []Change
	for _, f := range j.fileChanges() {
		out = append(out, Change{Path: f.path, Action: f.action, From: f.movedFrom})
	}
	sort.Slice(out, func(a, b int) bool { return out[a].Path < out[b].Path })
	return out
}

func actionOf(before *entry, now state) Action {
	switch {
	case !before.existed && now.exists:
		return Created
	case before.existed && !now.exists:
		return Deleted
	case !before.existed:
		return ""
	case !bytes.Equal(before.data, now.data):
		return Modified
	case before.mode.Perm() != now.mode.Perm():
		return ModeOnly
	}
	return ""
}

// Report says what a rollback did, file by file, as it happened.
type Report struct {
	// Restored lists the files that had changed and got their original
	// content, mode and modification time back; Removed the files the run
	// had created, removed again. Absolute paths, in path order.
	Restored, Removed []string
	// Dirs counts the directories the run had created, removed again.
	Dirs int
	// Failed lists the files that had changed and could not be put back:
	// they are left as the run made them.
	Failed []Failure
}

// Failure is one file a rollback could not restore, and why.
type Failure struct {
	Path string // absolute
	Err  error
}

// Complete reports whether every changed file was put back.
func (r Report) Complete() bool { return len(r.Failed) == 0 }

// Rollback closes the journal and undoes every change the run made: in a
// dry run it discards the overlay; otherwise each file that differs from
// its state before the run (content, existence or mode) gets its content,
// mode and modification time back, files the run created are removed, and
// then the directories it created, when empty. Each file is restored under
// its lock (safefile.Lock), in the directory it was in when the run first
// changed it and without following a link (a link the script put in its
// place is replaced, a directory swapped for a link is left alone and
// reported). A touched file that is as it was (a write that failed, a
// change changed back) is not reported; its modification time is put back
// where it moved. It goes on past a failure and reports every file it
// could not restore.
func (j *Journal) Rollback() Report {
	j.Close()
	var r Report
	if j.mode == DryRun {
		j.mu.Lock()
		j.overlay, j.snap = map[string]*pending{}, nil
		j.mu.Unlock()
		return r
	}
	j.mu.Lock()
	order := append([]string(nil), j.order...)
	dirs := append([]createdDir(nil), j.dirs...)
	j.mu.Unlock()
	for i := len(order) - 1; i >= 0; i-- {
		p := order[i]
		e := j.original(p)
		if actionOf(e, j.current(p)) == "" {
			if e.existed {
				os.Chtimes(p, time.Time{}, e.modTime) // best effort: the content is the original
			}
			continue
		}
		if err := restoreLocked(p, e); err != nil {
			r.Failed = append(r.Failed, Failure{Path: p, Err: err})
			continue
		}
		if e.existed {
			r.Restored = append(r.Restored, p)
		} else {
			r.Removed = append(r.Removed, p)
		}
	}
	for i := len(dirs) - 1; i >= 0; i-- {
		if safefile.RemoveDir(dirs[i].path, dirs[i].anchor) == nil {
			r.Dirs++
		}
	}
	sort.Strings(r.Restored)
	sort.Strings(r.Removed)
	sort.Slice(r.Failed, func(a, b int) bool { return r.Failed[a].Path < r.Failed[b].Path })
	return r
}

// restoreWait bounds how long a rollback waits for another process's lock
// on one file.
const restoreWait = 10 * time.Second

// restoreLocked restores path under its lock.
func restoreLocked(path string, e *entry) error {
	ctx, cancel := context.WithTimeout(context.Background(), restoreWait)
	defer cancel()
	unlock, err := safefile.Lock(ctx, path)
	if errors.Is(err, context.DeadlineExceeded) {
		return fmt.Errorf("another process held its lock for %v", restoreWait)
	}
	if err == nil {
		defer unlock()
	}
	// A special file at path is replaced all the same: the rename does
	// not open it.
	return restore(path, e)
}

// restore puts one file back as e describes it.
func restore(path string, e *entry) error {
	if !e.existed {
		return safefile.Remove(path, e.anchor)
	}
	return safefile.Restore(path, e.anchor, e.data, e.mode, e.modTime)
}

// readAll reads f to its end, refusing more than limit bytes.
func readAll(f *os.File, limit int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(data)) > limit {
		return nil, &safefile.TooLargeError{Path: f.Name(), Limit: limit}
	}
	return data, err
}

func notExist(op, path string) error {
	return &fs.PathError{Op: op, Path: path, Err: syscall.ENOENT}
}

// fileInfo describes a pending dry-run file.
type fileInfo struct {
	name    string
	size    int64
	mode    fs.FileMode
	modTime time.Time
}

func (f fileInfo) Name() string       { return f.name }
func (f fileInfo) Size() int64        { return f.size }
func (f fileInfo) Mode() fs.FileMode  { return f.mode }
func (f fileInfo) ModTime() time.Time { return f.modTime }
func (f fileInfo) IsDir() bool        { return false }
func (f fileInfo) Sys() any           { return nil }

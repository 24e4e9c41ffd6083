package spill

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// lockName is the file in a session directory that a Dir holds a shared
// lock on (flock; LockFileEx on Windows) while it is open. The reaper takes it exclusively before deleting
// a tree, so a tree in use by any process is never reaped.
const lockName = ".lock"

// ErrNoDir is returned by the methods of a nil *Dir: there is no spill
// directory for this run.
var ErrNoDir = errors.New("no spill directory is available for this session")

// Dir is one session's spill directory. It holds the verified directory open
// and creates files relative to it. Safe for concurrent use. A nil *Dir is
// valid: its Create returns ErrNoDir, so a tool can call env.Spill.Create
// without a nil check and report the error.
type Dir struct {
	path string
	dir  dirFD    // the verified session directory
	lock *os.File // shared lock: marks the tree live for other processes
	err  error    // set for an Unavailable Dir
	seq  atomic.Uint64
	arts artifacts // the files created, by artifact id (the seq value)

	mu      sync.RWMutex // guards dir against use after Close
	closed  bool
	release func()

	// open, for a Dir from OpenLazy, opens the directory on first use.
	open     func() (*Dir, error)
	openOnce sync.Once

	redact func([]byte) []byte // see SetRedact
}

// SetRedact makes every file of d pass through fn when it is closed
// (WriteFile's too): the engine's secret redaction,
// so a spill file never holds a token the result itself would not show.
// Call it before the Dir is used.
func (d *Dir) SetRedact(fn func([]byte) []byte) {
	if d != nil {
		d.redact = fn
	}
}

// OpenLazy is Open put off until the Dir is first used: a run that spills
// nothing makes, locks and removes no directory (about a tenth of a cold
// start's CPU). Why Open failed is then the Dir's Err, as for Unavailable.
func OpenLazy(sessionID string) *Dir { return OpenLazyIn(os.TempDir(), sessionID) }

// OpenLazyIn is OpenLazy with an explicit temp directory.
func OpenLazyIn(tmpdir, sessionID string) *Dir {
	return &Dir{open: func() (*Dir, error) { return OpenIn(tmpdir, sessionID) }}
}

// errClosedUnused is the Err of a lazy Dir closed before its first use.
var errClosedUnused = errors.New("spill: the session's directory is closed")

// opened opens a lazy Dir on its first use.
func (d *Dir) opened() {
	if d.open == nil {
		return
	}
	d.openOnce.Do(func() {
		od, err := d.open()
		if err != nil {
			d.err = err
			return
		}
		d.path, d.dir, d.lock, d.release = od.path, od.dir, od.lock, od.release
	})
}

// Open returns the spill directory of sessionID under the system temp
// directory, creating and verifying every component (see the package doc).
// The session id is reduced with SafeComponent. The Dir marks the tree live
// until Close. On refusal the error is an *UnsafeError.
func Open(sessionID string) (*Dir, error) { return OpenIn(os.TempDir(), sessionID) }

// OpenIn is Open with an explicit temp directory (tests, custom roots).
func OpenIn(tmpdir, sessionID string) (*Dir, error) {
	names := []string{rootName(), SafeComponent(sessionID)}
	var lastErr error
	for attempt := 0; attempt < 3; attempt++ {
		d, err := openOnce(tmpdir, names)
		if err == nil {
			return d, nil
		}
		if !errors.Is(err, errReaped) {
			return nil, err
		}
		lastErr = err
	}
	return nil, lastErr
}

// errReaped means the tree was removed by a reaper while it was being opened.
var errReaped = errors.New("session directory was reaped while opening")

func openOnce(tmpdir string, names []string) (*Dir, error) {
	sess, err := openChain(tmpdir, names, true)
	if err != nil {
		return nil, err
	}
	lock, err := holdLock(sess)
	if err != nil {
		sess.close()
		return nil, err
	}
	// A reaper may have deleted the tree between our checks and the lock:
	// the directory and its lock file must still be the linked ones.
	if !stillLinked(tmpdir, names, sess, lock) {
		lock.Close()
		sess.close()
		return nil, errReaped
	}
	d := &Dir{path: sess.path, dir: sess, lock: lock}
	d.release = markLive(sess.path)
	return d, nil
}

// holdLock opens (creating 0600) the session's lock file without following
// links and takes a shared lock on it.
func holdLock(sess dirFD) (*os.File, error) {
	p := filepath.Join(sess.path, lockName)
	f, err := sess.openFile(lockName, os.O_RDWR|os.O_CREATE)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, errReaped // the directory was removed since it was opened
	}
	if err != nil {
		return nil, &UnsafeError{Path: p, Reason: fmt.Sprintf("lock file cannot be opened: %v", err)}
	}
	if !mineRegular(f) {
		f.Close()
		return nil, &UnsafeError{Path: p, Reason: "lock file is not a regular file of this account"}
	}
	if err := lockShared(f); err != nil {
		f.Close()
		return nil, &os.PathError{Op: "flock", Path: p, Err: err}
	}
	return f, nil
}

// Unavailable returns a Dir whose Create always fails with err. The engine
// uses it when Open refused the temp tree, so the tools can say why there is
// no spill file.
func Unavailable(err error) *Dir { return &Dir{err: err} }

// Path is the session directory's absolute path ("" for a nil or
// unavailable Dir).
func (d *Dir) Path() string {
	if d == nil {
		return ""
	}
	d.opened()
	return d.path
}

// Err returns why the Dir is unavailable: ErrNoDir for nil, the refusal for
// an Unavailable Dir, nil for a usable one.
func (d *Dir) Err() error {
	if d == nil {
		return ErrNoDir
	}
	d.opened()
	return d.err
}

// Create makes a new file in the directory, 0600, exclusively and without
// following links, relative to the verified directory descriptor. pattern
// names it as in os.CreateTemp: a "*" is replaced by a unique string (one is
// appended when there is none). The File keeps at most Cap bytes of output.
func (d *Dir) Create(pattern string) (*File, error) {
	return d.CreateLimited(pattern, Cap)
}

// CreateLimited is Create with a cap other than Cap (tests, small spills).
func (d *Dir) CreateLimited(pattern string, limit int64) (*File, error) {
	if d == nil {
		return nil, ErrNoDir
	}
	d.opened()
	if d.err != nil {
		return nil, d.err
	}
	if strings.ContainsAny(pattern, pathSeparators) {
		return nil, fmt.Errorf("spill: file pattern %q contains a path separator", pattern)
	}
	prefix, suffix, ok := strings.Cut(pattern, "*")
	if !ok {
		prefix, suffix = pattern+"-", ""
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return nil, fmt.Errorf("spill: %s: directory is closed", d.path)
	}
	for attempt := 0; attempt < 100; attempt++ {
		id := d.seq.Add(1)
		name := prefix + strconv.Itoa(os.Getpid()) + "-" + strconv.FormatUint(id, 10) + suffix
		flag := os.O_WRONLY
		if d.redact != nil {
			flag = os.O_RDWR // read back and redacted on Close
		}
		f, err := d.dir.openFile(name, flag|os.O_CREATE|os.O_EXCL)
		if errors.Is(err, fs.ErrExist) {
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "create", Path: filepath.Join(d.path, name), Err: err}
		}
		d.arts.add(id, name)
		nf := newFile(f, limit)
		nf.redact = d.redact
		return nf, nil
	}
	return nil, fmt.Errorf("spill: could not find a free file name for %q in %s", pattern, d.path)
}

// WriteFile saves data (capped at Cap) in a new file named by pattern and
// returns its path: the one-shot form for a tool result that crosses the
// persistence threshold ("Full output saved to: <path>"). On failure the
// partial file is removed and the path is "", so no result points at a file
// that is not there.
func (d *Dir) WriteFile(pattern string, data []byte) (string, error) {
	f, err := d.Create(pattern)
	if err != nil {
		return "", err
	}
	_, werr := f.Write(data)
	if err := errors.Join(werr, f.Close()); err != nil {
		d.Remove(f.Path())
		return "", err
	}
	return f.Path(), nil
}

// Remove deletes a file this Dir created, by base name relative to the
// verified directory (never following a link). Missing files are not an
// error.
func (d *Dir) Remove(path string) error {
	if d == nil || d.Err() != nil {
		return d.Err()
	}
	if filepath.Dir(path) != d.path {
		return fmt.Errorf("spill: %s is not in %s", path, d.path)
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return fmt.Errorf("spill: %s: directory is closed", d.path)
	}
	d.arts.forget(filepath.Base(path))
	err := d.dir.remove(filepath.Base(path), false)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// Close releases the directory and its liveness lock; files already created
// stay (the reaper removes them once they are old). Files created from the
// Dir remain usable. A directory left holding nothing but its lock file, and
// open in no other process, is removed, so runs that spilled nothing leave
// nothing behind. Close is idempotent.
func (d *Dir) Close() error {
	if d == nil {
		return nil
	}
	if d.open != nil {
		// Never used: nothing to release, and no later use opens it.
		d.openOnce.Do(func() { d.err = errClosedUnused })
	}
	if d.err != nil {
		return nil
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return nil
	}
	d.closed = true
	d.release()
	d.removeIfUnused()
	if d.lock != nil { // removeSession may have closed it
		d.lock.Close()
	}
	d.dir.close()
	return nil
}

// removeIfUnused deletes the session directory when it holds only the lock
// file and no other Dir (in any process) holds the lock: upgrading the
// shared lock to an exclusive one succeeds only then. Another Open that
// loses the race finds the directory gone and opens it afresh (errReaped).
func (d *Dir) removeIfUnused() {
	if tryLockExclusive(d.lock) != nil {
		return
	}
	names, err := d.dir.readNames()
	if err != nil || len(names) != 1 || names[0] != lockName {
		return
	}
	removeSession(d)
}

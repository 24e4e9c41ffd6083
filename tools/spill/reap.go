package spill

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// Reaping defaults.
const (
	DefaultMaxAge   = 30 * 24 * time.Hour // trees whose newest file is older are removed
	DefaultInterval = 24 * time.Hour      // each target is swept at most this often
)

// Names of the throttle marker and the sweep lock in a target's control
// directory, <tmpdir>/atomic-<uid>/.reaper/<key>/ (never inside the scanned
// directory itself).
const (
	markerName = ".last-cleanup"
	sweepLock  = ".cleanup.lock"
)

// Kind says what a reap target holds.
type Kind int

const (
	// SessionTrees: each immediate subdirectory of the target whose name does
	// not start with '.' is one session's temp tree (the temp root).
	SessionTrees Kind = iota
	// ToolResults: each directory named "tool-results" at most three levels
	// below the target (a session directory root, --session-dir).
	ToolResults
)

func (k Kind) String() string {
	if k == ToolResults {
		return "tool-results"
	}
	return "session-trees"
}

// Target is one directory a sweep covers.
type Target struct {
	Dir  string
	Kind Kind
}

// ReapOptions configure a sweep. Zero values mean the defaults.
type ReapOptions struct {
	// Targets to sweep; nil means DefaultTargets().
	Targets []Target
	// TempDir is the system temp directory holding atomic-<uid> (and so the
	// control directories); "" means os.TempDir().
	TempDir  string
	MaxAge   time.Duration
	Interval time.Duration
	// Now is the clock (tests); nil means time.Now.
	Now func() time.Time
}

// TargetReport is what one sweep did to one target.
type TargetReport struct {
	Target    Target
	Throttled bool     // swept less than Interval ago: nothing done
	Busy      bool     // another sweep holds the lock: nothing done
	Removed   []string // trees deleted
	Kept      int      // candidates young enough to keep
	Skipped   []Skip   // candidates left alone, and why
	Err       error    // the target could not be swept at all
}

// Skip is one candidate a sweep left alone.
type Skip struct{ Path, Reason string }

// DefaultTargets is the session temp root of this account.
func DefaultTargets() []Target {
	return []Target{{Dir: filepath.Join(os.TempDir(), rootName()), Kind: SessionTrees}}
}

// StartReaper sweeps once after delay on its own goroutine, so startup never
// waits for it, and delivers the reports on the returned channel (buffered;
// closed after the sweep, or without one when ctx ends first).
func StartReaper(ctx context.Context, delay time.Duration, opts ReapOptions) <-chan []TargetReport {
	ch := make(chan []TargetReport, 1)
	go func() {
		defer close(ch)
		t := time.NewTimer(delay)
		defer t.Stop()
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		ch <- Reap(opts)
	}()
	return ch
}

// Reap sweeps every target once: under the target's exclusive
// .cleanup.lock, unless its .last-cleanup marker is younger than Interval, it
// removes each candidate tree whose newest file is older than MaxAge. The
// newest entry decides the whole tree; a tree with no files is judged by its
// own mtime. It never follows a symlink (a link is removed as itself), never
// removes a .jsonl file (nor so the directories holding one), skips a tree
// that is live in this process (Open, KeepAlive) or whose session lock
// another process holds, and skips anything it cannot verify as a real
// directory of this account. Safe for concurrent use, within and across
// processes.
func Reap(opts ReapOptions) []TargetReport {
	if opts.Targets == nil {
		opts.Targets = DefaultTargets()
	}
	if opts.TempDir == "" {
		opts.TempDir = os.TempDir()
	}
	if opts.MaxAge <= 0 {
		opts.MaxAge = DefaultMaxAge
	}
	if opts.Interval <= 0 {
		opts.Interval = DefaultInterval
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	reports := make([]TargetReport, 0, len(opts.Targets))
	for _, t := range opts.Targets {
		reports = append(reports, reapTarget(opts, t))
	}
	return reports
}

func controlKey(t Target) string {
	sum := sha256.Sum256([]byte(cleanAbs(t.Dir)))
	return t.Kind.String() + "-" + hex.EncodeToString(sum[:8])
}

func reapTarget(opts ReapOptions, t Target) (r TargetReport) {
	r.Target = t
	ctl, err := openChain(opts.TempDir, []string{rootName(), ".reaper", controlKey(t)}, false)
	if err != nil {
		r.Err = err
		return r
	}
	defer ctl.close()

	lock, err := ctl.openFile(sweepLock, os.O_RDWR|os.O_CREATE)
	if err != nil {
		r.Err = &os.PathError{Op: "open", Path: filepath.Join(ctl.path, sweepLock), Err: err}
		return r
	}
	defer lock.Close()
	if err := tryLockExclusive(lock); err != nil {
		if errors.Is(err, errLocked) {
			r.Busy = true
			return r
		}
		r.Err = &os.PathError{Op: "flock", Path: filepath.Join(ctl.path, sweepLock), Err: err}
		return r
	}

	now := opts.Now()
	if st, err := ctl.lstat(markerName); err == nil && st.kind == kindFile {
		last := st.mtime
		if !last.After(now) && now.Sub(last) < opts.Interval {
			r.Throttled = true
			return r
		}
	}
	if err := touchMarker(ctl, now); err != nil {
		r.Err = err
		return r
	}

	target, err := openTarget(t.Dir)
	if err != nil {
		r.Err = err
		return r
	}
	defer target.close()
	switch t.Kind {
	case SessionTrees:
		names, err := target.readNames()
		if err != nil {
			r.Err = &os.PathError{Op: "readdir", Path: target.path, Err: err}
			return r
		}
		for _, n := range names {
			if strings.HasPrefix(n, ".") || !isRealDir(target, n) {
				continue
			}
			judge(opts, now, target, n, true, &r)
		}
	case ToolResults:
		findToolResults(opts, now, target, 3, &r)
	}
	return r
}

// touchMarker records the sweep: the marker's mtime is the sweep time.
func touchMarker(ctl dirFD, now time.Time) error {
	p := filepath.Join(ctl.path, markerName)
	f, err := ctl.openFile(markerName, os.O_WRONLY|os.O_CREATE|os.O_TRUNC)
	if err != nil {
		return &os.PathError{Op: "open", Path: p, Err: err}
	}
	_, werr := f.Write([]byte(now.UTC().Format(time.RFC3339) + "\n"))
	uerr := ctl.setMtime(markerName, now)
	f.Close()
	if err := errors.Join(werr, uerr); err != nil {
		return &os.PathError{Op: "write", Path: p, Err: err}
	}
	return nil
}

// findToolResults judges every tool-results directory at most depth levels
// below dir, descending only into real directories.
func findToolResults(opts ReapOptions, now time.Time, dir dirFD, depth int, r *TargetReport) {
	names, err := dir.readNames()
	if err != nil {
		r.Skipped = append(r.Skipped, Skip{dir.path, "cannot be listed: " + err.Error()})
		return
	}
	for _, n := range names {
		if !isRealDir(dir, n) {
			continue
		}
		if n == "tool-results" {
			judge(opts, now, dir, n, false, r)
			continue
		}
		if depth <= 1 {
			continue
		}
		sub, err := dir.openDir(n)
		if err != nil {
			continue
		}
		findToolResults(opts, now, sub, depth-1, r)
		sub.close()
	}
}

// judge decides one candidate tree parent/name and removes it when it is
// old. withLock: the candidate is a session tree whose .lock another process
// may hold.
func judge(opts ReapOptions, now time.Time, parent dirFD, name string, withLock bool, r *TargetReport) {
	p := filepath.Join(parent.path, name)
	if isLive(p) {
		r.Skipped = append(r.Skipped, Skip{p, "in use by this process"})
		return
	}
	cand, err := parent.openDir(name)
	if err != nil {
		r.Skipped = append(r.Skipped, Skip{p, "not a verifiable directory: " + err.Error()})
		return
	}
	// Both are closed before the directory is removed (Windows removes no
	// directory that is open).
	var lf *os.File
	closeAll := func() {
		if lf != nil {
			lf.Close()
		}
		cand.close()
	}
	mine, who, mtime := cand.owner()
	if !mine {
		closeAll()
		r.Skipped = append(r.Skipped, Skip{p, fmt.Sprintf("owned by %s, not by this account", who)})
		return
	}
	if withLock {
		if lf, err = cand.openFile(lockName, os.O_RDWR); err == nil {
			if err := tryLockExclusive(lf); err != nil {
				closeAll()
				r.Skipped = append(r.Skipped, Skip{p, "in use by another process"})
				return
			}
		} else {
			lf = nil
		}
	}
	newest, found := newestFile(cand)
	if !found {
		newest = mtime
	}
	if now.Sub(newest) <= opts.MaxAge {
		closeAll()
		r.Kept++
		return
	}
	keptJSONL := removeContents(cand)
	closeAll()
	if keptJSONL {
		r.Skipped = append(r.Skipped, Skip{p, "keeps .jsonl session files"})
		return
	}
	if err := parent.remove(name, true); err != nil {
		r.Skipped = append(r.Skipped, Skip{p, "could not be removed: " + err.Error()})
		return
	}
	r.Removed = append(r.Removed, p)
}

// newestFile returns the newest mtime of any non-directory entry in the
// tree (links judged by their own mtime, never followed).
func newestFile(dir dirFD) (newest time.Time, found bool) {
	names, err := dir.readNames()
	if err != nil {
		// An unreadable tree is treated as fresh: never delete what we
		// could not inspect.
		return time.Now().Add(365 * 24 * time.Hour), true
	}
	for _, n := range names {
		st, err := dir.lstat(n)
		if err != nil {
			continue
		}
		if st.kind == kindDir {
			sub, err := dir.openDir(n)
			if err != nil {
				return time.Now().Add(365 * 24 * time.Hour), true
			}
			t, ok := newestFile(sub)
			sub.close()
			if ok && (!found || t.After(newest)) {
				newest, found = t, true
			}
			continue
		}
		if t := st.mtime; !found || t.After(newest) {
			newest, found = t, true
		}
	}
	return newest, found
}

// removeContents deletes everything in dir bottom-up without following
// links, except .jsonl files; it reports whether any .jsonl file was kept.
func removeContents(dir dirFD) (keptJSONL bool) {
	names, err := dir.readNames()
	if err != nil {
		return true // cannot see inside: treat as holding something to keep
	}
	for _, n := range names {
		st, err := dir.lstat(n)
		if err != nil {
			continue
		}
		if st.kind == kindDir {
			sub, err := dir.openDir(n)
			if err != nil {
				keptJSONL = true
				continue
			}
			k := removeContents(sub)
			sub.close()
			if k || dir.remove(n, true) != nil {
				keptJSONL = true
			}
			continue
		}
		if strings.HasSuffix(n, ".jsonl") {
			keptJSONL = true
			continue
		}
		if err := dir.remove(n, false); err != nil && !errors.Is(err, fs.ErrNotExist) {
			keptJSONL = true
		}
	}
	return keptJSONL
}

func isRealDir(dir dirFD, name string) bool {
	st, err := dir.lstat(name)
	return err == nil && st.kind == kindDir
}

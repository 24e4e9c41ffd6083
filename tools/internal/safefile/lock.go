package safefile

import (
	"context"
	"path/filepath"
	"slices"
	"sync"
)

// Lock takes the advisory lock of each path and returns the function that
// releases them all. Paths are cleaned, resolved through symbolic links when
// they exist, deduplicated and locked in sorted order, so two callers
// locking overlapping sets cannot deadlock.
//
// A path's lock is a mutex in this process and, across processes, flock(2)
// on the file itself. A writer that replaces the file by a rename (as every
// write here does) leaves its waiters holding the lock of a file no longer
// at the path: each waiter checks, once it holds the lock, that the file at
// the path is still the one it locked, and otherwise locks the new one. A
// path that does not exist gets only the in-process lock (creating a file is
// exclusive by itself), and so does a directory. A special file is refused
// with a *NotRegularError, before anything reads it.
//
// Waiting ends with ctx: Lock then returns ctx's error and holds nothing.
// Safe for concurrent use.
func Lock(ctx context.Context, paths ...string) (unlock func(), err error) {
	keys := make([]string, 0, len(paths))
	for _, p := range paths {
		keys = append(keys, key(p))
	}
	slices.Sort(keys)
	keys = slices.Compact(keys)
	var held []func()
	release := func() {
		for i := len(held) - 1; i >= 0; i-- {
			held[i]()
		}
	}
	for _, k := range keys {
		u, err := inProcess.lock(ctx, k)
		if err != nil {
			release()
			return nil, err
		}
		held = append(held, u)
		fu, err := lockFile(ctx, k)
		if err != nil {
			release()
			return nil, err
		}
		held = append(held, fu)
	}
	return release, nil
}

// key is the path a lock is keyed by: cleaned, and resolved through
// symbolic links when it exists.
func key(p string) string {
	p = filepath.Clean(p)
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return p
}

// pathLocks is a set of mutexes keyed by path that can be waited for with a
// context. Entries are freed when unlocked.
type pathLocks struct {
	mu    sync.Mutex
	locks map[string]*pathLock
}

type pathLock struct {
	ch   chan struct{} // holds a token while locked
	refs int
}

// inProcess serialises the holders of one path's lock within the process,
// so the file lock is contended only between processes.
var inProcess pathLocks

func (l *pathLocks) lock(ctx context.Context, path string) (func(), error) {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[string]*pathLock{}
	}
	pl := l.locks[path]
	if pl == nil {
		pl = &pathLock{ch: make(chan struct{}, 1)}
		l.locks[path] = pl
	}
	pl.refs++
	l.mu.Unlock()
	drop := func() {
		l.mu.Lock()
		if pl.refs--; pl.refs == 0 {
			delete(l.locks, path)
		}
		l.mu.Unlock()
	}
	select {
	case pl.ch <- struct{}{}:
	case <-ctx.Done():
		drop()
		return nil, ctx.Err()
	}
	return func() {
		<-pl.ch
		drop()
	}, nil
}

// Locker is Lock for callers with no context to wait on and no way to
// report a lock error: Lock(path) waits as long as it takes, and for a
// path it cannot lock (a special file) holds the in-process lock only,
// leaving the refusal to the caller's own open. The zero value is ready.
type Locker struct{}

// Lock locks path and returns the function that unlocks it.
func (Locker) Lock(path string) (unlock func()) {
	k := key(path)
	u, _ := inProcess.lock(context.Background(), k)
	fu, err := lockFile(context.Background(), k)
	if err != nil {
		return u
	}
	return func() { fu(); u() }
}

package journal

import "sync"

// PathLocks is a set of mutexes keyed by path: holders of one path's lock
// exclude each other, other paths go on in parallel. The zero value is
// ready; safe for concurrent use. Entries are freed when unlocked, so the
// set stays as small as the number of paths locked at once.
type PathLocks struct {
	mu    sync.Mutex
	locks map[string]*pathLock
}

type pathLock struct {
	mu   sync.Mutex
	refs int
}

// Lock locks path and returns the function that unlocks it.
func (l *PathLocks) Lock(path string) (unlock func()) {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[string]*pathLock{}
	}
	pl := l.locks[path]
	if pl == nil {
		pl = &pathLock{}
		l.locks[path] = pl
	}
	pl.refs++
	l.mu.Unlock()
	pl.mu.Lock()
	return func() {
		pl.mu.Unlock()
		l.mu.Lock()
		pl.refs--
		if pl.refs == 0 {
			delete(l.locks, path)
		}
		l.mu.Unlock()
	}
}

// LockAll locks every path in a fixed (sorted, deduplicated) order, so two
// callers locking overlapping sets cannot deadlock, and returns the function
// that unlocks them all.
func (l *PathLocks) LockAll(paths []string) (unlock func()) {
	sorted := append([]string(nil), paths...)
	sortStrings(sorted)
	var unlocks []func()
	for i, p := range sorted {
		if i > 0 && p == sorted[i-1] {
			continue
		}
		unlocks = append(unlocks, l.Lock(p))
	}
	return func() {
		for i := len(unlocks) - 1; i >= 0; i-- {
			unlocks[i]()
		}
	}
}

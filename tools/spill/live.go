package spill

import (
	"path/filepath"
	"sync"
)

// live counts, per cleaned absolute path, the holders in this process that
// keep a tree from being reaped.
var live = struct {
	sync.Mutex
	n map[string]int
}{n: map[string]int{}}

// KeepAlive marks path (a session temp tree or a tool-results directory) as
// in use by this process until the returned release func is called, so Reap
// skips it. Open marks its own directory; the engine calls KeepAlive for
// directories it manages itself. Safe for concurrent use; release is
// idempotent.
func KeepAlive(path string) (release func()) { return markLive(path) }

func markLive(path string) func() {
	p := cleanAbs(path)
	live.Lock()
	live.n[p]++
	live.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			live.Lock()
			if live.n[p]--; live.n[p] <= 0 {
				delete(live.n, p)
			}
			live.Unlock()
		})
	}
}

// isLive reports whether path is held by KeepAlive or an open Dir.
func isLive(path string) bool {
	p := cleanAbs(path)
	live.Lock()
	defer live.Unlock()
	return live.n[p] > 0
}

func cleanAbs(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

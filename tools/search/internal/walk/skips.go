package walk

import (
	"slices"
	"strings"
	"sync"
)

// Skips counts what a walk left out, as far as it went: a result that
// found nothing must say whether the tree held nothing or the walk never
// looked.
type Skips struct {
	// Ignored counts the files and directories .gitignore rules (and
	// .git/info/exclude) left out; IgnoredPaths names the first
	// maxIgnoredPaths of them in path order (absolute, directories ending
	// in /).
	Ignored      int
	IgnoredPaths []string
	// Hidden counts the hidden entries left out (Config.Hidden false).
	Hidden int
	// Pruned counts the .git and node_modules directories not entered.
	Pruned int
}

// maxIgnoredPaths bounds the ignored paths a walk names.
const maxIgnoredPaths = 3

// skipCounter is a walk's Skips, shared by its workers.
type skipCounter struct {
	mu sync.Mutex
	s  Skips
}

// count adds what keep left out of the directory d.
func (w *Walker) count(d *Dir, hidden, pruned int64, ignored []Entry) {
	if hidden == 0 && pruned == 0 && len(ignored) == 0 {
		return
	}
	c := &w.skips
	c.mu.Lock()
	defer c.mu.Unlock()
	c.s.Hidden += int(hidden)
	c.s.Pruned += int(pruned)
	c.s.Ignored += len(ignored)
	for _, e := range ignored {
		p := d.Join(e.Name)
		if e.Kind == KindDir {
			p += "/"
		}
		i, found := slices.BinarySearchFunc(c.s.IgnoredPaths, p, strings.Compare)
		if found || i == maxIgnoredPaths {
			continue
		}
		c.s.IgnoredPaths = slices.Insert(c.s.IgnoredPaths, i, p)
		if len(c.s.IgnoredPaths) > maxIgnoredPaths {
			c.s.IgnoredPaths = c.s.IgnoredPaths[:maxIgnoredPaths]
		}
	}
}

// Skips returns what the walk has left out so far (all of it once Wait
// returned after a walk that was not stopped).
func (w *Walker) Skips() Skips {
	w.skips.mu.Lock()
	defer w.skips.mu.Unlock()
	s := w.skips.s
	s.IgnoredPaths = slices.Clone(s.IgnoredPaths)
	return s
}

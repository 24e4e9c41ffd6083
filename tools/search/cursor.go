package search

import (
	"encoding/json"
	"sync"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/search/internal/walk"
)

// A search cursor lets the next page resume where this one stopped.
// Paging by skip alone would walk and search every earlier page's files
// again (page N costing N times page 1), and would skip files that a
// script's edits between pages made stop matching. The session keeps, for
// each query and the nextSkip it returned, the point in tree order after
// the last file searched and the matching files searched past the page;
// a call with that skip starts there. Any other skip searches from the
// start, as before.
type searchCursor struct {
	at     position
	beyond []beyondFile
	// walk, when set, is the stopped walk to go on with (from at); a
	// cursor's walk is taken once.
	walk   *walk.Walker
	rootOf map[int]int
	// seen holds the files earlier pages listed, when several targets
	// may name the same file.
	seen map[string]bool
}

// beyondFile is a matching file the previous page searched but did not
// show: the next page searches it again first.
type beyondFile struct {
	abs    string
	ranges []selector.Range
}

// next is the cursor of the page after the first consumed files of col.
func (col *collection) next(consumed int, multi bool) *searchCursor {
	c := &searchCursor{at: col.at, walk: col.walk, rootOf: col.rootOf}
	rest := append(col.files[min(consumed, len(col.files)):len(col.files):len(col.files)], col.beyond...)
	for _, f := range rest {
		c.beyond = append(c.beyond, beyondFile{abs: f.abs, ranges: f.ranges})
	}
	if multi {
		c.seen = col.seen
		for _, f := range rest {
			delete(c.seen, f.abs)
		}
	}
	return c
}

// maxCursors bounds the cursors a session keeps: the oldest go first.
// Only the newest maxWalks keep their walk (the listings read ahead of a
// page); the others resume by walking afresh from their point.
const (
	maxCursors = 64
	maxWalks   = 4
)

// cursorStore is a session's search cursors.
type cursorStore struct {
	mu    sync.Mutex
	byKey map[cursorID]*searchCursor
	order []cursorID
}

type cursorID struct {
	query string
	skip  int
}

type cursorsKey struct{}

func cursorsOf(env *tools.Env) *cursorStore {
	if env.Session == nil {
		return &cursorStore{}
	}
	return env.Session.State(cursorsKey{}, func() any { return &cursorStore{} }).(*cursorStore)
}

// cursorKey identifies a query: everything but the skip, and the root and
// owner its paths resolve against.
func cursorKey(env *tools.Env, a searchArgs) string {
	a.Skip = nil
	b, _ := json.Marshal(struct {
		Root, Owner string
		Args        searchArgs
	}{env.Root, env.Owner, a})
	return string(b)
}

// take returns the cursor of query at skip, or nil. The same page may be
// asked for again: the cursor stays (its seen set is copied by collect).
func (cs *cursorStore) take(query string, skip int) *searchCursor {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	id := cursorID{query, skip}
	c := cs.byKey[id]
	if c == nil || c.walk == nil {
		return c
	}
	taken := *c
	c.walk, c.rootOf = nil, nil
	return &taken
}

func (cs *cursorStore) put(query string, skip int, c *searchCursor) {
	cs.mu.Lock()
	defer cs.mu.Unlock()
	if cs.byKey == nil {
		cs.byKey = map[cursorID]*searchCursor{}
	}
	id := cursorID{query, skip}
	if _, ok := cs.byKey[id]; !ok {
		cs.order = append(cs.order, id)
	}
	cs.byKey[id] = c
	walks := 0
	for i := len(cs.order) - 1; i >= 0; i-- {
		if k := cs.byKey[cs.order[i]]; k != nil && k.walk != nil {
			if walks++; walks > maxWalks {
				k.walk, k.rootOf = nil, nil
			}
		}
	}
	for len(cs.byKey) > maxCursors {
		delete(cs.byKey, cs.order[0])
		cs.order = cs.order[1:]
	}
	if len(cs.order) > 4*maxCursors { // taken cursors leave stale ids
		live := cs.order[:0]
		for _, k := range cs.order {
			if _, ok := cs.byKey[k]; ok {
				live = append(live, k)
			}
		}
		cs.order = live
	}
}

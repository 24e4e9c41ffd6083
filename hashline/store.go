package hashline

import (
	"container/list"
	"sync"
)

// Default bounds of a session's snapshot store (docs/hashline.md).
const (
	DefaultMaxPaths    = 30       // distinct files remembered, least recently used dropped first
	DefaultMaxVersions = 4        // versions kept per file, oldest dropped first
	DefaultMaxChars    = 64 << 20 // bytes of snapshot text kept over all files
)

// Store is a session's snapshot store: the normalised texts this session has
// observed, by file and tag. A tag is only a lookup key — 16 bits collide —
// so the store keeps colliding versions apart and callers compare full text.
//
// It is a bounded LRU: [DefaultMaxPaths] files, [DefaultMaxVersions] versions
// each, [DefaultMaxChars] bytes of text in total (a file's history costs the
// sum of its versions' lengths plus one). Paths are absolute, cleaned file
// paths; the display path of a [path#TAG] header is the caller's business.
// Any access refreshes a file's recency. Safe for concurrent use.
type Store struct {
	mu                           sync.Mutex
	maxPaths, maxVersions, limit int
	size                         int
	lru                          *list.List // of *history, most recent first
	byPath                       map[string]*list.Element
}

type history struct {
	path     string
	versions []snapshot // newest (head) first
	size     int
}

type snapshot struct {
	tag, text string
}

// NewStore returns an empty store with the default bounds.
func NewStore() *Store { return NewStoreWithLimits(0, 0, 0) }

// NewStoreWithLimits returns an empty store with the given bounds; a value
// of zero or less means the default.
func NewStoreWithLimits(maxPaths, maxVersions, maxChars int) *Store {
	if maxPaths <= 0 {
		maxPaths = DefaultMaxPaths
	}
	if maxVersions <= 0 {
		maxVersions = DefaultMaxVersions
	}
	if maxChars <= 0 {
		maxChars = DefaultMaxChars
	}
	return &Store{maxPaths: maxPaths, maxVersions: maxVersions, limit: maxChars,
		lru: list.New(), byPath: map[string]*list.Element{}}
}

// Record stores text (raw or normalised; it is normalised first) as the
// newest observed version of path and returns its tag. Recording a text the
// store already holds reuses that version and promotes it to head. A text too
// large for the store on its own is not kept, but its tag is still returned.
func (s *Store) Record(path, text string) (tag string) {
	text = Normalize(text)
	tag = TagNormalized(text)
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.touch(path)
	if h == nil {
		h = &history{path: path, size: 1}
		s.byPath[path] = s.lru.PushFront(h)
		s.size++
	}
	for i, v := range h.versions {
		if v.tag == tag && v.text == text {
			copy(h.versions[1:i+1], h.versions[:i])
			h.versions[0] = v
			return tag
		}
	}
	h.versions = append([]snapshot{{tag, text}}, h.versions...)
	h.size += len(text)
	s.size += len(text)
	for len(h.versions) > s.maxVersions {
		s.dropOldest(h)
	}
	s.evict(h)
	return tag
}

// Lookup returns the text recorded for (path, tag) when exactly one kept
// version of path has that tag; an ambiguous (colliding) tag finds nothing.
func (s *Store) Lookup(path, tag string) (text string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.touch(path)
	if h == nil {
		return "", false
	}
	n := 0
	for _, v := range h.versions {
		if v.tag == tag {
			text, n = v.text, n+1
		}
	}
	if n != 1 {
		return "", false
	}
	return text, true
}

// Holds reports whether a version of path with this tag and exactly this
// normalised text is kept: the condition for an edit to apply directly.
func (s *Store) Holds(path, tag, text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.touch(path)
	if h == nil {
		return false
	}
	for _, v := range h.versions {
		if v.tag == tag && v.text == text {
			return true
		}
	}
	return false
}

// Known reports whether any kept version of path has this tag.
func (s *Store) Known(path, tag string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.touch(path)
	if h == nil {
		return false
	}
	for _, v := range h.versions {
		if v.tag == tag {
			return true
		}
	}
	return false
}

// Head returns the newest recorded version of path.
func (s *Store) Head(path string) (tag, text string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.touch(path)
	if h == nil || len(h.versions) == 0 {
		return "", "", false
	}
	return h.versions[0].tag, h.versions[0].text, true
}

// isHead reports whether the unique version of path with tag is the head.
func (s *Store) isHead(path, tag, text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.touch(path)
	return h != nil && len(h.versions) > 0 && h.versions[0].tag == tag && h.versions[0].text == text
}

// Forget drops every version of path (a deleted or renamed file).
func (s *Store) Forget(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.byPath[path]; ok {
		s.remove(e)
	}
}

// Len returns the number of files and versions kept and the bytes they use.
func (s *Store) Len() (paths, versions, size int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for e := s.lru.Front(); e != nil; e = e.Next() {
		versions += len(e.Value.(*history).versions)
	}
	return s.lru.Len(), versions, s.size
}

func (s *Store) touch(path string) *history {
	e, ok := s.byPath[path]
	if !ok {
		return nil
	}
	s.lru.MoveToFront(e)
	return e.Value.(*history)
}

func (s *Store) dropOldest(h *history) {
	last := h.versions[len(h.versions)-1]
	h.versions = h.versions[:len(h.versions)-1]
	h.size -= len(last.text)
	s.size -= len(last.text)
}

func (s *Store) remove(e *list.Element) {
	h := e.Value.(*history)
	s.size -= h.size
	delete(s.byPath, h.path)
	s.lru.Remove(e)
}

// evict drops least recently used files until the bounds hold, then older
// versions of keep itself, then keep entirely if its head alone is too big.
func (s *Store) evict(keep *history) {
	for s.lru.Len() > s.maxPaths || s.size > s.limit {
		back := s.lru.Back()
		if back.Value.(*history) == keep {
			break
		}
		s.remove(back)
	}
	for s.size > s.limit && len(keep.versions) > 1 {
		s.dropOldest(keep)
	}
	if s.size > s.limit || s.lru.Len() > s.maxPaths {
		s.remove(s.byPath[keep.path])
	}
}

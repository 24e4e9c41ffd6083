package hashline

import "sync"

// Store is a session's snapshot store: the texts this session has seen, by
// path and tag. Safe for concurrent use.
//
// PLACEHOLDER: the bounded LRU of hashline-notes.md replaces this map.
type Store struct {
	mu    sync.Mutex
	texts map[string]map[string]string // path -> tag -> normalised text
	head  map[string]string            // path -> latest tag
}

// NewStore returns an empty store.
func NewStore() *Store {
	return &Store{texts: map[string]map[string]string{}, head: map[string]string{}}
}

// Record stores text as the latest snapshot of path and returns its tag.
func (s *Store) Record(path, text string) string {
	n := Normalize(text)
	tag := Tag(text)
	s.mu.Lock()
	defer s.mu.Unlock()
	m := s.texts[path]
	if m == nil {
		m = map[string]string{}
		s.texts[path] = m
	}
	m[tag] = n
	s.head[path] = tag
	return tag
}

// Lookup returns the normalised text recorded for (path, tag).
func (s *Store) Lookup(path, tag string) (string, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	t, ok := s.texts[path][tag]
	return t, ok
}

// Head returns the latest tag and normalised text recorded for path.
func (s *Store) Head(path string) (tag, text string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	tag, ok = s.head[path]
	if !ok {
		return "", "", false
	}
	return tag, s.texts[path][tag], true
}

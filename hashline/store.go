package hashline

import (
	"container/list"
	"crypto/sha256"
	"sync"
	"unsafe"
)

// Default bounds of a session's snapshot store (docs/hashline.md). There
// is no file-count horizon: a migration reads every file, then edits every
// file.
const (
	DefaultMaxPaths    = 0        // no bound on the number of files (the byte budgets bound the store)
	DefaultMaxVersions = 4        // versions kept per file, oldest dropped first
	DefaultMaxChars    = 64 << 20 // bytes of snapshot text kept over all files
	// DefaultMaxRecordBytes bounds the read records: a record of every
	// version a session observed (path, tag and a SHA-256 of the text)
	// outlives the text's eviction, so an unchanged file still edits
	// directly. 48 MiB keeps more than 100,000 files with paths up to 300
	// bytes.
	DefaultMaxRecordBytes = 48 << 20
)

// historyOverhead is what a file's entry costs beyond its texts, so that a
// million tiny files cannot outgrow the byte budget.
const historyOverhead = 96

// recordOverhead is what a read record costs beyond its path; each version
// adds recordVersionCost.
const (
	recordOverhead    = 120
	recordVersionCost = 40
)

// Store is a session's snapshot store: the normalised texts this session has
// observed, by file and tag. A tag is only a lookup key — 16 bits collide —
// so the store keeps colliding versions apart and callers compare full text.
//
// It is a bounded LRU: [DefaultMaxVersions] versions a file,
// [DefaultMaxChars] bytes of text in total (a file's history costs the sum
// of its versions' lengths plus its path and a fixed overhead), and no bound
// on the number of files. Beside the texts it keeps a read record of every
// version observed ([DefaultMaxRecordBytes]), so [Store.Holds] and
// [Store.Known] stay true for a file whose text was evicted. Paths are absolute, cleaned file
// paths; the display path of a [path#TAG] header is the caller's business.
// Any access refreshes a file's recency. Safe for concurrent use.
type Store struct {
	mu                           sync.Mutex
	maxPaths, maxVersions, limit int
	size                         int
	lru                          *list.List // of *history, most recent first
	byPath                       map[string]*list.Element

	// Read records, bounded by recLimit bytes, least recently recorded
	// dropped first.
	recLimit, recSize int
	recLRU            *list.List // of *readRecord, most recent first
	recs              map[string]*list.Element
}

// readRecord is what a session observed of one file, kept after the texts
// are evicted: each version's tag and the SHA-256 of its normalised text.
type readRecord struct {
	path     string
	versions []seen // newest first
}

type seen struct {
	tag string
	sum [sha256.Size]byte
}

func (r *readRecord) cost() int {
	return recordOverhead + len(r.path) + recordVersionCost*len(r.versions)
}

type history struct {
	path     string
	versions []snapshot // newest (head) first
	size     int
	// superseded is set when a newer version was observed without its
	// text (RecordObservation): the kept texts are then older versions,
	// still found by tag, but none is the head.
	superseded bool
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
		maxPaths = int(^uint(0) >> 1)
	}
	if maxVersions <= 0 {
		maxVersions = DefaultMaxVersions
	}
	if maxChars <= 0 {
		maxChars = DefaultMaxChars
	}
	return &Store{maxPaths: maxPaths, maxVersions: maxVersions, limit: maxChars,
		lru: list.New(), byPath: map[string]*list.Element{},
		recLimit: DefaultMaxRecordBytes, recLRU: list.New(), recs: map[string]*list.Element{}}
}

// SetRecordLimit sets the byte budget of the read records (tests).
func (s *Store) SetRecordLimit(n int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.recLimit = n
	s.trimRecords()
}

// digest is the SHA-256 of text, without copying it.
func digest(text string) [sha256.Size]byte {
	return sha256.Sum256(unsafe.Slice(unsafe.StringData(text), len(text)))
}

// Observation is what a store keeps of a version whose text it need not
// keep: the tag and a digest of the normalised text. Make one with
// Observe (on any goroutine: it is the costly part) and record it with
// RecordObservation.
type Observation struct {
	Tag string
	sum [sha256.Size]byte
}

// Observe returns the observation of text (raw or normalised; it is
// normalised first).
func Observe(text string) Observation {
	text = Normalize(text)
	return Observation{Tag: TagNormalized(text), sum: digest(text)}
}

// RecordObservation records o as the newest observed version of path
// without keeping its text: an edit or write against that version still
// applies directly (Holds, Known), but a stale tag of it cannot be
// recovered. Bulk results use it (a script's search over thousands of
// files), so the store does not hold a copy of every file a run saw.
func (s *Store) RecordObservation(path string, o Observation) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.noteSeen(path, seen{tag: o.Tag, sum: o.sum})
	h := s.touch(path)
	if h == nil {
		return
	}
	for i, v := range h.versions {
		if v.tag == o.Tag && digest(v.text) == o.sum {
			copy(h.versions[1:i+1], h.versions[:i])
			h.versions[0] = v
			h.superseded = false
			return
		}
	}
	h.superseded = true
}

// note adds a version to path's read record.
func (s *Store) note(path, tag, text string) {
	s.noteSeen(path, seen{tag: tag, sum: digest(text)})
}

func (s *Store) noteSeen(path string, v seen) {
	var r *readRecord
	if e, ok := s.recs[path]; ok {
		s.recLRU.MoveToFront(e)
		r = e.Value.(*readRecord)
		s.recSize -= r.cost()
	} else {
		r = &readRecord{path: path}
		s.recs[path] = s.recLRU.PushFront(r)
	}
	out := []seen{v}
	for _, o := range r.versions {
		if o != v && len(out) < s.maxVersions {
			out = append(out, o)
		}
	}
	r.versions = out
	s.recSize += r.cost()
	s.trimRecords()
}

func (s *Store) trimRecords() {
	for s.recSize > s.recLimit && s.recLRU.Len() > 0 {
		back := s.recLRU.Back()
		r := back.Value.(*readRecord)
		s.recSize -= r.cost()
		delete(s.recs, r.path)
		s.recLRU.Remove(back)
	}
}

// recorded reports whether path's read record has a version with tag (and,
// when text is not nil, exactly that text).
func (s *Store) recorded(path, tag string, text *string) bool {
	e, ok := s.recs[path]
	if !ok {
		return false
	}
	var sum [sha256.Size]byte
	if text != nil {
		sum = digest(*text)
	}
	for _, v := range e.Value.(*readRecord).versions {
		if v.tag == tag && (text == nil || v.sum == sum) {
			return true
		}
	}
	return false
}

// Observed reports whether this session has a read record of path: it
// observed some version of the file, even if that text was evicted.
func (s *Store) Observed(path string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	_, ok := s.recs[path]
	return ok
}

// Records returns the number of files with a read record and the bytes
// the records use.
func (s *Store) Records() (files, size int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.recLRU.Len(), s.recSize
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
	s.note(path, tag, text)
	h := s.touch(path)
	if h == nil {
		h = &history{path: path, size: historyOverhead + len(path)}
		s.byPath[path] = s.lru.PushFront(h)
		s.size += h.size
	}
	h.superseded = false
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

// Holds reports whether this session observed a version of path with this
// tag and exactly this normalised text (kept, or in the read record): the
// condition for an edit to apply directly.
func (s *Store) Holds(path, tag, text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.touch(path); h != nil {
		for _, v := range h.versions {
			if v.tag == tag && v.text == text {
				return true
			}
		}
	}
	return s.recorded(path, tag, &text)
}

// Known reports whether this session observed a version of path with this
// tag (its text kept or not).
func (s *Store) Known(path, tag string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if h := s.touch(path); h != nil {
		for _, v := range h.versions {
			if v.tag == tag {
				return true
			}
		}
	}
	return s.recorded(path, tag, nil)
}

// Head returns the newest recorded version of path.
func (s *Store) Head(path string) (tag, text string, ok bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.touch(path)
	if h == nil || len(h.versions) == 0 || h.superseded {
		return "", "", false
	}
	return h.versions[0].tag, h.versions[0].text, true
}

// isHead reports whether the unique version of path with tag is the head.
func (s *Store) isHead(path, tag, text string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	h := s.touch(path)
	return h != nil && !h.superseded && len(h.versions) > 0 && h.versions[0].tag == tag && h.versions[0].text == text
}

// Forget drops every version of path and its read record (a deleted or
// renamed file).
func (s *Store) Forget(path string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if e, ok := s.byPath[path]; ok {
		s.remove(e)
	}
	if e, ok := s.recs[path]; ok {
		s.recSize -= e.Value.(*readRecord).cost()
		delete(s.recs, path)
		s.recLRU.Remove(e)
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

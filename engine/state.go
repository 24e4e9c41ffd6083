package engine

import (
	"maps"
	"sync"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/internal/kvstore"
	"github.com/atomic-script/atomic-script/tools"
)

// Caps of store() (codemode-notes.md), in characters of JSON text.
const (
	MaxStoreValueChars = 262_144
	MaxStoreTotalChars = 1_048_576
)

// stagedStore is one run's view of the session store: loads see the run's
// own writes, and nothing reaches the database until commit, which the
// engine calls only when the script succeeded. Used on the VM's owner
// goroutine only.
type stagedStore struct {
	backend kvBackend

	base    map[string]string // committed values, loaded on first use
	puts    map[string]string
	deletes map[string]bool
}

func newStagedStore(b kvBackend) *stagedStore {
	return &stagedStore{backend: b, puts: map[string]string{}, deletes: map[string]bool{}}
}

// kvBackend is where committed values live: the SQLite store of a named
// session, or memory that lasts as long as the Engine.
type kvBackend interface {
	All() (map[string]string, error)
	Commit(puts map[string]string, deletes []string) error
}

type sqliteBackend struct {
	db      *kvstore.DB
	session string
}

func (b sqliteBackend) All() (map[string]string, error) { return b.db.All(b.session) }
func (b sqliteBackend) Commit(puts map[string]string, deletes []string) error {
	return b.db.Commit(b.session, puts, deletes)
}

// memBackend keeps values for the life of one Engine (an MCP session
// without a named session, or one CLI run). Safe for concurrent use.
type memBackend struct {
	mu sync.Mutex
	m  map[string]string
}

func (b *memBackend) All() (map[string]string, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return maps.Clone(b.m), nil
}

func (b *memBackend) Commit(puts map[string]string, deletes []string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.m == nil {
		b.m = map[string]string{}
	}
	for _, k := range deletes {
		delete(b.m, k)
	}
	maps.Copy(b.m, puts)
	return nil
}

func (s *stagedStore) loadBase() error {
	if s.base != nil {
		return nil
	}
	all, err := s.backend.All()
	if err != nil {
		return tools.Errorf(tools.ErrIO, "store: reading the session store: %v", err)
	}
	if all == nil {
		all = map[string]string{}
	}
	s.base = all
	return nil
}

func (s *stagedStore) Load(key string) (string, bool, error) {
	if err := s.loadBase(); err != nil {
		return "", false, err
	}
	if v, ok := s.puts[key]; ok {
		return v, true, nil
	}
	if s.deletes[key] {
		return "", false, nil
	}
	v, ok := s.base[key]
	return v, ok, nil
}

func (s *stagedStore) Put(key, value string) error {
	if err := s.loadBase(); err != nil {
		return err
	}
	n := utf8.RuneCountInString(value)
	if n > MaxStoreValueChars {
		return tools.Errorf(tools.ErrLimit, "store: the value for %q is %d characters of JSON; the limit is %d a value", key, n, MaxStoreValueChars)
	}
	total := n
	for k, v := range s.view() {
		if k != key {
			total += utf8.RuneCountInString(v)
		}
	}
	if total > MaxStoreTotalChars {
		return tools.Errorf(tools.ErrLimit, "store: the session would hold %d characters of JSON; the limit is %d in total. Delete keys with store(key, undefined)", total, MaxStoreTotalChars)
	}
	s.puts[key] = value
	delete(s.deletes, key)
	return nil
}

func (s *stagedStore) Delete(key string) error {
	if err := s.loadBase(); err != nil {
		return err
	}
	delete(s.puts, key)
	s.deletes[key] = true
	return nil
}

// view is the store as the run sees it now.
func (s *stagedStore) view() map[string]string {
	out := make(map[string]string, len(s.base)+len(s.puts))
	for k, v := range s.base {
		if !s.deletes[k] {
			out[k] = v
		}
	}
	for k, v := range s.puts {
		out[k] = v
	}
	return out
}

// commit writes the run's changes to the backend.
func (s *stagedStore) commit() error {
	if len(s.puts) == 0 && len(s.deletes) == 0 {
		return nil
	}
	dels := make([]string, 0, len(s.deletes))
	for k := range s.deletes {
		dels = append(dels, k)
	}
	return s.backend.Commit(s.puts, dels)
}

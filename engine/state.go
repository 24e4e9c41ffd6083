package engine

import (
	"maps"
	"sync"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/engine/internal/kvstore"
	"github.com/atomic-script/atomic-script/tools"
)

// Caps of store() (the codemode reference's), in characters of JSON text. The
// total counts keys as well as values, and keys have a cap of their own:
// otherwise keys alone could grow a session without bound.
const (
	MaxStoreValueChars = 262_144
	MaxStoreTotalChars = 1_048_576
	MaxStoreKeyChars   = 1_024
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
	total   int // characters of keys and values the run sees now
	// read are the committed values the script loaded (nil: the key was
	// absent): commit checks they are still the values in the store, so
	// two runs that load a key and store something computed from it
	// cannot both succeed with one update lost.
	read map[string]*string
}

func newStagedStore(b kvBackend) *stagedStore {
	return &stagedStore{backend: b, puts: map[string]string{}, deletes: map[string]bool{}, read: map[string]*string{}}
}

// kvBackend is where committed values live: the SQLite store of a named
// session, or memory that lasts as long as the Engine.
type kvBackend interface {
	All() (map[string]string, error)
	// Commit applies puts and deletes in one step, unless a key of expect
	// no longer holds the value given (nil: absent): then it changes
	// nothing and returns a *kvstore.ConflictError.
	Commit(puts map[string]string, deletes []string, expect map[string]*string) error
}

type sqliteBackend struct {
	db      *kvstore.DB
	session string
}

func (b sqliteBackend) All() (map[string]string, error) { return b.db.All(b.session) }
func (b sqliteBackend) Commit(puts map[string]string, deletes []string, expect map[string]*string) error {
	return b.db.CommitChecked(b.session, puts, deletes, expect, MaxStoreTotalChars)
}

// toolState is a named session's tools.Durable: the tools' own values
// (the todo list), kept in the store file beside the session's store()
// values but apart from them (scripts never see them; they count against
// no store() cap).
type toolState struct {
	db      *kvstore.DB
	session string
}

func newToolState(db *kvstore.DB, session string) toolState {
	return toolState{db: db, session: session + "\x00tools"}
}

func (t toolState) Get(key string) (string, bool, error) { return t.db.Get(t.session, key) }
func (t toolState) Put(key, value string) error {
	return t.db.Commit(t.session, map[string]string{key: value}, nil)
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

// Commit applies the changes unless a value the run read has changed
// since, or the session would then pass the total cap: runs of one session
// committing in turn are checked against each other's writes, not only
// against what each saw when it started.
func (b *memBackend) Commit(puts map[string]string, deletes []string, expect map[string]*string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	var changed []string
	for k, want := range expect {
		if got, ok := b.m[k]; ok != (want != nil) || ok && got != *want {
			changed = append(changed, k)
		}
	}
	if len(changed) > 0 {
		return &kvstore.ConflictError{Keys: changed}
	}
	next := maps.Clone(b.m)
	if next == nil {
		next = map[string]string{}
	}
	for _, k := range deletes {
		delete(next, k)
	}
	maps.Copy(next, puts)
	total := 0
	for k, v := range next {
		total += entryChars(k, v)
	}
	if total > MaxStoreTotalChars {
		return &kvstore.OverCapError{Total: total, Cap: MaxStoreTotalChars}
	}
	b.m = next
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
	for k, v := range all {
		s.total += entryChars(k, v)
	}
	return nil
}

// entryChars is what one stored entry counts against the total cap.
func entryChars(key, value string) int {
	return utf8.RuneCountInString(key) + utf8.RuneCountInString(value)
}

// Load is the script's load(key): the run's own write, else the
// committed value, which is remembered as read (see commit).
func (s *stagedStore) Load(key string) (string, bool, error) {
	if err := s.loadBase(); err != nil {
		return "", false, err
	}
	v, ok, fromBase := s.lookup(key)
	if fromBase {
		if _, seen := s.read[key]; !seen {
			if ok {
				s.read[key] = &v
			} else {
				s.read[key] = nil
			}
		}
	}
	return v, ok, nil
}

// lookup is the value the run sees for key, and whether it is the
// committed one (not the run's own write or deletion).
func (s *stagedStore) lookup(key string) (v string, ok, fromBase bool) {
	if v, ok := s.puts[key]; ok {
		return v, true, false
	}
	if s.deletes[key] {
		return "", false, false
	}
	v, ok = s.base[key]
	return v, ok, true
}

func (s *stagedStore) Put(key, value string) error {
	if err := s.loadBase(); err != nil {
		return err
	}
	if n := utf8.RuneCountInString(key); n > MaxStoreKeyChars {
		return tools.Errorf(tools.ErrLimit, "store: a key is %d characters; the limit is %d", n, MaxStoreKeyChars)
	}
	n := utf8.RuneCountInString(value)
	if n > MaxStoreValueChars {
		return tools.Errorf(tools.ErrLimit, "store: the value for %q is %d characters of JSON; the limit is %d a value", key, n, MaxStoreValueChars)
	}
	total := s.total + entryChars(key, value)
	if old, ok, _ := s.lookup(key); ok {
		total -= entryChars(key, old)
	}
	if total > MaxStoreTotalChars {
		return tools.Errorf(tools.ErrLimit, "store: the session would hold %d characters of JSON keys and values; the limit is %d in total. Delete keys with store(key, undefined)", total, MaxStoreTotalChars)
	}
	s.total = total
	s.puts[key] = value
	delete(s.deletes, key)
	return nil
}

func (s *stagedStore) Delete(key string) error {
	if err := s.loadBase(); err != nil {
		return err
	}
	if old, ok, _ := s.lookup(key); ok {
		s.total -= entryChars(key, old)
	}
	delete(s.puts, key)
	s.deletes[key] = true
	return nil
}

// changed reports whether the run wrote or deleted any key.
func (s *stagedStore) changed() bool { return len(s.puts) > 0 || len(s.deletes) > 0 }

// commit writes the run's changes to the backend, if every committed
// value the run read is still the value in the store (compare-and-set):
// a run that loaded a key another run changed meanwhile fails with a
// *kvstore.ConflictError and saves nothing, rather than overwrite that
// run's update with one computed from the old value.
func (s *stagedStore) commit() error {
	if !s.changed() {
		return nil
	}
	dels := make([]string, 0, len(s.deletes))
	for k := range s.deletes {
		dels = append(dels, k)
	}
	return s.backend.Commit(s.puts, dels, s.read)
}

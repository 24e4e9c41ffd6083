package engine

import (
	"os"
	"path/filepath"
	"time"

	"github.com/atomic-script/atomic-script/engine/internal/kvstore"
)

// Store is the SQLite file that holds the store() values of named sessions,
// opened for inspection (the `atomic-script store` commands) rather than by
// a run. Safe for concurrent use; Close releases it.
type Store struct{ db *kvstore.DB }

// StoreEntry is one key of a session as List reports it.
type StoreEntry struct {
	Key       string    `json:"key"`
	Size      int       `json:"size"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// DefaultStorePath is where runs keep store() values: $ATOMIC_STATE_DIR/store.db,
// else ~/.local/state/atomic-script/store.db.
func DefaultStorePath() (string, error) { return kvstore.DefaultPath() }

// ConfigDir is atomic-script's own settings directory: $ATOMIC_HOME, else
// ~/.atomic ("" when there is no home directory). The user settings file
// is agent/settings.json in it.
func ConfigDir() string {
	if home := os.Getenv("ATOMIC_HOME"); home != "" {
		return home
	}
	if h, err := os.UserHomeDir(); err == nil {
		return filepath.Join(h, ".atomic")
	}
	return ""
}

// protectedDirs are the directories of atomic-script itself that scripts'
// file tools may not change (see tools.Settings.ProtectedPaths): its
// settings, and its state (the store's directory, storePath's or the
// default one).
func protectedDirs(storePath string) []string {
	dirs := []string{ConfigDir()}
	if storePath == "" {
		storePath, _ = kvstore.DefaultPath()
	}
	if storePath != "" {
		dirs = append(dirs, filepath.Dir(storePath))
	}
	return dirs
}

// OpenStore opens (creating when missing) the store file at path; "" means
// DefaultStorePath.
func OpenStore(path string) (*Store, error) {
	if path == "" {
		p, err := kvstore.DefaultPath()
		if err != nil {
			return nil, err
		}
		path = p
	}
	db, err := kvstore.Open(path)
	if err != nil {
		return nil, err
	}
	return &Store{db: db}, nil
}

// Close closes the store file.
func (s *Store) Close() error { return s.db.Close() }

// List returns the keys of session with their sizes, in key order.
func (s *Store) List(session string) ([]StoreEntry, error) {
	es, err := s.db.List(session)
	out := make([]StoreEntry, len(es))
	for i, e := range es {
		out[i] = StoreEntry(e)
	}
	return out, err
}

// Get returns the JSON text stored under key, and whether it exists.
func (s *Store) Get(session, key string) (string, bool, error) { return s.db.Get(session, key) }

// Delete removes keys and reports how many existed.
func (s *Store) Delete(session string, keys ...string) (int, error) {
	return s.db.Delete(session, keys...)
}

// Export returns every key of session as one JSON object.
func (s *Store) Export(session string) ([]byte, error) { return s.db.Export(session) }

// Import stores every key of a JSON object (as Export writes it) under
// session, within the store's caps, and reports how many it stored.
func (s *Store) Import(session string, data []byte) (int, error) { return s.db.Import(session, data) }

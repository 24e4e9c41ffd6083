// Package kvstore keeps the values scripts store() across runs, per session,
// in an embedded SQLite database (modernc.org/sqlite, pure Go).
package kvstore

import (
	"bytes"
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	_ "modernc.org/sqlite"

	"github.com/atomic-script/atomic-script/internal/sqlitefile"
)

// DB is an open store. Safe for concurrent use, also by several processes
// (WAL mode with a busy timeout).
type DB struct {
	db *sql.DB
}

// Entry describes one stored value.
type Entry struct {
	Key       string    `json:"key"`
	Size      int       `json:"size"`
	UpdatedAt time.Time `json:"updatedAt"`
}

// DefaultPath is where the store lives: $ATOMIC_STATE_DIR/store.db, else
// $XDG_STATE_HOME/atomic-script/store.db, else
// ~/.local/state/atomic-script/store.db.
func DefaultPath() (string, error) {
	if d := os.Getenv("ATOMIC_STATE_DIR"); d != "" {
		return filepath.Join(d, "store.db"), nil
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" {
		return filepath.Join(d, "atomic-script", "store.db"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("cannot find the state directory: %w (set ATOMIC_STATE_DIR)", err)
	}
	return filepath.Join(home, ".local", "state", "atomic-script", "store.db"), nil
}

// Open opens (creating if needed) the store at path. Its directory is made
// owner-only: stored values may hold anything a script saw.
func Open(path string) (*DB, error) {
	if err := privateFiles(path); err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	db, err := sql.Open("sqlite", sqlitefile.URI(path, "_pragma=journal_mode(WAL)&_pragma=busy_timeout(5000)&_pragma=synchronous(NORMAL)"))
	if err != nil {
		return nil, fmt.Errorf("store: %w", err)
	}
	if _, err := db.Exec(`CREATE TABLE IF NOT EXISTS kv (
		session TEXT NOT NULL,
		key TEXT NOT NULL,
		value TEXT NOT NULL,
		updated_at INTEGER NOT NULL,
		PRIMARY KEY (session, key)
	)`); err != nil {
		db.Close()
		return nil, fmt.Errorf("store %s: %w", path, err)
	}
	return &DB{db: db}, nil
}

// Close closes the database.
func (d *DB) Close() error { return d.db.Close() }

// All returns every value of session as JSON text by key.
func (d *DB) All(session string) (map[string]string, error) {
	rows, err := d.db.Query(`SELECT key, value FROM kv WHERE session = ?`, session)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	out := map[string]string{}
	for rows.Next() {
		var k, v string
		if err := rows.Scan(&k, &v); err != nil {
			return nil, err
		}
		out[k] = v
	}
	return out, rows.Err()
}

// Get returns one value's JSON text.
func (d *DB) Get(session, key string) (string, bool, error) {
	var v string
	err := d.db.QueryRow(`SELECT value FROM kv WHERE session = ? AND key = ?`, session, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return "", false, nil
	}
	return v, err == nil, err
}

// List describes the values of session, sorted by key.
func (d *DB) List(session string) ([]Entry, error) {
	rows, err := d.db.Query(`SELECT key, length(value), updated_at FROM kv WHERE session = ? ORDER BY key`, session)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		var e Entry
		var ts int64
		if err := rows.Scan(&e.Key, &e.Size, &ts); err != nil {
			return nil, err
		}
		e.UpdatedAt = time.UnixMilli(ts).UTC()
		out = append(out, e)
	}
	return out, rows.Err()
}

// Commit applies puts (key → JSON text) and deletes for session in one
// transaction.
func (d *DB) Commit(session string, puts map[string]string, deletes []string) error {
	return d.CommitWithin(session, puts, deletes, 0)
}

// OverCapError is the refusal of a commit that would leave a session
// holding more characters of keys and values than its cap.
type OverCapError struct {
	Total, Cap int
}

func (e *OverCapError) Error() string {
	return fmt.Sprintf("the session would hold %d characters of keys and values; the limit is %d in total", e.Total, e.Cap)
}

// ConflictError is the refusal of a commit whose expected values changed
// since they were read: another run of the session stored or deleted
// them meanwhile.
type ConflictError struct {
	Keys []string // sorted
}

func (e *ConflictError) Error() string {
	sort.Strings(e.Keys)
	q := make([]string, len(e.Keys))
	for i, k := range e.Keys {
		q[i] = fmt.Sprintf("%q", k)
	}
	return fmt.Sprintf("another run of this session changed %s after this run loaded %s", strings.Join(q, ", "), map[bool]string{true: "it", false: "them"}[len(q) == 1])
}

// CommitWithin is Commit that refuses, changing nothing, when the session
// would then hold more than maxChars characters of keys and values (0: no
// cap). The check runs inside the transaction, so runs of one session
// committing at the same time (processes, MCP calls) cannot together pass
// the cap each checked alone.
func (d *DB) CommitWithin(session string, puts map[string]string, deletes []string, maxChars int) error {
	return d.CommitChecked(session, puts, deletes, nil, maxChars)
}

// CommitChecked is CommitWithin that also refuses, changing nothing and
// returning a *ConflictError, when a key of expect does not hold the value
// given (nil: absent) — compare-and-set, checked in the same write
// transaction, so of two runs that read a value and store one computed
// from it only the first succeeds.
func (d *DB) CommitChecked(session string, puts map[string]string, deletes []string, expect map[string]*string, maxChars int) error {
	if len(puts) == 0 && len(deletes) == 0 {
		return nil
	}
	conn, err := d.db.Conn(context.Background())
	if err != nil {
		return err
	}
	defer conn.Close()
	// BEGIN IMMEDIATE takes the write lock before the check reads (waiting
	// out other writers with the busy timeout), so no commit slips in
	// between the check and the writes.
	if _, err := conn.ExecContext(context.Background(), "BEGIN IMMEDIATE"); err != nil {
		return err
	}
	committed := false
	defer func() {
		if !committed {
			conn.ExecContext(context.Background(), "ROLLBACK")
		}
	}()
	tx := connTx{conn}
	var changed []string
	for k, want := range expect {
		var got string
		err := tx.QueryRow(`SELECT value FROM kv WHERE session = ? AND key = ?`, session, k).Scan(&got)
		switch {
		case errors.Is(err, sql.ErrNoRows):
			if want != nil {
				changed = append(changed, k)
			}
		case err != nil:
			return err
		case want == nil || got != *want:
			changed = append(changed, k)
		}
	}
	if len(changed) > 0 {
		return &ConflictError{Keys: changed}
	}
	now := time.Now().UnixMilli()
	for _, k := range deletes {
		if _, err := tx.Exec(`DELETE FROM kv WHERE session = ? AND key = ?`, session, k); err != nil {
			return err
		}
	}
	for k, v := range puts {
		if _, err := tx.Exec(`INSERT INTO kv (session, key, value, updated_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (session, key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
			session, k, v, now); err != nil {
			return err
		}
	}
	if maxChars > 0 {
		var total int
		if err := tx.QueryRow(`SELECT COALESCE(SUM(length(key) + length(value)), 0) FROM kv WHERE session = ?`, session).Scan(&total); err != nil {
			return err
		}
		if total > maxChars {
			return &OverCapError{Total: total, Cap: maxChars}
		}
	}
	if _, err := conn.ExecContext(context.Background(), "COMMIT"); err != nil {
		return err
	}
	committed = true
	return nil
}

// connTx runs statements on one connection inside the transaction that
// CommitChecked began on it.
type connTx struct{ c *sql.Conn }

func (t connTx) Exec(q string, args ...any) (sql.Result, error) {
	return t.c.ExecContext(context.Background(), q, args...)
}

func (t connTx) QueryRow(q string, args ...any) *sql.Row {
	return t.c.QueryRowContext(context.Background(), q, args...)
}

// Delete removes keys of session; it reports how many existed.
func (d *DB) Delete(session string, keys ...string) (int, error) {
	n := 0
	for _, k := range keys {
		r, err := d.db.Exec(`DELETE FROM kv WHERE session = ? AND key = ?`, session, k)
		if err != nil {
			return n, err
		}
		c, _ := r.RowsAffected()
		n += int(c)
	}
	return n, nil
}

// Export returns session's values as one JSON object.
func (d *DB) Export(session string) ([]byte, error) {
	all, err := d.All(session)
	if err != nil {
		return nil, err
	}
	obj := make(map[string]json.RawMessage, len(all))
	for k, v := range all {
		obj[k] = json.RawMessage(v)
	}
	return json.MarshalIndent(obj, "", "  ")
}

// Import stores every member of a JSON object into session.
func (d *DB) Import(session string, data []byte) (int, error) {
	var obj map[string]json.RawMessage
	if err := json.Unmarshal(data, &obj); err != nil {
		return 0, fmt.Errorf("import: expected a JSON object of key → value: %w", err)
	}
	puts := make(map[string]string, len(obj))
	for k, v := range obj {
		var compact bytes.Buffer
		if err := json.Compact(&compact, v); err != nil {
			return 0, err
		}
		puts[k] = compact.String()
	}
	return len(puts), d.Commit(session, puts, nil)
}

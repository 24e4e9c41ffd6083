package files

import (
	"bytes"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// dbFixture creates a SQLite database in the workspace.
func dbFixture(t *testing.T, env *tools.Env, name string, stmts ...string) string {
	t.Helper()
	path := filepath.Join(env.Root, name)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	for _, s := range stmts {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	return path
}

var usersDB = []string{
	`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'anon', age INT)`,
	`INSERT INTO users (name, age) VALUES ('Ann', 31), ('Bob', 45), ('Cy', 22), ('Di', 38), ('Ed', 50), ('Flo', 29)`,
	`CREATE TABLE notes (body TEXT)`,
	`INSERT INTO notes VALUES ('needle in a note'), ('hay')`,
}

func TestSQLiteRead(t *testing.T) {
	env := newEnv(t)
	abs := dbFixture(t, env, "app.db", usersDB...)
	put(t, env, "fake.db", "not a database\n")
	for _, c := range []struct{ path, want string }{
		{"app.db", "[app.db: SQLite database, 2 tables. Read one with app.db:TABLE, a row with app.db:TABLE:ROWID, query with app.db?q=SELECT …]\nnotes  table  2 rows\nusers  table  6 rows"},
		{"app.db:users", "[app.db:users: table, 6 rows]\nCREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'anon', age INT)\n\n[Rows 1-5, a sample; page with app.db:users?limit=20&offset=5]\n" +
			`{"id":1,"name":"Ann","age":31}` + "\n" + `{"id":2,"name":"Bob","age":45}` + "\n" + `{"id":3,"name":"Cy","age":22}` + "\n" + `{"id":4,"name":"Di","age":38}` + "\n" + `{"id":5,"name":"Ed","age":50}`},
		{"app.db:users?where=age>30&order=age desc&limit=2&offset=0", "[app.db:users: table, 6 rows]\n\n[Rows 1-2]\n" + `{"id":5,"name":"Ed","age":50}` + "\n" + `{"id":2,"name":"Bob","age":45}` + "\n\n[More rows: continue with app.db:users?where=age>30&order=age desc&limit=2&offset=2]"},
		{"app.db:users:3", "[app.db:users:3]\n" + `{"id":3,"name":"Cy","age":22}`},
		{"app.db?q=SELECT name FROM users WHERE age < 30 ORDER BY name", "[app.db?q=…: 2 rows, columns name]\n" + `{"name":"Cy"}` + "\n" + `{"name":"Flo"}`},
		{"app.db:notes?sampleRows=1", "[app.db:notes: table, 2 rows]\nCREATE TABLE notes (body TEXT)\n\n[Rows 1-1, a sample; page with app.db:notes?limit=20&offset=1]\n" + `{"rowid":1,"body":"needle in a note"}`},
		{"fake.db", "[fake.db#"},
	} {
		res, err := call(t, env, "read", ReadArgs{Path: c.path})
		if err != nil {
			t.Errorf("read %s: %v", c.path, err)
			continue
		}
		if c.path == "fake.db" {
			if !strings.HasPrefix(res.Text, c.want) {
				t.Errorf("a .db that is not SQLite stays a file: %s", res.Text)
			}
			continue
		}
		if res.Text != c.want {
			t.Errorf("read %s:\n%s\nwant\n%s", c.path, res.Text, c.want)
		}
		if m := res.Details.(ReadDetails).Meta; m.Source != "sqlite" || m.SourcePath != abs {
			t.Errorf("read %s: meta %+v", c.path, m)
		}
	}
	res := mustCall(t, env, "read", ReadArgs{Path: "app.db:users?limit=2"})
	m := res.Details.(ReadDetails).Meta
	if m.Truncation == nil || m.Truncation.ContinueWith != "app.db:users?limit=2&offset=2" || m.Table != "users" {
		t.Errorf("page meta %+v %+v", m, m.Truncation)
	}
	for _, c := range []struct {
		path string
		code tools.Code
		msg  string
	}{
		{"app.db?q=SELECT 1; DELETE FROM users", tools.ErrNotAllowed, "it holds more than one statement"},
		{"app.db?q=WITH x AS (SELECT 1) DELETE FROM users", tools.ErrNotAllowed, "writes to the database"},
		{"app.db?q=SELECT * FROM sqlite_schema", tools.ErrNotAllowed, "authorization denied"},
		{"app.db:nope", tools.ErrNotFound, `app.db has no table or view "nope"; its tables: notes, users`},
		{"app.db:users:99", tools.ErrNotFound, "app.db:users has no row with id 99"},
		{"app.db:users?bogus=1", tools.ErrInvalidArgs, `unknown parameter "bogus"`},
		{"app.db:users:5-6", tools.ErrInvalidArgs, `"5-6" is not a row id`},
	} {
		_, err := call(t, env, "read", ReadArgs{Path: c.path})
		wantErr(t, err, c.code, c.msg)
	}
}

func TestSQLiteWrite(t *testing.T) {
	env := newEnv(t)
	abs := dbFixture(t, env, "app.db", usersDB...)
	res := mustCall(t, env, "write", WriteArgs{Path: "app.db:users", Content: ptr("// new user\n{name: 'Gus', age: 40,}")})
	w := res.Structured.(WriteResult)
	if !w.Created || w.Path != "app.db:users:7" || w.Source != "sqlite" || w.SourcePath != abs {
		t.Errorf("insert: %+v", w)
	}
	mustCall(t, env, "write", WriteArgs{Path: "app.db:users:7", Content: ptr("{age: 41}")})
	if got := mustCall(t, env, "read", ReadArgs{Path: "app.db:users:7"}).Text; !strings.HasSuffix(got, `{"id":7,"name":"Gus","age":41}`) {
		t.Errorf("after update: %s", got)
	}
	mustCall(t, env, "write", WriteArgs{Path: "app.db:users:7", Content: ptr("")})
	_, err := call(t, env, "read", ReadArgs{Path: "app.db:users:7"})
	wantErr(t, err, tools.ErrNotFound, "no row with id 7")

	before, _ := os.ReadFile(abs)
	for _, c := range []struct{ path, content, msg string }{
		{"app.db:users", "", "empty content deletes a row only when the path names one"},
		{"app.db:users", "{nick: 'x'}", `has no column "nick"`},
		{"app.db:users", "{name: {a: 1}}", "values must be scalars"},
		{"app.db:users?limit=1", "{}", "queries and parameters are read-only"},
		{"app.db", "{}", "write to one of its tables"},
	} {
		_, err := call(t, env, "write", WriteArgs{Path: c.path, Content: ptr(c.content)})
		if err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("write %s %q: %v, want %q", c.path, c.content, err, c.msg)
		}
	}
	if after, _ := os.ReadFile(abs); !bytes.Equal(before, after) {
		t.Error("a refused write changed the database")
	}

	// A dry run keeps the change in the overlay; reads see it.
	j := journal.New(journal.DryRun)
	env.Files = j
	mustCall(t, env, "write", WriteArgs{Path: "app.db:users", Content: ptr("{name: 'Dry'}")})
	if got := mustCall(t, env, "read", ReadArgs{Path: "app.db?q=SELECT name FROM users WHERE name = 'Dry'"}).Text; !strings.Contains(got, `{"name":"Dry"}`) {
		t.Errorf("dry run read: %s", got)
	}
	if after, _ := os.ReadFile(abs); !bytes.Equal(before, after) {
		t.Error("a dry run wrote the database")
	}
}

func TestSQLiteLocked(t *testing.T) {
	env := newEnv(t)
	abs := dbFixture(t, env, "app.db", usersDB...)
	other, _ := sql.Open("sqlite", abs)
	defer other.Close()
	conn, _ := other.Conn(t.Context())
	defer conn.Close()
	if _, err := conn.ExecContext(t.Context(), "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(abs)
	_, err := call(t, env, "write", WriteArgs{Path: "app.db:users", Content: ptr("{name: 'x'}")})
	wantErr(t, err, tools.ErrConflict, "app.db is locked by another connection")
	if after, _ := os.ReadFile(abs); !bytes.Equal(before, after) {
		t.Error("a write to a locked database changed it")
	}
}

// TestSQLiteReadLeavesNoFiles: reading a WAL-mode database — a listing, a
// table, a row, a query, in a dry run too — leaves no -wal or -shm file
// beside it (it is read immutable when no writer has it open); with a
// writer holding it open, a read sees what the writer committed to the
// log.
func TestSQLiteReadLeavesNoFiles(t *testing.T) {
	env := newEnv(t)
	abs := dbFixture(t, env, "app.db", append([]string{"PRAGMA journal_mode=WAL"}, usersDB...)...)
	for _, side := range []string{"-wal", "-shm"} {
		if _, err := os.Stat(abs + side); err == nil {
			t.Fatalf("the fixture left %s", side)
		}
	}
	j := journal.New(journal.DryRun)
	t.Cleanup(j.Close)
	env.Files = j
	for _, p := range []string{"app.db", "app.db:users", "app.db:users:2", "app.db?q=SELECT name FROM users WHERE age > 40"} {
		if _, err := call(t, env, "read", ReadArgs{Path: p}); err != nil {
			t.Fatalf("read %s: %v", p, err)
		}
		for _, side := range []string{"-wal", "-shm"} {
			if _, err := os.Stat(abs + side); err == nil {
				t.Fatalf("read %s left app.db%s in the workspace", p, side)
			}
		}
	}
	// A writer with changes only in its log: the read goes through it.
	w, err := sql.Open("sqlite", abs+"?_pragma=journal_mode(WAL)&_pragma=wal_autocheckpoint(0)")
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if _, err := w.Exec(`INSERT INTO users (name, age) VALUES ('Gus', 60)`); err != nil {
		t.Fatal(err)
	}
	res, err := call(t, env, "read", ReadArgs{Path: "app.db?q=SELECT name FROM users WHERE age = 60"})
	if err != nil || !strings.Contains(res.Text, `{"name":"Gus"}`) {
		t.Fatalf("read with a writer open: %v\n%s", err, res.Text)
	}
}

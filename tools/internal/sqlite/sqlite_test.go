package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// makeDB creates a database file by running stmts.
func makeDB(t testing.TB, stmts ...string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "app.db")
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

var schema = []string{
	`CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL DEFAULT 'anon', age INT, born DATE)`,
	`CREATE INDEX users_age ON users(age)`,
	`INSERT INTO users (name, age, born) VALUES ('Ann', 31, '1993-04-01'), ('Bob', 45, '1979-12-24'), ('Cy', 22, NULL)`,
	`CREATE TABLE logs (msg TEXT, data BLOB)`,
	`INSERT INTO logs VALUES ('started', x'00ff'), ('a;b -- not a comment', NULL)`,
	`CREATE TABLE kv (k TEXT PRIMARY KEY, v) WITHOUT ROWID`,
	`INSERT INTO kv VALUES ('a', 1)`,
	`CREATE VIEW adults AS SELECT name FROM users WHERE age >= 30`,
	`CREATE TABLE seq (id INTEGER PRIMARY KEY AUTOINCREMENT, x)`,
}

func open(t testing.TB, path string) *DB {
	t.Helper()
	db, err := Open(context.Background(), path, nil, "app.db")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(db.Close)
	return db
}

func TestTablesAndDescribe(t *testing.T) {
	db := open(t, makeDB(t, schema...))
	ctx := context.Background()
	tables, more, err := db.Tables(ctx)
	if err != nil || more {
		t.Fatal(err, more)
	}
	var got []string
	for _, tb := range tables {
		got = append(got, tb.Name+"/"+tb.Type+"/"+itoa(tb.Rows))
	}
	if strings.Join(got, " ") != "adults/view/2 kv/table/1 logs/table/2 seq/table/0 users/table/3" {
		t.Errorf("tables %v (sqlite_sequence must not be listed)", got)
	}
	for _, c := range []struct{ table, rowid string }{{"users", "id"}, {"logs", "rowid"}, {"kv", ""}, {"adults", ""}} {
		in, err := db.Describe(ctx, c.table)
		if err != nil || in.RowID != c.rowid {
			t.Errorf("%s: rowid %q, %v", c.table, in.RowID, err)
		}
	}
	_, err = db.Describe(ctx, "nope")
	if tools.CodeOf(err) != tools.ErrNotFound || !strings.Contains(err.Error(), `app.db has no table or view "nope"; its tables: adults, kv, logs, seq, users`) {
		t.Errorf("missing table: %v", err)
	}
	_, err = db.Describe(ctx, "sqlite_sequence")
	if tools.CodeOf(err) != tools.ErrNotAllowed {
		t.Errorf("internal table: %v", err)
	}
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

func TestSelectAndRows(t *testing.T) {
	db := open(t, makeDB(t, schema...))
	ctx := context.Background()
	users, _ := db.Describe(ctx, "users")
	rows, err := db.Select(ctx, users, Page{Where: "age > 30", Order: "age desc", Limit: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows.Values) != 1 || !rows.More || JSONRow(rows.Columns, rows.Values[0]) != `{"id":2,"name":"Bob","age":45,"born":"1979-12-24"}` {
		t.Errorf("page: %+v", rows)
	}
	logs, _ := db.Describe(ctx, "logs")
	rows, _ = db.Select(ctx, logs, Page{Limit: 5})
	if got := JSONRow(rows.Columns, rows.Values[0]); got != `{"rowid":1,"msg":"started","data":"x'00FF'"}` {
		t.Errorf("rowid table row: %s", got)
	}
	row, err := db.Row(ctx, users, 3)
	if err != nil || JSONRow(row.Columns, row.Values[0]) != `{"id":3,"name":"Cy","age":22,"born":null}` {
		t.Errorf("row 3: %+v %v", row, err)
	}
	_, err = db.Row(ctx, users, 99)
	if tools.CodeOf(err) != tools.ErrNotFound || !strings.Contains(err.Error(), "app.db:users has no row with id 99") {
		t.Errorf("row 99: %v", err)
	}
	kv, _ := db.Describe(ctx, "kv")
	if _, err := db.Row(ctx, kv, 1); err == nil || !strings.Contains(err.Error(), "has no row ids") {
		t.Errorf("WITHOUT ROWID row: %v", err)
	}
	// where and order are checked like a query.
	_, err = db.Select(ctx, users, Page{Where: "1) UNION SELECT name, sql, 1, 1 FROM sqlite_schema --", Limit: 5})
	if err == nil {
		t.Error("a where breaking out of its parentheses ran")
	}
	_, err = db.Select(ctx, users, Page{Where: "id IN (SELECT rootpage FROM sqlite_schema)", Limit: 5})
	if tools.CodeOf(err) != tools.ErrNotAllowed {
		t.Errorf("where reading sqlite_schema: %v", err)
	}
	_, err = db.Select(ctx, users, Page{Where: "1); DELETE FROM users; --", Limit: 5})
	if err == nil {
		t.Error("where with a second statement ran")
	}
}

// TestHostileQueries: every refused form of ?q= is refused by SQLite's own
// verdict (prepare, stmt_readonly, the authorizer), and the database file
// is byte-identical afterwards.
func TestHostileQueries(t *testing.T) {
	path := makeDB(t, schema...)
	before, _ := os.ReadFile(path)
	db := open(t, path)
	ctx := context.Background()
	for _, c := range []struct {
		q    string
		code tools.Code
		msg  string
	}{
		{"SELECT 1; SELECT 2", tools.ErrNotAllowed, "it holds more than one statement"},
		{"SELECT 1; DROP TABLE users", tools.ErrNotAllowed, "it holds more than one statement"},
		{"SELECT 1;\n;  DELETE FROM users", tools.ErrNotAllowed, "it holds more than one statement"},
		{"DELETE FROM users", tools.ErrNotAllowed, "SQLite reports that it writes to the database"},
		{"UPDATE users SET age = 0", tools.ErrNotAllowed, "writes to the database"},
		{"INSERT INTO users (name) VALUES ('x') RETURNING id", tools.ErrNotAllowed, "writes to the database"},
		{"WITH x AS (SELECT 1) DELETE FROM users", tools.ErrNotAllowed, "writes to the database"},
		{"WITH x AS (SELECT 1) INSERT INTO logs SELECT 'x', NULL FROM x", tools.ErrNotAllowed, "writes to the database"},
		{"DROP TABLE users", tools.ErrNotAllowed, "writes to the database"},
		{"CREATE TABLE t (x)", tools.ErrNotAllowed, "writes to the database"},
		{"ATTACH DATABASE ':memory:' AS other", tools.ErrNotAllowed, ""},
		{"DETACH DATABASE other", tools.ErrNotAllowed, "it returns no columns"},
		{"BEGIN", tools.ErrNotAllowed, "it returns no columns"},
		{"PRAGMA table_info(users)", tools.ErrNotAllowed, "authorization denied"},
		{"PRAGMA journal_mode=DELETE", tools.ErrNotAllowed, ""},
		{"SELECT * FROM pragma_table_info('users')", tools.ErrNotAllowed, "authorization denied"},
		{"SELECT name FROM pragma_database_list", tools.ErrNotAllowed, "authorization denied"},
		{"SELECT sql FROM sqlite_schema", tools.ErrNotAllowed, "authorization denied"},
		{"SELECT sql FROM sqlite_master", tools.ErrNotAllowed, "authorization denied"},
		{"SELECT * FROM sqlite_sequence", tools.ErrNotAllowed, "authorization denied"},
		{"SELECT * FROM (SELECT * FROM sqlite_temp_master)", tools.ErrNotAllowed, "authorization denied"},
		{"EXPLAIN SELECT 1", tools.ErrNotAllowed, "EXPLAIN is not a SELECT"},
		{"EXPLAIN QUERY PLAN SELECT 1", tools.ErrNotAllowed, "EXPLAIN is not a SELECT"},
		{"SELECT load_extension('evil')", tools.ErrNotAllowed, "not authorized to use function: load_extension"},
		{"VACUUM", tools.ErrNotAllowed, ""},
		{"VACUUM INTO '" + filepath.Join(t.TempDir(), "copy.db") + "'", tools.ErrNotAllowed, ""},
		{"", tools.ErrNotAllowed, "it holds no statement"},
		{"-- just a comment", tools.ErrNotAllowed, "it holds no statement"},
		{"SELEC 1", tools.ErrInvalidArgs, `the query does not compile: near "SELEC": syntax error`},
		{"SELECT * FROM nope", tools.ErrInvalidArgs, "no such table: nope"},
	} {
		_, err := db.Query(ctx, c.q)
		if err == nil || tools.CodeOf(err) != c.code || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%q: %v (%s), want %s %q", c.q, err, tools.CodeOf(err), c.code, c.msg)
		}
	}
	for _, q := range []string{
		"SELECT 1;",
		"SELECT 1; -- a trailing comment",
		"SELECT name FROM users WHERE name = 'a;b' /* ; DROP TABLE users */",
		"WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3) SELECT i FROM n",
		"VALUES (1, 'x')",
		"select count(*) from adults",
		"SELECT json_extract('{\"a\":1}', '$.a')",
	} {
		if _, err := db.Query(ctx, q); err != nil {
			t.Errorf("%q refused: %v", q, err)
		}
	}
	rows, err := db.Query(ctx, "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n")
	if err != nil || len(rows.Values) != MaxQueryRows || !rows.More {
		t.Errorf("an endless query streams %d rows, %v", len(rows.Values), err)
	}
	db.Close()
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("a refused query changed the database file")
	}
	if _, err := os.Stat(filepath.Join(filepath.Dir(path), "copy.db")); err == nil {
		t.Error("VACUUM INTO wrote a file")
	}
}

func TestApply(t *testing.T) {
	path := makeDB(t, schema...)
	image, _ := os.ReadFile(path)
	ctx := context.Background()
	apply := func(table string, row *int64, content string) ([]byte, Result, error) {
		c, err := ParseChange(table, row, content)
		if err != nil {
			return nil, Result{}, err
		}
		return Apply(ctx, image, "app.db", c)
	}
	id := func(n int64) *int64 { return &n }
	hostile := `'); DROP TABLE users; --`
	out, res, err := apply("users", nil, "// a comment\n{name: '"+strings.ReplaceAll(hostile, "'", `\'`)+"', age: 7, /* trailing comma */}")
	if err != nil || !res.Inserted || res.RowID != 4 {
		t.Fatalf("insert: %+v %v", res, err)
	}
	imgDB := func(img []byte) *DB {
		db, err := Open(ctx, "", img, "app.db")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(db.Close)
		return db
	}
	d := imgDB(out)
	users, err := d.Describe(ctx, "users")
	if err != nil {
		t.Fatal(err)
	}
	row, _ := d.Row(ctx, users, 4)
	if got := JSONRow(row.Columns, row.Values[0]); got != `{"id":4,"name":"'); DROP TABLE users; --","age":7,"born":null}` {
		t.Errorf("bound, not spliced: %s", got)
	}
	if _, res, err = apply("users", nil, "{}"); err != nil || res.RowID != 4 {
		t.Errorf("{} inserts defaults: %+v %v", res, err)
	}
	out, res, err = apply("users", id(2), `{age: 46, "born": null}`)
	if err != nil || res.Inserted || res.RowID != 2 {
		t.Fatalf("update: %+v %v", res, err)
	}
	row, _ = imgDB(out).Row(ctx, users, 2)
	if got := JSONRow(row.Columns, row.Values[0]); got != `{"id":2,"name":"Bob","age":46,"born":null}` {
		t.Errorf("updated: %s", got)
	}
	out, res, err = apply("users", id(1), "")
	if err != nil || !res.Deleted {
		t.Fatalf("delete: %+v %v", res, err)
	}
	if _, err := imgDB(out).Row(ctx, users, 1); tools.CodeOf(err) != tools.ErrNotFound {
		t.Errorf("deleted row still there: %v", err)
	}
	for _, c := range []struct {
		table   string
		row     *int64
		content string
		code    tools.Code
		msg     string
	}{
		{"users", nil, "", tools.ErrInvalidArgs, "empty content deletes a row only when the path names one"},
		{"users", nil, "{nick: 'x'}", tools.ErrInvalidArgs, `app.db:users has no column "nick"; its columns: id, name, age, born`},
		{"users", nil, "{name: {first: 'A'}}", tools.ErrInvalidArgs, `column "name": values must be scalars`},
		{"users", nil, "{name: ['A']}", tools.ErrInvalidArgs, `column "name": values must be scalars`},
		{"users", nil, "[1, 2]", tools.ErrInvalidArgs, "is not a JSON5 object"},
		{"users", nil, "{a: 1} {b: 2}", tools.ErrInvalidArgs, "more than one JSON5 value"},
		{"users", nil, "{name: 'x'", tools.ErrInvalidArgs, "is not a JSON5 object"},
		{"users", id(2), "{}", tools.ErrInvalidArgs, "names no column to update"},
		{"users", id(99), "{age: 1}", tools.ErrNotFound, "app.db:users has no row with id 99; nothing was written"},
		{"users", id(99), "", tools.ErrNotFound, "has no row with id 99"},
		{"users", nil, "{id: 2}", tools.ErrInvalidArgs, "SQLite refused the change"},
		{"adults", nil, "{name: 'x'}", tools.ErrInvalidArgs, "is a view"},
		{"nope", nil, "{}", tools.ErrNotFound, `has no table or view "nope"`},
		{"sqlite_sequence", nil, "{}", tools.ErrNotAllowed, "one of SQLite's own tables"},
	} {
		_, _, err := apply(c.table, c.row, c.content)
		if err == nil || tools.CodeOf(err) != c.code || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s %v %q: %v, want %s %q", c.table, c.row, c.content, err, c.code, c.msg)
		}
	}
}

func TestWALImageKeepsMode(t *testing.T) {
	path := makeDB(t, append([]string{"PRAGMA journal_mode=WAL"}, schema...)...)
	// Close merged the log: the file alone is the database.
	image, _ := os.ReadFile(path)
	if image[18] != 2 {
		t.Fatalf("not WAL: %d", image[18])
	}
	c, _ := ParseChange("users", nil, "{name: 'W'}")
	out, _, err := Apply(context.Background(), image, "app.db", c)
	if err != nil {
		t.Fatal(err)
	}
	if out[18] != 2 || out[19] != 2 {
		t.Error("the write took the database out of WAL mode")
	}
	if err := os.WriteFile(path, out, 0o644); err != nil {
		t.Fatal(err)
	}
	db := open(t, path)
	users, _ := db.Describe(context.Background(), "users")
	if rows, err := db.Select(context.Background(), users, Page{Limit: 10}); err != nil || len(rows.Values) != 4 {
		t.Errorf("rewritten WAL database: %v %v", rows, err)
	}
}

func TestCorruptAndLocked(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.db")
	os.WriteFile(bad, append([]byte(Magic), bytes.Repeat([]byte{0xAB}, 4000)...), 0o644)
	_, err := Open(context.Background(), bad, nil, "bad.db")
	if tools.CodeOf(err) != tools.ErrInvalidArgs || !strings.Contains(err.Error(), "bad.db is not a valid SQLite database") {
		t.Errorf("corrupt: %v", err)
	}
	path := makeDB(t, schema...)
	other, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	defer other.Close()
	conn, _ := other.Conn(context.Background())
	defer conn.Close()
	if _, err := conn.ExecContext(context.Background(), "BEGIN EXCLUSIVE"); err != nil {
		t.Fatal(err)
	}
	err = CheckUnlocked(context.Background(), path, "app.db")
	if tools.CodeOf(err) != tools.ErrConflict || !strings.Contains(err.Error(), "app.db is locked by another connection") {
		t.Errorf("locked: %v", err)
	}
	// A read waits out the busy timeout, then says the same.
	if _, err := Open(context.Background(), path, nil, "app.db"); tools.CodeOf(err) != tools.ErrConflict || !strings.Contains(err.Error(), "app.db is locked by another connection") {
		t.Errorf("read while locked: %v", err)
	}
	conn.ExecContext(context.Background(), "ROLLBACK")
	if err := CheckUnlocked(context.Background(), path, "app.db"); err != nil {
		t.Errorf("unlocked: %v", err)
	}
}

func TestParseParams(t *testing.T) {
	p, err := ParseParams("where=age>30 AND name LIKE 'A&B%'&order=age desc&limit=900&offset=2&schema=1&sampleRows=3")
	if err != nil {
		t.Fatal(err)
	}
	if p.Where != "age>30 AND name LIKE 'A&B%'" || p.Order != "age desc" || p.Limit != MaxPage || p.Capped != 900 || p.Offset != 2 || !p.Schema || p.Sample != 3 {
		t.Errorf("%+v", p)
	}
	if p, _ := ParseParams("where=age%3E30"); p.Where != "age>30" {
		t.Errorf("encoded: %q", p.Where)
	}
	for _, c := range []struct{ in, msg string }{
		{"limit=-1", "limit must be a non-negative integer"},
		{"limit=0", "limit must be at least 1"},
		{"bogus=1", `unknown parameter "bogus"; a table read takes limit, offset, order, sampleRows, schema, where`},
		{"q=SELECT 1", "q= runs a query on the database, not on a table"},
	} {
		if _, err := ParseParams(c.in); err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v", c.in, err)
		}
	}
	if q, ok := QueryText("q=SELECT a FROM t WHERE b = 'x&y=z'"); !ok || q != "SELECT a FROM t WHERE b = 'x&y=z'" {
		t.Errorf("query text %q", q)
	}
}

// FuzzParseParams: parameters parse or fail with a coded error, and limit
// and offset stay in range.
func FuzzParseParams(f *testing.F) {
	for _, s := range []string{"where=a>1&limit=2", "order=x&offset=3", "schema=1", "limit=999999", "where=a&b=1", "q=1", "sampleRows=7&bogus"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		p, err := ParseParams(raw)
		if err != nil {
			if tools.CodeOf(err) != tools.ErrInvalidArgs {
				t.Fatalf("%q: %v", raw, err)
			}
			return
		}
		if p.Limit < 1 || p.Limit > MaxPage || p.Offset < 0 || p.Sample < 0 || p.Sample > MaxPage {
			t.Fatalf("%q: out of range %+v", raw, p)
		}
	})
}

// BenchmarkQuery1000Rows runs a ?q= query of 1,000 rows (the cap) and
// renders them as JSON lines, as a read does.
func BenchmarkQuery1000Rows(b *testing.B) {
	stmts := []string{`CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT, score REAL, note TEXT)`}
	stmts = append(stmts, `WITH RECURSIVE n(v) AS (SELECT 1 UNION ALL SELECT v + 1 FROM n WHERE v < 1000) INSERT INTO t (name, score, note) SELECT 'user ' || v, v * 1.5, 'a note about row ' || v FROM n`)
	db := open(b, makeDB(b, stmts...))
	ctx := context.Background()
	for b.Loop() {
		rows, err := db.Query(ctx, "SELECT * FROM t")
		if err != nil || len(rows.Values) != 1000 {
			b.Fatal(err, len(rows.Values))
		}
		var sb strings.Builder
		RenderRows(&sb, rows)
	}
}

// TestQueryMemoryIsBounded (issue 29): a query cannot make this process
// hold more than its caps. A value longer than MaxValueBytes fails inside
// SQLite (SQLITE_LIMIT_LENGTH), rows past MaxResultBytes end the read,
// and each fails with ERR_LIMIT naming its cap. A tiny database (the one
// a script can create itself) is enough to ask for gigabytes.
func TestQueryMemoryIsBounded(t *testing.T) {
	db := open(t, makeDB(t, `CREATE TABLE t(x)`, `INSERT INTO t VALUES (1), (2), (3)`))
	for _, c := range []struct{ q, want string }{
		{"SELECT zeroblob(900000000) FROM t", "SQLITE_LIMIT_LENGTH"},
		{"SELECT randomblob(20000000)", "SQLITE_LIMIT_LENGTH"},
		{"SELECT group_concat(hex(zeroblob(1000000))) FROM (WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 100) SELECT x FROM c)", "SQLITE_LIMIT_LENGTH"},
		{"WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c LIMIT 1000) SELECT zeroblob(8000000) FROM c", "cap of 64.0MB"},
	} {
		_, err := db.Query(context.Background(), c.q)
		if tools.CodeOf(err) != tools.ErrLimit || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want ERR_LIMIT naming %s", c.q, err, c.want)
		}
	}
}

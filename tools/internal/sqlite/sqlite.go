// Package sqlite reads and changes SQLite databases for read, write and
// search (modernc.org/sqlite, pure Go). Reads use read-only connections on
// the file (or on the in-memory image of a dry run's pending content);
// user SQL — a ?q= query, a page's where and order — runs only when SQLite
// itself says it is one read-only SELECT (checkSelect) and under an
// authorizer that denies ATTACH, PRAGMA, SQLite's own tables and every
// write. Writes are applied to an in-memory image of the database and
// returned as the new file content, so the caller writes it through the
// run's journal like any file.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strconv"
	"strings"

	msqlite "modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"github.com/atomic-script/atomic-script/internal/sqlitefile"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/safefile"
	"github.com/atomic-script/atomic-script/tools/internal/units"
)

// Limits.
const (
	MaxTables      = 500    // tables a listing shows
	RowCountProbe  = 50_001 // rows counted at most per table
	DefaultSample  = 5      // rows a table read samples
	DefaultPage    = 20     // rows a page shows without limit=
	MaxPage        = 500    // rows a page shows at most
	MaxQueryRows   = 1000   // rows a ?q= query streams at most
	MaxOutputBytes = 50 << 10
	maxValueChars  = 1000 // characters of one text value shown
	busyTimeoutMS  = 2000
	// MaxValueBytes is SQLITE_LIMIT_LENGTH on every connection: the
	// longest string or blob SQLite builds (zeroblob(900000000) fails
	// inside SQLite instead of in this process's memory).
	MaxValueBytes = 16 << 20
	// MaxResultBytes bounds the values one read collects.
	MaxResultBytes = 64 << 20
)

// Magic starts every SQLite 3 database file.
const Magic = "SQLite format 3\x00"

// DB is one open database. Not safe for concurrent use.
type DB struct {
	db      *sql.DB
	conn    *sql.Conn
	path    string // the file; "" for an image
	image   []byte // the dry run's content, when set
	display string
}

// readQuery is the URI query a read opens path with. Read-only is not
// enough for a WAL-mode database: reading one makes SQLite create its -wal
// and -shm files beside it, which a read-only connection then leaves in
// the workspace (in a dry run too). A WAL-mode database with no -wal file
// has no connection open (every connection to it holds its -wal), and
// every committed change is in the file itself: it is opened immutable,
// so SQLite creates, locks and changes nothing. With a -wal file (a writer
// has it open, or crashed), it is read through that log, whose files are
// there already. A database in rollback-journal mode is read read-only
// with locks (a writer may be changing the file in place), which creates
// no file.
func readQuery(path string) string {
	if walMode(path) {
		if _, err := os.Lstat(path + "-wal"); errors.Is(err, fs.ErrNotExist) {
			return "mode=ro&immutable=1"
		}
	}
	return "mode=ro"
}

// walMode reports whether the database file at path is in WAL mode: its
// header's read and write versions (bytes 18 and 19) are 2.
func walMode(path string) bool {
	f, err := safefile.Open(path) // never blocks on a FIFO
	if err != nil {
		return false
	}
	defer f.Close()
	var h [20]byte
	if _, err := io.ReadFull(f, h[:]); err != nil {
		return false
	}
	return string(h[:16]) == Magic && h[18] == 2 && h[19] == 2
}

// Open opens the database read-only: the file at path, or image (the
// content a dry run holds for it) when image is set. display names it in
// messages.
func Open(ctx context.Context, path string, image []byte, display string) (*DB, error) {
	d := &DB{path: path, image: image, display: display}
	dsn := sqlitefile.URI(path, readQuery(path)+"&_pragma=busy_timeout("+strconv.Itoa(busyTimeoutMS)+")&_pragma=query_only(1)")
	if image != nil {
		dsn = ":memory:"
	}
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, d.fail(err)
	}
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		db.Close()
		return nil, d.fail(err)
	}
	d.db, d.conn = db, conn
	if _, err := msqlite.Limit(conn, sqlite3.SQLITE_LIMIT_LENGTH, MaxValueBytes); err != nil {
		d.Close()
		return nil, d.fail(err)
	}
	if image != nil {
		err = conn.Raw(func(dc any) error {
			s, ok := dc.(interface{ Deserialize([]byte) error })
			if !ok {
				return errors.New("the driver cannot load a database image")
			}
			return s.Deserialize(legacyHeader(image))
		})
		if err == nil {
			_, err = conn.ExecContext(ctx, "PRAGMA query_only=1")
		}
		if err != nil {
			d.Close()
			return nil, d.fail(err)
		}
	}
	// The first read says whether this is a database at all.
	var n int
	if err := conn.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_schema").Scan(&n); err != nil {
		d.Close()
		return nil, d.fail(err)
	}
	return d, nil
}

// legacyHeader returns image with the WAL flag of its header cleared: an
// in-memory database cannot be in WAL mode, and SQLite refuses to read an
// image that says it is.
func legacyHeader(image []byte) []byte {
	if len(image) < 20 || image[18] != 2 && image[19] != 2 {
		return image
	}
	c := append([]byte(nil), image...)
	c[18], c[19] = 1, 1
	return c
}

// Close releases the database.
func (d *DB) Close() {
	if d.conn != nil {
		d.conn.Close()
	}
	if d.db != nil {
		d.db.Close()
	}
}

// fail maps a driver error to a coded, actionable one.
func (d *DB) fail(err error) error {
	var te *tools.Error
	if errors.As(err, &te) {
		return err
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "SQLITE_BUSY") || strings.Contains(msg, "database is locked"):
		return &tools.Error{Code: tools.ErrConflict, Msg: fmt.Sprintf("%s is locked by another connection (%s); retry when the other program has finished its transaction", d.display, msg), Err: err}
	case strings.Contains(msg, "SQLITE_NOTADB") || strings.Contains(msg, "file is not a database") || strings.Contains(msg, "SQLITE_CORRUPT") || strings.Contains(msg, "malformed"):
		return &tools.Error{Code: tools.ErrInvalidArgs, Msg: fmt.Sprintf("%s is not a valid SQLite database (%s); check it with bash (sqlite3 %s 'PRAGMA integrity_check')", d.display, msg, d.display), Err: err}
	case strings.Contains(msg, "too big") || strings.Contains(msg, "SQLITE_TOOBIG"):
		return &tools.Error{Code: tools.ErrLimit, Msg: fmt.Sprintf("%s: a value is over %s, the longest string or blob SQLite builds here (SQLITE_LIMIT_LENGTH); select a part of it (substr(col, 1, 1000), length(col))", d.display, units.Size(MaxValueBytes)), Err: err}
	case strings.Contains(msg, "not authorized") || strings.Contains(msg, "authorization denied"):
		return &tools.Error{Code: tools.ErrNotAllowed, Msg: fmt.Sprintf("%s: the query uses something a query may not (%s): SQLite's own sqlite_%% tables, pragma_* functions, PRAGMA, ATTACH and file functions are refused; read tables by name (%s:TABLE)", d.display, msg, d.display), Err: err}
	}
	return &tools.Error{Code: tools.ErrIO, Msg: fmt.Sprintf("%s: %s", d.display, msg), Err: err}
}

// Table is one table or view of a listing.
type Table struct {
	Name, Type string // "table" or "view"
	Rows       int64  // counted up to RowCountProbe
	RowsCapped bool   // there are at least RowCountProbe rows
}

// Tables lists the tables and views (not SQLite's sqlite_% ones), up to
// MaxTables; more reports whether there were more.
func (d *DB) Tables(ctx context.Context) (tables []Table, more bool, err error) {
	rows, err := d.conn.QueryContext(ctx, `SELECT name, type FROM sqlite_schema WHERE type IN ('table','view') AND name NOT LIKE 'sqlite\_%' ESCAPE '\' ORDER BY name LIMIT ?`, MaxTables+1)
	if err != nil {
		return nil, false, d.fail(err)
	}
	for rows.Next() {
		var t Table
		if err := rows.Scan(&t.Name, &t.Type); err != nil {
			rows.Close()
			return nil, false, d.fail(err)
		}
		tables = append(tables, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, false, d.fail(err)
	}
	if len(tables) > MaxTables {
		tables, more = tables[:MaxTables], true
	}
	for i := range tables {
		n, capped, err := d.Count(ctx, tables[i].Name)
		if err != nil {
			return nil, false, err
		}
		tables[i].Rows, tables[i].RowsCapped = n, capped
	}
	return tables, more, nil
}

// Count counts a table's rows, stopping at RowCountProbe.
func (d *DB) Count(ctx context.Context, table string) (int64, bool, error) {
	var n int64
	err := d.conn.QueryRowContext(ctx, "SELECT count(*) FROM (SELECT 1 FROM "+Quote(table)+" LIMIT ?)", RowCountProbe).Scan(&n)
	if err != nil {
		return 0, false, d.fail(err)
	}
	return n, n >= RowCountProbe, nil
}

// Column is one column of a table.
type Column struct {
	Name, Type string
	NotNull    bool
	PK         int // position in the primary key, 0 if none
}

// Info is what a table is.
type Info struct {
	Name, Type string
	SQL        string   // CREATE statement
	Extra      []string // CREATE INDEX / TRIGGER statements
	Columns    []Column
	// RowID is how rows are addressed: "rowid" (or another alias SQLite
	// accepts), the name of an INTEGER PRIMARY KEY column, or "" when the
	// table has none (a view, a WITHOUT ROWID table).
	RowID string
	// RowIDShown is set when the row id is not one of the columns, so a
	// row shows it as its first key.
	RowIDShown bool
}

// Describe returns the table's schema; a missing table is ERR_NOT_FOUND
// naming the tables there are.
func (d *DB) Describe(ctx context.Context, table string) (*Info, error) {
	in := &Info{Name: table}
	err := d.conn.QueryRowContext(ctx, `SELECT type, coalesce(sql, '') FROM sqlite_schema WHERE name = ? AND type IN ('table','view')`, table).Scan(&in.Type, &in.SQL)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, d.noTable(ctx, table)
	}
	if err != nil {
		return nil, d.fail(err)
	}
	if internalTable(table) {
		return nil, tools.Errorf(tools.ErrNotAllowed, "%s: %s is one of SQLite's own tables, which are not read here; read your tables by name (%s lists them)", d.display, table, d.display)
	}
	rows, err := d.conn.QueryContext(ctx, `SELECT name, type, "notnull", pk FROM pragma_table_info(?) ORDER BY cid`, table)
	if err != nil {
		return nil, d.fail(err)
	}
	for rows.Next() {
		var c Column
		if err := rows.Scan(&c.Name, &c.Type, &c.NotNull, &c.PK); err != nil {
			rows.Close()
			return nil, d.fail(err)
		}
		in.Columns = append(in.Columns, c)
	}
	rows.Close()
	extra, err := d.conn.QueryContext(ctx, `SELECT sql FROM sqlite_schema WHERE tbl_name = ? AND type IN ('index','trigger') AND sql IS NOT NULL ORDER BY type, name`, table)
	if err != nil {
		return nil, d.fail(err)
	}
	for extra.Next() {
		var s string
		if extra.Scan(&s) == nil {
			in.Extra = append(in.Extra, s)
		}
	}
	extra.Close()
	if in.Type == "table" {
		var withoutRowid int
		if err := d.conn.QueryRowContext(ctx, `SELECT wr FROM pragma_table_list WHERE name = ? AND schema = 'main'`, table).Scan(&withoutRowid); err != nil {
			return nil, d.fail(err)
		}
		if withoutRowid == 0 {
			in.RowID, in.RowIDShown = rowIDAlias(in.Columns)
		}
	}
	return in, nil
}

// rowIDAlias picks how a rowid table's rows are addressed: its INTEGER
// PRIMARY KEY column (an alias of the rowid), else the first of rowid,
// _rowid_ and oid that no column shadows.
func rowIDAlias(cols []Column) (string, bool) {
	pks := 0
	var pk Column
	names := map[string]bool{}
	for _, c := range cols {
		names[strings.ToLower(c.Name)] = true
		if c.PK > 0 {
			pks++
			pk = c
		}
	}
	if pks == 1 && strings.EqualFold(pk.Type, "INTEGER") {
		return pk.Name, false
	}
	for _, a := range []string{"rowid", "_rowid_", "oid"} {
		if !names[a] {
			return a, true
		}
	}
	return "", false
}

// noTable is the error for a table that does not exist.
func (d *DB) noTable(ctx context.Context, table string) error {
	tables, _, _ := d.Tables(ctx)
	var names []string
	for _, t := range tables {
		names = append(names, t.Name)
		if len(names) == 20 {
			names = append(names, "…")
			break
		}
	}
	list := "it has no tables"
	if len(names) > 0 {
		list = "its tables: " + strings.Join(names, ", ")
	}
	return tools.Errorf(tools.ErrNotFound, "%s has no table or view %q; %s", d.display, table, list)
}

// Quote quotes an SQL identifier.
func Quote(name string) string { return `"` + strings.ReplaceAll(name, `"`, `""`) + `"` }

// Rows is the result of a page, a row read or a query.
type Rows struct {
	Columns []string
	Values  [][]any // one slice per row, in column order
	// More is set when rows remain past the last one returned.
	More bool
}

// Page asks for rows of a table: where and order are SQL the caller took
// from the user (a page's where= and order=), so the statement they build
// passes the same check as a ?q= query.
type Page struct {
	Where, Order  string
	Limit, Offset int
}

// Select returns a page of the table's rows (row id first when it is not
// a column). Values come back as stored: a date column's text stays text.
func (d *DB) Select(ctx context.Context, in *Info, p Page) (*Rows, error) {
	q := d.selectList(in) + " FROM " + Quote(in.Name)
	if p.Where != "" {
		q += " WHERE (" + p.Where + "\n)"
	}
	if p.Order != "" {
		q += " ORDER BY " + p.Order
	} else if in.RowID != "" {
		q += " ORDER BY " + Quote(in.RowID)
	}
	q += " LIMIT " + strconv.Itoa(p.Limit+1) + " OFFSET " + strconv.Itoa(p.Offset)
	rows, err := d.guarded(ctx, q, p.Limit)
	if err != nil {
		return nil, err
	}
	return rows, nil
}

// Row returns the row with rowid id, or ERR_NOT_FOUND.
func (d *DB) Row(ctx context.Context, in *Info, id int64) (*Rows, error) {
	if in.RowID == "" {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s:%s has no row ids (a view or a WITHOUT ROWID table); select rows with %s:%s?where=…", d.display, in.Name, d.display, in.Name)
	}
	q := d.selectList(in) + " FROM " + Quote(in.Name) + " WHERE " + Quote(in.RowID) + " = " + strconv.FormatInt(id, 10)
	rows, err := d.guarded(ctx, q, 1)
	if err != nil {
		return nil, err
	}
	if len(rows.Values) == 0 {
		return nil, tools.Errorf(tools.ErrNotFound, "%s:%s has no row with %s %d", d.display, in.Name, in.RowID, id)
	}
	return rows, nil
}

// selectList is "SELECT rowid, +a AS a, …": the unary plus keeps each
// value as stored (the driver would turn a DATE column's text into a
// time value).
func (d *DB) selectList(in *Info) string {
	var cols []string
	if in.RowIDShown {
		cols = append(cols, Quote(in.RowID)+" AS "+Quote(in.RowID))
	}
	for _, c := range in.Columns {
		cols = append(cols, "+"+Quote(c.Name)+" AS "+Quote(c.Name))
	}
	if len(cols) == 0 {
		cols = []string{"*"}
	}
	return "SELECT " + strings.Join(cols, ", ")
}

// Query runs a user's ?q= query: one read-only SELECT (checked by SQLite),
// streaming at most MaxQueryRows rows.
func (d *DB) Query(ctx context.Context, q string) (*Rows, error) {
	return d.guarded(ctx, q, MaxQueryRows)
}

// guarded runs user SQL: checked by checkSelect, then run under the
// authorizer on the read-only connection, keeping at most limit rows.
func (d *DB) guarded(ctx context.Context, q string, limit int) (*Rows, error) {
	if err := checkSelect(d.path, d.image, q); err != nil {
		var te *tools.Error
		if errors.As(err, &te) {
			return nil, tools.Errorf(te.Code, "%s: %s", d.display, te.Msg)
		}
		return nil, d.fail(err)
	}
	setAuth := func(fn msqlite.AuthorizerFn) error {
		return d.conn.Raw(func(dc any) error {
			r, ok := dc.(msqlite.AuthorizerRegisterer)
			if !ok {
				return errors.New("the driver has no authorizer")
			}
			return r.RegisterAuthorizer(fn)
		})
	}
	if err := setAuth(queryAuthorizer); err != nil {
		return nil, d.fail(err)
	}
	defer setAuth(nil)
	rows, err := d.conn.QueryContext(ctx, q)
	if err != nil {
		return nil, d.fail(err)
	}
	defer rows.Close()
	cols, err := rows.Columns()
	if err != nil {
		return nil, d.fail(err)
	}
	out := &Rows{Columns: cols}
	var total int64
	for rows.Next() {
		if len(out.Values) == limit {
			out.More = true
			break
		}
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rows.Scan(ptrs...); err != nil {
			return nil, d.fail(err)
		}
		n := rowBytes(vals)
		if total += n; total > MaxResultBytes {
			return nil, tools.Errorf(tools.ErrLimit, "%s: the result is over its cap of %s after %d rows; select fewer rows (LIMIT) or less of each value (substr(col, 1, 1000))", d.display, units.Size(MaxResultBytes), len(out.Values))
		}
		if err := tools.Hold(ctx, n, d.display); err != nil {
			return nil, err
		}
		out.Values = append(out.Values, vals)
	}
	if err := rows.Err(); err != nil {
		return nil, d.fail(err)
	}
	return out, nil
}

// rowBytes is what a row's values hold.
func rowBytes(vals []any) int64 {
	n := int64(16 * len(vals))
	for _, v := range vals {
		switch v := v.(type) {
		case string:
			n += int64(len(v))
		case []byte:
			n += int64(len(v))
		}
	}
	return n
}

// refused is the error of a query SQLite says is not one read-only SELECT.
func refused(why string) error {
	return tools.Errorf(tools.ErrNotAllowed, "only one read-only SELECT runs here, and this query was refused: %s. Write changes with write (TABLE for an insert, TABLE:ROWID for an update), or use bash (sqlite3) for anything else", why)
}

// queryError is the error of a query SQLite could not compile.
func queryError(msg string) error {
	return tools.Errorf(tools.ErrInvalidArgs, "the query does not compile: %s", msg)
}

// CheckUnlocked reports (as ERR_CONFLICT) a database file another
// connection holds a write lock on: a write must not replace it under that
// program's transaction.
func CheckUnlocked(ctx context.Context, path, display string) error {
	d := &DB{display: display}
	db, err := sql.Open("sqlite", sqlitefile.URI(path, "_pragma=busy_timeout(200)"))
	if err != nil {
		return d.fail(err)
	}
	defer db.Close()
	conn, err := db.Conn(ctx)
	if err != nil {
		return d.fail(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN IMMEDIATE"); err != nil {
		return d.fail(err)
	}
	_, err = conn.ExecContext(ctx, "ROLLBACK")
	return err
}

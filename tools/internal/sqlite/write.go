package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/titanous/json5"

	"github.com/atomic-script/atomic-script/tools"
)

// Change is one write to a table: an insert (no row id), an update of the
// given columns (a row id and values), or a delete (a row id, no values).
type Change struct {
	Table  string
	RowID  *int64
	Values map[string]any // nil for a delete
	// Columns are the names of Values in the order written.
	Columns []string
}

// ParseChange reads write's content for a table or a row: a JSON5 object
// (comments, trailing commas, unquoted keys and single quotes allowed) of
// column values; empty content deletes the row (only with a row id); {}
// inserts a row of defaults. Values must be scalars.
func ParseChange(table string, rowID *int64, content string) (*Change, error) {
	c := &Change{Table: table, RowID: rowID}
	if strings.TrimSpace(content) == "" {
		if rowID == nil {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "empty content deletes a row only when the path names one (TABLE:ROWID); to insert, write a JSON object of column values ({} for all defaults)")
		}
		return c, nil
	}
	dec := json5.NewDecoder(strings.NewReader(content))
	dec.UseNumber()
	var obj map[string]any
	if err := dec.Decode(&obj); err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "the content is not a JSON5 object of column values (%v); write e.g. {name: 'Ann', age: 31}", err)
	}
	if obj == nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "the content must be a JSON5 object of column values, not null")
	}
	var extra any
	if err := dec.Decode(&extra); err != io.EOF {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "the content holds more than one JSON5 value; write one object of column values")
	}
	c.Values = map[string]any{}
	for k, v := range obj {
		sv, err := scalar(k, v)
		if err != nil {
			return nil, err
		}
		c.Values[k] = sv
		c.Columns = append(c.Columns, k)
	}
	sort.Strings(c.Columns)
	if rowID != nil && len(c.Values) == 0 {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "{} names no column to update; write the columns to change ({name: 'Ann'}), or empty content to delete the row")
	}
	return c, nil
}

// scalar converts a decoded JSON5 value to what is bound: integers that
// fit as int64, other numbers as float64, booleans as 1 and 0, strings
// and null as themselves. Objects and arrays are refused.
func scalar(col string, v any) (any, error) {
	switch x := v.(type) {
	case nil, string:
		return x, nil
	case bool:
		if x {
			return int64(1), nil
		}
		return int64(0), nil
	case json5.Number:
		if n, err := strconv.ParseInt(x.String(), 10, 64); err == nil {
			return n, nil
		}
		f, err := strconv.ParseFloat(x.String(), 64)
		if err != nil || math.IsInf(f, 0) {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "column %q: %s is not a number SQLite can store; write it as a string", col, x)
		}
		return f, nil
	case float64:
		return x, nil
	}
	return nil, tools.Errorf(tools.ErrInvalidArgs, "column %q: values must be scalars (string, number, boolean or null), not %T; store structured data as a JSON string", col, v)
}

// Result is what a change did.
type Result struct {
	RowID    int64 // the inserted, updated or deleted row
	Inserted bool
	Deleted  bool
}

// Apply makes change on the database image and returns the new image
// (the file content to write). Column names are checked against the
// table; values are bound, never spliced into SQL. A WAL-mode database
// keeps its mode.
func Apply(ctx context.Context, image []byte, display string, change *Change) ([]byte, Result, error) {
	d := &DB{display: display}
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		return nil, Result{}, d.fail(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	conn, err := db.Conn(ctx)
	if err != nil {
		return nil, Result{}, d.fail(err)
	}
	defer conn.Close()
	d.db, d.conn = db, conn
	if err := conn.Raw(func(dc any) error {
		return dc.(interface{ Deserialize([]byte) error }).Deserialize(legacyHeader(image))
	}); err != nil {
		return nil, Result{}, d.fail(err)
	}
	in, err := d.Describe(ctx, change.Table)
	if err != nil {
		return nil, Result{}, err
	}
	if in.Type != "table" {
		return nil, Result{}, tools.Errorf(tools.ErrInvalidArgs, "%s:%s is a view; write to the table it reads", display, in.Name)
	}
	known := map[string]bool{}
	var names []string
	for _, c := range in.Columns {
		known[c.Name] = true
		names = append(names, c.Name)
	}
	for _, c := range change.Columns {
		if !known[c] {
			return nil, Result{}, tools.Errorf(tools.ErrInvalidArgs, "%s:%s has no column %q; its columns: %s", display, in.Name, c, strings.Join(names, ", "))
		}
	}
	var res Result
	var q string
	var args []any
	switch {
	case change.RowID == nil && len(change.Columns) == 0:
		q = "INSERT INTO " + Quote(in.Name) + " DEFAULT VALUES"
		res.Inserted = true
	case change.RowID == nil:
		marks := strings.TrimSuffix(strings.Repeat("?, ", len(change.Columns)), ", ")
		quoted := make([]string, len(change.Columns))
		for i, c := range change.Columns {
			quoted[i] = Quote(c)
			args = append(args, change.Values[c])
		}
		q = "INSERT INTO " + Quote(in.Name) + " (" + strings.Join(quoted, ", ") + ") VALUES (" + marks + ")"
		res.Inserted = true
	default:
		if in.RowID == "" {
			return nil, Result{}, tools.Errorf(tools.ErrInvalidArgs, "%s:%s has no row ids (WITHOUT ROWID); change its rows with bash (sqlite3)", display, in.Name)
		}
		res.RowID = *change.RowID
		if change.Values == nil {
			q = "DELETE FROM " + Quote(in.Name) + " WHERE " + Quote(in.RowID) + " = ?"
			res.Deleted = true
		} else {
			sets := make([]string, len(change.Columns))
			for i, c := range change.Columns {
				sets[i] = Quote(c) + " = ?"
				args = append(args, change.Values[c])
			}
			q = "UPDATE " + Quote(in.Name) + " SET " + strings.Join(sets, ", ") + " WHERE " + Quote(in.RowID) + " = ?"
		}
		args = append(args, *change.RowID)
	}
	r, err := conn.ExecContext(ctx, q, args...)
	if err != nil {
		return nil, Result{}, tools.Errorf(tools.ErrInvalidArgs, "%s:%s: SQLite refused the change: %v", display, in.Name, err)
	}
	if res.Inserted {
		res.RowID, _ = r.LastInsertId()
	} else if n, _ := r.RowsAffected(); n == 0 {
		return nil, Result{}, tools.Errorf(tools.ErrNotFound, "%s:%s has no row with %s %d; nothing was written", display, in.Name, in.RowID, res.RowID)
	}
	var out []byte
	err = conn.Raw(func(dc any) error {
		var err error
		out, err = dc.(interface{ Serialize() ([]byte, error) }).Serialize()
		return err
	})
	if err != nil {
		return nil, Result{}, d.fail(err)
	}
	if len(image) > 19 && len(out) > 19 && image[18] == 2 && image[19] == 2 {
		out[18], out[19] = 2, 2 // keep WAL mode
	}
	return out, res, nil
}

// IsSQLite reports whether data starts with the SQLite header.
func IsSQLite(data []byte) bool { return bytes.HasPrefix(data, []byte(Magic)) }

// Describe of a change, for the write's confirmation.
func (r Result) String() string {
	switch {
	case r.Inserted:
		return fmt.Sprintf("inserted row %d", r.RowID)
	case r.Deleted:
		return fmt.Sprintf("deleted row %d", r.RowID)
	}
	return fmt.Sprintf("updated row %d", r.RowID)
}

package resource

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/internal/sqlite"
)

// MaxSearchRows bounds the rows of one table search reads.
const MaxSearchRows = 20_000

// openDB opens the target's database read-only as the run sees it: the
// file, or a dry run's pending content.
func openDB(ctx context.Context, env *tools.Env, t *Target) (*sqlite.DB, error) {
	fi, err := env.Files.Stat(t.Abs)
	if err != nil {
		return nil, fileError(t.Display, err)
	}
	if fi.Sys() == nil { // pending in a dry run
		image, err := env.Files.ReadFile(t.Abs)
		if err != nil {
			return nil, fileError(t.Display, err)
		}
		return sqlite.Open(ctx, "", image, t.Display)
	}
	return sqlite.Open(ctx, t.Abs, nil, t.Display)
}

func sqliteMeta(t *Target, table, row string) Meta {
	return Meta{Source: "sqlite", SourcePath: t.Abs, Table: table, Row: row}
}

// readSQLite reads a database: its tables, a table (schema and sample, or
// a page of rows), a row, or a ?q= query.
func readSQLite(ctx context.Context, env *tools.Env, t *Target) (*tools.Result, error) {
	if t.Path.Sel != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "read: %s is a SQLite database; line selectors do not apply. Read DB:TABLE, DB:TABLE:ROWID, DB:TABLE?limit=20&offset=0 or DB?q=SELECT …", t.Display)
	}
	db, err := openDB(ctx, env, t)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	table, row := selector.Table(t.Path.Inner)
	switch {
	case table == "" && t.Path.HasQuery:
		q, ok := sqlite.QueryText(t.Path.Query)
		if !ok {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "read: %s?%s: a database takes ?q=SELECT …; page a table with %s:TABLE?limit=20", t.Display, t.Path.Query, t.Display)
		}
		return readQuery(ctx, db, t, q)
	case table == "":
		return listTables(ctx, db, t)
	}
	in, err := db.Describe(ctx, table)
	if err != nil {
		if row != "" && tools.CodeOf(err) == tools.ErrNotFound {
			// A table whose name has a colon: "odd:name".
			if in2, err2 := db.Describe(ctx, t.Path.Inner); err2 == nil {
				in, row, err = in2, "", nil
			}
		}
		if err != nil {
			return nil, err
		}
	}
	if row != "" {
		id, err := strconv.ParseInt(row, 10, 64)
		if err != nil {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "read: %s:%s: %q is not a row id (an integer); page rows with %s:%s?where=…", t.Display, in.Name, row, t.Display, in.Name)
		}
		rows, err := db.Row(ctx, in, id)
		if err != nil {
			return nil, err
		}
		text := fmt.Sprintf("[%s:%s:%d]\n%s", t.Display, in.Name, id, sqlite.JSONRow(rows.Columns, rows.Values[0]))
		return &tools.Result{Text: text, Details: Details{Meta: sqliteMeta(t, in.Name, row)}}, nil
	}
	p, err := sqlite.ParseParams(t.Path.Query)
	if err != nil {
		return nil, tools.Errorf(tools.CodeOf(err), "read: %s: %v", t.Given, err)
	}
	return readTable(ctx, db, t, in, p)
}

func listTables(ctx context.Context, db *sqlite.DB, t *Target) (*tools.Result, error) {
	tables, more, err := db.Tables(ctx)
	if err != nil {
		return nil, err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "[%s: SQLite database, %s. Read one with %s:TABLE, a row with %s:TABLE:ROWID, query with %s?q=SELECT …]", t.Display, plural(len(tables), "table"), t.Display, t.Display, t.Display)
	for _, tb := range tables {
		rows := plural(int(tb.Rows), "row")
		if tb.RowsCapped {
			rows = strconv.Itoa(sqlite.RowCountProbe-1) + "+ rows"
		}
		fmt.Fprintf(&b, "\n%s  %s  %s", tb.Name, tb.Type, rows)
	}
	meta := sqliteMeta(t, "", "")
	if more {
		fmt.Fprintf(&b, "\n\n[Showing the first %d tables by name; query the rest with %s?q=SELECT …]", sqlite.MaxTables, t.Display)
		meta.Truncation = &Truncation{Truncated: true, TruncatedBy: "entries", OutputLines: len(tables)}
		meta.Limits = &Limits{MaxEntries: sqlite.MaxTables}
	}
	return &tools.Result{Text: b.String(), Details: Details{Meta: meta}}, nil
}

// readTable shows a table: without parameters its schema, row count and
// a sample; with them a page of rows (and the schema with schema=1).
func readTable(ctx context.Context, db *sqlite.DB, t *Target, in *sqlite.Info, p sqlite.Params) (*tools.Result, error) {
	paged := len(p.Set) > 0 && !(len(p.Set) == 1 && (p.Set["sampleRows"] || p.Set["schema"]))
	n, capped, err := db.Count(ctx, in.Name)
	if err != nil {
		return nil, err
	}
	count := plural(int(n), "row")
	if capped {
		count = strconv.Itoa(sqlite.RowCountProbe-1) + "+ rows"
	}
	var b strings.Builder
	label := t.Display + ":" + in.Name
	fmt.Fprintf(&b, "[%s: %s, %s]", label, in.Type, count)
	if !paged || p.Schema {
		b.WriteString("\n" + in.SQL)
		for _, s := range in.Extra {
			b.WriteString("\n" + s)
		}
	}
	page := sqlite.Page{Where: p.Where, Order: p.Order, Limit: p.Limit, Offset: p.Offset}
	if !paged {
		page.Limit = p.Sample
	}
	meta := sqliteMeta(t, in.Name, "")
	if page.Limit == 0 {
		return &tools.Result{Text: b.String(), Details: Details{Meta: meta}}, nil
	}
	rows, err := db.Select(ctx, in, page)
	if err != nil {
		return nil, err
	}
	var body strings.Builder
	shown := sqlite.RenderRows(&body, rows)
	first, last := page.Offset+1, page.Offset+shown
	switch {
	case shown == 0 && page.Offset > 0:
		fmt.Fprintf(&b, "\n\n[No rows at offset %d]", page.Offset)
	case shown == 0:
		b.WriteString("\n\n[No rows]")
	case !paged:
		fmt.Fprintf(&b, "\n\n[Rows %d-%d, a sample; page with %s?limit=%d&offset=%d]", first, last, label, sqlite.DefaultPage, last)
	default:
		fmt.Fprintf(&b, "\n\n[Rows %d-%d]", first, last)
	}
	b.WriteString(body.String())
	if p.Capped > 0 {
		fmt.Fprintf(&b, "\n[limit=%d was capped at %d rows]", p.Capped, sqlite.MaxPage)
		meta.Limits = &Limits{MaxRows: sqlite.MaxPage}
	}
	if paged && (rows.More || shown < len(rows.Values)) {
		next := p
		next.Offset = last
		cont := label + "?" + encodeParams(next)
		by := "rows"
		if shown < len(rows.Values) {
			by = "bytes"
		}
		fmt.Fprintf(&b, "\n\n[More rows: continue with %s]", cont)
		meta.Truncation = &Truncation{Truncated: true, TruncatedBy: by, OutputLines: shown, ContinueWith: cont}
		if meta.Limits == nil {
			meta.Limits = &Limits{MaxRows: p.Limit, MaxBytes: sqlite.MaxOutputBytes}
		}
	}
	return &tools.Result{Text: b.String(), Details: Details{Meta: meta}}, nil
}

// encodeParams writes page parameters back as typed (limit and offset
// always).
func encodeParams(p sqlite.Params) string {
	var parts []string
	if p.Where != "" {
		parts = append(parts, "where="+p.Where)
	}
	if p.Order != "" {
		parts = append(parts, "order="+p.Order)
	}
	parts = append(parts, "limit="+strconv.Itoa(p.Limit), "offset="+strconv.Itoa(p.Offset))
	if p.Schema {
		parts = append(parts, "schema=1")
	}
	return strings.Join(parts, "&")
}

func readQuery(ctx context.Context, db *sqlite.DB, t *Target, q string) (*tools.Result, error) {
	rows, err := db.Query(ctx, q)
	if err != nil {
		return nil, err
	}
	var body strings.Builder
	shown := sqlite.RenderRows(&body, rows)
	var b strings.Builder
	fmt.Fprintf(&b, "[%s?q=…: %s, columns %s]", t.Display, plural(shown, "row"), strings.Join(rows.Columns, ", "))
	b.WriteString(body.String())
	meta := sqliteMeta(t, "", "")
	switch {
	case shown < len(rows.Values):
		fmt.Fprintf(&b, "\n\n[Showing %d of %d rows (%s limit); page with LIMIT and OFFSET in the query]", shown, len(rows.Values), units.Size(sqlite.MaxOutputBytes))
		meta.Truncation = &Truncation{Truncated: true, TruncatedBy: "bytes", OutputLines: shown, TotalLines: len(rows.Values)}
		meta.Limits = &Limits{MaxRows: sqlite.MaxQueryRows, MaxBytes: sqlite.MaxOutputBytes}
	case rows.More:
		fmt.Fprintf(&b, "\n\n[Stopped at %d rows; page with LIMIT and OFFSET in the query]", sqlite.MaxQueryRows)
		meta.Truncation = &Truncation{Truncated: true, TruncatedBy: "rows", OutputLines: shown}
		meta.Limits = &Limits{MaxRows: sqlite.MaxQueryRows, MaxBytes: sqlite.MaxOutputBytes}
	}
	return &tools.Result{Text: b.String(), Details: Details{Meta: meta}}, nil
}

// writeSQLite writes to a table (an insert), a row (an update, or with
// empty content a delete). The change is applied to an image of the
// database and the new file written through env.Files, so --dry-run and
// --atomic cover it; a database another program holds a lock on, or one
// with an unmerged write-ahead log, is refused.
func writeSQLite(ctx context.Context, env *tools.Env, t *Target, content string) (*Written, error) {
	table, row := selector.Table(t.Path.Inner)
	switch {
	case t.Path.Sel != nil || t.Path.HasQuery:
		return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s: write to DB:TABLE (insert) or DB:TABLE:ROWID (update, or delete with empty content); queries and parameters are read-only", t.Given)
	case table == "":
		return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s is a SQLite database; write to one of its tables (%s:TABLE) or rows (%s:TABLE:ROWID)", t.Display, t.Display, t.Display)
	}
	var rowID *int64
	if row != "" {
		id, err := strconv.ParseInt(row, 10, 64)
		if err != nil {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s: %q is not a row id (an integer)", t.Given, row)
		}
		rowID = &id
	}
	change, err := sqlite.ParseChange(table, rowID, content)
	if err != nil {
		return nil, tools.Errorf(tools.CodeOf(err), "write: %s: %v", t.Given, err)
	}
	unlock := Mutations.Lock(t.Abs)
	defer unlock()
	fi, err := env.Files.Stat(t.Abs)
	if err != nil {
		return nil, fileError(t.Display, err)
	}
	if fi.Sys() != nil { // on disk: no other writer, no log to merge
		for _, side := range []string{"-wal", "-journal"} {
			if si, err := os.Stat(t.Abs + side); err == nil && si.Size() > 0 {
				return nil, tools.Errorf(tools.ErrConflict, "write: %s has a %s file with changes not yet in the database (a program has it open, or one crashed); close that program, or run sqlite3 %s 'PRAGMA wal_checkpoint(TRUNCATE)', then retry", t.Display, side, t.Display)
			}
		}
		if err := sqlite.CheckUnlocked(ctx, t.Abs, t.Display); err != nil {
			return nil, err
		}
	}
	image, err := env.Files.ReadFile(t.Abs)
	if err != nil {
		return nil, fileError(t.Display, err)
	}
	out, res, err := sqlite.Apply(ctx, image, t.Display, change)
	if err != nil {
		return nil, err
	}
	if ctx.Err() != nil {
		return nil, tools.Errorf(tools.CodeOf(ctx.Err()), "Operation aborted")
	}
	if err := env.Files.WriteFile(t.Abs, out, 0o644); err != nil {
		return nil, writeError(t.Display, err)
	}
	display := fmt.Sprintf("%s:%s:%d", t.Display, table, res.RowID)
	return &Written{
		Display: display, Bytes: len(content), Created: res.Inserted,
		Text:   fmt.Sprintf("Successfully %s of %s:%s (%s); read it with %s", res, t.Display, table, t.Display, display),
		Source: "sqlite", SourcePath: t.Abs,
	}, nil
}

// sqliteTexts renders tables as text for search: one JSON row a line.
func sqliteTexts(ctx context.Context, env *tools.Env, t *Target) ([]Text, []string, error) {
	if t.Path.HasQuery {
		return nil, nil, tools.Errorf(tools.ErrInvalidArgs, "search: %s: search a database or a table (DB, DB:TABLE), not a query", t.Given)
	}
	db, err := openDB(ctx, env, t)
	if err != nil {
		return nil, nil, err
	}
	defer db.Close()
	var names []string
	if table, _ := selector.Table(t.Path.Inner); table != "" {
		names = []string{t.Path.Inner}
	} else {
		tables, _, err := db.Tables(ctx)
		if err != nil {
			return nil, nil, err
		}
		for _, tb := range tables {
			names = append(names, tb.Name)
		}
	}
	var out []Text
	var skipped []string
	for _, name := range names {
		in, err := db.Describe(ctx, name)
		if err != nil {
			return nil, nil, err
		}
		rows, err := db.Select(ctx, in, sqlite.Page{Limit: MaxSearchRows})
		if err != nil {
			return nil, nil, err
		}
		var b strings.Builder
		for i, v := range rows.Values {
			if i > 0 {
				b.WriteByte('\n')
			}
			b.WriteString(sqlite.JSONRow(rows.Columns, v))
		}
		if rows.More {
			skipped = append(skipped, fmt.Sprintf("%s:%s rows after the first %d", t.Display, in.Name, MaxSearchRows))
		}
		out = append(out, Text{Key: t.Abs + ":" + in.Name, Display: t.Display + ":" + in.Name, Body: b.String(), Sel: t.Path.Sel, ReadOnly: true})
	}
	return out, skipped, nil
}

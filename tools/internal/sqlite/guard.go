package sqlite

import (
	"fmt"
	"strings"
	"unsafe"

	"modernc.org/libc"
	msqlite "modernc.org/sqlite"
	lib "modernc.org/sqlite/lib"

	"github.com/atomic-script/atomic-script/internal/sqlitefile"
)

// checkSelect asks SQLite itself whether q is one read-only SELECT. On a
// read-only handle of the same database (the file, or the in-memory image
// of a dry run), q is prepared: it must compile to exactly one statement
// (what follows is only whitespace, comments and semicolons), one that
// sqlite3_stmt_readonly calls read-only, that is no EXPLAIN, and that
// returns columns. No keyword list is consulted. Running it is further
// fenced by the authorizer (queryAuthorizer) and a read-only connection.
func checkSelect(path string, image []byte, q string) error {
	tls := libc.NewTLS()
	defer tls.Close()
	db, err := rawOpen(tls, path, image)
	if err != nil {
		return err
	}
	defer lib.Xsqlite3_close_v2(tls, db)

	csql, err := libc.CString(q)
	if err != nil {
		return err
	}
	defer libc.Xfree(tls, csql)
	pp := libc.Xmalloc(tls, libc.Tsize_t(2*ptrSize))
	if pp == 0 {
		return fmt.Errorf("out of memory")
	}
	defer libc.Xfree(tls, pp)
	ppStmt, ppTail := pp, pp+ptrSize

	prepare := func(z uintptr) (stmt, tail uintptr, err error) {
		if rc := lib.Xsqlite3_prepare_v2(tls, db, z, -1, ppStmt, ppTail); rc != lib.SQLITE_OK {
			return 0, 0, queryError(libc.GoString(lib.Xsqlite3_errmsg(tls, db)))
		}
		return loadPtr(ppStmt), loadPtr(ppTail), nil
	}
	stmt, tail, err := prepare(csql)
	if err != nil {
		return err
	}
	if stmt == 0 {
		return refused("it holds no statement (only whitespace or comments)")
	}
	defer lib.Xsqlite3_finalize(tls, stmt)
	// Whatever follows the first statement must compile to nothing.
	for tail != 0 && libc.GoBytes(tail, 1)[0] != 0 {
		next, rest, err := prepare(tail)
		if err != nil {
			return refused("it holds more than one statement")
		}
		if next != 0 {
			lib.Xsqlite3_finalize(tls, next)
			return refused("it holds more than one statement")
		}
		if rest == tail {
			break
		}
		tail = rest
	}
	switch {
	case lib.Xsqlite3_stmt_isexplain(tls, stmt) != 0:
		return refused("EXPLAIN is not a SELECT")
	case lib.Xsqlite3_stmt_readonly(tls, stmt) == 0:
		return refused("SQLite reports that it writes to the database")
	case lib.Xsqlite3_column_count(tls, stmt) == 0:
		return refused("it returns no columns (only a SELECT is run)")
	}
	return nil
}

const ptrSize = unsafe.Sizeof(uintptr(0))

// loadPtr reads the C pointer stored at p (memory SQLite wrote, outside
// the Go heap).
func loadPtr(p uintptr) uintptr {
	return *(*uintptr)(unsafe.Pointer(&libc.GoBytes(p, int(ptrSize))[0]))
}

// rawOpen opens a read-only raw handle on the database file at path, or
// on a copy of image when image is set.
func rawOpen(tls *libc.TLS, path string, image []byte) (uintptr, error) {
	name := sqlitefile.URI(path, readQuery(path)) // see readQuery
	if image != nil {
		name = ":memory:"
	}
	cname, err := libc.CString(name)
	if err != nil {
		return 0, err
	}
	defer libc.Xfree(tls, cname)
	ppDb := libc.Xmalloc(tls, libc.Tsize_t(ptrSize))
	if ppDb == 0 {
		return 0, fmt.Errorf("out of memory")
	}
	defer libc.Xfree(tls, ppDb)
	flags := int32(lib.SQLITE_OPEN_READONLY | lib.SQLITE_OPEN_URI)
	if image != nil {
		flags = lib.SQLITE_OPEN_READWRITE | lib.SQLITE_OPEN_MEMORY
	}
	rc := lib.Xsqlite3_open_v2(tls, cname, ppDb, flags, 0)
	db := loadPtr(ppDb)
	if rc != lib.SQLITE_OK {
		msg := "cannot open the database"
		if db != 0 {
			msg = libc.GoString(lib.Xsqlite3_errmsg(tls, db))
			lib.Xsqlite3_close_v2(tls, db)
		}
		return 0, fmt.Errorf("%s", msg)
	}
	if image != nil {
		n := int64(len(image))
		buf := lib.Xsqlite3_malloc64(tls, uint64(n))
		if buf == 0 && n > 0 {
			lib.Xsqlite3_close_v2(tls, db)
			return 0, fmt.Errorf("out of memory")
		}
		copy(libc.GoBytes(buf, int(n)), image)
		main, _ := libc.CString("main")
		defer libc.Xfree(tls, main)
		rc := lib.Xsqlite3_deserialize(tls, db, main, buf, n, n, lib.SQLITE_DESERIALIZE_FREEONCLOSE|lib.SQLITE_DESERIALIZE_READONLY)
		if rc != lib.SQLITE_OK {
			msg := libc.GoString(lib.Xsqlite3_errmsg(tls, db))
			lib.Xsqlite3_close_v2(tls, db)
			return 0, fmt.Errorf("%s", msg)
		}
	}
	return db, nil
}

// queryAuthorizer admits what a read-only SELECT needs and nothing else:
// reading columns (not of SQLite's internal sqlite_% tables, nor of the
// pragma_* table-valued functions), calling functions (but not those that
// touch files or load code), recursive CTEs. ATTACH, PRAGMA, transactions
// and every write are denied by default.
func queryAuthorizer(action msqlite.AuthorizerActionCode, arg1, arg2, _, _ string) msqlite.AuthorizerReturnCode {
	switch action {
	case msqlite.AuthSelect, msqlite.AuthRecursive:
		return msqlite.AuthorizerOK
	case msqlite.AuthRead:
		if internalTable(arg1) {
			return msqlite.AuthorizerDeny
		}
		return msqlite.AuthorizerOK
	case msqlite.AuthFunction:
		switch strings.ToLower(arg2) {
		case "load_extension", "readfile", "writefile", "edit", "fts3_tokenizer", "sqlite_dbpage":
			return msqlite.AuthorizerDeny
		}
		return msqlite.AuthorizerOK
	}
	return msqlite.AuthorizerDeny
}

// internalTable reports whether a table is SQLite's own: sqlite_schema and
// the other sqlite_% tables, and the pragma_* table-valued functions.
func internalTable(name string) bool {
	n := strings.ToLower(name)
	return strings.HasPrefix(n, "sqlite_") || strings.HasPrefix(n, "pragma_")
}

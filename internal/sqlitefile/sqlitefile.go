// Package sqlitefile names a database file as the SQLite URI the driver
// opens (modernc.org/sqlite with SQLITE_OPEN_URI). A Windows path cannot be
// pasted after "file:": its backslashes and drive colon make SQLite read an
// authority ("invalid uri authority"), so the path is given with forward
// slashes and a leading one ("file:///C:/Users/al/app.db").
package sqlitefile

import (
	"path/filepath"
	"strings"
)

// URI is the SQLite URI of the file at path (absolute or relative, as the
// system writes it), followed by "?"+query when query is not empty.
func URI(path, query string) string { return uri(filepath.ToSlash(path), query) }

// uri is URI for a path with forward slashes.
func uri(p, query string) string {
	if len(p) >= 2 && p[1] == ':' && (p[0]|0x20 >= 'a' && p[0]|0x20 <= 'z') {
		p = "/" + p // a drive: C:/x is the absolute path /C:/x
	}
	// These end or escape the path in a URI; everything else SQLite takes
	// as it is.
	p = strings.NewReplacer("%", "%25", "?", "%3F", "#", "%23").Replace(p)
	s := "file:" + p
	if strings.HasPrefix(p, "/") {
		s = "file://" + p // an empty authority, so "//host" is never one
	}
	if query != "" {
		s += "?" + query
	}
	return s
}

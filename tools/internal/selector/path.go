package selector

import (
	"regexp"
	"strings"
)

// Kind is what a path names, as a Probe reports it.
type Kind int

// Kinds of path. Plain is any file read as text (or refused as binary).
const (
	Missing Kind = iota
	Dir
	Plain
	Notebook
	Archive
	SQLite
	Document
)

var kindNames = [...]string{"missing", "directory", "file", "notebook", "archive", "sqlite", "document"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Probe tells ParsePath what exists. Paths are as written (relative or
// absolute); the caller resolves them.
type Probe interface {
	// Kind reports what path is.
	Kind(path string) Kind
	// Member reports whether the archive at path holds a member named name.
	Member(archive, name string) bool
}

// Path is a parsed path argument.
type Path struct {
	// Scheme is the lower-cased scheme of a URL-like argument
	// ("conflict", "local", "skill", "https", …) with Rest what follows
	// "://"; empty for a local path.
	Scheme, Rest string
	// File is the local file or directory the argument names (as written)
	// and Kind what it is; Missing when nothing on the path exists.
	File string
	Kind Kind
	// Inner names a part of File: an archive member, or a SQLite "table"
	// or "table:rowid". Empty for the file itself.
	Inner string
	// Query is what follows '?' in a SQLite argument (URL-encoded
	// parameters: "q=SELECT …", "limit=5&where=…"), unparsed.
	Query string
	// HasQuery is set when the argument had a '?' part, even an empty one.
	HasQuery bool
	// Sel is the view selector after the file or member (lines, raw,
	// conflicts, cell:N); nil for none.
	Sel *Selector
}

var schemeRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*)://`)

// ParsePath parses a path argument of read, write, edit or search:
//
//   - a URL-like argument ("conflict://1/ours", "skill://x/SKILL.md") gives
//     its Scheme and Rest (the tools refuse file:// and the schemes they
//     do not serve, naming what to pass instead);
//   - an argument that names something as a whole is that thing (a file
//     really called "a:1" still works);
//   - otherwise the longest prefix ending before a ':' or '?' that names a
//     file decides how the rest reads: after an archive, a member (a member
//     with the literal name wins: "raw", "1", "raw:notes.txt"), then
//     optionally a selector ("a.zip:dir/m.txt:5-9"); after a SQLite
//     database, "table", "table:rowid" and "?params"; after any other
//     file, a selector ("a.go:5-16", "nb.ipynb:cell:2"). A tail that is not
//     selector-shaped does not split, so "notes:todo" stays a (missing)
//     file name.
//
// A selector that is selector-shaped but invalid is an error.
func ParsePath(entry string, p Probe) (Path, error) {
	if m := schemeRE.FindStringSubmatch(entry); m != nil {
		return Path{Scheme: strings.ToLower(m[1]), Rest: entry[len(m[0]):]}, nil
	}
	if k := p.Kind(entry); k != Missing {
		return Path{File: entry, Kind: k}, nil
	}
	for i := len(entry) - 1; i > driveColon(entry); i-- {
		c := entry[i]
		if c != ':' && c != '?' {
			continue
		}
		head, rest := entry[:i], entry[i+1:]
		k := p.Kind(head)
		if k == Missing {
			continue
		}
		switch k {
		case Archive:
			if c == '?' {
				continue // a member name with a '?'
			}
			return archivePath(head, rest, p)
		case SQLite:
			return sqlitePath(head, rest, c), nil
		}
		if c != ':' || !Shaped(rest) {
			continue
		}
		s, err := Parse(rest)
		if err != nil {
			return Path{}, err
		}
		return Path{File: head, Kind: k, Sel: &s}, nil
	}
	return Path{File: entry, Kind: Missing}, nil
}

// driveColon is the index of the colon of a Windows drive that entry
// starts with ("C:\src", "c:/src", `\\?\C:\src`), else 0: that colon is
// the path's, never a selector's, so `C:\src\a.ts:5-9` is a path and a line
// selector, not a file "C". Checked on every system (a relative "C:/x" is
// an odd name on POSIX), so it is tested where the tests run.
func driveColon(entry string) int {
	off := 0
	if len(entry) >= 4 && (entry[:4] == `\\?\` || entry[:4] == `\\.\`) {
		off = 4
	}
	if len(entry) < off+3 || entry[off+1] != ':' || entry[off+2] != '\\' && entry[off+2] != '/' {
		return 0
	}
	if c := entry[off] | 0x20; c < 'a' || c > 'z' {
		return 0
	}
	return off + 1
}

// archivePath reads the rest of an archive argument: a member, perhaps
// followed by a selector. A name that is no member is returned whole (the
// caller reports it), less a selector-shaped tail.
func archivePath(file, rest string, p Probe) (Path, error) {
	out := Path{File: file, Kind: Archive, Inner: rest}
	if rest == "" || p.Member(file, rest) {
		return out, nil
	}
	name, sel, ok := Split(rest)
	if !ok {
		return out, nil
	}
	s, err := Parse(sel)
	if err != nil {
		return Path{}, err
	}
	out.Inner, out.Sel = name, &s
	return out, nil
}

// sqlitePath reads the rest of a SQLite argument: "table", "table:rowid",
// "table?params" after ':', "params" after '?'.
func sqlitePath(file, rest string, sep byte) Path {
	out := Path{File: file, Kind: SQLite}
	if sep == '?' {
		out.Query, out.HasQuery = rest, true
		return out
	}
	inner, query, hasQuery := strings.Cut(rest, "?")
	out.Inner, out.Query, out.HasQuery = inner, query, hasQuery
	return out
}

// Table splits a SQLite inner part into its table and row id text ("" for
// none): "users" → ("users", ""), "users:3" → ("users", "3").
func Table(inner string) (table, row string) {
	if i := strings.LastIndexByte(inner, ':'); i > 0 {
		return inner[:i], inner[i+1:]
	}
	return inner, ""
}

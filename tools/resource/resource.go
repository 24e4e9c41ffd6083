// Package resource is where read, write, edit and search meet what is not a
// plain text file: archive members, SQLite databases, documents, notebook
// cells, conflict:// regions, local:// and skill:// paths. Resolve parses a
// path argument with the one selector parser (package selector), asking
// the run's file view what exists; the small packages below this one
// (archive, sqlite, document, notebook, conflict, scoped) each do one kind's
// work without knowing the workspace, and this package glues them to the
// Env: it reads through env.Files (so a dry run sees its own pending
// writes), writes through env.Files (so --dry-run and --atomic cover
// archive, notebook and SQLite changes like any file), and records
// snapshots in the session.
//
// A read gives either a Text — lines the caller renders as hashline rows,
// within the usual read limits — or a finished tools.Result (a listing, a
// table). Every result carries Meta as its details.
package resource

import (
	"bytes"
	"context"
	"errors"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/archive"
	"github.com/atomic-script/atomic-script/tools/internal/document"
	"github.com/atomic-script/atomic-script/tools/internal/safefile"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/spill"
)

// Mutations serialises read-modify-write of one file across every call in
// the process and across processes (the per-file lock of write and edit,
// see safefile.Lock): archive, notebook and SQLite rewrites take it, so two
// calls never interleave on the same path.
var Mutations safefile.Locker

// Details is the details value of a read: what it came from and how it
// was cut.
type Details struct {
	Meta Meta `json:"meta"`
}

// Meta says where a read came from and how it was cut.
type Meta struct {
	// Source is "file", "directory", "notebook", "archive", "sqlite",
	// "document", "conflict", "local" or "skill".
	Source string `json:"source"`
	// SourcePath is the file on disk behind the result (absolute).
	SourcePath string      `json:"sourcePath"`
	Truncation *Truncation `json:"truncation,omitempty"`
	Limits     *Limits     `json:"limits,omitempty"`
	// FileBytes and EditLimit are set for a file over the edit limit,
	// which read streams and edit and write refuse.
	FileBytes int64 `json:"fileBytes,omitempty"`
	EditLimit int64 `json:"editLimit,omitempty"`
	// Member, Table, Row and Format say which part of SourcePath was read.
	Member string `json:"member,omitempty"`
	Table  string `json:"table,omitempty"`
	Row    string `json:"row,omitempty"`
	Format string `json:"format,omitempty"`
}

// Truncation describes a read cut by the line or byte limit, or stopped at
// the end of a bounded selector with lines left.
type Truncation struct {
	Truncated             bool   `json:"truncated"`
	TruncatedBy           string `json:"truncatedBy,omitempty"` // "lines", "bytes", "rows", "entries"
	TotalLines            int    `json:"totalLines"`
	OutputLines           int    `json:"outputLines"`
	FirstLine             int    `json:"firstLine,omitempty"`
	LastLine              int    `json:"lastLine,omitempty"`
	FirstLineExceedsLimit bool   `json:"firstLineExceedsLimit,omitempty"`
	// ContinueWith is the selector that reads on (":3001", "?offset=20").
	ContinueWith string `json:"continueWith,omitempty"`
}

// Limits are the caps that applied.
type Limits struct {
	MaxLines          int `json:"maxLines,omitempty"`
	MaxBytes          int `json:"maxBytes,omitempty"`
	MaxDepth          int `json:"maxDepth,omitempty"`
	MaxEntriesPerDir  int `json:"maxEntriesPerDirectory,omitempty"`
	DirectoriesElided int `json:"directoriesElided,omitempty"`
	MaxRows           int `json:"maxRows,omitempty"`
	MaxEntries        int `json:"maxEntries,omitempty"`
}

// Text is a resource read as lines of text, for the caller to render as
// hashline rows within the read limits.
type Text struct {
	// Key is the snapshot key: the file's absolute path, plus ":member"
	// for an archive member or ":cell:N" for a notebook cell.
	Key string
	// Display is the label of the [Display#TAG] header.
	Display string
	Body    string
	// Sel is the line selector to apply (nil: the whole text).
	Sel *selector.Selector
	// Meta is the result's details (Truncation and Limits are the
	// renderer's to fill).
	Meta Meta
	// Head is shown before the rows (document facts); Tail after them.
	Head, Tail string
	// ReadOnly is set when edit and write cannot change the text.
	ReadOnly bool
}

// Target is a resolved path argument.
type Target struct {
	Given   string // the argument, trimmed and unquoted
	Path    selector.Path
	Abs     string // the file on disk (Path.File resolved), "" for conflict://
	Display string // Abs as shown to a model
	// Scheme is "local" or "skill" when the argument was one (Abs is then
	// the underlying file), "conflict" for conflict://, "artifact" or
	// "mcp" for a routed resource (Path.Rest is then what follows "://",
	// without the selector).
	Scheme string
	// probe is the view that resolved the target; it keeps the archives it
	// opened for the rest of the call.
	probe *probe
	// absent is set for a member of an archive that does not exist yet.
	absent bool
}

// Kind is what the target names.
func (t *Target) Kind() selector.Kind { return t.Path.Kind }

// Absent reports whether the target is a member of an archive that does
// not exist (yet).
func (t *Target) Absent() bool { return t.absent }

// Sel is the target's view selector, if any.
func (t *Target) Sel() *selector.Selector { return t.Path.Sel }

// IsResource reports whether the target is something other than a plain
// file, a directory or nothing (a member, a database, a document, a
// conflict region): the caller hands it to Read, Write or Texts.
func (t *Target) IsResource() bool {
	switch t.Path.Kind {
	case selector.Archive, selector.SQLite, selector.Document:
		return true
	case selector.Notebook:
		return t.Path.Sel != nil && t.Path.Sel.Cell >= 0
	}
	return t.Scheme == "conflict" || t.routed() || t.Path.Sel != nil && t.Path.Sel.Conflicts
}

// routed reports whether the target is served by a router (artifact://,
// mcp://), not the disk.
func (t *Target) routed() bool { return t.Scheme == spill.Scheme || t.Scheme == "mcp" }

// CleanArg trims whitespace and one pair of copied quotes.
func CleanArg(p string) string {
	p = strings.TrimSpace(p)
	if len(p) >= 2 {
		if q := p[0]; (q == '"' || q == '\'' || q == '`') && p[len(p)-1] == q {
			p = strings.TrimSpace(p[1 : len(p)-1])
		}
	}
	return p
}

// Resolve parses tool's path argument: empty paths and NUL bytes are
// refused, local:// and skill:// map to the file under their root (escapes
// refused), and the rest is parsed against the run's view of the disk.
// URLs (http, https) and unknown schemes are refused here: no tool of this
// package fetches.
func Resolve(ctx context.Context, env *tools.Env, tool, arg string) (*Target, error) {
	p := CleanArg(arg)
	if p == "" {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: path is empty; give a file path relative to the workspace root or an absolute path", tool)
	}
	if strings.IndexByte(p, 0) >= 0 {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: path contains a NUL byte", tool)
	}
	pr := &probe{ctx: ctx, env: env, base: env.Root}
	sp, err := selector.ParsePath(p, pr)
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %v", tool, err)
	}
	t := &Target{Given: p, Path: sp, probe: pr}
	switch sp.Scheme {
	case "":
	case "conflict":
		t.Scheme = "conflict"
		return t, nil
	case "local", "skill":
		return resolveScoped(ctx, env, tool, t)
	case spill.Scheme:
		return resolveRouted(tool, t)
	case "mcp":
		if env.Router("mcp") == nil {
			return nil, tools.Errorf(tools.ErrUnavailable, "%s: mcp:// reads the resources of the external MCP servers in settings (mcpServers), and this run has none configured (got %q)", tool, p)
		}
		return resolveRouted(tool, t)
	case "file":
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: file:// URLs are not read; give the path itself: %s", tool, strings.TrimPrefix(sp.Rest, "localhost"))
	default:
		what := sp.Scheme + ":// URLs are"
		if sp.Scheme == "http" || sp.Scheme == "https" {
			what = "URLs are"
		}
		works := "local files, archive members, SQLite databases, documents, conflict://, local:// and skill://"
		if tool == "read" || tool == "search" {
			works = "local files, archive members, SQLite databases, documents, conflict://, local://, skill://, artifact:// (this session's saved outputs) and mcp:// (the resources of configured MCP servers)"
		}
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %s not supported here: this tool works on %s (got %q)", tool, what, works, p)
	}
	if sp.Kind == selector.Missing {
		newArchive(env, t)
	}
	t.Abs = env.Abs(t.Path.File)
	t.Display = env.Display(t.Abs)
	return t, nil
}

// newArchive makes a missing "new.zip:dir/x.txt" a member of an archive
// that does not exist yet (a write creates it; a read reports the archive
// missing), so a write never creates a file named like a member path.
func newArchive(env *tools.Env, t *Target) {
	p := t.Path.File
	for i := strings.IndexByte(p, ':'); i > 0; i = nextColon(p, i) {
		head := p[:i]
		if _, ok := archive.FormatOf(head); !ok {
			continue
		}
		if _, err := env.Files.Stat(env.Abs(head)); errors.Is(err, fs.ErrNotExist) {
			t.Path = selector.Path{File: head, Kind: selector.Archive, Inner: p[i+1:]}
			t.absent = true
		}
		return
	}
}

func nextColon(p string, i int) int {
	j := strings.IndexByte(p[i+1:], ':')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// probe answers the selector parser's questions from the run's view of
// the disk (env.Files: a dry run's pending files count), relative paths
// against base. Archives it opens stay open for the call.
type probe struct {
	ctx      context.Context // the call's: archives it opens stop with it
	env      *tools.Env
	base     string
	archives map[string]*openArchive
}

func (p *probe) abs(path string) string {
	if filepath.IsAbs(path) {
		return filepath.Clean(path)
	}
	return filepath.Join(p.base, path)
}

func (p *probe) Kind(path string) selector.Kind {
	abs := p.abs(path)
	fi, err := p.env.Files.Stat(abs)
	switch {
	case err != nil:
		return selector.Missing
	case fi.IsDir():
		return selector.Dir
	case !fi.Mode().IsRegular():
		return selector.Plain
	}
	return fileKind(p.env, abs)
}

func (p *probe) Member(archivePath, name string) bool {
	a, err := p.archive(p.abs(archivePath))
	return err == nil && a.r.Has(name)
}

// sqliteMagic starts every SQLite 3 database file.
var sqliteMagic = []byte("SQLite format 3\x00")

// fileKind decides what a regular file is: by extension for notebooks,
// archives and documents, by the SQLite header for databases (a .db that
// is not SQLite stays a plain file, and a database needs no extension).
func fileKind(env *tools.Env, abs string) selector.Kind {
	switch {
	case strings.EqualFold(filepath.Ext(abs), ".ipynb"):
		return selector.Notebook
	case document.Known(abs):
		return selector.Document
	}
	if _, ok := archive.FormatOf(abs); ok {
		return selector.Archive
	}
	if head, err := readHead(env, abs, len(sqliteMagic)); err == nil && bytes.Equal(head, sqliteMagic) {
		return selector.SQLite
	}
	return selector.Plain
}

// readHead returns the first n bytes of abs as the run sees it.
func readHead(env *tools.Env, abs string, n int) ([]byte, error) {
	src, size, done, err := Open(env, abs)
	if err != nil {
		return nil, err
	}
	defer done()
	buf := make([]byte, min(int64(n), size))
	_, err = src.ReadAt(buf, 0)
	if err == io.EOF {
		err = nil
	}
	return buf, err
}

// Open opens abs for reading as the run sees it: a dry run's pending
// content from memory, else the file on disk (checked to be the file that
// was stat'ed). done releases it.
func Open(env *tools.Env, abs string) (src io.ReaderAt, size int64, done func(), err error) {
	fi, err := env.Files.Stat(abs)
	if err != nil {
		return nil, 0, nil, err
	}
	if fi.Sys() == nil {
		data, err := env.Files.ReadFile(abs)
		if err != nil {
			return nil, 0, nil, err
		}
		return bytes.NewReader(data), int64(len(data)), func() {}, nil
	}
	f, err := os.Open(abs)
	if err != nil {
		return nil, 0, nil, err
	}
	ofi, err := f.Stat()
	if err == nil && !os.SameFile(fi, ofi) {
		err = &fs.PathError{Op: "open", Path: abs, Err: errors.New("the file was replaced while opening it; read it again")}
	}
	if err != nil {
		f.Close()
		return nil, 0, nil, err
	}
	return f, ofi.Size(), func() { f.Close() }, nil
}

// Close releases what the target's resolution opened.
func (t *Target) Close() {
	if t != nil && t.probe != nil {
		t.probe.close()
	}
}

// fileError maps a failed stat or read of the target's file to a coded,
// actionable error.
func fileError(display string, err error) error {
	var te *tools.Error
	switch {
	case errors.As(err, &te):
		return err
	case errors.Is(err, fs.ErrNotExist):
		return &tools.Error{Code: tools.ErrNotFound, Msg: "File not found: " + display + ". Check the path with find.", Err: err}
	case errors.Is(err, fs.ErrPermission):
		return &tools.Error{Code: tools.ErrPermission, Msg: "Could not read " + display + ": permission denied.", Err: err}
	}
	return &tools.Error{Code: tools.ErrIO, Msg: "Could not read " + display + ": " + err.Error(), Err: err}
}

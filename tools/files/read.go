package files

import (
	"context"
	"errors"
	"io/fs"
	"net/http"
	"strconv"
	"strings"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/resource"
	"github.com/atomic-script/atomic-script/tools/web"
	"github.com/google/jsonschema-go/jsonschema"
)

// Output limits of a local text read (docs/hashline.md).
const (
	MaxReadLines = 3000
	MaxReadBytes = 50 << 10 // raw line text plus "\n" separators
	// MaxRawBytes bounds a `:raw` read, which returns the file unchanged.
	MaxRawBytes = 16 << 20
)

// ReadArgs are read's arguments.
type ReadArgs struct {
	Path string `json:"path" jsonschema:"file or directory, relative to the workspace root or absolute; may end in a selector: :5-16, :5+3, :5-16,960-973, :40 (to the end), :raw (unformatted), :cell:N (notebook cell); or a resource: a.zip:dir/m.txt, app.db:users?limit=20, app.db?q=SELECT …, doc.pdf, conflict://*, local://src/a.ts, skill://x/SKILL.md, artifact://3 (a cut result's full output), mcp://SERVER/URI (an MCP server's resource)"`
	// Offset and Limit are the thirteen-tool read's line window: 1-based,
	// exact (no context lines), the same as the selector :Offset-(Offset+Limit-1).
	Offset int `json:"offset,omitempty"`
	Limit  int `json:"limit,omitempty"`
}

// ReadDetails is read's details value; ReadMeta says where a read came
// from and how it was cut (shared with the resource reads).
type (
	ReadDetails = resource.Details
	ReadMeta    = resource.Meta
	Truncation  = resource.Truncation
	Limits      = resource.Limits
)

func readTool() tools.Tool {
	return tools.New(tools.Spec{
		Name: "read",
		Description: "Read a local text file as hashline rows: a `[path#TAG]` header, then `N:text` rows with the file's line numbers. " +
			"Copy the header into `edit` to change the file. Selectors after the path: `file.ts:5-16`, `file.ts:5+3`, `file.ts:5-16,960-973` " +
			"(bounded ranges add 1 line before and 3 after), `file.ts:40` (from line 40 on), `file.ts:raw` (the content unchanged, no header, up to 16 MiB: larger files are refused); or `offset`/`limit` for exactly those lines. " +
			"Other output stops at 3,000 lines or 50 KiB with a footer naming the selector that continues: read on with it (a run that does not is warned). A directory reads as a depth-2 tree, newest first, " +
			"with sizes and ages; a notebook (.ipynb) as its cells (`nb.ipynb:cell:N` for one). Binary files are refused. " +
			"An http(s) URL reads the page as Markdown (main content; `https://host/page:5-8` selects rendered lines, `:raw` the body unchanged): the first 300 lines or 50 KiB, " +
			"private, loopback and metadata addresses refused. " +
			"Beyond files: archives (.zip .jar .tar .tgz .tar.gz .gz) list their members and `a.zip:dir/m.txt[:5-9]` reads one (a member literally named `raw` or `1` is that member); " +
			"SQLite: `app.db` lists tables, `app.db:users` shows schema and 5 sample rows, `app.db:users?where=age>30&order=age desc&limit=20&offset=0` pages rows, " +
			"`app.db:users:3` is one row, `app.db?q=SELECT …` runs one read-only SELECT (rows as JSON lines); documents (PDF, DOCX, PPTX, XLSX, EPUB, RTF) read as text " +
			"(`doc.pdf:3001` continues); `conflict://*` lists git conflict regions, `conflict://1` shows one, `conflict://1/ours|theirs|base` one side; " +
			"`local://path` (inside the workspace) and `skill://name/SKILL.md` (the skills root). " +
			"`artifact://N` is the whole output a cut result saved (the result names it; `artifact://` lists them, only this session's); " +
			"`mcp://SERVER/URI` a resource of a configured MCP server (`mcp://SERVER/` lists them and their templates; an image reads as a data URL for image(), other binary content is described). Both are read-only and take line selectors. " +
			"Every result's details carry meta.source and meta.sourcePath (the file on disk), plus meta.truncation when cut.",
		Tags:  []tools.Tag{tools.TagBoundedOutput},
		Input: readSchema(),
	}, runRead)
}

func readSchema() *jsonschema.Schema {
	s := tools.MustSchemaFor[ReadArgs]()
	s.Properties["offset"].Description = "first line to read (1-based). With limit, the same as the selector path:offset-(offset+limit-1) but without its context lines."
	s.Properties["offset"].Minimum = jsonschema.Ptr(1.0)
	s.Properties["limit"].Description = "number of lines to read from offset (default: to the end, within the 3,000-line / 50 KiB cap)"
	s.Properties["limit"].Minimum = jsonschema.Ptr(1.0)
	return s
}

// lineWindow turns offset/limit into the path with its selector; exact
// says the read shows only those lines.
func lineWindow(in ReadArgs) (path string, exact bool, err error) {
	if in.Offset == 0 && in.Limit == 0 {
		return in.Path, false, nil
	}
	p := cleanPathArg(in.Path)
	if base, sel, ok := selector.Split(p); ok {
		return "", false, tools.Errorf(tools.ErrInvalidArgs, "read: give the lines either as a selector in the path (%s:%s) or as offset/limit, not both", base, sel)
	}
	from := max(in.Offset, 1)
	if in.Limit == 0 {
		return p + ":" + strconv.Itoa(from), true, nil
	}
	return p + ":" + strconv.Itoa(from) + "-" + strconv.Itoa(from+in.Limit-1), true, nil
}

func runRead(ctx context.Context, env *tools.Env, in ReadArgs) (tools.Result, error) {
	if web.IsURL(cleanPathArg(in.Path)) {
		return web.Read(ctx, env, cleanPathArg(in.Path))
	}
	env = ensureFiles(env)
	path, exact, err := lineWindow(in)
	if err != nil {
		return tools.Result{}, err
	}
	t, err := resolveRead(ctx, env, path)
	if err != nil {
		return tools.Result{}, err
	}
	t.exact = exact
	defer t.res.Close()
	if t.res.IsResource() && t.res.Kind() != selector.Notebook {
		return readResource(ctx, env, t)
	}
	fi, err := env.Files.Stat(t.abs)
	if err != nil && errors.Is(err, fs.ErrNotExist) && t.sel == nil {
		if pendingDir(env, t.abs) {
			return readDir(ctx, env, t)
		}
	}
	if err != nil {
		return tools.Result{}, readError(t, err)
	}
	if fi.IsDir() {
		return readDirTarget(ctx, env, t)
	}
	if !fi.Mode().IsRegular() {
		return tools.Result{}, notRegular("read", t.display, fi.Mode())
	}
	if t.sel != nil && t.sel.Raw && fi.Size() > MaxRawBytes {
		return tools.Result{}, tools.Errorf(tools.ErrLimit, "read: %s is %s; :raw returns at most %s. Read it in parts with line selectors (:1-3000, …) instead", t.display, units.Size(fi.Size()), units.Size(MaxRawBytes))
	}
	if overCap(fi) && (t.sel == nil || !t.sel.Raw) {
		return readLarge(ctx, env, t, fi)
	}
	data, err := env.Files.ReadFile(t.abs)
	if err != nil {
		return tools.Result{}, readError(t, err)
	}
	if isBinary(data) {
		return tools.Result{}, binaryError("read", t.display, data, int64(len(data)))
	}
	return readFileText(ctx, env, t, string(data))
}

// readDirTarget lists a directory; selectors and offset/limit apply to
// files only.
func readDirTarget(ctx context.Context, env *tools.Env, t *target) (tools.Result, error) {
	if t.exact {
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "read: %s is a directory; offset/limit select lines of a file", t.display)
	}
	if t.sel != nil {
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "read: %s is a directory; selectors apply to files", t.display)
	}
	return readDir(ctx, env, t)
}

// readFileText renders a text file read whole: raw, one notebook cell, a
// notebook, or hashline rows.
func readFileText(ctx context.Context, env *tools.Env, t *target, text string) (tools.Result, error) {
	switch {
	case t.sel != nil && t.sel.Raw:
		// No tag is shown, so no stale tag can name this text: its
		// observation lets a later write or edit of it apply, without a
		// copy of every file a script reads whole.
		env.Session.Snapshots.RecordObservation(t.abs, hashline.Observe(text))
		n := hashline.LineCount(text)
		return tools.Result{Text: text, Details: ReadDetails{Meta: ReadMeta{Source: "file", SourcePath: t.abs}},
			Shows: []tools.Shown{{Key: tools.FileLines(t.abs), First: 1, Last: n}}, Whole: true}, nil
	case t.sel != nil && t.sel.Cell >= 0 && !isNotebook(t.abs):
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "read: %s is not a notebook; :cell:N selects notebook cells", t.display)
	case t.sel != nil && t.sel.Cell >= 0:
		return readResource(ctx, env, t) // one cell's source, as editable rows
	case t.sel == nil && isNotebook(t.abs):
		return readNotebook(env, t, text)
	}
	return readText(env, t, text)
}

// readResource reads an archive member, a database, a document or a
// conflict region: a finished result, or text rendered as rows.
func readResource(ctx context.Context, env *tools.Env, t *target) (tools.Result, error) {
	text, res, err := resource.Read(ctx, env, t.res)
	if err != nil {
		return tools.Result{}, err
	}
	if res != nil {
		return *res, nil
	}
	tt := &target{given: t.given, abs: text.Key, display: text.Display, sel: text.Sel, meta: &text.Meta, exact: t.exact}
	if tt.sel != nil && tt.sel.Raw {
		if !text.ReadOnly {
			env.Session.Snapshots.Record(text.Key, text.Body)
		}
		return tools.Result{Text: text.Body, Details: ReadDetails{Meta: text.Meta}, Whole: true}, nil
	}
	if tt.sel != nil && !tt.sel.Lines() {
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "read: %s: the :%s selector does not apply here; use line selectors (:5-16) or :raw", text.Display, tt.sel.Text)
	}
	r, err := readText(env, tt, text.Body)
	if err != nil {
		return r, err
	}
	if text.Head != "" {
		r.Text = text.Head + "\n" + r.Text
	}
	if text.Tail != "" {
		r.Text += "\n\n" + text.Tail
	}
	return r, nil
}

// readText renders a text file as hashline rows within the limits.
func readText(env *tools.Env, t *target, text string) (tools.Result, error) {
	lines := hashline.Lines(text)
	total := len(lines)
	shown := []span{{From: 1, To: total}}
	bounded := false
	if t.sel != nil {
		var beyond int
		shown, beyond, bounded = spans(t, total)
		if beyond > 0 {
			return tools.Result{}, beyondEOF(t, beyond, total)
		}
	}
	sink := newRowSink(shown)
	for _, s := range shown {
		for n := s.From; n <= s.To && sink.wants(n); n++ {
			sink.add(n, lines[n-1], len(lines[n-1]))
		}
	}
	tag := ""
	if sink.firstLen == 0 {
		tag = env.Session.Snapshots.Record(t.abs, text)
	}
	return sink.result(t, tag, total, shown, bounded), nil
}

// beyondEOF is the error of a selector starting past the last line.
func beyondEOF(t *target, line, total int) error {
	return tools.Errorf(tools.ErrInvalidArgs, "Requested line %d is beyond end of file (%d lines total). Use %s:%d to read the final line.", line, total, t.display, total)
}

// readError maps a failed stat or read to a coded, actionable error.
func readError(t *target, err error) error {
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &tools.Error{Code: tools.ErrNotFound, Msg: "File not found: " + t.display + ". Check the path with find, or create the file with write.", Err: err}
	case errors.Is(err, fs.ErrPermission):
		return &tools.Error{Code: tools.ErrPermission, Msg: "Could not read " + t.display + ": permission denied (" + errnoOr(err, "EACCES") + ").", Err: err}
	}
	return &tools.Error{Code: tools.ErrIO, Msg: "Could not read " + t.display + ": " + errText(err), Err: err}
}

// isBinary reports whether data looks binary: a NUL byte in its first 8 KiB
// (what git and grep test).
func isBinary(data []byte) bool {
	head := data[:min(len(data), 8<<10)]
	for _, c := range head {
		if c == 0 {
			return true
		}
	}
	return false
}

// binaryError refuses a binary file of size bytes whose content starts
// with data.
func binaryError(tool, display string, data []byte, size int64) error {
	kind := http.DetectContentType(data)
	if i := strings.IndexByte(kind, ';'); i >= 0 {
		kind = kind[:i]
	}
	what := "a binary file"
	if kind != "application/octet-stream" && !strings.HasPrefix(kind, "text/") {
		what = "a binary file (" + kind + ")"
	}
	return tools.Errorf(tools.ErrBinary, "%s: %s is %s of %s; it has no text lines to show or edit. Inspect it with bash (file, xxd | head) instead.", tool, display, what, units.Size(size))
}

// shellQuote quotes p for a bash hint only when it needs quoting.
func shellQuote(p string) string {
	if p != "" && strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+@%=:,") == "" {
		return p
	}
	return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
}

func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		if name := hashline.ErrnoName(pe.Err); name != "" {
			return pe.Err.Error() + " (" + name + ")"
		}
		return pe.Err.Error()
	}
	return err.Error()
}

func errnoOr(err error, def string) string {
	if name := hashline.ErrnoName(err); name != "" {
		return name
	}
	return def
}

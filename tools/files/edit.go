package files

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/hashline/blocks"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/resource"
)

// EditArgs are edit's arguments.
type EditArgs struct {
	Input string `json:"input" jsonschema:"one or more hashline sections: a [PATH#TAG] header copied from read/search/write/edit output, then ops such as replace N..M:, delete N..M, insert before|after N:, insert head:, insert tail:, replace block N:, each body row written +TEXT"`
	// AllowGenerated overrides the generated-file rule (see refuseGenerated).
	AllowGenerated bool `json:"allowGenerated,omitempty" jsonschema:"change them even if marked as generated"`
}

// EditResult is edit's structured result (what a script receives).
type EditResult struct {
	Text string `json:"text" jsonschema:"the result as a model sees it: each file's new [path#TAG] header and its numbered diff"`
	// Noop is set when the edit changed nothing (nothing was written).
	Noop  bool         `json:"noop,omitempty" jsonschema:"the edit changed nothing and nothing was written"`
	Files []EditedFile `json:"files" jsonschema:"each file written, in section order"`
	// Diff is the combined compact numbered diff, Patch the combined
	// unified patch, FirstChangedLine the first changed line of the first
	// file (the spec's EditToolDetails).
	Diff             string `json:"diff" jsonschema:"every file's numbered diff (-N old, +N new, ' N' context rows), each under its '--- path' / '+++ path' header"`
	Patch            string `json:"patch" jsonschema:"the unified patch of every file as git writes it (--- a/path, +++ b/path from the workspace root): git apply takes it"`
	FirstChangedLine int    `json:"firstChangedLine,omitempty" jsonschema:"the first changed line of the first file"`
}

// EditedFile is one written section.
type EditedFile struct {
	Path             string   `json:"path" jsonschema:"relative to the workspace root"`
	Tag              string   `json:"tag" jsonschema:"the new snapshot tag: the next edit of this file starts [path#tag]"`
	FirstChangedLine int      `json:"firstChangedLine,omitempty"`
	Warnings         []string `json:"warnings,omitempty" jsonschema:"what the edit recovered or repaired, e.g. a stale tag"`
	Echoes           []string `json:"blocks,omitempty" jsonschema:"how each block op resolved its block"`
}

// EditToolDetails is edit's details value (builtin-tools.md).
type EditToolDetails struct {
	Diff             string `json:"diff"`
	Patch            string `json:"patch"`
	FirstChangedLine int    `json:"firstChangedLine,omitempty"`
}

func editTool() tools.Tool {
	return tools.New(tools.Spec{
		Name: "edit",
		Description: "Edit existing files with a hashline script. Start each file's section with the `[PATH#TAG]` header from your latest read, search, " +
			"write or edit of it, then ops on the ORIGINAL line numbers (they do not shift within a call):\n" +
			"  replace N..M:  (then +TEXT rows; an empty body deletes)   delete N..M   insert before N:   insert after N:\n" +
			"  insert head:   insert tail:   replace block N:   delete block N   insert after block N:  (N opens a syntactic block)\n" +
			"Body rows are `+TEXT` (`+` alone is a blank line, `+-x` writes -x); no `-` rows, no old text, no @@ hunks. Several sections edit " +
			"several files, all or nothing. A stale TAG is recovered when the file's changes do not overlap yours, else " +
			"the edit is rejected (ERR_STALE_ANCHOR): read the file again. " + generatedRule + " To create a file use write. Returns the new header and a numbered diff.",
		Output: tools.MustSchemaFor[EditResult](),
	}, runEdit)
}

type noopKey struct{}

func noopsOf(env *tools.Env) *hashline.NoopCounter {
	return env.Session.State(noopKey{}, func() any { return &hashline.NoopCounter{} }).(*hashline.NoopCounter)
}

func runEdit(ctx context.Context, env *tools.Env, in EditArgs) (tools.Result, error) {
	env = ensureFiles(env)
	opts := hashline.ParseOptions{Cwd: env.Root}
	sections, err := hashline.Parse(in.Input, opts)
	if err != nil {
		return tools.Result{}, hashlineError(err)
	}
	if ctx.Err() != nil {
		return tools.Result{}, aborted(ctx)
	}
	paths := make([]string, len(sections))
	for i, s := range sections {
		paths[i] = env.Abs(s.Path)
		if err := checkProtected(env, "edit", paths[i]); err != nil {
			return tools.Result{}, err
		}
	}
	ed := &editables{m: map[string]*resource.Editable{}}
	return batcherOf(env).run(ctx, in.Input, sections, batchOps{
		lock: func() (func(), error) { return lockFiles(ctx, env, "edit", paths...) },
		prepare: func(inputs []string) (*hashline.Prepared, error) {
			if len(inputs) == 1 {
				return prepareEdit(ctx, env, ed, sections, 1, in.AllowGenerated)
			}
			merged, err := hashline.MergeParallel(inputs, opts)
			if err != nil {
				return nil, hashlineError(err)
			}
			return prepareEdit(ctx, env, ed, merged, len(inputs), in.AllowGenerated)
		},
		commit: func(p *hashline.Prepared) (tools.Result, error) { return commitEdit(ctx, env, ed, p) },
	})
}

// prepareEdit runs the whole edit in memory (hashline.Prepare): every
// section read, checked against its tag, applied and rendered. The caller
// holds the sections' path locks. Block parses stop when ctx ends.
func prepareEdit(ctx context.Context, env *tools.Env, ed *editables, sections []hashline.Section, batch int, allowGenerated bool) (*hashline.Prepared, error) {
	p, err := hashline.Prepare(sections, hashline.PrepareOptions{
		Store:    env.Session.Snapshots,
		Read:     editReader(ctx, env, ed, allowGenerated),
		Resolver: blocks.NewContext(ctx),
		Noops:    noopsOf(env),
		Batch:    batch,
		Display:  env.Display,
	})
	if err != nil {
		return nil, hashlineError(err)
	}
	return p, nil
}

// commitEdit verifies that no file changed since prepareEdit, writes the
// files one after another and records their new snapshots.
func commitEdit(ctx context.Context, env *tools.Env, ed *editables, p *hashline.Prepared) (tools.Result, error) {
	if p.Noop {
		return tools.Result{Text: p.NoopText, Structured: EditResult{Text: p.NoopText, Noop: true, Files: []EditedFile{}}, Details: EditToolDetails{}}, nil
	}
	if ctx.Err() != nil {
		return tools.Result{}, aborted(ctx)
	}
	// Verify every file before writing any: a change since Prepare (by
	// something outside this process; our own calls hold the locks) refuses
	// the whole edit.
	for _, f := range p.Files {
		if err := stillCurrent(ctx, env, ed, f); err != nil {
			return tools.Result{}, err
		}
	}
	if ctx.Err() != nil {
		return tools.Result{}, aborted(ctx)
	}
	writes := make([]tools.FileWrite, 0, len(p.Files))
	for _, f := range p.Files {
		if ed.get(f.Abs) != nil {
			continue // a resource part: written after the files, below
		}
		writes = append(writes, tools.FileWrite{Path: f.Abs, Data: []byte(f.Bytes), Perm: 0o644})
	}
	if err := tools.WriteAll(env.Files, writes); err != nil {
		// Files left written (only when undoing failed) keep their new
		// tags, so the session can go on from them.
		var be *tools.BatchError
		if errors.As(err, &be) {
			for _, f := range p.Files {
				if slices.Contains(be.Written, f.Abs) {
					f.Record(env.Session.Snapshots)
				}
			}
		}
		return tools.Result{}, batchFailed(env, p, err)
	}
	// Archive members and notebook cells are written through their
	// containers, after the files (each rewrite is atomic on its own).
	for _, f := range p.Files {
		if e := ed.get(f.Abs); e != nil {
			if err := e.Write(ctx, f.Bytes); err != nil {
				return tools.Result{}, writeError(f.Display, err)
			}
		}
	}
	for _, f := range p.Files {
		f.Record(env.Session.Snapshots)
	}

	res := EditResult{Text: p.Text(), Files: make([]EditedFile, len(p.Files))}
	res.Diff, res.Patch, res.FirstChangedLine = p.Details()
	for i, f := range p.Files {
		res.Files[i] = EditedFile{Path: f.Display, Tag: f.Tag, FirstChangedLine: f.FirstChangedLine, Warnings: f.Warnings, Echoes: f.Echoes}
	}
	return tools.Result{Text: res.Text, Structured: res,
		Details: EditToolDetails{Diff: res.Diff, Patch: res.Patch, FirstChangedLine: res.FirstChangedLine}}, nil
}

// editables are the resource parts (archive members, notebook cells) one
// edit call reads, by snapshot key, so its commit writes them back the
// same way. Safe for concurrent use.
type editables struct {
	mu sync.Mutex
	m  map[string]*resource.Editable
}

func (e *editables) get(key string) *resource.Editable {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.m[key]
}

func (e *editables) put(x *resource.Editable) {
	e.mu.Lock()
	e.m[x.Key] = x
	e.mu.Unlock()
}

// editReader reads a section's file through env.Files, so a dry run's
// pending content is what an edit applies to; a section naming an archive
// member or a notebook cell reads that part.
func editReader(ctx context.Context, env *tools.Env, ed *editables, allowGenerated bool) hashline.Reader {
	return hashline.ReaderFunc(func(display string) (string, string, error) {
		if e, ok, err := resource.OpenEditable(ctx, env, display); ok {
			if err != nil {
				return "", "", err
			}
			// The file the part lives in, not the header's spelling: an
			// archive reached through a link into .git is .git's.
			if err := checkProtected(env, "edit", e.File); err != nil {
				return "", "", err
			}
			ed.put(e)
			return e.Key, e.Text, nil
		}
		abs := env.Abs(display)
		if fi, err := env.Files.Stat(abs); err == nil && overCap(fi) {
			return abs, "", limitError("edit", display, fi.Size())
		} else if err == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
			return abs, "", notRegular("edit", display, fi.Mode())
		}
		data, err := env.Files.ReadFile(abs)
		if err != nil {
			if errors.Is(err, fs.ErrNotExist) {
				if serr := selectorHeader(env, display); serr != nil {
					return abs, "", serr
				}
			}
			return abs, "", err
		}
		if isBinary(data) {
			return abs, "", tools.Errorf(tools.ErrBinary, "Binary file (%s): edit changes text files only", units.Size(int64(len(data))))
		}
		if err := refuseGenerated(display, data, allowGenerated); err != nil {
			return abs, "", err
		}
		return abs, string(data), nil
	})
}

// selectorHeader refuses an edit header that names an existing file with
// a selector after it ([a.ts:2-3#TAG]): it would otherwise be reported as
// a missing file, and writing that name is refused too. Notebook cells
// and other editable parts never get here (resource.OpenEditable).
func selectorHeader(env *tools.Env, display string) error {
	base, sel, ok := selector.Split(display)
	if !ok {
		return nil
	}
	if fi, err := env.Files.Stat(env.Abs(base)); err != nil || fi.IsDir() {
		return nil
	}
	return tools.Errorf(tools.ErrInvalidArgs, "%s is %s with a selector (:%s); an edit header names the whole file and its ops address lines by number: copy the header read printed, [%s#TAG]", display, base, sel, base)
}

// stillCurrent re-reads f's file just before writing.
func stillCurrent(ctx context.Context, env *tools.Env, ed *editables, f *hashline.FileResult) error {
	if e := ed.get(f.Abs); e != nil {
		now, _, err := resource.OpenEditable(ctx, env, e.Display)
		if err != nil {
			return err
		}
		if !f.StillCurrent(now.Text) {
			return hashlineError(hashline.StaleBeforeWriteError(f.Section))
		}
		return nil
	}
	if fi, err := env.Files.Stat(f.Abs); err == nil && overCap(fi) {
		return hashlineError(hashline.StaleBeforeWriteError(f.Section)) // it grew since prepare read it
	}
	raw, err := env.Files.ReadFile(f.Abs)
	c := hashline.Conflict{Path: f.Display, Session: env.Session.ID, Agent: env.Owner}
	switch {
	case errors.Is(err, fs.ErrNotExist):
		c.Reason = hashline.TargetMissing
		return &tools.Error{Code: tools.ErrConflict, Msg: c.Error(), Err: &c}
	case err != nil:
		c.Reason, c.Errno = hashline.TargetUnreadable, errnoOr(err, "")
		return &tools.Error{Code: tools.ErrConflict, Msg: c.Error(), Err: &c}
	case !f.StillCurrent(string(raw)):
		return hashlineError(hashline.StaleBeforeWriteError(f.Section))
	}
	return nil
}

// batchFailed reports an edit whose files were not written: which file
// failed and why, and that nothing was written (every file of the edit is
// as it was) — or, if undoing the renames failed too, exactly which files
// are left changed. The code is the cause's.
func batchFailed(env *tools.Env, p *hashline.Prepared, err error) error {
	be := &tools.BatchError{Err: err}
	errors.As(err, &be)
	cause := be.Err
	failed := be.Path
	for _, f := range p.Files {
		if f.Abs == be.Path {
			failed = f.Display
		}
	}
	var msg string
	if len(be.Written) == 0 {
		msg = fmt.Sprintf("Edit not applied: writing %s failed: %s. Nothing was written: all %d files of this edit are as they were; fix the cause and send the same edit again.", failed, errText(cause), len(p.Files))
		if len(p.Files) == 1 {
			msg = fmt.Sprintf("Edit not applied: writing %s failed: %s. Nothing was written; fix the cause and send the same edit again.", failed, errText(cause))
		}
	} else {
		left := make([]string, len(be.Written))
		for i, w := range be.Written {
			left[i] = env.Display(w)
		}
		msg = fmt.Sprintf("Edit failed part-way: writing %s failed: %s, and these files could not be put back, so they have the new content: %s. The other files of this edit are as they were; read them before editing again.", failed, errText(cause), strings.Join(left, ", "))
	}
	code := tools.CodeOf(cause)
	switch {
	case code == tools.ErrCancelled:
	case errors.Is(cause, fs.ErrPermission):
		code = tools.ErrPermission
	case code == tools.ErrTool || code == tools.ErrNotFound:
		code = tools.ErrIO
	}
	return &tools.Error{Code: code, Msg: msg, Err: err}
}

// hashlineError maps a hashline failure to a coded tool error, keeping the
// spec's exact message.
func hashlineError(err error) error {
	var te *tools.Error
	if errors.As(err, &te) {
		if te.Code == tools.ErrNotAllowed {
			return te // the generated-file rule, worded as write words it
		}
		return err
	}
	var he *hashline.Error
	if !errors.As(err, &he) {
		return &tools.Error{Code: tools.CodeOf(err), Msg: err.Error(), Err: err}
	}
	code := tools.ErrTool
	switch he.Kind {
	case hashline.KindInvalid:
		code = tools.ErrInvalidArgs
	case hashline.KindNotFound:
		code = tools.ErrNotFound
	case hashline.KindStale:
		code = tools.ErrStaleAnchor
	case hashline.KindNoop:
		code = tools.ErrNoop
	case hashline.KindConflict:
		code = tools.ErrConflict
	case hashline.KindUnreadable:
		code = tools.ErrIO
		if errors.Is(he.Err, fs.ErrPermission) {
			code = tools.ErrPermission
		}
		if te := (*tools.Error)(nil); errors.As(he.Err, &te) {
			code = te.Code // e.g. a URL refused by checkLocal
		}
	}
	return &tools.Error{Code: code, Msg: he.Msg, Err: err}
}

package resource

import (
	"bytes"
	"context"
	"errors"
	"io/fs"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/archive"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/spill"
)

// Read reads a resource target (IsResource): a Text to render as rows, or
// a finished result.
func Read(ctx context.Context, env *tools.Env, t *Target) (*Text, *tools.Result, error) {
	switch {
	case t.Scheme == spill.Scheme && t.Path.Rest == "":
		return nil, listArtifacts(env), nil
	case t.Scheme == spill.Scheme:
		text, err := artifactText(env, t)
		return text, nil, err
	case t.Scheme == "mcp":
		return readRouted(ctx, env, t)
	case t.Scheme == "conflict" || t.Path.Sel != nil && t.Path.Sel.Conflicts:
		return readConflicts(ctx, env, t)
	case t.Path.Kind == selector.Archive:
		return readArchive(t)
	case t.Path.Kind == selector.SQLite:
		res, err := readSQLite(ctx, env, t)
		return nil, res, err
	case t.Path.Kind == selector.Document:
		text, err := readDocument(ctx, env, t)
		return text, nil, err
	case t.Path.Kind == selector.Notebook && t.Path.Sel != nil && t.Path.Sel.Cell >= 0:
		text, err := readCell(env, t)
		return text, nil, err
	}
	return nil, nil, tools.Errorf(tools.ErrInvalidArgs, "read: %s: this kind of resource is not supported yet", t.Given)
}

// Write writes content to a resource target.
func Write(ctx context.Context, env *tools.Env, t *Target, content string) (*Written, error) {
	switch {
	case t.routed():
		return nil, tools.Errorf(tools.ErrNotAllowed, "write: %s is read-only: %s:// resources are read and searched, never written. Write a workspace file instead", t.Display, t.Scheme)
	case t.Scheme == "conflict":
		return writeConflicts(ctx, env, t, content)
	case t.Path.Sel != nil && t.Path.Sel.Conflicts:
		return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s lists conflict regions; resolve one with write conflict://N (conflict://* numbers them)", t.Given)
	case t.Path.Kind == selector.Archive:
		if t.Path.Sel != nil {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s: write replaces a whole member; a selector (:%s) cannot be written. Write %s:%s, or change lines with edit", t.Given, t.Path.Sel.Text, t.Display, t.Path.Inner)
		}
		if t.Path.Inner == "" {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s is an archive; write to one of its members (%s:dir/name.txt)", t.Display, t.Display)
		}
		return writeMember(ctx, env, t, content)
	case t.Path.Kind == selector.SQLite:
		return writeSQLite(ctx, env, t, content)
	case t.Path.Kind == selector.Notebook && t.Path.Sel != nil && t.Path.Sel.Cell >= 0:
		return writeCell(ctx, env, t, content)
	case t.Path.Kind == selector.Document:
		return nil, tools.Errorf(tools.ErrNotAllowed, "write: %s is a document (%s); read gives its text, but documents are not written here. Write a new file next to it instead", t.Display, t.Path.Kind)
	}
	return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s: this kind of resource cannot be written", t.Given)
}

// WritePaths are the files on disk a Write of t would change: the file
// behind an archive member, a table, a notebook cell; for conflict:// the
// files holding the regions it resolves. Write's callers check each
// against the protected paths and the approval rules. A member name a
// write may not create is refused here, so a preview refuses it too.
func WritePaths(ctx context.Context, env *tools.Env, t *Target) ([]string, error) {
	if t.Scheme == "conflict" {
		return conflictWritePaths(ctx, env, t)
	}
	if t.Path.Kind == selector.Archive && t.Path.Inner != "" {
		if err := archive.CheckMemberPath(t.Path.Inner); err != nil {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s: %v", t.Display, err)
		}
	}
	return []string{t.Abs}, nil
}

// Texts returns the texts search looks in for a resource target, and what
// it skipped (with why).
func Texts(ctx context.Context, env *tools.Env, t *Target) ([]Text, []string, error) {
	switch {
	case t.Scheme == spill.Scheme && t.Path.Rest == "":
		return allArtifactTexts(env)
	case t.Scheme == spill.Scheme:
		text, err := artifactText(env, t)
		if err != nil {
			return nil, nil, err
		}
		return []Text{*text}, nil, nil
	case t.Scheme == "mcp":
		return routedTexts(ctx, env, t)
	case t.Path.Kind == selector.Archive:
		return archiveTexts(t)
	case t.Path.Kind == selector.SQLite:
		return sqliteTexts(ctx, env, t)
	case t.Path.Kind == selector.Document:
		text, err := readDocument(ctx, env, t)
		if err != nil {
			return nil, nil, err
		}
		return []Text{*text}, nil, nil
	}
	return nil, nil, tools.Errorf(tools.ErrInvalidArgs, "search: %s: this kind of resource cannot be searched", t.Given)
}

// Editable is a resource text edit can change: its snapshot key, current
// text, and how to write a new text back. File is the file on disk the
// part lives in (what the protected paths and the approval rules check,
// not the key, which no link resolves through), Member the archive
// member's name ("" for a notebook cell).
type Editable struct {
	Key, Display, Text string
	File, Member       string
	Write              func(ctx context.Context, text string) error
}

// OpenEditable resolves an edit section's path when it names a resource
// part (an archive member, a notebook cell); ok is false for a plain file.
// A read-only resource is an error saying so.
func OpenEditable(ctx context.Context, env *tools.Env, display string) (e *Editable, ok bool, err error) {
	t, err := Resolve(ctx, env, "edit", display)
	if err != nil {
		return nil, true, err
	}
	defer t.Close()
	switch {
	case t.Path.Kind == selector.Archive && t.Path.Inner != "":
		if t.Path.Sel != nil {
			return nil, true, tools.Errorf(tools.ErrInvalidArgs, "edit: the section header names %s; use the member's header from read ([%s:%s#TAG])", display, t.Display, t.Path.Inner)
		}
		text, err := editMember(t)
		if err != nil {
			return nil, true, err
		}
		return &Editable{
			Key: memberKey(t.Abs, t.Path.Inner), Display: t.Display + ":" + t.Path.Inner, Text: text,
			File: t.Abs, Member: t.Path.Inner,
			Write: func(ctx context.Context, text string) error {
				t.Close() // Windows cannot replace a file this process holds open
				return rewriteMember(ctx, env, t.Abs, t.Display, t.Path.Inner, text)
			},
		}, true, nil
	case t.Path.Kind == selector.Notebook && t.Path.Sel != nil && t.Path.Sel.Cell >= 0:
		e, err := editCell(env, t)
		return e, true, err
	case t.routed():
		return nil, true, tools.Errorf(tools.ErrNotAllowed, "edit: %s is read-only: %s:// resources are read and searched, never edited", display, t.Scheme)
	case t.Scheme == "conflict":
		return nil, true, tools.Errorf(tools.ErrInvalidArgs, "edit: %s is a conflict region; resolve it with write (write %s with the merged text, @ours, @theirs and @base lines), or edit its file with the file's [path#TAG] header", display, display)
	case t.IsResource():
		return nil, true, tools.Errorf(tools.ErrNotAllowed, "edit: %s is a %s, read-only to edit; edit changes text files, archive members and notebook cells", display, t.Path.Kind)
	}
	return nil, false, nil
}

// observed is the write guard for a resource part: replacing it needs this
// session to have seen its current content (a read, a search, a write).
func observed(env *tools.Env, key, display, current string) error {
	norm := hashline.Normalize(current)
	if env.Session.Snapshots.Holds(key, hashline.TagNormalized(norm), norm) {
		return nil
	}
	c := hashline.Conflict{Path: display, Session: env.Session.ID, Agent: env.Owner, Live: hashline.LiveStateOf(current)}
	c.Reason = hashline.NoPriorObservation
	if _, head, ok := env.Session.Snapshots.Head(key); ok {
		ev := hashline.Diverge(head, norm)
		c.Reason, c.Evidence = hashline.ChangedSinceObservation, &ev
	}
	return &tools.Error{Code: tools.ErrConflict, Msg: c.Error(), Err: &c}
}

// writeError reports a failed write: what failed and why.
func writeError(display string, err error) error {
	if tools.CodeOf(err) == tools.ErrCancelled {
		return err
	}
	code := tools.ErrIO
	if errors.Is(err, fs.ErrPermission) {
		code = tools.ErrPermission
	}
	return &tools.Error{Code: code, Msg: "Could not write " + display + ": " + err.Error(), Err: err}
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }

package files

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strings"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/resource"
)

// WriteArgs are write's arguments.
type WriteArgs struct {
	Path    string  `json:"path" jsonschema:"file to create or overwrite, relative to the workspace root or absolute; missing directories are created; or a.zip:dir/m.txt, app.db:users[:ROWID], nb.ipynb:cell:N, conflict://N, local://path"`
	Content *string `json:"content,omitempty" jsonschema:"the complete new content of the file"`
	// Delete and MoveTo are the journaled deletion and move (see runMove).
	Delete bool   `json:"delete,omitempty" jsonschema:"delete it"`
	MoveTo string `json:"moveTo,omitempty" jsonschema:"move it here"`
	// AllowGenerated overrides the generated-file rule (see refuseGenerated).
	AllowGenerated bool `json:"allowGenerated,omitempty" jsonschema:"change it even if marked as generated"`
}

// WriteResult is write's structured result (what a script receives).
type WriteResult struct {
	Path    string `json:"path"`    // as shown to a model
	Tag     string `json:"tag"`     // the new snapshot tag, for edit's [path#TAG]
	Bytes   int    `json:"bytes"`   // bytes written
	Created bool   `json:"created"` // the file did not exist before
	// Deleted and MovedFrom report a deletion and a move (Path is the new
	// path).
	Deleted   bool   `json:"deleted,omitempty"`
	MovedFrom string `json:"movedFrom,omitempty"`
	// MadeExecutable is set when a shebang made the file executable.
	MadeExecutable bool `json:"madeExecutable,omitempty"`
	// StrippedHashline is set when copied hashline output (a header and
	// row prefixes matching a snapshot of this session) was removed.
	StrippedHashline bool `json:"strippedHashline,omitempty"`
	// KeptHashline is set when the content starts like read output (a
	// header and N: rows) that matches no snapshot and was written as is.
	KeptHashline bool `json:"keptHashline,omitempty"`
	// Source and SourcePath name what was written when it is not a plain
	// file: "archive" and the archive's absolute path for a member, and
	// so on ("notebook", "sqlite", "conflict").
	Source     string `json:"source,omitempty"`
	SourcePath string `json:"sourcePath,omitempty"`
	Text       string `json:"text"` // the model-facing confirmation
}

func writeTool() tools.Tool {
	return tools.NewStructured(tools.Spec{
		Name: "write",
		Description: "Create a file, or replace a whole file with new content. Creating needs no prior read; overwriting an existing file needs this session " +
			"to have read (or written, or edited) its current content, else it is refused with FILE_MUTATION_CONFLICT (ERR_CONFLICT): read the file " +
			"again and retry. " + generatedRule + " delete: true deletes, moveTo moves. A shebang makes the " +
			"file executable. Returns the new `[path#TAG]` header for edit. To change part of a file, prefer edit. " +
			"Also: `a.zip:dir/m.txt` sets one archive member (rewritten atomically, other members byte-identical; `../` and `dir/` refused); " +
			"`app.db:users` with a JSON5 object inserts a row ({} = defaults), `app.db:users:3` updates those columns, empty content deletes row 3; " +
			"`nb.ipynb:cell:2` replaces that cell's source (outputs and metadata kept); `conflict://1` (or `conflict://*`) replaces the conflict region, " +
			"its lines @ours, @theirs, @base standing for the sides. A path ending in a line selector (`a.ts:2-3`) is refused: write replaces whole files.",
	}, runWrite, func(r WriteResult) string { return r.Text })
}

func runWrite(ctx context.Context, env *tools.Env, in WriteArgs) (WriteResult, error) {
	env = ensureFiles(env)
	t, err := resolveWrite(ctx, env, in.Path)
	if err != nil {
		return WriteResult{}, err
	}
	defer t.res.Close()
	if err := checkProtected(env, "write", t.abs); err != nil {
		return WriteResult{}, err
	}
	if ctx.Err() != nil {
		return WriteResult{}, aborted(ctx)
	}
	if t.res.IsResource() {
		if _, err := resourcePaths(ctx, env, t, in); err != nil {
			return WriteResult{}, err
		}
		w, err := resource.Write(ctx, env, t.res, deref(in.Content))
		if err != nil {
			return WriteResult{}, err
		}
		return WriteResult{Path: w.Display, Tag: w.Tag, Bytes: w.Bytes, Created: w.Created, StrippedHashline: w.Stripped,
			Source: w.Source, SourcePath: w.SourcePath, Text: w.Text}, nil
	}
	if in.Delete || in.MoveTo != "" {
		return runMove(ctx, env, t, in)
	}
	if in.Content == nil {
		return WriteResult{}, tools.Errorf(tools.ErrInvalidArgs, "write: content is required (the whole new content of %s); to delete the file pass delete: true, to move it moveTo", t.display)
	}
	// The file's lock is held from the guard's check through the rename,
	// so no other call or process that takes it can change the file in
	// between (see lockFiles).
	unlock, err := lockFiles(ctx, env, "write", t.abs)
	if err != nil {
		return WriteResult{}, err
	}
	defer unlock()

	conflict := conflictFor(env, t)
	exists, mode, err := guardWrite(env, t, in.AllowGenerated)
	if err != nil {
		return WriteResult{}, err
	}

	content, stripped := newContent(env, t, *in.Content)
	data := []byte(content)
	shebang := hasExecBit && strings.HasPrefix(content, "#!")
	made := false
	if exists {
		err = env.Files.WriteFile(t.abs, data, mode)
		if err == nil && shebang && mode&0o111 == 0 {
			if err = env.Files.Chmod(t.abs, mode|(mode&0o444)>>2); err == nil {
				made = true
			}
		}
	} else {
		perm := fs.FileMode(0o644)
		if shebang {
			perm, made = 0o755, true
		}
		err = env.Files.CreateFile(t.abs, data, perm)
		if errors.Is(err, fs.ErrExist) {
			var live *hashline.LiveState
			// A file over fileCap is not loaded to describe it.
			if fi, serr := env.Files.Stat(t.abs); serr != nil || !overCap(fi) {
				if cur, rerr := env.Files.ReadFile(t.abs); rerr == nil {
					live = hashline.LiveStateOf(string(cur))
				}
			}
			return WriteResult{}, conflict(hashline.TargetExists, hashline.Conflict{Live: live})
		}
	}
	if err != nil {
		return WriteResult{}, writeError(t.display, err)
	}
	// Recorded even when the call was cancelled meanwhile: the bytes are on
	// disk, so a retry must recognise this session's write.
	tag := recordWritten(env, t.abs, content)

	r := WriteResult{Path: t.display, Tag: tag, Bytes: len(data), Created: !exists, MadeExecutable: made, StrippedHashline: stripped}
	lines := []string{hashline.Header(t.display, tag), fmt.Sprintf("Successfully wrote %d bytes to %s", len(data), t.display)}
	if stripped {
		lines = append(lines, "Note: stripped copied hashline header and line prefixes from the content (they matched this session's snapshot).")
	} else if hashline.LooksCopied(content) {
		r.KeptHashline = true
		lines = append(lines, "Warning: the content starts with a [path#TAG] header and N: rows that match no snapshot of this session (read output changed after copying?), and they were written into the file as given. If that was not meant, write the text without the header and prefixes, or change the file with edit.")
	}
	if made {
		lines = append(lines, "Made the file executable (madeExecutable): it starts with a shebang.")
	}
	r.Text = strings.Join(lines, "\n")
	return r, nil
}

// recordWritten records content as the newest version of abs and returns
// its tag. A script holds what it wrote, so its write is recorded by tag
// and digest (an edit of the unchanged file applies directly) rather than
// as a second copy of the text; a model's direct write keeps the text, for
// an edit that comes with that tag after the file changed again.
func recordWritten(env *tools.Env, abs, content string) string {
	if env.Direct {
		return env.Session.Snapshots.Record(abs, content)
	}
	o := hashline.Observe(content)
	env.Session.Snapshots.RecordObservation(abs, o)
	return o.Tag
}

// runMove is write's journaled deletion ({path, delete: true}) and move
// ({path, moveTo}): through env.Files, so a dry run shows a deletion or a
// rename in its diff and --atomic puts the file back. Neither needs a
// prior read (nothing is lost: the journal keeps the content); a generated
// file follows write's rule. The session's snapshots follow the file.
func runMove(ctx context.Context, env *tools.Env, t *target, in WriteArgs) (WriteResult, error) {
	fi, dst, err := resolveMove(ctx, env, t, in)
	if err != nil {
		return WriteResult{}, err
	}
	if in.Delete {
		unlock, err := lockFiles(ctx, env, "write", t.abs)
		if err != nil {
			return WriteResult{}, err
		}
		defer unlock()
		if err := env.Files.Remove(t.abs); err != nil {
			return WriteResult{}, writeError(t.display, err)
		}
		env.Session.Snapshots.Forget(t.abs)
		return WriteResult{Path: t.display, Deleted: true, Text: "Deleted " + t.display}, nil
	}
	mv, ok := env.Files.(tools.Mover)
	if !ok {
		return WriteResult{}, tools.Errorf(tools.ErrNotAllowed, "write: this host cannot move files")
	}
	unlock, err := lockFiles(ctx, env, "write", t.abs, dst.abs)
	if err != nil {
		return WriteResult{}, err
	}
	defer unlock()
	if err := mv.Rename(t.abs, dst.abs); err != nil {
		if errors.Is(err, fs.ErrExist) {
			return WriteResult{}, tools.Errorf(tools.ErrConflict, "Cannot move %s to %s: %s exists. Delete or move it first.", t.display, dst.display, dst.display)
		}
		return WriteResult{}, writeError(dst.display, err)
	}
	r := WriteResult{Path: dst.display, MovedFrom: t.display, Bytes: int(fi.Size())}
	if data, err := env.Files.ReadFile(dst.abs); err == nil && !overCap(fi) {
		r.Tag = env.Session.Snapshots.Record(dst.abs, string(data))
	}
	env.Session.Snapshots.Forget(t.abs)
	r.Text = "Moved " + t.display + " to " + dst.display
	if r.Tag != "" {
		r.Text = hashline.Header(dst.display, r.Tag) + "\n" + r.Text
	}
	return r, nil
}

// resolveMove checks a deletion or a move of t (already checked against
// the protected paths) as runMove and previewMove both need it: the
// arguments, the file (it exists, is regular, is not generated unless
// allowed) and, for a move, its destination, resolved and checked against
// the protected paths as the source is. It returns the file's info and the
// destination (nil for a deletion).
func resolveMove(ctx context.Context, env *tools.Env, t *target, in WriteArgs) (fs.FileInfo, *target, error) {
	switch {
	case in.Delete && in.MoveTo != "":
		return nil, nil, tools.Errorf(tools.ErrInvalidArgs, "write: give delete or moveTo, not both")
	case in.Content != nil:
		return nil, nil, tools.Errorf(tools.ErrInvalidArgs, "write: content cannot go with %s; %s first, then write the content", map[bool]string{true: "delete", false: "moveTo"}[in.Delete], map[bool]string{true: "delete", false: "move"}[in.Delete])
	}
	fi, err := env.Files.Stat(t.abs)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return nil, nil, tools.Errorf(tools.ErrNotFound, "File not found: %s. Nothing to %s.", t.display, map[bool]string{true: "delete", false: "move"}[in.Delete])
	case err != nil:
		return nil, nil, writeError(t.display, err)
	case !fi.Mode().IsRegular():
		return nil, nil, tools.Errorf(tools.ErrInvalidArgs, "%s is not a regular file: write deletes and moves files only", t.display)
	}
	if !overCap(fi) {
		if cur, err := env.Files.ReadFile(t.abs); err == nil {
			if err := refuseGenerated(t.display, cur, in.AllowGenerated); err != nil {
				return nil, nil, err
			}
		}
	}
	if in.Delete {
		return fi, nil, nil
	}
	dst, err := resolveWrite(ctx, env, in.MoveTo)
	if err != nil {
		return nil, nil, err
	}
	dst.res.Close()
	if dst.res.IsResource() {
		return nil, nil, tools.Errorf(tools.ErrInvalidArgs, "write: moveTo %q names a part of %s; moveTo takes a file path", in.MoveTo, dst.display)
	}
	if err := checkProtected(env, "write", dst.abs); err != nil {
		return nil, nil, err
	}
	return fi, dst, nil
}

// resourcePaths are the files a write of a resource part changes (the
// archive, the database, every file a conflict:// write resolves), each
// checked against the protected paths.
func resourcePaths(ctx context.Context, env *tools.Env, t *target, in WriteArgs) ([]string, error) {
	if in.Delete || in.MoveTo != "" {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "write: delete and moveTo work on files, not on %s", t.display)
	}
	paths, err := resource.WritePaths(ctx, env, t.res)
	if err != nil {
		return nil, err
	}
	for _, p := range paths {
		if err := checkProtected(env, "write", p); err != nil {
			return nil, err
		}
	}
	return paths, nil
}

// conflictFor builds write's FILE_MUTATION_CONFLICT errors for t.
func conflictFor(env *tools.Env, t *target) func(reason string, c hashline.Conflict) error {
	return func(reason string, c hashline.Conflict) error {
		c.Reason, c.Path, c.Session, c.Agent = reason, t.display, env.Session.ID, env.Owner
		return &tools.Error{Code: tools.ErrConflict, Msg: c.Error(), Err: &c}
	}
}

// guardWrite is the write guard: it refuses to replace what is not a
// regular file, a generated file, a file over the cap, or one whose
// current content this session has not seen. It reports whether t exists
// and its permission bits.
func guardWrite(env *tools.Env, t *target, allowGenerated bool) (exists bool, mode fs.FileMode, err error) {
	conflict := conflictFor(env, t)
	fi, err := env.Files.Stat(t.abs)
	exists = err == nil
	switch {
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return false, 0, conflict(hashline.TargetUnreadable, hashline.Conflict{Errno: errnoOr(err, "")})
	case exists && fi.IsDir():
		return false, 0, conflict(hashline.TargetUnreadable, hashline.Conflict{Errno: "EISDIR"})
	case exists && !fi.Mode().IsRegular():
		return false, 0, notRegular("write", t.display, fi.Mode())
	}
	mode = 0o644
	if !exists {
		return false, mode, nil
	}
	if overCap(fi) {
		return false, 0, limitError("write", t.display, fi.Size())
	}
	cur, err := env.Files.ReadFile(t.abs)
	if err != nil {
		return false, 0, conflict(hashline.TargetUnreadable, hashline.Conflict{Errno: errnoOr(err, "")})
	}
	if err := refuseGenerated(t.display, cur, allowGenerated); err != nil {
		return false, 0, err
	}
	norm := hashline.Normalize(string(cur))
	if !env.Session.Snapshots.Holds(t.abs, hashline.TagNormalized(norm), norm) {
		live := hashline.LiveStateOf(string(cur))
		if _, head, ok := env.Session.Snapshots.Head(t.abs); ok {
			ev := hashline.Diverge(head, norm)
			return false, 0, conflict(hashline.ChangedSinceObservation, hashline.Conflict{Evidence: &ev, Live: live})
		}
		if env.Session.Snapshots.Observed(t.abs) {
			// Read before, but that text is no longer kept: no evidence.
			return false, 0, conflict(hashline.ChangedSinceObservation, hashline.Conflict{Live: live})
		}
		return false, 0, conflict(hashline.NoPriorObservation, hashline.Conflict{Live: live})
	}
	return true, fi.Mode().Perm(), nil
}

// newContent is the text write puts in t: content with a hashline header
// and row prefixes copied from this session's output stripped.
func newContent(env *tools.Env, t *target, content string) (string, bool) {
	return hashline.StripCopied(content, hashline.StripOptions{
		Store:   env.Session.Snapshots,
		Resolve: func(display string) (string, bool) { return env.Abs(display), true },
		Target:  []string{t.given, t.abs, t.display},
	})
}

// generatedRule is how write's and edit's descriptions state the one
// generated-file rule both follow.
const generatedRule = "Files marked @generated or DO NOT EDIT need allowGenerated: true."

// refuseGenerated is the generated-file rule of write and edit: an
// existing file marked as generated is changed only with allowGenerated,
// since the next run of its generator would undo the change.
func refuseGenerated(display string, current []byte, allowGenerated bool) error {
	if allowGenerated || !isGenerated(current) {
		return nil
	}
	return tools.Errorf(tools.ErrNotAllowed, "Refusing to change generated file: %s\nIt is marked as generated near the top (@generated, DO NOT EDIT or auto-generated): change its generator or source and regenerate it, or pass allowGenerated: true to change it anyway.", display)
}

// generatedRE finds the markers of a generated file.
var generatedRE = regexp.MustCompile(`@generated|DO NOT EDIT|(?i:auto-generated)`)

// isGenerated reports whether data carries a generated-file marker in its
// first 40 lines or first KiB, whichever is shorter.
func isGenerated(data []byte) bool {
	head := data[:min(len(data), 1024)]
	n := 0
	for i, c := range head {
		if c == '\n' {
			if n++; n == 40 {
				head = head[:i]
				break
			}
		}
	}
	return generatedRE.Match(head)
}

// writeError reports a failed write: what failed and the errno.
func writeError(display string, err error) error {
	if tools.CodeOf(err) == tools.ErrCancelled {
		return err // the run ended (journal closed)
	}
	code := tools.ErrIO
	if errors.Is(err, fs.ErrPermission) {
		code = tools.ErrPermission
	}
	return &tools.Error{Code: code, Msg: "Could not write " + display + ": " + errText(err), Err: err}
}

// aborted is the error of a call cancelled before it changed anything.
func aborted(ctx context.Context) error {
	return &tools.Error{Code: tools.CodeOf(ctx.Err()), Msg: "Operation aborted", Err: ctx.Err()}
}

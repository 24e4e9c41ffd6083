package files

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/tools/internal/safefile"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/resource"

	"github.com/atomic-script/atomic-script/tools"
)

// target is a resolved path argument.
type target struct {
	given   string // the path as the caller wrote it (quotes removed)
	abs     string // absolute, cleaned
	display string // as shown to a model
	sel     *selector.Selector
	res     *resource.Target // the parsed argument
	// meta, when set, is the details of a resource read as text (else
	// the read is of the file at abs).
	meta *resource.Meta
	// exact is set for a read by offset/limit: its one range is shown
	// without context lines.
	exact bool
}

// cleanPathArg trims whitespace and one pair of copied quotes.
func cleanPathArg(p string) string { return resource.CleanArg(p) }

// resolveRead resolves read's path argument with the shared parser: the
// whole string when it names something, else a file (or archive,
// database, document) plus what follows it.
func resolveRead(ctx context.Context, env *tools.Env, arg string) (*target, error) {
	return resolveTarget(ctx, env, "read", arg)
}

func resolveTarget(ctx context.Context, env *tools.Env, tool, arg string) (*target, error) {
	r, err := resource.Resolve(ctx, env, tool, arg)
	if err != nil {
		return nil, err
	}
	t := &target{given: r.Given, abs: r.Abs, display: r.Display, sel: r.Sel(), res: r}
	if r.Scheme == "local" || r.Scheme == "skill" {
		t.meta = &resource.Meta{Source: r.Scheme, SourcePath: r.Abs}
	}
	if r.Kind() == selector.Missing && r.Scheme == "" {
		if base, sel, ok := selector.Split(r.Given); ok {
			if tool == "write" {
				return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s does not exist, and %q ends in a selector (:%s); write creates whole files and never a file named like a selector. Write %s with its complete content", base, r.Given, sel, base)
			}
			// Reported as the file the selector is of.
			t.abs = env.Abs(base)
			t.display = env.Display(t.abs)
		}
	}
	return t, nil
}

// resolveWrite resolves write's path argument: a plain file, or a resource
// part write can replace (an archive member, a notebook cell, a SQLite
// table or row, a conflict region).
func resolveWrite(ctx context.Context, env *tools.Env, arg string) (*target, error) {
	p := cleanPathArg(arg)
	if strings.HasSuffix(p, "/") || strings.HasSuffix(p, string(filepath.Separator)) {
		if r, err := resource.Resolve(ctx, env, "write", p); err == nil && r.IsResource() {
			r.Close()
			return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %q names a directory in the archive; write to a file member (%sname.txt)", p, p)
		}
		return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %q names a directory; give a file path", p)
	}
	t, err := resolveTarget(ctx, env, "write", p)
	if err != nil {
		return nil, err
	}
	if !t.res.IsResource() && t.sel != nil && t.sel.Cell < 0 {
		t.res.Close()
		return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s exists and %q names a selector (:%s) of it; write replaces whole files. Write %s with the complete content, or change those lines with edit", t.display, p, t.sel.Text, t.display)
	}
	if !t.res.IsResource() && t.sel != nil && t.sel.Cell >= 0 && !isNotebook(t.abs) {
		t.res.Close()
		return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %s is not a notebook; :cell:N selects notebook cells. Write %s with its complete content, or change lines with edit", t.display, t.display)
	}
	return t, nil
}

// lockFiles takes the advisory lock of each of paths for a call of tool,
// waiting no longer than ctx. A named pipe, a device or a socket is
// refused here, before anything opens it for reading.
func lockFiles(ctx context.Context, env *tools.Env, tool string, paths ...string) (func(), error) {
	unlock, err := safefile.Lock(ctx, paths...)
	var nr *safefile.NotRegularError
	switch {
	case err == nil:
		return unlock, nil
	case ctx.Err() != nil:
		return nil, aborted(ctx)
	case errors.As(err, &nr):
		return nil, notRegular(tool, env.Display(nr.Path), nr.Mode)
	}
	return nil, &tools.Error{Code: tools.ErrIO, Msg: tool + ": could not lock a file: " + errText(err), Err: err}
}

// notRegular refuses a path that names a special file.
func notRegular(tool, display string, mode fs.FileMode) error {
	return tools.Errorf(tools.ErrInvalidArgs, "%s: %s is not a regular file (%s): read, write and edit work on regular files only", tool, display, safefile.Describe(mode))
}

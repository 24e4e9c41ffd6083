package files

import (
	"context"
	"errors"
	"io/fs"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/atomic-script/atomic-script/internal/tools/safefile"
	"github.com/atomic-script/atomic-script/internal/tools/selector"

	"github.com/atomic-script/atomic-script/tools"
)

// target is a resolved path argument.
type target struct {
	given   string // the path as the caller wrote it (quotes removed)
	abs     string // absolute, cleaned
	display string // as shown to a model
	sel     *selector.Selector
}

var schemeRE = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9+.-]*)://`)

// cleanPathArg trims whitespace and one pair of copied quotes.
func cleanPathArg(p string) string {
	p = strings.TrimSpace(p)
	if len(p) >= 2 {
		if q := p[0]; (q == '"' || q == '\'' || q == '`') && p[len(p)-1] == q {
			p = strings.TrimSpace(p[1 : len(p)-1])
		}
	}
	return p
}

// checkLocal refuses what these tools do not read or write: empty paths,
// NUL bytes and URL-like selectors (http, conflict://, skill://, local://,
// …). file:// URLs become plain paths.
func checkLocal(tool, p string) (string, error) {
	if p == "" {
		return "", tools.Errorf(tools.ErrInvalidArgs, "%s: path is empty; give a file path relative to the workspace root or an absolute path", tool)
	}
	if strings.IndexByte(p, 0) >= 0 {
		return "", tools.Errorf(tools.ErrInvalidArgs, "%s: path contains a NUL byte", tool)
	}
	if m := schemeRE.FindStringSubmatch(p); m != nil {
		scheme := strings.ToLower(m[1])
		if scheme == "file" {
			return strings.TrimPrefix(p, m[0]), nil
		}
		what := scheme + ":// selectors are"
		if scheme == "http" || scheme == "https" {
			what = "URLs are"
		}
		return "", tools.Errorf(tools.ErrInvalidArgs, "%s: %s not supported here: this tool works on local files only (got %q)", tool, what, p)
	}
	return p, nil
}

// archiveExts and sqliteExts name containers whose member selectors
// (`a.zip:dir/x.txt`, `app.db:users`) are out of scope here.
var (
	archiveExts = []string{".zip", ".jar", ".tar", ".tgz", ".tar.gz", ".gz"}
	sqliteExts  = []string{".db", ".sqlite", ".sqlite3"}
)

func hasExt(p string, exts []string) bool {
	lp := strings.ToLower(p)
	for _, e := range exts {
		if strings.HasSuffix(lp, e) {
			return true
		}
	}
	return false
}

// resolveRead resolves read's path argument: the whole string when it names
// an existing file or directory, else a path plus a trailing selector.
func resolveRead(env *tools.Env, arg string) (*target, error) {
	p, err := checkLocal("read", cleanPathArg(arg))
	if err != nil {
		return nil, err
	}
	t := &target{given: p, abs: env.Abs(p)}
	t.display = env.Display(t.abs)
	if _, err := env.Files.Stat(t.abs); err == nil || !errors.Is(err, fs.ErrNotExist) {
		return t, nil
	}
	if base, sel, ok := selector.Split(p); ok {
		s, err := selector.Parse(sel)
		if err != nil {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "read: %v", err)
		}
		t = &target{given: base, abs: env.Abs(base), sel: &s}
		t.display = env.Display(t.abs)
		return t, nil
	}
	if err := containerSelector(env, "read", p); err != nil {
		return nil, err
	}
	return t, nil
}

// containerSelector reports an archive-member or SQLite selector on an
// existing container file as unsupported.
func containerSelector(env *tools.Env, tool, p string) error {
	for i := strings.IndexByte(p, ':'); i > 0; i = nextColon(p, i) {
		base := p[:i]
		fi, err := env.Files.Stat(env.Abs(base))
		if err != nil || fi.IsDir() {
			continue
		}
		switch {
		case hasExt(base, archiveExts):
			return tools.Errorf(tools.ErrInvalidArgs, "%s: archive members (%q) are not supported here; extract the archive with bash (unzip, tar) and %s the extracted file", tool, p, tool)
		case hasExt(base, sqliteExts):
			return tools.Errorf(tools.ErrInvalidArgs, "%s: SQLite selectors (%q) are not supported here; query the database with bash (sqlite3)", tool, p)
		}
	}
	return nil
}

func nextColon(p string, i int) int {
	j := strings.IndexByte(p[i+1:], ':')
	if j < 0 {
		return -1
	}
	return i + 1 + j
}

// resolveWrite resolves write's path argument (no selectors).
func resolveWrite(env *tools.Env, arg string) (*target, error) {
	p, err := checkLocal("write", cleanPathArg(arg))
	if err != nil {
		return nil, err
	}
	if strings.HasSuffix(p, "/") || strings.HasSuffix(p, string(filepath.Separator)) {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "write: %q names a directory; give a file path", p)
	}
	if err := containerSelector(env, "write", p); err != nil {
		return nil, err
	}
	t := &target{given: p, abs: env.Abs(p)}
	t.display = env.Display(t.abs)
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

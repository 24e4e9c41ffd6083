package search

import (
	"context"
	"strings"
	"time"

	"github.com/atomic-script/atomic-script/tools"
)

// FileList is what Files found.
type FileList struct {
	// Files are the files found, absolute, sorted by their display path,
	// each once.
	Files []string
	// Missing are the entries of paths that matched nothing on disk.
	Missing []string
}

// filesTimeout bounds a Files walk; the context bounds it first in a run.
const filesTimeout = 10 * time.Minute

// Files resolves paths as find and search do — files, directories walked
// with .gitignore rules (hidden files included, .git and node_modules
// skipped unless named), doublestar globs, comma-joined lists — and lists
// the files they name, as a dry run sees them. It is the walk the other
// tool families that take paths (tools/code) share. An entry that names
// nothing is listed in Missing; when every entry is missing the error is
// ERR_NOT_FOUND.
func Files(ctx context.Context, env *tools.Env, paths []string) (*FileList, error) {
	if allBlank(paths) {
		paths = []string{"."}
	}
	v := newFSView(env)
	sc, err := resolveScope(ctx, env, v, paths, false)
	if err != nil {
		return nil, err
	}
	if len(sc.targets) == 0 {
		return nil, tools.Errorf(tools.ErrNotFound, "Path not found: %s%s", strings.Join(sc.missing, ", "), anyDepthHint(sc.missing))
	}
	hits, timedOut, err := scanPaths(ctx, env, v, sc, scanOptions{gitignore: true, hidden: true, timeout: filesTimeout, filesOnly: true})
	if err != nil {
		return nil, err
	}
	if timedOut {
		return nil, tools.Errorf(tools.ErrTimeout, "listing the files of %s took over %v: name a smaller tree", strings.Join(paths, ", "), filesTimeout)
	}
	found := sortedPaths(env, hits)
	out := &FileList{Files: make([]string, 0, len(found)), Missing: sc.missing}
	for _, p := range found {
		if v.stat(p.abs) == pathFile {
			out.Files = append(out.Files, p.abs)
		}
	}
	return out, nil
}

package search

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/search/internal/walk"
)

// Defaults of find.
const (
	findDefaultLimit = 200
	findMaxLimit     = 10000
	// findListBytes bounds the paths one result lists (in files and in
	// text alike), so that a large limit cannot make a result of
	// hundreds of kilobytes: the newest paths that fit are kept.
	findListBytes      = 32 << 10
	findDefaultTimeout = 5 * time.Second
	findMaxTimeout     = 300 // seconds
)

type findArgs struct {
	Paths     PathList `json:"paths"`
	Gitignore *bool    `json:"gitignore"`
	Hidden    *bool    `json:"hidden"`
	Limit     int      `json:"limit"`
	Timeout   float64  `json:"timeout"`
}

// FindResult is what find returns: the rendered tree a model reads, and for
// scripts the same facts as values. It is also the call's details.
type FindResult struct {
	Text             string   `json:"text" jsonschema:"the result as a model sees it: a tree of paths relative to scopePath, then notices"`
	ScopePath        string   `json:"scopePath" jsonschema:"the directory the results are relative to in text (a comma-separated list when several paths were searched)"`
	FileCount        int      `json:"fileCount" jsonschema:"the paths returned (files.length); totalFound counts every match"`
	Files            []string `json:"files" jsonschema:"the paths returned, relative to the workspace root (absolute outside it), sorted; directories end in /"`
	TotalFound       int      `json:"totalFound" jsonschema:"paths found before the limit was applied (a lower bound when timedOut)"`
	Truncated        bool     `json:"truncated" jsonschema:"the limit or the timeout cut files: fewer returned than totalFound (limitReached, listLimitReached), or the scan stopped early (timedOut, totalFound a lower bound); the counts are not cut"`
	LimitReached     bool     `json:"limitReached,omitempty" jsonschema:"more than limit paths matched; the newest by modification time were kept"`
	ListLimitReached bool     `json:"listLimitReached,omitempty" jsonschema:"the paths would pass the 32 KiB a result may list; the newest that fit were kept"`
	TimedOut         bool     `json:"timedOut,omitempty" jsonschema:"the scan stopped at the timeout; results are partial"`
	MissingPaths     []string `json:"missingPaths,omitempty" jsonschema:"entries of paths that matched nothing on disk"`
	Limit            int      `json:"limit" jsonschema:"the result limit in force"`
}

// findHit is one path find matched.
type findHit struct {
	abs   string
	dir   bool
	mtime int64
}

func runFind(ctx context.Context, env *tools.Env, a findArgs) (*FindResult, error) {
	if len(a.Paths) == 0 || allBlank(a.Paths) {
		return nil, tools.Errorf(tools.ErrInvalidArgs, `find.paths is required: pass at least one file, directory or glob, e.g. "src/**/*.ts"`)
	}
	limit := a.Limit
	if limit == 0 {
		limit = findDefaultLimit
	}
	timeout := findDefaultTimeout
	if a.Timeout > 0 {
		timeout = time.Duration(a.Timeout * float64(time.Second))
	}
	v := newFSView(env)
	sc, err := resolveScope(env, v, a.Paths, false)
	if err != nil {
		return nil, err
	}
	if len(sc.targets) == 0 {
		return nil, tools.Errorf(tools.ErrNotFound, "Path not found: %s%s", strings.Join(sc.missing, ", "), anyDepthHint(sc.missing))
	}

	hits, timedOut, err := scanPaths(ctx, env, v, sc, scanOptions{
		gitignore: boolOr(a.Gitignore, true), hidden: boolOr(a.Hidden, true), timeout: timeout,
	})
	if err != nil {
		return nil, err
	}
	res := &FindResult{TotalFound: len(hits), TimedOut: timedOut, MissingPaths: sc.missing, Limit: limit}
	if len(hits) > limit {
		newestFirst(hits)
		hits = hits[:limit]
		res.LimitReached = true
	}
	base, scopePath := displayBase(env, sc.targets)
	res.ScopePath = scopePath
	if !res.LimitReached {
		newestFirst(hits) // a cut by size keeps the newest too
	}
	var shown []string
	listed := 0
	for _, h := range hits {
		p := env.Display(h.abs)
		if listed += len(p) + 4; listed > findListBytes {
			res.ListLimitReached = true
			break
		}
		rel := relTo(base, h.abs, p)
		if h.dir {
			p += "/"
			rel += "/"
		}
		res.Files = append(res.Files, p)
		shown = append(shown, rel)
	}
	slices.Sort(res.Files)
	res.FileCount = len(res.Files)
	if res.Files == nil {
		res.Files = []string{}
	}

	res.Truncated = res.LimitReached || res.ListLimitReached || res.TimedOut
	var notices []string
	switch {
	case res.ListLimitReached:
		notices = append(notices, fmt.Sprintf("%d of %d paths shown: a result lists at most 32 KiB of paths (the newest are kept). Refine pattern or path to narrow results", res.FileCount, res.TotalFound))
	case res.LimitReached:
		notices = append(notices, fmt.Sprintf("%d results limit reached. Refine pattern or path to narrow results", limit))
	}
	if res.TimedOut {
		notices = append(notices, fmt.Sprintf("Timed out after %s; results are partial. Narrow the path or pattern, or raise timeout", timeout))
	}
	if len(sc.missing) > 0 {
		notices = append(notices, "Skipped missing paths: "+strings.Join(sc.missing, ", "))
	}
	text := "No files found matching pattern"
	if len(shown) > 0 {
		text = renderTree(shown)
	}
	if len(notices) > 0 {
		text += "\n\n[" + strings.Join(notices, ". ") + "]"
	}
	res.Text = text
	return res, nil
}

// scanOptions configure scanPaths.
type scanOptions struct {
	gitignore, hidden bool
	timeout           time.Duration
	filesOnly         bool // never report directories
}

// scanPaths walks the targets of sc and returns what matches: explicit
// files, every file under a directory target, every entry a glob matches.
// Hits are deduplicated but unordered. When the timeout passes first, the
// hits so far are returned with timedOut set.
func scanPaths(ctx context.Context, env *tools.Env, v *fsview, sc *scope, o scanOptions) (hits []findHit, timedOut bool, err error) {
	tctx, cancel := context.WithTimeout(ctx, o.timeout)
	defer cancel()
	var scanned, found atomic.Int64
	workers := walkWorkers()
	perWorker := make([][]findHit, workers)
	var roots []walk.Root
	var rootTargets []target
	for _, t := range sc.targets {
		switch t.kind {
		case targetFile:
			hits = append(hits, findHit{abs: t.abs, mtime: v.mtime(t.abs)})
			found.Add(1)
		default:
			r := walk.Root{Abs: t.abs}
			if t.glob != nil {
				r.Descend = t.glob.descend
			}
			roots = append(roots, r)
			rootTargets = append(rootTargets, t)
		}
	}
	if len(roots) > 0 {
		w := walk.New(walk.Config{
			Roots: roots, Workspace: env.Root, Workers: workers,
			Gitignore: o.gitignore, Hidden: o.hidden,
			KeepGit: sc.keepGit, KeepNodeModules: sc.keepNodeModules,
			Overlay: v.pending,
			OnDir: func(wid int, d *walk.Dir, ents []walk.Entry, info func(string) (int64, bool)) {
				t := rootTargets[d.Root]
				scanned.Add(int64(len(ents)))
				for _, e := range ents {
					isDir := e.Kind == walk.KindDir
					if isDir && (t.glob == nil || o.filesOnly) {
						continue
					}
					if t.glob != nil && !t.glob.matchIn(d, e.Name) {
						continue
					}
					mt, _ := info(e.Name)
					perWorker[wid] = append(perWorker[wid], findHit{abs: d.Join(e.Name), dir: isDir, mtime: mt})
					found.Add(1)
				}
			},
		})
		stop := reportWhileRunning(ctx, func() tools.Progress {
			n, s := found.Load(), scanned.Load()
			return tools.Progress{
				Message: fmt.Sprintf("find: %d matches, %d entries scanned", n, s),
				Data:    map[string]any{"scopePath": scopePathOf(env, sc.targets), "fileCount": n, "scanned": s},
			}
		})
		w.Start(tctx)
		w.Wait()
		stop()
	}
	if err := ctx.Err(); err != nil {
		return nil, false, tools.Errorf(tools.CodeOf(err), "%v", err)
	}
	for _, h := range perWorker {
		hits = append(hits, h...)
	}
	return dedupeHits(hits), errors.Is(tctx.Err(), context.DeadlineExceeded), nil
}

// newestFirst sorts hits by modification time, newest first, then path.
func newestFirst(hits []findHit) {
	slices.SortFunc(hits, func(x, y findHit) int {
		if x.mtime != y.mtime {
			if x.mtime > y.mtime {
				return -1
			}
			return 1
		}
		return strings.Compare(x.abs, y.abs)
	})
}

func dedupeHits(hits []findHit) []findHit {
	seen := make(map[string]bool, len(hits))
	out := hits[:0]
	for _, h := range hits {
		if !seen[h.abs] {
			seen[h.abs] = true
			out = append(out, h)
		}
	}
	return out
}

// displayBase picks what results are shown relative to: the one base
// directory all targets share, else the workspace root.
func displayBase(env *tools.Env, ts []target) (base, scopePath string) {
	for i, t := range ts {
		if t.kind == targetFile || (i > 0 && t.abs != base) {
			return env.Root, scopePathOf(env, ts)
		}
		base = t.abs
	}
	return base, displayDir(env, base)
}

func scopePathOf(env *tools.Env, ts []target) string {
	var parts []string
	for _, t := range ts {
		p := displayDir(env, t.abs)
		if !slices.Contains(parts, p) {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

func displayDir(env *tools.Env, abs string) string {
	if abs == env.Root {
		return "."
	}
	return env.Display(abs)
}

// relTo returns abs relative to base ('/'-separated), or display when abs
// is not inside base.
func relTo(base, abs, display string) string {
	rel, err := filepath.Rel(base, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, "../") {
		return display
	}
	return filepath.ToSlash(rel)
}

func allBlank(ps []string) bool {
	for _, p := range ps {
		if strings.TrimSpace(p) != "" {
			return false
		}
	}
	return true
}

func boolOr(p *bool, def bool) bool {
	if p == nil {
		return def
	}
	return *p
}

// walkWorkers is the number of walk goroutines: one per core.
func walkWorkers() int { return max(1, runtime.GOMAXPROCS(0)) }

// anyDepthHint is added to find's "Path not found" when an entry is a bare
// name: it names a path at the root, and a model looking for the file by
// name (as fd would find it) needs the glob.
func anyDepthHint(missing []string) string {
	for _, m := range missing {
		if m != "" && !strings.ContainsAny(m, "/\\") && !hasGlobChars(m) {
			return fmt.Sprintf(". A name without / is a path at the workspace root; to find %s at any depth use \"**/%s\"", m, m)
		}
	}
	return ""
}

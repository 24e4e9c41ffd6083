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
	// findDefaultLimit is a direct call's page: what a model reads.
	findDefaultLimit = 200
	// findScriptLimit is a script's default: every path of a monorepo. A
	// script's value is bounded by memory like any other; limit: 0 lifts
	// even this.
	findScriptLimit = 1_000_000
	// findListBytes bounds the paths a result's text lists (and, in a
	// direct call, the paths it returns), so that a large limit cannot
	// make text of hundreds of kilobytes.
	findListBytes      = 32 << 10
	findDefaultTimeout = 5 * time.Second
	findMaxTimeout     = 300 // seconds
)

type findArgs struct {
	Paths     PathList `json:"paths"`
	Gitignore *bool    `json:"gitignore"`
	Hidden    *bool    `json:"hidden"`
	Limit     *int     `json:"limit"`
	Skip      *int     `json:"skip"`
	Timeout   float64  `json:"timeout"`
}

// FindResult is what find returns: the rendered tree a model reads, and for
// scripts the same facts as values. It is also the call's details.
type FindResult struct {
	Text             string   `json:"text" jsonschema:"the result as a model sees it: a tree of paths relative to scopePath (at most 32 KiB of them), then notices"`
	ScopePath        string   `json:"scopePath" jsonschema:"the directory the results are relative to in text (a comma-separated list when several paths were searched)"`
	FileCount        int      `json:"fileCount" jsonschema:"the paths returned (files.length); totalFound counts every match"`
	Files            []string `json:"files" jsonschema:"the paths returned, relative to the workspace root (absolute outside it), sorted; directories end in /. In a script every match from skip up to limit, whatever the text shows"`
	TotalFound       int      `json:"totalFound" jsonschema:"paths found, before skip and limit (a lower bound when timedOut)"`
	Truncated        bool     `json:"truncated" jsonschema:"files is not every match after skip: more follow (limitReached or listLimitReached, page on with nextSkip), or the scan stopped early (timedOut, totalFound a lower bound)"`
	Skip             int      `json:"skip" jsonschema:"matching paths skipped before this page (in sorted order)"`
	NextSkip         int      `json:"nextSkip,omitempty" jsonschema:"the skip of the next page, when more paths matched than this page returns"`
	LimitReached     bool     `json:"limitReached,omitempty" jsonschema:"more than limit paths matched after skip; page on with nextSkip"`
	ListLimitReached bool     `json:"listLimitReached,omitempty" jsonschema:"a direct call only: the paths would pass the 32 KiB a result may list, so files stops there; page on with nextSkip"`
	TextLimitReached bool     `json:"textLimitReached,omitempty" jsonschema:"the text lists only the first paths (32 KiB of them); files holds every one"`
	TimedOut         bool     `json:"timedOut,omitempty" jsonschema:"the scan stopped at the timeout; results are partial"`
	MissingPaths     []string `json:"missingPaths,omitempty" jsonschema:"entries of paths that matched nothing on disk"`
	Limit            int      `json:"limit" jsonschema:"the result limit in force (0: none)"`
	Coverage         Coverage `json:"coverage" jsonschema:"what the scan listed and left out (an empty result's text says it too)"`
	// shows and cuts are what the result shows and what its limits cut
	// (findCuts).
	shows []tools.Shown
	cuts  []tools.Cut
}

// findHit is one path find matched.
type findHit struct {
	abs   string
	dir   bool
	mtime int64 // set only when scanOptions.mtimes asked for it
}

// findLimits returns the page find returns: skip and limit after defaults
// (limit 0: no limit).
func findLimits(env *tools.Env, a findArgs) (skip, limit int, err error) {
	limit = findScriptLimit
	if env.Direct {
		limit = findDefaultLimit
	}
	if a.Limit != nil {
		limit = *a.Limit
	}
	if a.Skip != nil {
		skip = *a.Skip
	}
	if limit < 0 || skip < 0 {
		return 0, 0, tools.Errorf(tools.ErrInvalidArgs, "find: limit and skip must be non-negative (limit 0 returns every match)")
	}
	return skip, limit, nil
}

func runFind(ctx context.Context, env *tools.Env, a findArgs) (*FindResult, error) {
	if len(a.Paths) == 0 || allBlank(a.Paths) {
		return nil, tools.Errorf(tools.ErrInvalidArgs, `find.paths is required: pass at least one file, directory or glob, e.g. "src/**/*.ts"`)
	}
	skip, limit, err := findLimits(env, a)
	if err != nil {
		return nil, err
	}
	timeout := findDefaultTimeout
	if a.Timeout > 0 {
		timeout = time.Duration(a.Timeout * float64(time.Second))
	}
	v := newFSView(env)
	sc, err := resolveScope(ctx, env, v, a.Paths, false)
	if err != nil {
		return nil, err
	}
	if len(sc.targets) == 0 {
		return nil, tools.Errorf(tools.ErrNotFound, "Path not found: %s%s", strings.Join(sc.missing, ", "), anyDepthHint(sc.missing))
	}

	var cov Coverage
	hits, timedOut, err := scanPaths(ctx, env, v, sc, scanOptions{
		gitignore: boolOr(a.Gitignore, true), hidden: boolOr(a.Hidden, true), timeout: timeout, coverage: &cov,
	})
	if err != nil {
		return nil, err
	}
	base, scopePath := displayBase(env, sc.targets)
	found := sortedPaths(env, hits)
	res := &FindResult{ScopePath: scopePath, TotalFound: len(found), TimedOut: timedOut, MissingPaths: sc.missing, Limit: limit, Skip: skip, Coverage: cov}
	page := found[min(skip, len(found)):]
	if limit > 0 && len(page) > limit {
		page = page[:limit]
		res.LimitReached = true
	}
	// The text lists the paths that fit in findListBytes; a direct call
	// returns no more than its text shows.
	listed, fit := 0, 0
	for _, p := range page {
		if listed += len(p.display) + 4; listed > findListBytes {
			break
		}
		fit++
	}
	if fit < len(page) {
		if env.Direct {
			page = page[:fit]
			res.ListLimitReached = true
		} else {
			res.TextLimitReached = true
		}
	}
	res.Files = make([]string, len(page))
	for i, p := range page {
		res.Files[i] = p.display
	}
	res.FileCount = len(res.Files)
	if next := skip + len(page); next < len(found) && (res.LimitReached || res.ListLimitReached) {
		res.NextSkip = next
	}
	res.Truncated = res.NextSkip > 0 || res.TimedOut
	res.Text = findText(env, res, base, page[:fit], timeout)
	res.shows, res.cuts = findCuts(env, a, res, timeout)
	return res, nil
}

// foundPath is a path find matched, as it is shown.
type foundPath struct {
	abs, display string // display ends in / for a directory
}

// sortedPaths returns the display paths of hits, sorted (the order pages
// are cut from), without duplicates.
func sortedPaths(env *tools.Env, hits []findHit) []foundPath {
	out := make([]foundPath, len(hits))
	for i, h := range hits {
		d := env.Display(h.abs)
		if h.dir {
			d += "/"
		}
		out[i] = foundPath{abs: h.abs, display: d}
	}
	slices.SortFunc(out, func(x, y foundPath) int { return strings.Compare(x.display, y.display) })
	return slices.CompactFunc(out, func(x, y foundPath) bool { return x.display == y.display })
}

// findText renders the text a model reads: the tree of the paths shown,
// then notices saying what the text and files leave out.
func findText(env *tools.Env, res *FindResult, base string, shown []foundPath, timeout time.Duration) string {
	var notices []string
	more := func() string {
		if res.NextSkip > 0 {
			return fmt.Sprintf("Use skip=%d to see more, or refine pattern or path", res.NextSkip)
		}
		return "Refine pattern or path to narrow results"
	}
	switch {
	case res.ListLimitReached:
		notices = append(notices, fmt.Sprintf("%d of %d paths shown: a result lists at most 32 KiB of paths. %s", res.FileCount, res.TotalFound-res.Skip, more()))
	case res.TextLimitReached:
		notices = append(notices, fmt.Sprintf("%d of the %d paths returned shown here (the text lists at most 32 KiB of paths); files holds all %d", len(shown), res.FileCount, res.FileCount))
		if res.LimitReached {
			notices = append(notices, fmt.Sprintf("%d results limit reached (%d found). %s", res.Limit, res.TotalFound, more()))
		}
	case res.LimitReached:
		notices = append(notices, fmt.Sprintf("%d results limit reached (%d found). %s", res.Limit, res.TotalFound, more()))
	}
	if res.TimedOut {
		notices = append(notices, fmt.Sprintf("Timed out after %s; results are partial. Narrow the path or pattern, or raise timeout", timeout))
	}
	if len(res.MissingPaths) > 0 {
		notices = append(notices, "Skipped missing paths: "+strings.Join(res.MissingPaths, ", "))
	}
	text := "No files found matching pattern: " + SearchCoverage{Coverage: res.Coverage}.text("listed", "path", res.ScopePath)
	switch {
	case len(shown) > 0:
		rel := make([]string, len(shown))
		for i, p := range shown {
			rel[i] = tools.Visible(relTo(base, p.abs, strings.TrimSuffix(p.display, "/")))
			if strings.HasSuffix(p.display, "/") {
				rel[i] += "/"
			}
		}
		text = renderTree(rel)
	case res.Skip > 0 && res.TotalFound > 0:
		text = fmt.Sprintf("No more results (skip=%d)", res.Skip)
	}
	if len(notices) > 0 {
		text += "\n\n[" + strings.Join(notices, ". ") + "]"
	}
	return text
}

// scanOptions configure scanPaths.
type scanOptions struct {
	gitignore, hidden bool
	timeout           time.Duration
	filesOnly         bool // never report directories
	mtimes            bool // fill findHit.mtime (a stat per hit)
	// coverage, when set, gets what the scan listed and left out.
	coverage *Coverage
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
			h := findHit{abs: t.abs}
			if o.mtimes {
				h.mtime = v.mtime(t.abs)
			}
			hits = append(hits, h)
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
					h := findHit{abs: d.Join(e.Name), dir: isDir}
					if o.mtimes {
						h.mtime, _ = info(e.Name)
					}
					perWorker[wid] = append(perWorker[wid], h)
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
		if o.coverage != nil {
			o.coverage.addSkips(env, w.Skips())
		}
	}
	if o.coverage != nil {
		o.coverage.Scanned = int(scanned.Load()) + len(sc.targets) - len(roots)
	}
	if err := ctx.Err(); err != nil {
		return nil, false, tools.Errorf(tools.CodeOf(err), "%v", err)
	}
	for _, h := range perWorker {
		hits = append(hits, h...)
	}
	if len(sc.targets) > 1 {
		hits = dedupeHits(hits)
	}
	return hits, errors.Is(tctx.Err(), context.DeadlineExceeded), nil
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

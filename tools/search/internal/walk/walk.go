// Package walk lists directory trees in parallel on all cores, the way
// ripgrep and fd do: directories are read with raw system calls, .gitignore
// rules prune ignored directories before they are entered, and every
// worker takes the earliest pending task in tree order, so the results of a
// prefix of the tree are complete early and a consumer that only needs the
// first page can stop the walk.
//
// Tree order is: the root's files (by name), then each subdirectory (by
// name) in the same order, recursively.
package walk

import (
	"context"
	"os"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/atomic-script/atomic-script/internal/gitignore"
)

// Kind is the type of a directory entry.
type Kind uint8

// Entry kinds. Symbolic links are never followed.
const (
	KindFile Kind = iota
	KindDir
	KindSymlink
	KindOther
)

// Entry is one directory entry that survived filtering.
type Entry struct {
	Name string
	Kind Kind
}

// Root is one tree to walk.
type Root struct {
	// Abs is the root directory's absolute, cleaned path.
	Abs string
	// Descend reports whether to enter the subdirectory rel (relative to
	// Abs, '/'-separated). Nil enters every directory. A directory that is
	// not entered is still reported to OnDir.
	Descend func(rel string) bool
	// Filter reports whether a regular file (rel as for Descend) goes into
	// a chunk. Nil keeps every file. OnDir sees all entries regardless.
	Filter func(rel string) bool
	// After resumes a walk: when set (a file's path relative to Abs,
	// '/'-separated), only what comes after that file in tree order is
	// chunked and descended into, so a search can page on from where its
	// last page stopped without walking what came before again. OnDir
	// still sees the directories on the way to it.
	After string
}

// Config describes a walk. Callbacks run on worker goroutines and must be
// safe for concurrent use; the worker index (0 ≤ worker < Workers) lets them
// keep per-worker state without locking.
type Config struct {
	Roots []Root
	// Workspace is the workspace root; .gitignore files above a root that
	// is not inside a git checkout are read up to it.
	Workspace string
	// Workers is the number of goroutines; 0 means GOMAXPROCS.
	Workers int
	// Gitignore applies .gitignore files (and .git/info/exclude).
	Gitignore bool
	// Hidden keeps entries whose names start with a dot.
	Hidden bool
	// KeepGit and KeepNodeModules stop the walk from pruning .git and
	// node_modules directories.
	KeepGit, KeepNodeModules bool
	// Overlay holds pending changes by absolute path: new content, or nil
	// for a deleted file. The walk lists pending new files and hides
	// deleted ones.
	Overlay map[string][]byte
	// OnDir, if set, is called for every listed directory with its kept
	// entries sorted by name (valid only during the call). info reports an entry's modification time
	// (Unix nanoseconds) cheaply while the directory is open.
	OnDir func(worker int, d *Dir, entries []Entry, info func(name string) (mtime int64, ok bool))
	// ChunkSize > 0 makes the walk hand each directory's regular files to
	// OnFiles in chunks of at most ChunkSize, whose results Ordered yields
	// in tree order.
	ChunkSize int
	OnFiles   func(worker int, c *Chunk) any
	// Resumable makes a stopped walk able to go on (Resume): directories
	// are stamped as they are read, ignore files noted.
	Resumable bool
}

// Dir is a directory of the walk.
type Dir struct {
	// Abs is the absolute path; Rel the path relative to its root, "" for
	// the root itself.
	Abs, Rel string
	// Root is the index of the root in Config.Roots.
	Root int

	key    []int32
	after  []string // the resume point's components below this directory; nil: all of it
	comps  []string // components relative to the ignore base
	ign    *gitignore.Set
	listed chan struct{}
	subs   []*Dir
	chunks []*Chunk

	// Set when listed: the rules in force inside (its own .gitignore
	// added), whether it holds .git or .gitignore, and for a resumable
	// walk its stamp and when it was read.
	ownIgn            *gitignore.Set
	ownComps          []string
	hasGit, hasIgnore bool
	stamp             stamp
	listedAt          int64
	listedGen         int // the run that read it
	checkedGen        int // the last run that checked it was still so
	made              int // chunks made, for the next chunk's key
	// The consumer's progress: chunks and subdirectories taken, the
	// last file of the last chunk taken, and done once all of it was.
	nextChunk, nextSub int
	lastFile           string
	done               bool
}

// Join returns the absolute path of an entry of d, with the system's
// separator: it keys snapshots and the dry-run overlay, which hold paths
// as filepath writes them (C:\w\a.txt on Windows, not C:\w/a.txt).
func (d *Dir) Join(name string) string {
	if len(d.Abs) > 0 && os.IsPathSeparator(d.Abs[len(d.Abs)-1]) {
		return d.Abs + name
	}
	return d.Abs + string(os.PathSeparator) + name
}

// RelJoin returns the root-relative path of an entry of d.
func (d *Dir) RelJoin(name string) string {
	if d.Rel == "" {
		return name
	}
	return d.Rel + "/" + name
}

// Chunk is a run of a directory's regular files, searched as one task.
type Chunk struct {
	Dir   *Dir
	Files []string // names, sorted
	// Result is what OnFiles returned; read it only after Ordered yielded
	// the chunk. It is nil when the walk left the chunk to the consumer
	// (a directory read again on resuming).
	Result any

	key     []int32
	done    chan struct{}
	dropped atomic.Bool // replaced: its directory was read again
}

// Walker runs one walk. Create it with New, then Start it.
type Walker struct {
	cfg     Config
	roots   []*Dir
	overlay *overlayIndex

	mu      sync.Mutex
	cond    *sync.Cond
	queue   taskHeap
	active  int
	stopped bool
	wg      *sync.WaitGroup // the running workers
	skips   skipCounter     // what the walk left out, for coverage
	gen     int             // the run: a Resume begins the next
	// Set by Resume for the run it begins: directories the overlay's
	// changes touch, and whether a kept listing proved unusable.
	changed map[string]bool
	invalid bool
	own     *workerState // the consumer's, to read a directory again

	// The ignore files a resumable walk read, with their stamps.
	readMu      sync.Mutex
	ignoreFiles map[string]stamp
}

// New prepares a walk: it finds each root's ignore base and reads the
// .gitignore files above the root.
func New(cfg Config) *Walker {
	if cfg.Workers <= 0 {
		cfg.Workers = runtime.GOMAXPROCS(0)
	}
	w := &Walker{cfg: cfg, overlay: newOverlayIndex(cfg.Overlay)}
	w.cond = sync.NewCond(&w.mu)
	for i, r := range cfg.Roots {
		d := &Dir{Abs: r.Abs, Root: i, key: []int32{int32(i)}, listed: make(chan struct{})}
		if r.After != "" {
			d.after = strings.Split(r.After, "/")
		}
		if cfg.Gitignore {
			d.comps, d.ign = w.rootIgnores(r.Abs)
		}
		w.roots = append(w.roots, d)
		w.queue.push(task{key: d.key, dir: d})
	}
	return w
}

// Start launches the workers. The walk ends when every task is done, when
// Stop is called, or when ctx is done.
func (w *Walker) Start(ctx context.Context) {
	w.mu.Lock()
	gen := w.gen
	wg := &sync.WaitGroup{}
	w.wg = wg
	w.mu.Unlock()
	// A run's context stops only that run, not one a Resume began.
	stop := context.AfterFunc(ctx, func() { w.stop(gen) })
	for i := 0; i < w.cfg.Workers; i++ {
		wg.Add(1)
		go w.work(i, wg)
	}
	go func() {
		wg.Wait()
		stop()
	}()
}

// Stop makes the workers finish their current task and exit.
func (w *Walker) Stop() {
	w.mu.Lock()
	gen := w.gen
	w.mu.Unlock()
	w.stop(gen)
}

func (w *Walker) stop(gen int) {
	w.mu.Lock()
	if w.gen == gen {
		w.stopped = true
		w.cond.Broadcast()
	}
	w.mu.Unlock()
}

// Wait blocks until every worker has exited.
func (w *Walker) Wait() {
	w.mu.Lock()
	wg := w.wg
	w.mu.Unlock()
	if wg != nil {
		wg.Wait()
	}
}

// Stopped reports whether the walk was stopped before it finished.
func (w *Walker) Stopped() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.stopped
}

func (w *Walker) work(id int, wg *sync.WaitGroup) {
	defer wg.Done()
	st := newWorkerState()
	for {
		t, ok := w.pop()
		if !ok {
			return
		}
		if t.chunk != nil {
			if w.cfg.OnFiles != nil && !t.chunk.dropped.Load() {
				t.chunk.Result = w.cfg.OnFiles(id, t.chunk)
			}
			close(t.chunk.done)
			// The consumer waiting for this chunk was just woken onto this
			// processor: let it run now, so it can stop the walk when its
			// page is full, instead of when the scheduler preempts a worker
			// (10 ms later, hundreds of files further on a busy machine).
			runtime.Gosched()
		} else {
			w.list(id, st, t.dir)
		}
		w.finish()
	}
}

func (w *Walker) pop() (task, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for {
		if w.stopped {
			return task{}, false
		}
		if w.queue.Len() > 0 {
			w.active++
			return w.queue.pop(), true
		}
		if w.active == 0 {
			w.cond.Broadcast()
			return task{}, false
		}
		w.cond.Wait()
	}
}

func (w *Walker) finish() {
	w.mu.Lock()
	w.active--
	if w.active == 0 || w.queue.Len() > 0 {
		w.cond.Broadcast()
	}
	w.mu.Unlock()
}

func (w *Walker) enqueue(ts []task) {
	if len(ts) == 0 {
		return
	}
	w.mu.Lock()
	for _, t := range ts {
		w.queue.push(t)
	}
	w.cond.Broadcast()
	w.mu.Unlock()
}

// OrderedRoot is Ordered for the tree of one root.
func (w *Walker) OrderedRoot(ctx context.Context, root int, fn func(c *Chunk) bool) bool {
	return w.orderedDir(ctx, w.roots[root], fn)
}

// Ordered calls fn with every chunk in tree order, waiting for each to be
// searched. It returns when fn returns false, the tree is exhausted, or the
// walk was stopped or ctx is done before the next chunk completed (then it
// returns false).
func (w *Walker) Ordered(ctx context.Context, fn func(c *Chunk) bool) bool {
	for _, d := range w.roots {
		if !w.orderedDir(ctx, d, fn) {
			return false
		}
	}
	return true
}

func (w *Walker) orderedDir(ctx context.Context, d *Dir, fn func(c *Chunk) bool) bool {
	if d.done {
		return true
	}
	if !w.await(ctx, d.listed) || !w.check(d) {
		return false
	}
	for d.nextChunk < len(d.chunks) {
		c := d.chunks[d.nextChunk]
		if !w.await(ctx, c.done) {
			return false
		}
		d.nextChunk++
		d.lastFile = c.Files[len(c.Files)-1]
		if !fn(c) {
			return false
		}
	}
	for d.nextSub < len(d.subs) {
		if !w.orderedDir(ctx, d.subs[d.nextSub], fn) {
			return false
		}
		d.nextSub++
	}
	// Taken whole: what it held is no longer needed.
	d.done, d.chunks, d.subs = true, nil, nil
	return true
}

// await waits for ch to close; it reports false when ctx ended first.
func (w *Walker) await(ctx context.Context, ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	case <-ctx.Done():
		return false
	}
}

// Completed calls fn, in tree order, for the chunks of root that follow
// after (a chunk Ordered yielded) and were searched, stopping at the first
// that was not or whose directory was never listed. Call it after Stop and
// Wait: it takes what the workers did past the point the consumer stopped
// at, without waiting for more.
func (w *Walker) Completed(root int, after *Chunk, fn func(c *Chunk) bool) {
	w.completedDir(w.roots[root], &after, fn)
}

func (w *Walker) completedDir(d *Dir, after **Chunk, fn func(c *Chunk) bool) bool {
	if !closed(d.listed) {
		return false
	}
	for _, c := range d.chunks {
		if *after != nil {
			if c == *after {
				*after = nil
			}
			continue
		}
		if !closed(c.done) || !fn(c) {
			return false
		}
	}
	for _, s := range d.subs {
		if !w.completedDir(s, after, fn) {
			return false
		}
	}
	return true
}

func closed(ch chan struct{}) bool {
	select {
	case <-ch:
		return true
	default:
		return false
	}
}

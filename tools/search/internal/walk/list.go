package walk

import (
	"slices"
	"strings"
	"time"

	"github.com/atomic-script/atomic-script/internal/gitignore"
	"github.com/atomic-script/atomic-script/tools/internal/safefile"
)

// workerState is what one worker reuses from directory to directory.
type workerState struct {
	dirents []byte   // raw directory entry buffer
	ents    []Entry  // scratch entry list
	path    []string // scratch gitignore match path
}

func newWorkerState() *workerState {
	return &workerState{dirents: make([]byte, 32<<10)}
}

// list reads one directory, filters its entries, reports them and queues
// its chunks and subdirectories.
func (w *Walker) list(id int, st *workerState, d *Dir) {
	defer close(d.listed)
	kept, h, ok := w.read(st, d)
	defer h.close()
	if !ok {
		return
	}
	if w.cfg.OnDir != nil {
		w.cfg.OnDir(id, d, kept, func(name string) (int64, bool) {
			if w.overlay.has(d.Join(name)) {
				return w.overlay.now, true
			}
			return h.mtime(name)
		})
	}
	w.enqueue(w.children(d, kept, d.ownIgn, d.ownComps))
}

// read lists d as this run sees it and keeps what the walk walks; a
// resumable walk notes what a later Resume checks. ok is false when the
// directory cannot be read and the overlay adds nothing to it.
func (w *Walker) read(st *workerState, d *Dir) (kept []Entry, h dirHandle, ok bool) {
	var listedAt int64
	if w.cfg.Resumable {
		listedAt = time.Now().UnixNano()
	}
	ents, h, sp, err := st.readDir(d.Abs, st.ents[:0], w.cfg.Resumable)
	virtual := w.overlay.children(d.Abs)
	if err != nil && virtual == nil {
		return nil, h, false
	}
	ents = w.overlay.merge(d.Abs, ents, virtual)
	st.ents = ents[:0]
	d.stamp, d.listedAt, d.listedGen = sp, listedAt, w.gen
	d.hasGit, d.hasIgnore = false, false
	for _, e := range ents {
		d.hasGit = d.hasGit || e.Name == ".git"
		d.hasIgnore = d.hasIgnore || e.Name == ".gitignore"
	}
	ign, comps := d.ign, d.comps
	if w.cfg.Gitignore {
		ign, comps = w.dirIgnore(d, ents, ign, comps)
	}
	d.ownIgn, d.ownComps = ign, comps
	return w.keep(st, h, d, ents, ign, comps), h, true
}

// dirIgnore returns the ignore rules that hold inside d. A directory
// holding .git (a nested repository or submodule) is an ignore base of its
// own, as for git and rg: the rules above it stop and its
// .git/info/exclude starts; its .gitignore adds to them.
func (w *Walker) dirIgnore(d *Dir, ents []Entry, ign *gitignore.Set, comps []string) (*gitignore.Set, []string) {
	for _, e := range ents {
		if e.Name == ".git" {
			ign, comps = w.excludes(d.Abs), nil
			break
		}
	}
	for _, e := range ents {
		if e.Name == ".gitignore" && e.Kind == KindFile {
			if text, ok := w.readSmall(d.Join(".gitignore")); ok {
				ign = ign.Extend(gitignore.Parse(text, comps))
			}
			break
		}
	}
	return ign, comps
}

// keep filters ents in place (hidden, .git, node_modules, ignored) and
// sorts what is left by name.
func (w *Walker) keep(st *workerState, h dirHandle, d *Dir, ents []Entry, ign *gitignore.Set, comps []string) []Entry {
	kept := ents[:0]
	var hidden, pruned int64
	var ignored []Entry
	for _, e := range ents {
		if e.Kind == kindUnknown {
			e.Kind = h.kind(e.Name)
		}
		switch w.skipped(e) {
		case skipHidden:
			hidden++
			continue
		case skipPruned:
			pruned++
			continue
		}
		if ign != nil {
			st.path = append(append(st.path[:0], comps...), e.Name)
			if ign.Match(st.path, e.Kind == KindDir) {
				ignored = append(ignored, e)
				continue
			}
		}
		kept = append(kept, e)
	}
	w.count(d, hidden, pruned, ignored)
	slices.SortFunc(kept, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	return kept
}

// Skip reasons of skipped.
const (
	skipNone = iota
	skipHidden
	skipPruned
)

// skipped says why the walk leaves an entry out whatever the ignore files
// say: a hidden one, .git and node_modules (pruned), unless asked for.
func (w *Walker) skipped(e Entry) int {
	if !w.cfg.Hidden && strings.HasPrefix(e.Name, ".") {
		return skipHidden
	}
	if e.Kind == KindDir && (e.Name == ".git" && !w.cfg.KeepGit || e.Name == "node_modules" && !w.cfg.KeepNodeModules) {
		return skipPruned
	}
	return skipNone
}

// children makes the tasks of d's kept entries: one per subdirectory to
// descend into, and its files in chunks.
func (w *Walker) children(d *Dir, kept []Entry, ign *gitignore.Set, comps []string) []task {
	dirs, files := w.split(d, kept)
	var tasks []task
	for i, name := range dirs {
		after, _ := d.resumeDir(name)
		c := &Dir{Abs: d.Join(name), Rel: d.RelJoin(name), Root: d.Root, key: childKey(d.key, int32(i)), after: after, ign: ign, listed: make(chan struct{})}
		if w.cfg.Gitignore {
			c.comps = append(comps[:len(comps):len(comps)], name)
		}
		d.subs = append(d.subs, c)
		tasks = append(tasks, task{key: c.key, dir: c})
	}
	return append(tasks, w.chunk(d, files)...)
}

// split names the subdirectories of d the walk enters and the files it
// chunks (those after the resume point and after what was taken).
func (w *Walker) split(d *Dir, kept []Entry) (dirs, files []string) {
	descend, filter := w.cfg.Roots[d.Root].Descend, w.cfg.Roots[d.Root].Filter
	for _, e := range kept {
		switch e.Kind {
		case KindDir:
			if _, skip := d.resumeDir(e.Name); skip || descend != nil && !descend(d.RelJoin(e.Name)) {
				continue
			}
			dirs = append(dirs, e.Name)
		case KindFile:
			if d.resumeFile(e.Name) && e.Name > d.lastFile && w.cfg.ChunkSize > 0 && (filter == nil || filter(d.RelJoin(e.Name))) {
				files = append(files, e.Name)
			}
		}
	}
	return dirs, files
}

// chunk makes d's chunks of files, after any it already has.
func (w *Walker) chunk(d *Dir, files []string) []task {
	var tasks []task
	for i := 0; i < len(files); i += w.cfg.ChunkSize {
		end := min(i+w.cfg.ChunkSize, len(files))
		c := &Chunk{Dir: d, Files: files[i:end:end], key: childKey(d.key, int32(chunkBase+d.made)), done: make(chan struct{})}
		d.made++
		d.chunks = append(d.chunks, c)
		tasks = append(tasks, task{key: c.key, chunk: c})
	}
	return tasks
}

// resumeFile reports whether the file name of d comes after the resume
// point (always, when d has none). In tree order a directory's files come
// before its subdirectories, so when the point lies deeper than d every
// file of d comes before it.
func (d *Dir) resumeFile(name string) bool {
	switch len(d.after) {
	case 0:
		return true
	case 1:
		return name > d.after[0]
	}
	return false
}

// resumeDir says how the subdirectory name of d is walked: skipped (it
// comes before the resume point), from the rest of the point (the point
// lies in it), or whole (after nil).
func (d *Dir) resumeDir(name string) (after []string, skip bool) {
	switch {
	case len(d.after) <= 1:
		return nil, false // the point is a file of d: every subdirectory follows it
	case name < d.after[0]:
		return nil, true
	case name == d.after[0]:
		return d.after[1:], false
	}
	return nil, false
}

// maxIgnoreFileBytes bounds an ignore file: one larger is not read.
const maxIgnoreFileBytes = 16 << 20

// readSmall reads a small file (a .gitignore) as this run sees it; a named
// pipe or a device in its place is not read (it would block the walk).
func (w *Walker) readSmall(path string) ([]byte, bool) {
	if data, pending := w.overlay.content(path); pending {
		return data, data != nil
	}
	if w.cfg.Resumable {
		w.noteRead(path)
	}
	data, err := safefile.ReadFile(path, maxIgnoreFileBytes)
	return data, err == nil
}

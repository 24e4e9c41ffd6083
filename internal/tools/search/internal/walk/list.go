package walk

import (
	"github.com/atomic-script/atomic-script/internal/tools/safefile"
	"slices"
	"strings"
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
	ents, h, err := st.readDir(d.Abs, st.ents[:0])
	defer h.close()
	virtual := w.overlay.children(d.Abs)
	if err != nil && virtual == nil {
		return
	}
	ents = w.overlay.merge(d.Abs, ents, virtual)
	st.ents = ents[:0]

	ign, comps := d.ign, d.comps
	if w.cfg.Gitignore {
		// A directory holding .git (a nested repository or submodule) is
		// an ignore base of its own, as for git and rg: the rules above it
		// stop and its .git/info/exclude starts.
		for _, e := range ents {
			if e.Name == ".git" {
				ign, comps = w.excludes(d.Abs), nil
				break
			}
		}
		for _, e := range ents {
			if e.Name == ".gitignore" && e.Kind == KindFile {
				if text, ok := w.readSmall(d.Join(".gitignore")); ok {
					ign = ign.extend(parseIgnore(text, comps))
				}
				break
			}
		}
	}

	kept := ents[:0] // filtered in place
	for _, e := range ents {
		if e.Kind == kindUnknown {
			e.Kind = h.kind(e.Name)
		}
		if !w.cfg.Hidden && strings.HasPrefix(e.Name, ".") {
			continue
		}
		if e.Kind == KindDir && ((e.Name == ".git" && !w.cfg.KeepGit) || (e.Name == "node_modules" && !w.cfg.KeepNodeModules)) {
			continue
		}
		if ign != nil {
			st.path = append(append(st.path[:0], comps...), e.Name)
			if ign.match(st.path, e.Kind == KindDir) {
				continue
			}
		}
		kept = append(kept, e)
	}
	slices.SortFunc(kept, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })

	if w.cfg.OnDir != nil {
		w.cfg.OnDir(id, d, kept, func(name string) (int64, bool) {
			if w.overlay.has(d.Join(name)) {
				return w.overlay.now, true
			}
			return h.mtime(name)
		})
	}

	descend, filter := w.cfg.Roots[d.Root].Descend, w.cfg.Roots[d.Root].Filter
	var tasks []task
	var files []string
	var sub int32
	for _, e := range kept {
		switch e.Kind {
		case KindDir:
			rel := d.RelJoin(e.Name)
			if descend != nil && !descend(rel) {
				continue
			}
			c := &Dir{Abs: d.Join(e.Name), Rel: rel, Root: d.Root, key: childKey(d.key, sub), ign: ign, listed: make(chan struct{})}
			if w.cfg.Gitignore {
				c.comps = append(comps[:len(comps):len(comps)], e.Name)
			}
			sub++
			d.subs = append(d.subs, c)
			tasks = append(tasks, task{key: c.key, dir: c})
		case KindFile:
			if w.cfg.ChunkSize > 0 && (filter == nil || filter(d.RelJoin(e.Name))) {
				files = append(files, e.Name)
			}
		}
	}
	for i := 0; i < len(files); i += w.cfg.ChunkSize {
		end := min(i+w.cfg.ChunkSize, len(files))
		c := &Chunk{Dir: d, Files: files[i:end:end], key: childKey(d.key, int32(chunkBase+i/w.cfg.ChunkSize)), done: make(chan struct{})}
		d.chunks = append(d.chunks, c)
		tasks = append(tasks, task{key: c.key, chunk: c})
	}
	w.enqueue(tasks)
}

// maxIgnoreFileBytes bounds an ignore file: one larger is not read.
const maxIgnoreFileBytes = 16 << 20

// readSmall reads a small file (a .gitignore) as this run sees it; a named
// pipe or a device in its place is not read (it would block the walk).
func (w *Walker) readSmall(path string) ([]byte, bool) {
	if data, pending := w.overlay.content(path); pending {
		return data, data != nil
	}
	data, err := safefile.ReadFile(path, maxIgnoreFileBytes)
	return data, err == nil
}

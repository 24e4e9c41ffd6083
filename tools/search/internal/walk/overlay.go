package walk

import (
	"path/filepath"
	"time"
)

// overlayIndex answers the walk's questions about pending changes: which
// files are deleted, which new files and directories exist only in the
// overlay, and what a pending file contains.
type overlayIndex struct {
	files map[string][]byte          // abs path -> content (nil: deleted)
	added map[string]map[string]Kind // dir -> names that exist through pending files
	now   int64
}

func newOverlayIndex(pending map[string][]byte) *overlayIndex {
	o := &overlayIndex{files: pending, now: time.Now().UnixNano()}
	for p, data := range pending {
		if data == nil {
			continue
		}
		kind := KindFile
		for {
			dir := filepath.Dir(p)
			if dir == p {
				break
			}
			if o.added == nil {
				o.added = map[string]map[string]Kind{}
			}
			m := o.added[dir]
			if m == nil {
				m = map[string]Kind{}
				o.added[dir] = m
			}
			m[filepath.Base(p)] = kind
			p, kind = dir, KindDir
		}
	}
	return o
}

// content returns a pending file's content; pending is false when the file
// has no pending change. A nil slice with pending true means deleted.
func (o *overlayIndex) content(path string) (data []byte, pending bool) {
	data, pending = o.files[path]
	return data, pending
}

// has reports whether path exists only through a pending write.
func (o *overlayIndex) has(path string) bool {
	data, ok := o.files[path]
	return ok && data != nil
}

// children returns the names under dir that pending writes create.
func (o *overlayIndex) children(dir string) map[string]Kind {
	return o.added[dir]
}

// merge hides deleted files from a disk listing and adds pending ones.
func (o *overlayIndex) merge(dir string, ents []Entry, virtual map[string]Kind) []Entry {
	if len(o.files) == 0 {
		return ents
	}
	out := ents[:0]
	seen := map[string]bool{}
	for _, e := range ents {
		if data, ok := o.files[filepath.Join(dir, e.Name)]; ok && data == nil {
			continue
		}
		seen[e.Name] = true
		out = append(out, e)
	}
	for name, kind := range virtual {
		if !seen[name] {
			out = append(out, Entry{Name: name, Kind: kind})
		}
	}
	return out
}

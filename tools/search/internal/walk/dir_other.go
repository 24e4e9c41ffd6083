//go:build !linux

package walk

import (
	"os"
	"path/filepath"
)

const kindUnknown Kind = 255

// dirHandle remembers the directory path for type and time lookups.
type dirHandle struct{ dir string }

func (h dirHandle) close() {}

func (h dirHandle) kind(name string) Kind {
	fi, err := os.Lstat(filepath.Join(h.dir, name))
	if err != nil {
		return KindOther
	}
	return kindOf(fi.Mode())
}

func (h dirHandle) mtime(name string) (int64, bool) {
	fi, err := os.Lstat(filepath.Join(h.dir, name))
	if err != nil {
		return 0, false
	}
	return fi.ModTime().UnixNano(), true
}

func kindOf(m os.FileMode) Kind {
	switch {
	case m.IsRegular():
		return KindFile
	case m.IsDir():
		return KindDir
	case m&os.ModeSymlink != 0:
		return KindSymlink
	}
	return KindOther
}

func (st *workerState) readDir(path string, ents []Entry, stamped bool) ([]Entry, dirHandle, stamp, error) {
	var sp stamp
	if stamped {
		sp = stampOf(path)
	}
	des, err := os.ReadDir(path)
	for _, de := range des {
		ents = append(ents, Entry{Name: de.Name(), Kind: kindOf(de.Type())})
	}
	return ents, dirHandle{dir: path}, sp, err
}

// stampOf returns path's stamp now (no change time here: the
// modification time and size stand for it).
func stampOf(path string) stamp {
	fi, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{mtime: fi.ModTime().UnixNano(), size: fi.Size(), ok: true}
}

package search

import (
	"os"
	"path/filepath"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/search/internal/fsread"
)

// fsview is the file system as this run sees it: the disk plus the pending
// changes of a dry-run overlay, when env.Files has one.
type fsview struct {
	env     *tools.Env
	pending map[string][]byte // abs -> content, nil = deleted
	dirs    map[string]bool   // directories that pending files imply
	// virtual holds the texts of resource parts (archive members, …) by
	// snapshot key ("/abs/a.zip:dir/m.txt"), searched like files.
	virtual map[string][]byte
}

// addVirtual adds a resource text searched as the file key.
func (v *fsview) addVirtual(key, body string) {
	if v.virtual == nil {
		v.virtual = map[string][]byte{}
	}
	v.virtual[key] = []byte(body)
}

func newFSView(env *tools.Env) *fsview {
	v := &fsview{env: env}
	if o, ok := env.Files.(tools.Overlay); ok {
		v.pending = o.Pending()
		for p, data := range v.pending {
			if data == nil {
				continue
			}
			for d := filepath.Dir(p); ; d = filepath.Dir(d) {
				if v.dirs == nil {
					v.dirs = map[string]bool{}
				}
				if v.dirs[d] {
					break
				}
				v.dirs[d] = true
				if filepath.Dir(d) == d {
					break
				}
			}
		}
	}
	return v
}

type pathKind int

const (
	pathMissing pathKind = iota
	pathFile
	pathDir
	pathOther
)

// stat reports what abs is, following symbolic links.
func (v *fsview) stat(abs string) pathKind {
	if _, ok := v.virtual[abs]; ok {
		return pathFile
	}
	if data, ok := v.pending[abs]; ok {
		if data == nil {
			return pathMissing
		}
		return pathFile
	}
	fi, err := os.Stat(abs)
	switch {
	case err != nil:
		if v.dirs[abs] {
			return pathDir
		}
		return pathMissing
	case fi.IsDir():
		return pathDir
	case fi.Mode().IsRegular():
		return pathFile
	}
	return pathOther
}

// mtime returns abs's modification time in Unix nanoseconds.
func (v *fsview) mtime(abs string) int64 {
	if data, ok := v.pending[abs]; ok && data != nil {
		return time.Now().UnixNano() // a pending write is the newest change
	}
	if fi, err := os.Stat(abs); err == nil {
		return fi.ModTime().UnixNano()
	}
	return 0
}

// read returns abs's content with r's buffer (valid until r's next read).
func (v *fsview) read(r *fsread.Reader, abs string, limit int) ([]byte, error) {
	if data, ok := v.virtual[abs]; ok {
		// Already in memory (a resource's text, a saved output up to
		// 64 MB): the file cap, which bounds reading, does not apply.
		return data, nil
	}
	if data, ok := v.pending[abs]; ok {
		if data == nil {
			return nil, os.ErrNotExist
		}
		if len(data) > limit {
			return nil, fsread.ErrTooLarge
		}
		return data, nil
	}
	return r.Read(abs, limit)
}

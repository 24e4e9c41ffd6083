package spill

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
)

// Scheme is the URI scheme of a session's artifacts: artifact://N names
// the N-th file this Dir created, so a script or model can page through a
// cut result's whole output with read and search (selectors and all)
// without handling the spill path.
const Scheme = "artifact"

// Artifact is one file a Dir created.
type Artifact struct {
	ID   uint64
	Path string
	Size int64
}

// URI is the artifact's artifact://N.
func (a Artifact) URI() string { return URI(a.ID) }

// URI is artifact://id.
func URI(id uint64) string { return Scheme + "://" + strconv.FormatUint(id, 10) }

// artifacts maps the files a Dir created to their ids and back. Only these
// files are reachable as artifacts: an id names a file of this Dir (this
// session, in this process) or nothing, so no argument can reach another
// session's output or a path outside the directory.
type artifacts struct {
	mu     sync.Mutex
	byID   map[uint64]string // id → base name
	byName map[string]uint64
}

func (a *artifacts) add(id uint64, name string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.byID == nil {
		a.byID, a.byName = map[uint64]string{}, map[string]uint64{}
	}
	a.byID[id], a.byName[name] = name, id
}

func (a *artifacts) forget(name string) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if id, ok := a.byName[name]; ok {
		delete(a.byID, id)
		delete(a.byName, name)
	}
}

func (a *artifacts) name(id uint64) (string, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	n, ok := a.byID[id]
	return n, ok
}

func (a *artifacts) id(name string) (uint64, bool) {
	a.mu.Lock()
	defer a.mu.Unlock()
	id, ok := a.byName[name]
	return id, ok
}

func (a *artifacts) ids() []uint64 {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := make([]uint64, 0, len(a.byID))
	for id := range a.byID {
		out = append(out, id)
	}
	slices.Sort(out)
	return out
}

// URIOf is the artifact://N of a file this Dir created, "" for any other
// path (or a nil Dir).
func (d *Dir) URIOf(path string) string {
	if d == nil || path == "" || filepath.Dir(path) != d.Path() {
		return ""
	}
	if id, ok := d.arts.id(filepath.Base(path)); ok {
		return URI(id)
	}
	return ""
}

// Label is how a result names a saved file: "PATH (artifact://N)", or
// PATH alone when it is not one of this Dir's files.
func (d *Dir) Label(path string) string {
	if uri := d.URIOf(path); uri != "" {
		return path + " (" + uri + ")"
	}
	return path
}

// Artifacts lists the files this Dir created that still exist, by id.
func (d *Dir) Artifacts() []Artifact {
	if d == nil || d.Err() != nil {
		return nil
	}
	var out []Artifact
	for _, id := range d.arts.ids() {
		name, _ := d.arts.name(id)
		size, err := d.statFile(name)
		if err != nil {
			continue
		}
		out = append(out, Artifact{ID: id, Path: filepath.Join(d.path, name), Size: size})
	}
	return out
}

// ErrNoArtifact is the error of an id that names no file of this Dir.
var ErrNoArtifact = errors.New("no such artifact in this session")

// ParseURI returns the id of "artifact://N" (the scheme already matched
// by the caller: rest is what follows "://").
func ParseURI(rest string) (uint64, error) {
	rest = strings.TrimSuffix(rest, "/")
	id, err := strconv.ParseUint(rest, 10, 64)
	if err != nil || id == 0 || strconv.FormatUint(id, 10) != rest {
		return 0, fmt.Errorf("artifact://%s: an artifact is named by its number (artifact://3), as a cut result gives it", rest)
	}
	return id, nil
}

// ReadArtifact returns the content of artifact id (at most Cap bytes and
// the truncation line), read relative to the verified directory without
// following a link.
func (d *Dir) ReadArtifact(id uint64) (Artifact, []byte, error) {
	if err := d.Err(); err != nil {
		return Artifact{}, nil, err
	}
	name, ok := d.arts.name(id)
	if !ok {
		return Artifact{}, nil, fmt.Errorf("%s: %w", URI(id), ErrNoArtifact)
	}
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return Artifact{}, nil, fmt.Errorf("spill: %s: directory is closed", d.path)
	}
	f, err := d.dir.openFile(name, 0) // O_RDONLY
	if err != nil {
		return Artifact{}, nil, err
	}
	defer f.Close()
	if !mineRegular(f) {
		return Artifact{}, nil, fmt.Errorf("%s: %s is not a regular file of this account", URI(id), f.Name())
	}
	data, err := io.ReadAll(io.LimitReader(f, Cap+int64(len(TruncationLine))+8))
	if err != nil {
		return Artifact{}, nil, err
	}
	return Artifact{ID: id, Path: filepath.Join(d.path, name), Size: int64(len(data))}, data, nil
}

// statFile is the size of name in the directory (not following a link).
func (d *Dir) statFile(name string) (int64, error) {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return 0, ErrNoDir
	}
	f, err := d.dir.openFile(name, 0)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return 0, err
	}
	return fi.Size(), nil
}

// Package gitstate reads a workspace's git state — which files have
// uncommitted changes, what HEAD holds for a file, which paths git ignores,
// which paths are unmerged — from the repository's own files with go-git.
// It never runs the git binary: git obeys the repository's config
// (core.fsmonitor, hooks, the config of a directory that merely looks like
// a bare repository), and that config is workspace content a script may
// have written, so running git would run a program the workspace chose.
//
// A repository is found as git finds one with safe.bareRepository=explicit:
// a `.git` directory, or a `.git` file naming one, in the directory or an
// ancestor. A directory holding HEAD, config, objects/ and refs/ is not a
// repository here, whatever git would make of it.
package gitstate

import (
	"bytes"
	"crypto/sha1"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"

	"github.com/go-git/go-billy/v5/osfs"
	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/cache"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/storer"
	"github.com/go-git/go-git/v5/storage/filesystem"
	"github.com/go-git/go-git/v5/storage/filesystem/dotgit"
)

// ErrNotInGit is returned for a directory outside any git work tree.
var ErrNotInGit = errors.New("not in a git work tree")

// Repo is the git work tree a directory is in.
type Repo struct {
	// Top is the work tree's top directory, GitDir its git directory (a
	// linked worktree's own), Common the directory holding objects, refs
	// and config (GitDir unless GitDir/commondir names another).
	Top, GitDir, Common string
	// prefix is the opened directory relative to Top ('/'-separated, ""
	// at the top).
	prefix string
	st     *filesystem.Storage
	// fileMode is core.fileMode: the executable bit counts.
	fileMode bool
}

// Open finds the work tree root is in and opens its repository.
func Open(root string) (*Repo, error) {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil, err
	}
	if real, err := filepath.EvalSymlinks(abs); err == nil {
		abs = real
	}
	top, gitDir, err := discover(abs)
	if err != nil {
		return nil, err
	}
	rel, err := filepath.Rel(top, abs)
	if err != nil {
		return nil, err
	}
	prefix := ""
	if rel != "." {
		prefix = filepath.ToSlash(rel)
	}
	common := commonDir(gitDir)
	fs := osfs.New(gitDir)
	if common != gitDir {
		fs = dotgit.NewRepositoryFilesystem(fs, osfs.New(common))
	}
	st := filesystem.NewStorage(fs, cache.NewObjectLRU(16*cache.MiByte))
	r := &Repo{Top: top, GitDir: gitDir, Common: common, prefix: prefix, st: st, fileMode: runtime.GOOS != "windows"}
	if cfg, err := st.Config(); err == nil && cfg.Raw.Section("core").HasOption("filemode") {
		r.fileMode = isTrue(cfg.Raw.Section("core").Option("filemode"))
	}
	return r, nil
}

// discover walks up from dir for a `.git` directory or a `.git` file that
// names a git directory. A directory inside a git directory is in no work
// tree.
func discover(dir string) (top, gitDir string, err error) {
	for d := dir; ; {
		if strings.EqualFold(filepath.Base(d), ".git") && isGitDir(d) {
			return "", "", ErrNotInGit
		}
		p := filepath.Join(d, ".git")
		if fi, err := os.Stat(p); err == nil {
			switch {
			case fi.IsDir() && isGitDir(p):
				return d, p, nil
			case fi.Mode().IsRegular():
				if g, ok := readGitFile(p); ok && isGitDir(g) {
					return d, g, nil
				}
			}
		}
		parent := filepath.Dir(d)
		if parent == d {
			return "", "", ErrNotInGit
		}
		d = parent
	}
}

// readGitFile reads a `.git` file's "gitdir: PATH" (relative to the
// file's directory).
func readGitFile(p string) (string, bool) {
	data, err := readSmall(p, 4096)
	if err != nil {
		return "", false
	}
	rest, ok := strings.CutPrefix(strings.TrimSpace(string(data)), "gitdir:")
	if !ok {
		return "", false
	}
	g := strings.TrimSpace(rest)
	if !filepath.IsAbs(g) {
		g = filepath.Join(filepath.Dir(p), g)
	}
	return filepath.Clean(g), true
}

// isGitDir: HEAD, and objects/ and refs/ in the common directory, as git's
// own test.
func isGitDir(g string) bool {
	if fi, err := os.Stat(filepath.Join(g, "HEAD")); err != nil || !fi.Mode().IsRegular() {
		return false
	}
	c := commonDir(g)
	for _, sub := range []string{"objects", "refs"} {
		if fi, err := os.Stat(filepath.Join(c, sub)); err != nil || !fi.IsDir() {
			return false
		}
	}
	return true
}

// commonDir is where a git directory's objects and refs live: the
// directory its commondir file names, else itself.
func commonDir(g string) string {
	data, err := readSmall(filepath.Join(g, "commondir"), 4096)
	if err != nil {
		return g
	}
	c := strings.TrimSpace(string(data))
	if c == "" {
		return g
	}
	if !filepath.IsAbs(c) {
		c = filepath.Join(g, c)
	}
	return filepath.Clean(c)
}

// isTrue is git's reading of a boolean config value.
func isTrue(v string) bool {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "false", "no", "off", "0":
		return false
	}
	return true
}

// readSmall reads a regular file of at most max bytes. It opens without
// blocking, so a named pipe in the file's place cannot hang the caller.
func readSmall(p string, max int64) ([]byte, error) {
	f, err := os.OpenFile(p, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("%s is not a regular file", p)
	}
	data, err := io.ReadAll(io.LimitReader(f, max+1))
	if err == nil && int64(len(data)) > max {
		err = fmt.Errorf("%s is over %d bytes", p, max)
	}
	return data, err
}

// full is p (relative to the opened directory, '/'-separated) relative to
// Top.
func (r *Repo) full(p string) string {
	if r.prefix == "" {
		return p
	}
	return path.Join(r.prefix, p)
}

// local is p (relative to Top) relative to the opened directory; ok is
// false when p is outside it.
func (r *Repo) local(p string) (string, bool) {
	if r.prefix == "" {
		return p, true
	}
	if rest, ok := strings.CutPrefix(p, r.prefix+"/"); ok {
		return rest, true
	}
	return "", false
}

// index reads the index (empty when there is none).
func (r *Repo) index() (*index.Index, error) {
	idx, err := r.st.Index()
	if err != nil {
		return nil, fmt.Errorf("reading the git index of %s: %w", r.Top, err)
	}
	return idx, nil
}

// headTree is the id of HEAD's tree; the zero hash for an unborn branch.
func (r *Repo) headTree() (plumbing.Hash, error) {
	ref, err := storer.ResolveReference(r.st, plumbing.HEAD)
	if errors.Is(err, plumbing.ErrReferenceNotFound) {
		return plumbing.ZeroHash, nil
	}
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("reading HEAD of %s: %w", r.Top, err)
	}
	data, err := r.object(plumbing.CommitObject, ref.Hash())
	if err != nil {
		return plumbing.ZeroHash, fmt.Errorf("reading HEAD's commit in %s: %w", r.Top, err)
	}
	line, _, _ := bytes.Cut(data, []byte("\n"))
	hexID, ok := bytes.CutPrefix(line, []byte("tree "))
	if !ok || !plumbing.IsHash(string(hexID)) {
		return plumbing.ZeroHash, fmt.Errorf("HEAD's commit in %s names no tree", r.Top)
	}
	return plumbing.NewHash(string(hexID)), nil
}

// maxObjectBytes bounds a commit or tree object read whole.
const maxObjectBytes = 64 << 20

// object reads a whole object of type t.
func (r *Repo) object(t plumbing.ObjectType, h plumbing.Hash) ([]byte, error) {
	o, err := r.st.EncodedObject(t, h)
	if err != nil {
		return nil, err
	}
	if o.Size() > maxObjectBytes {
		return nil, fmt.Errorf("%s object %s is over %d bytes", t, h, maxObjectBytes)
	}
	rd, err := o.Reader()
	if err != nil {
		return nil, err
	}
	defer rd.Close()
	return io.ReadAll(rd)
}

// treeEntry is one entry of a tree object.
type treeEntry struct {
	name string
	mode filemode.FileMode
	hash plumbing.Hash
}

// tree reads a tree object: "MODE NAME\0" and a 20-byte id per entry.
func (r *Repo) tree(h plumbing.Hash) ([]treeEntry, error) {
	data, err := r.object(plumbing.TreeObject, h)
	if err != nil {
		return nil, err
	}
	var es []treeEntry
	for len(data) > 0 {
		head, rest, ok := bytes.Cut(data, []byte{0})
		modeText, name, ok2 := bytes.Cut(head, []byte(" "))
		if !ok || !ok2 || len(rest) < len(plumbing.ZeroHash) {
			return nil, fmt.Errorf("tree %s is malformed", h)
		}
		mode, err := filemode.New(string(modeText))
		if err != nil {
			return nil, fmt.Errorf("tree %s: %w", h, err)
		}
		var id plumbing.Hash
		copy(id[:], rest)
		es = append(es, treeEntry{name: string(name), mode: mode, hash: id})
		data = rest[len(id):]
	}
	return es, nil
}

// find looks p (relative to Top) up in the tree root.
func (r *Repo) find(root plumbing.Hash, p string) (treeEntry, bool) {
	h := root
	comps := strings.Split(p, "/")
	for i, c := range comps {
		es, err := r.tree(h)
		if err != nil {
			return treeEntry{}, false
		}
		found := false
		for _, e := range es {
			if e.name == c {
				if i == len(comps)-1 {
					return e, true
				}
				if e.mode != filemode.Dir {
					return treeEntry{}, false
				}
				h, found = e.hash, true
				break
			}
		}
		if !found {
			return treeEntry{}, false
		}
	}
	return treeEntry{}, false
}

// InWorkTree reports whether root is inside a git work tree.
func InWorkTree(root string) bool {
	_, err := Open(root)
	return err == nil
}

// HeadBlobs returns the blob id HEAD holds for each of paths (relative to
// root, '/'-separated); a path missing from the map is not in HEAD. ok is
// false when root is not in a git work tree with a HEAD commit.
func HeadBlobs(root string, paths []string) (blobs map[string]string, ok bool) {
	if len(paths) == 0 {
		return nil, false
	}
	r, err := Open(root)
	if err != nil {
		return nil, false
	}
	tree, err := r.headTree()
	if err != nil || tree.IsZero() {
		return nil, false
	}
	blobs = map[string]string{}
	for _, p := range paths {
		if e, ok := r.find(tree, r.full(p)); ok && e.mode.IsFile() {
			blobs[p] = e.hash.String()
		}
	}
	return blobs, true
}

// Unmerged lists the files of root's work tree (absolute paths, sorted)
// that the index holds at a merge stage: the files of an unfinished merge,
// rebase or cherry-pick. ok is false when root is not in a git work tree
// or its index cannot be read.
func Unmerged(root string) (files []string, ok bool) {
	r, err := Open(root)
	if err != nil {
		return nil, false
	}
	idx, err := r.index()
	if err != nil {
		return nil, false
	}
	seen := map[string]bool{}
	for _, e := range idx.Entries {
		if e.Stage == 0 || seen[e.Name] {
			continue
		}
		seen[e.Name] = true
		files = append(files, filepath.Join(r.Top, filepath.FromSlash(e.Name)))
	}
	sortStrings(files)
	return files, true
}

// BlobID is git's object id of a blob with data (SHA-1 repositories).
func BlobID(data []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// blobIDOf hashes a file as a blob without holding it in memory.
func blobIDOf(p string, size int64) (plumbing.Hash, error) {
	f, err := os.Open(p)
	if err != nil {
		return plumbing.ZeroHash, err
	}
	defer f.Close()
	h := plumbing.NewHasher(plumbing.BlobObject, size)
	if n, err := io.Copy(h, f); err != nil || n != size {
		return plumbing.ZeroHash, fmt.Errorf("%s changed while it was read", p)
	}
	return h.Sum(), nil
}

// crlfBlobID is the blob id of data with CRLF line endings turned to LF,
// as core.autocrlf stores a text file.
func crlfBlobID(p string) (plumbing.Hash, bool) {
	data, err := readSmall(p, 64<<20)
	if err != nil || !bytes.Contains(data, []byte("\r\n")) {
		return plumbing.ZeroHash, false
	}
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	return plumbing.ComputeHash(plumbing.BlobObject, data), true
}

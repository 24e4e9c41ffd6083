package gitstate

import (
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/go-git/go-git/v5/plumbing"
	"github.com/go-git/go-git/v5/plumbing/filemode"
	"github.com/go-git/go-git/v5/plumbing/format/index"
	"github.com/go-git/go-git/v5/plumbing/storer"
)

// Dirty lists the paths (relative to root, '/'-separated) with uncommitted
// changes, staged or not, then the untracked files that are not ignored
// (a directory holding no tracked file as "dir/"): what `git status
// --untracked-files=normal -- .` shows. It fails when root is not in a git
// work tree.
//
// A tracked file whose size, modification time, inode and mode match the
// index is unchanged, as for git; otherwise its content is hashed. Clean
// filters (git-lfs) are not applied; CRLF endings are compared as
// core.autocrlf stores them.
func Dirty(root string) ([]string, error) {
	r, err := Open(root)
	if err != nil {
		return nil, err
	}
	idx, err := r.index()
	if err != nil {
		return nil, err
	}
	tree, err := r.headTree()
	if err != nil {
		return nil, err
	}
	st := &statusRun{r: r, idx: idx, entries: map[string]*index.Entry{}, tracked: map[string]bool{}, dirs: map[string]bool{}, changed: map[string]bool{}}
	for _, e := range idx.Entries {
		st.tracked[e.Name] = true
		if e.Stage != 0 {
			st.changed[e.Name] = true // unmerged
		} else {
			st.entries[e.Name] = e
		}
		for d := path.Dir(e.Name); d != "."; d = path.Dir(d) {
			st.dirs[d] = true
		}
	}
	if err := st.staged(tree); err != nil {
		return nil, err
	}
	st.unstaged()
	var out []string
	for p := range st.changed {
		if l, ok := r.local(p); ok {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	ig := newIgnorer(r)
	untracked := st.untracked(ig, r.prefix)
	sort.Strings(untracked)
	for _, p := range untracked {
		if l, ok := r.local(p); ok {
			out = append(out, l)
		}
	}
	return out, nil
}

// statusRun is one Dirty: the index by path, the directories holding
// tracked entries, and the paths found changed (relative to Top).
type statusRun struct {
	r       *Repo
	idx     *index.Index
	entries map[string]*index.Entry // stage 0
	tracked map[string]bool         // every path in the index
	dirs    map[string]bool
	changed map[string]bool
}

// staged compares HEAD's tree with the index. A directory whose cached
// tree (the index's TREE extension) has HEAD's tree id holds no staged
// change and is skipped, as git skips it.
func (st *statusRun) staged(tree plumbing.Hash) error {
	inHead := map[string]bool{}
	skipped := map[string]bool{}
	if !tree.IsZero() {
		var cache *cacheNode
		if st.idx.Cache != nil {
			cache, _ = parseCacheTree(st.idx.Cache.Entries, 0)
		}
		if err := st.walkHead(tree, "", cache, inHead, skipped); err != nil {
			return err
		}
	}
	for name := range st.entries {
		if !inHead[name] && !underAny(name, skipped) {
			st.changed[name] = true // added
		}
	}
	return nil
}

func (st *statusRun) walkHead(tree plumbing.Hash, dir string, cache *cacheNode, inHead, skipped map[string]bool) error {
	if cache != nil && cache.entries >= 0 && cache.hash == tree {
		skipped[dir] = true
		return nil
	}
	es, err := st.r.tree(tree)
	if err != nil {
		return err
	}
	for _, te := range es {
		p := path.Join(dir, te.name)
		if te.mode == filemode.Dir {
			if err := st.walkHead(te.hash, p, cache.child(te.name), inHead, skipped); err != nil {
				return err
			}
			continue
		}
		inHead[p] = true
		e, ok := st.entries[p]
		if !ok || e.Hash != te.hash || e.Mode != te.mode {
			st.changed[p] = true // deleted or modified in the index
		}
	}
	return nil
}

// underAny reports whether p is below one of dirs ("" is the top).
func underAny(p string, dirs map[string]bool) bool {
	if len(dirs) == 0 {
		return false
	}
	if dirs[""] {
		return true
	}
	for d := path.Dir(p); d != "."; d = path.Dir(d) {
		if dirs[d] {
			return true
		}
	}
	return false
}

// unstaged compares each index entry with the file in the work tree, on a
// few goroutines: it is mostly waiting for lstat (git preloads the index
// on threads too).
func (st *statusRun) unstaged() {
	names := make([]string, 0, len(st.entries))
	for name, e := range st.entries {
		if !e.SkipWorktree {
			names = append(names, name)
		}
	}
	const workers = 4
	found := make([][]string, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(names); i += workers {
				e := st.entries[names[i]]
				if e.IntentToAdd || !st.sameAsIndex(names[i], e) {
					found[w] = append(found[w], names[i])
				}
			}
		}()
	}
	wg.Wait()
	for _, f := range found {
		for _, name := range f {
			st.changed[name] = true
		}
	}
}

// sameAsIndex reports whether the work tree's file is what the entry
// records.
func (st *statusRun) sameAsIndex(name string, e *index.Entry) bool {
	abs := filepath.Join(st.r.Top, filepath.FromSlash(name))
	fi, err := os.Lstat(abs)
	if err != nil {
		return false
	}
	switch e.Mode {
	case filemode.Submodule:
		return fi.IsDir() && submoduleClean(abs, e.Hash)
	case filemode.Symlink:
		if fi.Mode()&os.ModeSymlink == 0 {
			return false
		}
		target, err := os.Readlink(abs)
		return err == nil && plumbing.ComputeHash(plumbing.BlobObject, []byte(filepath.ToSlash(target))) == e.Hash
	}
	if !fi.Mode().IsRegular() {
		return false
	}
	exec := fi.Mode().Perm()&0o111 != 0
	if exec != (e.Mode == filemode.Executable) && st.r.fileMode {
		return false
	}
	racy := !st.idx.ModTime.IsZero() && !fi.ModTime().Before(st.idx.ModTime)
	if uint32(fi.Size()) == e.Size && fi.ModTime().Equal(e.ModifiedAt) && inodeOf(fi, e.Inode) && !racy {
		return true
	}
	h, err := blobIDOf(abs, fi.Size())
	if err != nil {
		return false
	}
	if h == e.Hash {
		return true
	}
	lf, ok := crlfBlobID(abs)
	return ok && lf == e.Hash
}

// submoduleClean: a submodule is clean when it is not checked out, or its
// HEAD is the commit the index records and its own work tree is clean.
func submoduleClean(dir string, want plumbing.Hash) bool {
	if _, err := os.Stat(filepath.Join(dir, ".git")); err != nil {
		return true // not initialised
	}
	r, err := Open(dir)
	if err != nil || r.Top != dir {
		return false
	}
	ref, err := storer.ResolveReference(r.st, plumbing.HEAD)
	if err != nil || ref.Hash() != want {
		return false
	}
	d, err := Dirty(dir)
	return err == nil && len(d) == 0
}

// untracked lists the files below dir (relative to Top) that are neither
// tracked nor ignored; a directory with no tracked file below it, holding
// such a file, is listed as "dir/" as git lists it, and a nested
// repository is one such directory.
func (st *statusRun) untracked(ig *ignorer, dir string) []string {
	abs := filepath.Join(st.r.Top, filepath.FromSlash(dir))
	ents, err := os.ReadDir(abs)
	if err != nil {
		return nil
	}
	var out []string
	for _, de := range ents {
		name := de.Name()
		p := path.Join(dir, name)
		if strings.EqualFold(name, ".git") {
			continue
		}
		if st.tracked[p] {
			continue
		}
		if de.IsDir() {
			if ig.ignored(p, true) {
				continue
			}
			nested := false
			if _, err := os.Lstat(filepath.Join(abs, name, ".git")); err == nil {
				nested = true
			}
			switch {
			case nested:
				out = append(out, p+"/")
			case st.dirs[p]:
				out = append(out, st.untracked(ig, p)...)
			case st.anyUntracked(ig, p):
				out = append(out, p+"/")
			}
			continue
		}
		if (de.Type().IsRegular() || de.Type()&os.ModeSymlink != 0) && !ig.ignored(p, false) {
			out = append(out, p)
		}
	}
	return out
}

// anyUntracked reports whether dir (holding no tracked file) holds a file
// that is not ignored.
func (st *statusRun) anyUntracked(ig *ignorer, dir string) bool {
	ents, err := os.ReadDir(filepath.Join(st.r.Top, filepath.FromSlash(dir)))
	if err != nil {
		return false
	}
	for _, de := range ents {
		p := path.Join(dir, de.Name())
		if de.IsDir() {
			if _, err := os.Lstat(filepath.Join(st.r.Top, filepath.FromSlash(p), ".git")); err == nil && !ig.ignored(p, true) {
				return true
			}
			if !ig.ignored(p, true) && st.anyUntracked(ig, p) {
				return true
			}
			continue
		}
		if (de.Type().IsRegular() || de.Type()&os.ModeSymlink != 0) && !ig.ignored(p, false) {
			return true
		}
	}
	return false
}

// cacheNode is one directory of the index's cached trees.
type cacheNode struct {
	entries  int // -1: invalidated
	hash     plumbing.Hash
	children map[string]*cacheNode
}

// parseCacheTree rebuilds the tree of the TREE extension's entries, which
// list each directory before its subtrees.
func parseCacheTree(es []index.TreeEntry, i int) (*cacheNode, int) {
	if i >= len(es) {
		return nil, i
	}
	e := es[i]
	n := &cacheNode{entries: e.Entries, hash: e.Hash, children: map[string]*cacheNode{}}
	i++
	for range e.Trees {
		if i >= len(es) {
			break
		}
		name := es[i].Path
		var c *cacheNode
		c, i = parseCacheTree(es, i)
		n.children[name] = c
	}
	return n, i
}

func (n *cacheNode) child(name string) *cacheNode {
	if n == nil {
		return nil
	}
	return n.children[name]
}

func sortStrings(s []string) { sort.Strings(s) }

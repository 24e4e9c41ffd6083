package journal

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/atomic-script/atomic-script/internal/gitstate"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/sandbox"
)

// A dry run's scratch copy: bash commands of a dry run run in a copy of the
// workspace that holds the run's pending changes, so a build or a test
// checks the migrated tree, the real workspace stays untouched, and what a
// command changes in the copy (gofmt -w) joins the run's changes. Files are
// cloned (a reflink, no data copied: FICLONE on Linux, clonefile on
// macOS) where the file system supports it, else copied (in the kernel
// with copy_file_range on Linux).
//
// Where commands run sandboxed (tools/internal/sandbox: the copy mounted
// over the workspace's path in a private mount namespace), the copy's .git
// holds everything but the object store, which it reads through
// objects/info/alternates from a mount point where the sandbox mounts the
// real store read-only; new objects stay in the copy, and git directories
// outside the workspace (a linked worktree's, the enclosing repository's)
// are mounted read-only too. Elsewhere the copy points nowhere back into
// the real repository: the object store is copied with the rest, and a
// .git file (which names a git directory outside the copy) is left out.
type scratch struct {
	mu     sync.Mutex
	root   string              // the real workspace root
	dir    string              // its copy
	stamps map[string]stamp    // rel path → the copy's state as last synced or collected
	synced map[string]*pending // abs path → the pending state last written into the copy
	lock   *os.File            // held while the copy at its stable path is in use
	iso    tools.Isolation     // how commands are held in the copy
	Stats  ScratchStats
}

// realObjectsMount is where, in the copy's .git, the sandbox mounts the
// real object store read-only; the copy's alternates name it.
const realObjectsMount = "atomic-real-objects"

// ScratchStats says what making the scratch copy cost, and whether
// commands were held in it (Isolated: see tools.Isolation).
type ScratchStats struct {
	Files, Cloned int
	Bytes         int64
	Took          time.Duration
	Isolated      bool
}

type stamp struct {
	size    int64
	modTime time.Time
	mode    fs.FileMode
}

func stampOf(fi fs.FileInfo) stamp {
	return stamp{size: fi.Size(), modTime: fi.ModTime(), mode: fi.Mode().Perm()}
}

var _ tools.Scratch = (*Journal)(nil)

// InScratch implements tools.Scratch: commands run in a scratch copy in a
// dry run.
func (j *Journal) InScratch() bool { return j.mode == DryRun }

// ScratchRoot implements tools.Scratch: in a dry run, the scratch copy of
// root (made on first use) brought up to date with the pending changes.
func (j *Journal) ScratchRoot(root string) (string, bool, error) {
	if j.mode != DryRun {
		return "", false, nil
	}
	j.mu.Lock()
	if j.scr == nil {
		j.scr = &scratch{root: root, stamps: map[string]stamp{}, synced: map[string]*pending{}}
	}
	sc := j.scr
	j.mu.Unlock()
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.dir == "" {
		if err := sc.make(); err != nil {
			return "", false, tools.Errorf(tools.ErrIO, "dry run: could not make the scratch copy of the workspace for bash: %v", err)
		}
	}
	j.mu.Lock()
	pend := make(map[string]*pending, len(j.overlay))
	for p, f := range j.overlay {
		pend[p] = f
	}
	j.mu.Unlock()
	for abs, p := range pend {
		if sc.synced[abs] == p {
			continue
		}
		rel, err := filepath.Rel(sc.root, abs)
		if err != nil || !filepath.IsLocal(rel) {
			continue // outside the workspace: not in the copy
		}
		dst := filepath.Join(sc.dir, rel)
		if p.deleted {
			os.Remove(dst)
			delete(sc.stamps, rel)
		} else {
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return "", false, err
			}
			os.Remove(dst) // a clone shares nothing once replaced
			if err := os.WriteFile(dst, p.data, p.mode); err != nil {
				return "", false, err
			}
			os.Chmod(dst, p.mode)
			if fi, err := os.Lstat(dst); err == nil {
				sc.stamps[rel] = stampOf(fi)
			}
		}
		sc.synced[abs] = p
	}
	return sc.dir, true, nil
}

// ScratchIsolation implements tools.Scratch: enforced where commands run
// sandboxed; before the copy is made, what making it will give.
func (j *Journal) ScratchIsolation() tools.Isolation {
	if j.mode != DryRun {
		return tools.Isolation{}
	}
	j.mu.Lock()
	sc := j.scr
	j.mu.Unlock()
	if sc != nil {
		sc.mu.Lock()
		defer sc.mu.Unlock()
		if sc.dir != "" {
			return sc.iso
		}
	}
	return tools.Isolation{Enforced: sandbox.Available()}
}

// CollectScratch implements tools.Scratch: what commands changed in the
// scratch copy (created, modified, deleted or chmodded files, except those
// git ignores there and the copy's .git) is staged in the overlay, as if
// the script had written it.
func (j *Journal) CollectScratch() error {
	j.mu.Lock()
	sc := j.scr
	j.mu.Unlock()
	if sc == nil {
		return nil
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.dir == "" {
		return nil
	}
	type found struct {
		rel string
		fi  fs.FileInfo
	}
	var changed []found
	seen := map[string]bool{}
	filepath.WalkDir(sc.dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(sc.dir, p)
		if d.IsDir() {
			if rel == ".git" {
				return filepath.SkipDir
			}
			return nil
		}
		if !d.Type().IsRegular() {
			return nil
		}
		seen[rel] = true
		fi, err := d.Info()
		if err != nil {
			return nil
		}
		if old, ok := sc.stamps[rel]; ok && old == stampOf(fi) {
			return nil
		}
		changed = append(changed, found{rel, fi})
		return nil
	})
	var gone []string
	for rel := range sc.stamps {
		if !seen[rel] {
			gone = append(gone, rel)
		}
	}
	var candidates []string
	for _, f := range changed {
		candidates = append(candidates, filepath.ToSlash(f.rel))
	}
	ignored := gitstate.Ignored(sc.dir, candidates)
	var errs []error
	for _, f := range changed {
		if ignored[filepath.ToSlash(f.rel)] {
			continue
		}
		src := filepath.Join(sc.dir, f.rel)
		data, err := os.ReadFile(src)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		abs := filepath.Join(sc.root, f.rel)
		sc.stamps[f.rel] = stampOf(f.fi)
		cur, err := j.ReadFile(abs)
		exists := err == nil
		if !exists || !bytes.Equal(cur, data) {
			if err := j.WriteFile(abs, data, f.fi.Mode().Perm()); err != nil {
				errs = append(errs, err)
				continue
			}
		}
		if fi, err := j.Stat(abs); err == nil && fi.Mode().Perm() != f.fi.Mode().Perm() {
			if err := j.Chmod(abs, f.fi.Mode().Perm()); err != nil {
				errs = append(errs, err)
			}
		}
		j.mu.Lock()
		sc.synced[abs] = j.overlay[abs]
		j.mu.Unlock()
	}
	for _, rel := range gone {
		delete(sc.stamps, rel)
		abs := filepath.Join(sc.root, rel)
		if _, err := j.Stat(abs); err == nil {
			if err := j.Remove(abs); err != nil {
				errs = append(errs, err)
			}
			j.mu.Lock()
			sc.synced[abs] = j.overlay[abs]
			j.mu.Unlock()
		}
	}
	return errors.Join(errs...)
}

// ScratchCost says what making the run's scratch copy cost (zero when no
// bash command ran in the dry run).
func (j *Journal) ScratchCost() ScratchStats {
	j.mu.Lock()
	sc := j.scr
	j.mu.Unlock()
	if sc == nil {
		return ScratchStats{}
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	return sc.Stats
}

// removeScratch deletes the scratch copy.
func (j *Journal) removeScratch() {
	j.mu.Lock()
	sc := j.scr
	j.mu.Unlock()
	if sc == nil {
		return
	}
	sc.mu.Lock()
	defer sc.mu.Unlock()
	if sc.dir != "" {
		os.RemoveAll(sc.dir)
		sc.dir = ""
	}
	if sc.lock != nil {
		sc.lock.Close()
		sc.lock = nil
	}
}

// place makes the directory the copy goes in: the same path for every dry
// run of one workspace (so a build there hits the build cache of the last
// dry run: compilers key their caches on source paths), held with a lock
// file; a second dry run of the workspace at the same time gets a fresh
// name.
func (sc *scratch) place() (string, error) {
	sum := sha256.Sum256([]byte(sc.root))
	base := filepath.Join(os.TempDir(), fmt.Sprintf("atomic-dryrun-%d-%x", os.Getuid(), sum[:6]))
	lock, err := os.OpenFile(base+".lock", os.O_RDWR|os.O_CREATE, 0o600)
	if err == nil && tryLock(lock) {
		if fi, err := os.Lstat(base); err == nil && (!fi.IsDir() || fi.Mode()&fs.ModeSymlink != 0) {
			lock.Close()
			return os.MkdirTemp("", "atomic-dryrun-*")
		}
		os.RemoveAll(base) // the copy of an earlier dry run
		if err := os.Mkdir(base, 0o700); err == nil {
			sc.lock = lock
			return base, nil
		}
	}
	if lock != nil {
		lock.Close()
	}
	return os.MkdirTemp("", "atomic-dryrun-*")
}

// make copies the workspace into the scratch directory.
func (sc *scratch) make() error {
	start := time.Now()
	dir, err := sc.place()
	if err != nil {
		return err
	}
	iso := tools.Isolation{Enforced: sandbox.Available()}
	var jobs []copyJob
	err = filepath.WalkDir(sc.root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(sc.root, p)
		dst := filepath.Join(dir, rel)
		switch {
		case rel == ".":
			return nil
		case p == dir:
			return filepath.SkipDir // the temp dir lies inside the workspace
		case iso.Enforced && rel == filepath.Join(".git", "objects"):
			// The object store stays shared, mounted read-only:
			// alternates.
			bind, err := shareObjects(p, dir)
			if err != nil {
				return err
			}
			iso.ReadOnly = append(iso.ReadOnly, bind)
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		case !iso.Enforced && rel == ".git" && !d.IsDir():
			return nil // a .git file names the real git directory
		case d.IsDir():
			fi, err := d.Info()
			if err != nil {
				return err
			}
			return os.Mkdir(dst, fi.Mode().Perm()|0o700)
		case d.Type()&fs.ModeSymlink != 0:
			target, err := os.Readlink(p)
			if err != nil {
				return err
			}
			return os.Symlink(target, dst)
		case !d.Type().IsRegular():
			return nil // sockets, fifos, devices stay out
		}
		fi, err := d.Info()
		if err != nil {
			return err
		}
		jobs = append(jobs, copyJob{src: p, dst: dst, rel: rel, perm: fi.Mode().Perm(), size: fi.Size()})
		return nil
	})
	if err == nil {
		err = sc.copyAll(jobs)
	}
	if err != nil {
		os.RemoveAll(dir)
		return err
	}
	if iso.Enforced {
		iso.ReadOnly = append(iso.ReadOnly, outsideGitDirs(sc.root)...)
	}
	sc.dir, sc.iso = dir, iso
	sc.Stats.Took = time.Since(start)
	sc.Stats.Isolated = iso.Enforced
	return nil
}

// shareObjects makes the copy's object store read the real one, p,
// through alternates from the mount point the sandbox mounts p at.
func shareObjects(p, dir string) (tools.Bind, error) {
	real, err := filepath.EvalSymlinks(p)
	if err != nil {
		return tools.Bind{}, err
	}
	git := filepath.Join(dir, ".git")
	mount := filepath.Join(git, realObjectsMount)
	for _, d := range []string{filepath.Join(git, "objects", "info"), mount} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return tools.Bind{}, err
		}
	}
	// Relative to the copy's objects directory: the same path whether
	// the copy is seen at its own place or over the workspace.
	alt := filepath.Join("..", realObjectsMount) + "\n"
	if err := os.WriteFile(filepath.Join(git, "objects", "info", "alternates"), []byte(alt), 0o644); err != nil {
		return tools.Bind{}, err
	}
	return tools.Bind{Source: real, Target: mount}, nil
}

// outsideGitDirs are the git directories of root's repository that lie
// outside root (a linked worktree's, a submodule's, the repository's
// when root is below its top): the sandbox mounts them read-only where
// they are.
func outsideGitDirs(root string) []tools.Bind {
	r, err := gitstate.Open(root)
	if err != nil {
		return nil
	}
	real, err := filepath.EvalSymlinks(root)
	if err != nil {
		real = root
	}
	var out []tools.Bind
	for _, g := range []string{r.GitDir, r.Common} {
		if rel, err := filepath.Rel(real, g); err == nil && filepath.IsLocal(rel) {
			continue
		}
		if len(out) == 1 && out[0].Source == g {
			continue
		}
		out = append(out, tools.Bind{Source: g, Target: g})
	}
	return out
}

type copyJob struct {
	src, dst, rel string
	perm          fs.FileMode
	size          int64
}

// copyAll copies the files on a few goroutines: a copy is mostly waiting
// on the file system, one file at a time.
func (sc *scratch) copyAll(jobs []copyJob) error {
	const workers = 8
	type done struct {
		cloned bool
		st     stamp
		err    error
	}
	results := make([]done, len(jobs))
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				j := jobs[i]
				cloned, err := cloneFile(j.src, j.dst, j.perm)
				results[i] = done{cloned: cloned, err: err}
				if err == nil {
					if cfi, err := os.Lstat(j.dst); err == nil {
						results[i].st = stampOf(cfi)
					}
				}
			}
		}()
	}
	for i := range jobs {
		next <- i
	}
	close(next)
	wg.Wait()
	var errs []error
	for i, r := range results {
		if r.err != nil {
			errs = append(errs, r.err)
			continue
		}
		sc.Stats.Files++
		sc.Stats.Bytes += jobs[i].size
		if r.cloned {
			sc.Stats.Cloned++
		}
		if !isUnder(jobs[i].rel, ".git") {
			sc.stamps[jobs[i].rel] = r.st
		}
	}
	return errors.Join(errs...)
}

func isUnder(rel, dir string) bool {
	return rel == dir || len(rel) > len(dir) && rel[:len(dir)] == dir && rel[len(dir)] == filepath.Separator
}

// cloneFile copies src to a new file dst with perm: a clone sharing the
// data (clonefile on macOS, FICLONE on Linux) where the file system
// supports it, else a copy. It reports whether it cloned.
func cloneFile(src, dst string, perm fs.FileMode) (bool, error) {
	if clonePath(src, dst) {
		return true, nil
	}
	in, err := os.Open(src)
	if err != nil {
		return false, err
	}
	defer in.Close()
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
	if err != nil {
		return false, err
	}
	if cloneInto(out, in) {
		return true, out.Close()
	}
	_, err = io.Copy(out, in)
	return false, errors.Join(err, out.Close())
}

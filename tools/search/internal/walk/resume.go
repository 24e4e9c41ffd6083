package walk

import (
	"path/filepath"
	"slices"
	"time"
	"unsafe"
)

// A stopped resumable walk can go on where its consumer stopped (Resume),
// so a search that pages does not read again the directories the walk
// already read: page N then costs what page 1 costs, and paging through a
// whole result about what one call for all of it costs. Nothing it kept
// may be stale. Chunks searched but not taken are searched again. A
// directory read in an earlier run is checked when the consumer reaches
// it, and read again when its stamp (change and modification times)
// moved or was too recent to tell, or when the dry-run overlay changed
// under it. A change the kept state cannot follow (an ignore file
// changed, a subdirectory added or removed) makes Resume refuse or the
// walk Invalid, and the caller walks afresh from its own resume point.

// stamp is what says a file or directory changed.
type stamp struct {
	mtime, ctime, size int64
	ino                uint64
	ok                 bool
}

// racyWindow: a directory changed this shortly before it was read may
// change again within the same tick of the file system's clock, with no
// new stamp; it is read again.
var racyWindow = 2 * time.Second

// noteRead records the stamp of an ignore file before it is read.
func (w *Walker) noteRead(path string) {
	sp := stampOf(path)
	w.readMu.Lock()
	if w.ignoreFiles == nil {
		w.ignoreFiles = map[string]stamp{}
	}
	w.ignoreFiles[path] = sp
	w.readMu.Unlock()
}

// Resume readies a stopped resumable walk (after Stop and Wait) to go on
// from the chunk its consumer last took: overlay is the dry-run overlay
// now, onFiles searches chunks from now on. Start it again after. It
// reports false when the walk cannot go on (the caller walks afresh).
func (w *Walker) Resume(overlay map[string][]byte, onFiles func(worker int, c *Chunk) any) bool {
	if !w.cfg.Resumable || w.invalid {
		return false
	}
	for p, sp := range w.ignoreFiles {
		if stampOf(p) != sp {
			return false
		}
	}
	changed, ok := w.overlayChanges(overlay)
	if !ok {
		return false
	}
	w.overlay, w.changed = newOverlayIndex(overlay), changed
	w.cfg.Overlay, w.cfg.OnFiles = overlay, onFiles
	for _, d := range w.roots {
		w.requeue(d)
	}
	w.mu.Lock()
	w.gen++
	w.stopped = false
	w.mu.Unlock()
	return true
}

// Invalid reports that the walk stopped because a directory it had read
// changed in a way it cannot follow: walk afresh.
func (w *Walker) Invalid() bool { return w.invalid }

// overlayChanges returns the directories whose listing the overlay's
// changes since the walk began may change; ok is false when an ignore
// file changed in it.
func (w *Walker) overlayChanges(now map[string][]byte) (map[string]bool, bool) {
	before := w.overlay.files
	if samePending(before, now) {
		return nil, true
	}
	dirs := map[string]bool{}
	note := func(p string) bool {
		if base := filepath.Base(p); base == ".gitignore" || base == "exclude" {
			return false
		}
		for d := filepath.Dir(p); !dirs[d]; d = filepath.Dir(d) {
			dirs[d] = true
			if filepath.Dir(d) == d {
				break
			}
		}
		return true
	}
	for p, data := range now {
		if old, ok := before[p]; !ok || !sameBytes(old, data) {
			if !note(p) {
				return nil, false
			}
		}
	}
	for p := range before {
		if _, ok := now[p]; !ok && !note(p) {
			return nil, false
		}
	}
	return dirs, true
}

func samePending(a, b map[string][]byte) bool {
	return len(a) == len(b) && (len(a) == 0 || *(*unsafe.Pointer)(unsafe.Pointer(&a)) == *(*unsafe.Pointer)(unsafe.Pointer(&b)))
}

// sameBytes: the overlay replaces a file's content with a new slice, so
// the same slice is the same content.
func sameBytes(a, b []byte) bool {
	return (a == nil) == (b == nil) && len(a) == len(b) && unsafe.SliceData(a) == unsafe.SliceData(b)
}

// requeue queues again the chunks of d and below that were searched but
// not taken: what they hold may have changed since.
func (w *Walker) requeue(d *Dir) {
	if d.done || !closed(d.listed) {
		return // not yet listed: still queued
	}
	for _, c := range d.chunks[d.nextChunk:] {
		if closed(c.done) {
			c.Result, c.done = nil, make(chan struct{})
			w.queue.push(task{key: c.key, chunk: c})
		}
	}
	for _, s := range d.subs[d.nextSub:] {
		w.requeue(s)
	}
}

// check makes sure the listing of d, read in an earlier run, still holds
// when the consumer reaches it, reading d again if it may have changed.
// It reports false (and the walk turns Invalid) when d changed in a way
// the walk cannot follow.
func (w *Walker) check(d *Dir) bool {
	if !w.cfg.Resumable || d.listedGen == w.gen || d.checkedGen == w.gen {
		return true
	}
	d.checkedGen = w.gen
	if !w.changed[d.Abs] && !w.stale(d) {
		return true
	}
	if w.own == nil {
		w.own = newWorkerState()
	}
	if !w.relist(w.own, d) {
		w.invalid = true
		w.Stop()
		return false
	}
	return true
}

// stale reports whether d may have changed since it was read.
func (w *Walker) stale(d *Dir) bool {
	if !d.stamp.ok || d.listedAt-max(d.stamp.mtime, d.stamp.ctime) < int64(racyWindow) {
		return true
	}
	now := stampOf(d.Abs)
	return now.mtime != d.stamp.mtime || now.ctime != d.stamp.ctime
}

// relist reads d again: the files after the last one taken replace its
// chunks not yet taken, left to the consumer to search. It reports false when the subdirectories the walk
// enters or the ignore files changed.
func (w *Walker) relist(st *workerState, d *Dir) bool {
	git, ignore := d.hasGit, d.hasIgnore
	kept, h, ok := w.read(st, d)
	h.close()
	if !ok || d.hasGit != git || d.hasIgnore != ignore {
		return false
	}
	dirs, files := w.split(d, kept)
	if len(dirs) != len(d.subs) {
		return false
	}
	for i, s := range d.subs {
		if filepath.Base(s.Abs) != dirs[i] {
			return false
		}
	}
	for _, c := range d.chunks[d.nextChunk:] {
		c.dropped.Store(true) // perhaps queued still: a worker skips it
	}
	d.chunks = slices.Clip(d.chunks[:d.nextChunk])
	// The workers may have finished and gone: the new chunks are the
	// consumer's to search (done, with no Result).
	for _, t := range w.chunk(d, files) {
		close(t.chunk.done)
	}
	return true
}

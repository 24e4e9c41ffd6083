//go:build unix

package spill

import (
	"context"
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

var (
	now   = time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)
	old   = now.Add(-40 * 24 * time.Hour)
	fresh = now.Add(-2 * 24 * time.Hour)
)

// writeAged creates a file with content and sets its mtime.
func writeAged(t *testing.T, p string, mtime time.Time) {
	t.Helper()
	must(t, os.MkdirAll(filepath.Dir(p), 0o700))
	must(t, os.WriteFile(p, []byte("x"), 0o600))
	must(t, os.Chtimes(p, mtime, mtime))
}

// ageLink sets a symlink's own mtime.
func ageLink(t *testing.T, p string, mtime time.Time) {
	t.Helper()
	ts := unix.NsecToTimespec(mtime.UnixNano())
	must(t, unix.UtimesNanoAt(unix.AT_FDCWD, p, []unix.Timespec{ts, ts}, unix.AT_SYMLINK_NOFOLLOW))
}

func TestReapSessionTrees(t *testing.T) {
	tmp, outside := t.TempDir(), t.TempDir()
	root := filepath.Join(tmp, rootName())
	must(t, os.MkdirAll(root, 0o700))

	// old: every file 40 days old, nested too.
	writeAged(t, filepath.Join(root, "old", "a.log"), old)
	writeAged(t, filepath.Join(root, "old", "sub", "b.log"), old)
	// mixed: one fresh file keeps the whole tree.
	writeAged(t, filepath.Join(root, "mixed", "a.log"), old)
	writeAged(t, filepath.Join(root, "mixed", "deep", "fresh.log"), fresh)
	// empty: judged by its own mtime.
	must(t, os.Mkdir(filepath.Join(root, "empty-old"), 0o700))
	must(t, os.Chtimes(filepath.Join(root, "empty-old"), old, old))
	must(t, os.Mkdir(filepath.Join(root, "empty-new"), 0o700))
	must(t, os.Chtimes(filepath.Join(root, "empty-new"), fresh, fresh))
	// links: an old tree holding an old link to a fresh outside file: the
	// link's own age counts and the link, never its target, is removed.
	writeAged(t, filepath.Join(outside, "target.txt"), fresh)
	writeAged(t, filepath.Join(root, "linky", "a.log"), old)
	must(t, os.Symlink(outside, filepath.Join(root, "linky", "dirlink")))
	ageLink(t, filepath.Join(root, "linky", "dirlink"), old)
	// a top-level link to an old outside directory is not a tree: untouched.
	writeAged(t, filepath.Join(outside, "olddir", "x.log"), old)
	must(t, os.Symlink(filepath.Join(outside, "olddir"), filepath.Join(root, "toplink")))
	// jsonl: an old tree holding a session transcript keeps the transcript.
	writeAged(t, filepath.Join(root, "transcript", "a.log"), old)
	writeAged(t, filepath.Join(root, "transcript", "s.jsonl"), old)
	// live in this process: Open marks it; its files are old.
	live, err := OpenIn(tmp, "live")
	must(t, err)
	defer live.Close()
	writeAged(t, filepath.Join(root, "live", "a.log"), old)
	must(t, os.Chtimes(filepath.Join(root, "live", lockName), old, old))
	// live in another process: a shared flock on its .lock, old files.
	writeAged(t, filepath.Join(root, "other", "a.log"), old)
	writeAged(t, filepath.Join(root, "other", lockName), old)
	lf, err := os.OpenFile(filepath.Join(root, "other", lockName), os.O_RDWR, 0)
	must(t, err)
	defer lf.Close()
	must(t, unix.Flock(int(lf.Fd()), unix.LOCK_SH))
	// foreign: an old tree owned by another account is skipped.
	if os.Geteuid() == 0 {
		writeAged(t, filepath.Join(root, "foreign", "a.log"), old)
		must(t, os.Chown(filepath.Join(root, "foreign"), 65534, 65534))
	}

	opts := ReapOptions{Targets: []Target{{Dir: root, Kind: SessionTrees}}, TempDir: tmp, Now: func() time.Time { return now }}
	reps := Reap(opts)
	if len(reps) != 1 || reps[0].Err != nil || reps[0].Throttled || reps[0].Busy {
		t.Fatalf("Reap = %+v", reps)
	}
	r := reps[0]
	sort.Strings(r.Removed)
	want := []string{filepath.Join(root, "empty-old"), filepath.Join(root, "linky"), filepath.Join(root, "old")}
	if !equal(r.Removed, want) {
		t.Errorf("Removed = %v\nwant      %v", r.Removed, want)
	}
	for _, keep := range []string{"mixed/a.log", "mixed/deep/fresh.log", "empty-new", "toplink", "transcript/s.jsonl", "live/a.log", "other/a.log"} {
		if !exists(filepath.Join(root, keep)) {
			t.Errorf("%s was removed", keep)
		}
	}
	if exists(filepath.Join(root, "transcript", "a.log")) {
		t.Errorf("transcript/a.log kept: only .jsonl files are exempt")
	}
	for _, keep := range []string{"target.txt", "olddir/x.log"} {
		if !exists(filepath.Join(outside, keep)) {
			t.Errorf("outside %s was removed through a link", keep)
		}
	}
	if os.Geteuid() == 0 && !exists(filepath.Join(root, "foreign", "a.log")) {
		t.Errorf("foreign-owned tree was removed")
	}
	reasons := map[string]string{}
	for _, s := range r.Skipped {
		reasons[filepath.Base(s.Path)] = s.Reason
	}
	for name, reason := range map[string]string{
		"live":       "in use by this process",
		"other":      "in use by another process",
		"transcript": "keeps .jsonl session files",
	} {
		if reasons[name] != reason {
			t.Errorf("skip reason for %s = %q, want %q", name, reasons[name], reason)
		}
	}
	if r.Kept != 2 { // mixed, empty-new
		t.Errorf("Kept = %d, want 2", r.Kept)
	}

	// Throttle: a second sweep within a day does nothing, even for a tree
	// that became old meanwhile.
	writeAged(t, filepath.Join(root, "later", "a.log"), old)
	if r := Reap(opts)[0]; !r.Throttled || len(r.Removed) != 0 {
		t.Errorf("second sweep = %+v, want throttled", r)
	}
	if !exists(filepath.Join(root, "later")) {
		t.Errorf("throttled sweep removed a tree")
	}
	// A day later it runs again.
	opts.Now = func() time.Time { return now.Add(25 * time.Hour) }
	if r := Reap(opts)[0]; r.Throttled || !contains(r.Removed, filepath.Join(root, "later")) {
		t.Errorf("sweep a day later = %+v, want later removed", r)
	}
	// The control files live outside the scanned trees, 0600.
	ctl := filepath.Join(root, ".reaper", controlKey(opts.Targets[0]))
	for _, n := range []string{markerName, sweepLock} {
		if m := mode(t, filepath.Join(ctl, n)); !m.IsRegular() || m.Perm() != 0o600 {
			t.Errorf("%s mode = %v", n, m)
		}
	}
}

func TestReapBusyAndUnsafeTargets(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, rootName())
	writeAged(t, filepath.Join(root, "old", "a.log"), old)
	target := Target{Dir: root, Kind: SessionTrees}
	opts := ReapOptions{Targets: []Target{target}, TempDir: tmp, Now: func() time.Time { return now }}

	// Another sweep holds the lock: this one does nothing.
	ctl, err := openChain(tmp, []string{rootName(), ".reaper", controlKey(target)}, false)
	must(t, err)
	fd, err := unix.Openat(ctl.fd, sweepLock, unix.O_RDWR|unix.O_CREAT, 0o600)
	must(t, err)
	must(t, unix.Flock(fd, unix.LOCK_EX))
	if r := Reap(opts)[0]; !r.Busy || len(r.Removed) != 0 {
		t.Errorf("sweep under a held lock = %+v, want busy", r)
	}
	unix.Close(fd)
	ctl.close()
	if !exists(filepath.Join(root, "old")) {
		t.Fatalf("busy sweep removed a tree")
	}

	// A target that is a symlink is never followed.
	linkTarget := Target{Dir: filepath.Join(tmp, "link"), Kind: SessionTrees}
	must(t, os.Symlink(root, linkTarget.Dir))
	r := Reap(ReapOptions{Targets: []Target{linkTarget}, TempDir: tmp, Now: func() time.Time { return now }})[0]
	if r.Err == nil || len(r.Removed) != 0 || !exists(filepath.Join(root, "old")) {
		t.Errorf("sweep of a symlinked target = %+v, want an error and nothing removed", r)
	}

	// A planted symlink where the control directory belongs is refused.
	tmp2 := t.TempDir()
	must(t, os.MkdirAll(filepath.Join(tmp2, rootName()), 0o700))
	must(t, os.Symlink(t.TempDir(), filepath.Join(tmp2, rootName(), ".reaper")))
	r = Reap(ReapOptions{Targets: []Target{target}, TempDir: tmp2, Now: func() time.Time { return now }})[0]
	if r.Err == nil || !exists(filepath.Join(root, "old")) {
		t.Errorf("sweep with a linked control dir = %+v, want refused", r)
	}
}

func TestReapToolResults(t *testing.T) {
	tmp := t.TempDir()
	sessions := filepath.Join(t.TempDir(), "sessions")
	writeAged(t, filepath.Join(sessions, "--proj-a--", "s1.jsonl"), old)
	writeAged(t, filepath.Join(sessions, "--proj-a--", "tool-results", "r1.txt"), old)
	writeAged(t, filepath.Join(sessions, "--proj-b--", "s2.jsonl"), old)
	writeAged(t, filepath.Join(sessions, "--proj-b--", "tool-results", "r1.txt"), old)
	writeAged(t, filepath.Join(sessions, "--proj-b--", "tool-results", "r2.txt"), fresh)
	writeAged(t, filepath.Join(sessions, "--proj-c--", "tool-results", "r1.txt"), old)
	release := KeepAlive(filepath.Join(sessions, "--proj-c--", "tool-results"))
	defer release()

	opts := ReapOptions{Targets: []Target{{Dir: sessions, Kind: ToolResults}}, TempDir: tmp, Now: func() time.Time { return now }}
	r := Reap(opts)[0]
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if want := []string{filepath.Join(sessions, "--proj-a--", "tool-results")}; !equal(r.Removed, want) {
		t.Errorf("Removed = %v, want %v", r.Removed, want)
	}
	for _, keep := range []string{"--proj-a--/s1.jsonl", "--proj-b--/s2.jsonl", "--proj-b--/tool-results/r1.txt", "--proj-c--/tool-results/r1.txt"} {
		if !exists(filepath.Join(sessions, keep)) {
			t.Errorf("%s was removed", keep)
		}
	}
	// The marker lives in the temp control directory, not in the target.
	if exists(filepath.Join(sessions, markerName)) || !exists(filepath.Join(tmp, rootName(), ".reaper", controlKey(opts.Targets[0]), markerName)) {
		t.Errorf("marker in the wrong place")
	}
}

func TestStartReaperRunsOffThePath(t *testing.T) {
	tmp := t.TempDir()
	root := filepath.Join(tmp, rootName())
	writeAged(t, filepath.Join(root, "old", "a.log"), old)
	opts := ReapOptions{Targets: []Target{{Dir: root}}, TempDir: tmp, Now: func() time.Time { return now }}
	start := time.Now()
	ch := StartReaper(context.Background(), time.Second, opts)
	if time.Since(start) > 500*time.Millisecond {
		t.Errorf("StartReaper blocked the caller")
	}
	reps := <-ch
	if len(reps) != 1 || len(reps[0].Removed) != 1 {
		t.Fatalf("reports = %+v", reps)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, ok := <-StartReaper(ctx, time.Hour, opts); ok {
		t.Errorf("cancelled reaper delivered a report")
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

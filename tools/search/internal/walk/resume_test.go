package walk

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// pager takes a resumable walk's files a few chunks at a time, stopping
// and resuming the walk between pages as a search that pages does.
type pager struct {
	t *testing.T
	w *Walker
}

func newPager(t *testing.T, root string) *pager {
	w := New(Config{Roots: []Root{{Abs: root}}, Workers: 2, ChunkSize: 2, Hidden: true, Gitignore: true, Resumable: true,
		OnFiles: func(int, *Chunk) any { return true }})
	w.Start(context.Background())
	return &pager{t: t, w: w}
}

// page takes up to n chunks; more is false once the walk is exhausted.
func (p *pager) page(n int) (files []string, more bool) {
	taken := 0
	done := p.w.Ordered(context.Background(), func(c *Chunk) bool {
		for _, f := range c.Files {
			files = append(files, c.Dir.RelJoin(f))
		}
		taken++
		return taken < n
	})
	p.w.Stop()
	p.w.Wait()
	return files, !done
}

func (p *pager) resume() bool {
	if !p.w.Resume(nil, func(int, *Chunk) any { return true }) {
		return false
	}
	p.w.Start(context.Background())
	return true
}

func pagedTree(t *testing.T) (string, []string) {
	files := map[string]string{".gitignore": "*.log\n"}
	for _, p := range []string{"a.txt", "b.txt", "c.txt", "d/1.txt", "d/2.txt", "d/3.txt", "d/e/4.txt", "d/e/5.txt", "f/6.txt", "f/7.txt", "f/8.txt", "f/9.txt", "g/h/i/10.txt", "z.txt", "x.log"} {
		files[p] = ""
	}
	root := makeTree(t, files)
	return root, orderedFiles(t, Config{Roots: []Root{{Abs: root}}, Hidden: true, Gitignore: true})
}

// TestWalkResumeKeepsOrder: a walk stopped after any number of chunks and
// resumed, again and again, yields exactly the files of one whole walk,
// in order, whether it keeps its listings (old directories) or reads them
// again (directories changed too recently to trust their stamps).
func TestWalkResumeKeepsOrder(t *testing.T) {
	for _, window := range []time.Duration{0, time.Hour} {
		racyWindow = window
		for n := 1; n <= 4; n++ {
			root, all := pagedTree(t)
			p := newPager(t, root)
			var got []string
			for {
				files, more := p.page(n)
				got = append(got, files...)
				if !more {
					break
				}
				if !p.resume() {
					t.Fatalf("window %v, pages of %d chunks: Resume refused an unchanged tree", window, n)
				}
			}
			if !slices.Equal(got, all) {
				t.Errorf("window %v, pages of %d chunks:\n got %q\nwant %q", window, n, got, all)
			}
		}
	}
	racyWindow = 2 * time.Second
}

// TestWalkResumeSeesChanges: what changed between pages is what the next
// page sees: a file added after the stop point or removed, in a
// directory the walk had already read, with stamps old enough to trust;
// a new subdirectory makes the walk Invalid, a changed ignore file makes
// Resume refuse (the caller walks afresh either way).
func TestWalkResumeSeesChanges(t *testing.T) {
	racyWindow = 0
	defer func() { racyWindow = 2 * time.Second }()
	old := time.Now().Add(-time.Hour)
	age := func(root string) {
		filepath.Walk(root, func(p string, _ os.FileInfo, _ error) error { return os.Chtimes(p, old, old) })
	}
	root, _ := pagedTree(t)
	age(root)
	p := newPager(t, root)
	first, _ := p.page(2) // .gitignore a.txt | b.txt c.txt
	if !slices.Equal(first, []string{".gitignore", "a.txt", "b.txt", "c.txt"}) {
		t.Fatalf("first page %q", first)
	}
	// The walk has read the root and likely d/ and f/ by now.
	os.WriteFile(filepath.Join(root, "d", "25.txt"), nil, 0o644)
	os.Remove(filepath.Join(root, "f", "7.txt"))
	os.WriteFile(filepath.Join(root, "0-before.txt"), nil, 0o644) // before the stop point: not seen
	if !p.resume() {
		t.Fatal("Resume refused")
	}
	rest, _ := p.page(100)
	want := []string{"z.txt", "d/1.txt", "d/2.txt", "d/25.txt", "d/3.txt", "d/e/4.txt", "d/e/5.txt", "f/6.txt", "f/8.txt", "f/9.txt", "g/h/i/10.txt"}
	if !slices.Equal(rest, want) {
		t.Errorf("after changes:\n got %q\nwant %q", rest, want)
	}

	root, _ = pagedTree(t)
	age(root)
	p = newPager(t, root)
	p.page(2)
	os.Mkdir(filepath.Join(root, "e"), 0o755)
	if !p.resume() {
		t.Fatal("Resume refused a new subdirectory up front; want Invalid on reaching it")
	}
	if _, more := p.page(100); !more || !p.w.Invalid() {
		t.Errorf("a new subdirectory: the walk went on (more %v, invalid %v)", more, p.w.Invalid())
	}

	root, _ = pagedTree(t)
	age(root)
	p = newPager(t, root)
	p.page(2)
	os.WriteFile(filepath.Join(root, ".gitignore"), []byte("*.log\n*.md\n"), 0o644)
	if p.resume() {
		t.Error("Resume went on after .gitignore changed")
	}
}

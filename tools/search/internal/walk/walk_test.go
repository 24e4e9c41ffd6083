package walk

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
)

// makeTree writes files (path -> content) under a new temp dir.
func makeTree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, c := range files {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// orderedFiles walks cfg with chunks and returns root-relative file paths
// in the order Ordered yields them.
func orderedFiles(t *testing.T, cfg Config) []string {
	t.Helper()
	cfg.ChunkSize = 2
	cfg.OnFiles = func(_ int, c *Chunk) any { return nil }
	w := New(cfg)
	w.Start(context.Background())
	var out []string
	w.Ordered(context.Background(), func(c *Chunk) bool {
		for _, f := range c.Files {
			out = append(out, c.Dir.RelJoin(f))
		}
		return true
	})
	w.Wait()
	return out
}

func TestWalkOrderAndFilters(t *testing.T) {
	root := makeTree(t, map[string]string{
		"b.txt":                   "",
		"a.txt":                   "",
		".hidden":                 "",
		".gitignore":              "*.log\nbuild/\n!keep.log\n",
		"x.log":                   "",
		"keep.log":                "",
		"build/out.txt":           "",
		"src/z.go":                "",
		"src/a.go":                "",
		"src/c.go":                "",
		"src/.gitignore":          "gen_*.go\n",
		"src/gen_x.go":            "",
		"src/sub/gen_y.go":        "",
		"src/sub/ok.go":           "",
		"other/gen_z.go":          "", // the nested rule applies only under src/
		"node_modules/m/index.js": "",
		".git/HEAD":               "",
	})
	cfg := Config{Roots: []Root{{Abs: root}}, Workspace: root, Gitignore: true, Hidden: true}
	got := orderedFiles(t, cfg)
	want := []string{".gitignore", ".hidden", "a.txt", "b.txt", "keep.log", "other/gen_z.go", "src/.gitignore", "src/a.go", "src/c.go", "src/z.go", "src/sub/ok.go"}
	if !slices.Equal(got, want) {
		t.Errorf("gitignore on:\n got %q\nwant %q", got, want)
	}

	cfg.Gitignore, cfg.Hidden = false, false
	got = orderedFiles(t, cfg)
	want = []string{"a.txt", "b.txt", "keep.log", "x.log", "build/out.txt", "other/gen_z.go", "src/a.go", "src/c.go", "src/gen_x.go", "src/z.go", "src/sub/gen_y.go", "src/sub/ok.go"}
	if !slices.Equal(got, want) {
		t.Errorf("gitignore off, hidden off:\n got %q\nwant %q", got, want)
	}

	cfg.KeepNodeModules, cfg.KeepGit, cfg.Hidden = true, true, true
	got = orderedFiles(t, cfg)
	if !slices.Contains(got, "node_modules/m/index.js") || !slices.Contains(got, ".git/HEAD") {
		t.Errorf("keep flags: %q", got)
	}
}

func TestWalkRootIgnoredByParentIsSearched(t *testing.T) {
	root := makeTree(t, map[string]string{
		".gitignore":       "testdata/\n*.tmp\n",
		"testdata/a.txt":   "",
		"testdata/b.tmp":   "",
		"testdata/d/c.txt": "",
		"pkg/x.tmp":        "",
		"pkg/y.txt":        "",
	})
	os.Mkdir(filepath.Join(root, ".git"), 0o755)
	cfg := Config{Roots: []Root{{Abs: filepath.Join(root, "testdata")}, {Abs: filepath.Join(root, "pkg")}}, Workspace: root, Gitignore: true, Hidden: true}
	got := orderedFiles(t, cfg)
	// testdata is named explicitly: its own rules only. pkg inherits *.tmp.
	want := []string{"a.txt", "b.tmp", "d/c.txt", "y.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWalkOverlay(t *testing.T) {
	root := makeTree(t, map[string]string{"a.txt": "", "gone.txt": "", "d/b.txt": ""})
	cfg := Config{Roots: []Root{{Abs: root}}, Workspace: root, Hidden: true, Overlay: map[string][]byte{
		filepath.Join(root, "gone.txt"):       nil,
		filepath.Join(root, "new/deep/n.txt"): []byte("x"),
		filepath.Join(root, "d/c.txt"):        []byte("y"),
	}}
	got := orderedFiles(t, cfg)
	want := []string{"a.txt", "d/b.txt", "d/c.txt", "new/deep/n.txt"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestWalkOnDirDescendAndSymlinks(t *testing.T) {
	root := makeTree(t, map[string]string{"a/b/c.txt": "", "a/x.txt": "", "top.txt": ""})
	os.Symlink("a", filepath.Join(root, "link"))
	var mu sync.Mutex
	var seen []string
	cfg := Config{Roots: []Root{{Abs: root, Descend: func(rel string) bool { return strings.Count(rel, "/") < 1 }}}, Workspace: root, Hidden: true,
		OnDir: func(_ int, d *Dir, ents []Entry, info func(string) (int64, bool)) {
			mu.Lock()
			defer mu.Unlock()
			for _, e := range ents {
				if _, ok := info(e.Name); !ok {
					t.Errorf("no mtime for %s", e.Name)
				}
				s := d.RelJoin(e.Name)
				if e.Kind == KindDir {
					s += "/"
				}
				if e.Kind == KindSymlink {
					s += "@"
				}
				seen = append(seen, s)
			}
		}}
	w := New(cfg)
	w.Start(context.Background())
	w.Wait()
	slices.Sort(seen)
	want := []string{"a/", "a/b/", "a/x.txt", "link@", "top.txt"}
	if !slices.Equal(seen, want) {
		t.Errorf("got %q, want %q", seen, want)
	}
}

func TestWalkStopEarly(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 200; i++ {
		files[filepath.Join("d", strings.Repeat("x", i%7+1), string(rune('a'+i%26))+".txt")] = ""
	}
	root := makeTree(t, files)
	w := New(Config{Roots: []Root{{Abs: root}}, Workspace: root, ChunkSize: 1, OnFiles: func(int, *Chunk) any { return nil }})
	w.Start(context.Background())
	n := 0
	complete := w.Ordered(context.Background(), func(*Chunk) bool { n++; return n < 3 })
	w.Stop()
	w.Wait()
	if complete || n != 3 {
		t.Fatalf("complete=%v n=%d", complete, n)
	}
}

// Outside a git checkout, .gitignore files between the workspace root and
// a root below it still apply.
func TestWalkParentIgnoresOutsideCheckout(t *testing.T) {
	ws := makeTree(t, map[string]string{
		".gitignore":         "*.gen.go\n",
		"pkg/.gitignore":     "tmp/\n",
		"pkg/sub/a.go":       "",
		"pkg/sub/a.gen.go":   "",
		"pkg/sub/tmp/b.go":   "",
		"pkg/sub/c/tmp/d.go": "",
	})
	got := orderedFiles(t, Config{Roots: []Root{{Abs: filepath.Join(ws, "pkg", "sub")}}, Workspace: ws, Gitignore: true, Hidden: true})
	if want := []string{"a.go"}; !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestWalkResumeAfter: a walk resumed after any file yields exactly the
// files that follow it in the whole walk's tree order, pruning what comes
// before (a search pages on this way instead of walking from the start).
func TestWalkResumeAfter(t *testing.T) {
	root := makeTree(t, map[string]string{
		"a.txt": "", "b.txt": "", "z.txt": "",
		"a/x.txt": "", "a/y.txt": "", "a/a/deep.txt": "", "a/b/deep.txt": "",
		"ab/q.txt": "", "a.b/r.txt": "", "b/c/d/e.txt": "", "b/c/f.txt": "", "b/g.txt": "",
		"c/only.txt": "",
	})
	all := orderedFiles(t, Config{Roots: []Root{{Abs: root}}, Hidden: true})
	if len(all) != 13 {
		t.Fatalf("whole walk: %v", all)
	}
	for i, p := range all {
		got := orderedFiles(t, Config{Roots: []Root{{Abs: root, After: p}}, Hidden: true})
		if want := all[i+1:]; !slices.Equal(got, want) {
			t.Errorf("after %s: %v, want %v", p, got, want)
		}
	}
	// A point that names no file any more (deleted since) still resumes
	// at the right place.
	got := orderedFiles(t, Config{Roots: []Root{{Abs: root, After: "a/gone/x.txt"}}, Hidden: true})
	if want := []string{"a.b/r.txt", "ab/q.txt", "b/g.txt", "b/c/f.txt", "b/c/d/e.txt", "c/only.txt"}; !slices.Equal(got, want) {
		t.Errorf("after a deleted file: %v, want %v", got, want)
	}
}

// TestWalkCompleted: after a consumer stops, Completed yields, in tree
// order, the chunks after the one it stopped at that the workers had
// searched, up to the first they had not.
func TestWalkCompleted(t *testing.T) {
	files := map[string]string{}
	for i := 0; i < 40; i++ {
		files[filepath.Join("d"+string(rune('a'+i%5)), "f"+string(rune('a'+i))+".txt")] = ""
	}
	root := makeTree(t, files)
	all := orderedFiles(t, Config{Roots: []Root{{Abs: root}}})
	for stopAt := 0; stopAt < 20; stopAt += 3 {
		var searched sync.Map
		w := New(Config{Roots: []Root{{Abs: root}}, Workers: 2, ChunkSize: 2, OnFiles: func(_ int, c *Chunk) any {
			searched.Store(c, true)
			return nil
		}})
		w.Start(context.Background())
		var got []string
		var last *Chunk
		n := 0
		w.Ordered(context.Background(), func(c *Chunk) bool {
			for _, f := range c.Files {
				got = append(got, c.Dir.RelJoin(f))
			}
			last, n = c, n+1
			return n <= stopAt
		})
		w.Stop()
		w.Wait()
		w.Completed(0, last, func(c *Chunk) bool {
			if _, ok := searched.Load(c); !ok {
				t.Errorf("Completed yielded a chunk OnFiles never ran for: %v", c.Files)
			}
			for _, f := range c.Files {
				got = append(got, c.Dir.RelJoin(f))
			}
			return true
		})
		if !slices.Equal(got, all[:len(got)]) {
			t.Errorf("stopping after %d chunks: %v is not a prefix of the tree order %v", stopAt+1, got, all)
		}
	}
}

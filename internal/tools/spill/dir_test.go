package spill

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

func openTestDir(t *testing.T) *Dir {
	t.Helper()
	d, err := OpenIn(t.TempDir(), "test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return d
}

func openTestDirF(f *testing.F) *Dir {
	d, err := OpenIn(f.TempDir(), "fuzz")
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(func() { d.Close() })
	return d
}

func mode(t *testing.T, p string) os.FileMode {
	t.Helper()
	fi, err := os.Lstat(p)
	if err != nil {
		t.Fatal(err)
	}
	return fi.Mode()
}

func TestOpenCreatesPrivateTree(t *testing.T) {
	tmp := t.TempDir()
	d, err := OpenIn(tmp, "../../escape/me")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	root := filepath.Join(tmp, rootName())
	want := filepath.Join(root, SafeComponent("../../escape/me"))
	if d.Path() != want {
		t.Fatalf("Path() = %q, want %q", d.Path(), want)
	}
	for _, p := range []string{root, want} {
		if m := mode(t, p); !m.IsDir() || m.Perm() != 0o700 {
			t.Errorf("%s mode = %v, want drwx------", p, m)
		}
	}
	f, err := d.Create("bash-*.log")
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("hello"))
	f.Close()
	if filepath.Dir(f.Path()) != want || !strings.HasPrefix(filepath.Base(f.Path()), "bash-") || !strings.HasSuffix(f.Path(), ".log") {
		t.Errorf("file path %q not bash-*.log in %s", f.Path(), want)
	}
	if m := mode(t, f.Path()); m.Perm() != 0o600 {
		t.Errorf("file mode = %v, want -rw-------", m)
	}
	if _, err := os.Stat(filepath.Join(tmp, "escape")); !os.IsNotExist(err) {
		t.Errorf("session id escaped the tree")
	}
	if err := d.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := d.Create("x"); err == nil {
		t.Errorf("Create after Close succeeded")
	}
}

func TestNilAndUnavailableDir(t *testing.T) {
	var d *Dir
	if _, err := d.Create("x"); !errors.Is(err, ErrNoDir) {
		t.Errorf("nil Dir Create error = %v, want ErrNoDir", err)
	}
	refusal := &UnsafeError{Path: "/tmp/atomic-0", Reason: "is a symbolic link"}
	u := Unavailable(refusal)
	if _, err := u.Create("x"); err != refusal || u.Err() != refusal || u.Path() != "" {
		t.Errorf("Unavailable Dir: Create error %v, Err %v, Path %q", err, u.Err(), u.Path())
	}
	if d.Close() != nil || u.Close() != nil {
		t.Errorf("Close of nil/unavailable Dir failed")
	}
}

// TestHostileTree plants something hostile at each level of the tree and
// checks the outcome: refused (with the reason), replaced, or tightened.
func TestHostileTree(t *testing.T) {
	const foreign = 65534 // nobody
	root := func(tmp string) string { return filepath.Join(tmp, rootName()) }
	sess := func(tmp string) string { return filepath.Join(root(tmp), "s1") }
	for _, tc := range []struct {
		name       string
		needRoot   bool
		plant      func(t *testing.T, tmp, elsewhere string)
		wantRefuse string // substring of the refusal; "" means Open succeeds
		check      func(t *testing.T, tmp, elsewhere string)
	}{
		{
			name:       "root is a symlink to a directory of ours",
			plant:      func(t *testing.T, tmp, elsewhere string) { must(t, os.Symlink(elsewhere, root(tmp))) },
			wantRefuse: "is a symbolic link",
			check: func(t *testing.T, tmp, elsewhere string) {
				assertEmpty(t, elsewhere)
			},
		},
		{
			name: "root is a dangling symlink",
			plant: func(t *testing.T, tmp, elsewhere string) {
				must(t, os.Symlink(filepath.Join(elsewhere, "nope"), root(tmp)))
			},
			wantRefuse: "is a symbolic link",
			check: func(t *testing.T, tmp, elsewhere string) {
				assertEmpty(t, elsewhere)
			},
		},
		{
			name:       "root is a regular file",
			plant:      func(t *testing.T, tmp, elsewhere string) { must(t, os.WriteFile(root(tmp), nil, 0o600)) },
			wantRefuse: "is a regular file",
		},
		{
			name:     "root owned by another account",
			needRoot: true,
			plant: func(t *testing.T, tmp, elsewhere string) {
				must(t, os.Mkdir(root(tmp), 0o700))
				must(t, os.Chown(root(tmp), foreign, foreign))
			},
			wantRefuse: "owned by uid 65534",
		},
		{
			name: "root world-writable is tightened",
			plant: func(t *testing.T, tmp, elsewhere string) {
				must(t, os.Mkdir(root(tmp), 0o700))
				must(t, os.Chmod(root(tmp), 0o777))
			},
			wantRefuse: "",
			check: func(t *testing.T, tmp, elsewhere string) {
				if m := mode(t, root(tmp)); m.Perm() != 0o700 {
					t.Errorf("root mode = %v, want 0700", m)
				}
			},
		},
		{
			name: "root with sticky and setgid bits is tightened",
			plant: func(t *testing.T, tmp, elsewhere string) {
				must(t, os.Mkdir(root(tmp), 0o700))
				must(t, os.Chmod(root(tmp), 0o777|os.ModeSticky|os.ModeSetgid))
			},
			check: func(t *testing.T, tmp, elsewhere string) {
				if m := mode(t, root(tmp)); m.Perm() != 0o700 || m&(os.ModeSticky|os.ModeSetgid) != 0 {
					t.Errorf("root mode = %v, want 0700", m)
				}
			},
		},
		{
			name: "session is a symlink: the link is replaced, its target untouched",
			plant: func(t *testing.T, tmp, elsewhere string) {
				must(t, os.Mkdir(root(tmp), 0o700))
				must(t, os.WriteFile(filepath.Join(elsewhere, "keep"), []byte("x"), 0o600))
				must(t, os.Symlink(elsewhere, sess(tmp)))
			},
			check: func(t *testing.T, tmp, elsewhere string) {
				if m := mode(t, sess(tmp)); !m.IsDir() || m.Perm() != 0o700 {
					t.Errorf("session mode = %v, want a real 0700 directory", m)
				}
				if b, err := os.ReadFile(filepath.Join(elsewhere, "keep")); err != nil || string(b) != "x" {
					t.Errorf("link target was touched: %q, %v", b, err)
				}
				if names, _ := os.ReadDir(elsewhere); len(names) != 1 {
					t.Errorf("link target gained files: %v", names)
				}
			},
		},
		{
			name: "session is a stale file: replaced",
			plant: func(t *testing.T, tmp, elsewhere string) {
				must(t, os.Mkdir(root(tmp), 0o700))
				must(t, os.WriteFile(sess(tmp), []byte("stale"), 0o600))
			},
			check: func(t *testing.T, tmp, elsewhere string) {
				if m := mode(t, sess(tmp)); !m.IsDir() {
					t.Errorf("session = %v, want a directory", m)
				}
			},
		},
		{
			name:     "session owned by another account",
			needRoot: true,
			plant: func(t *testing.T, tmp, elsewhere string) {
				must(t, os.MkdirAll(sess(tmp), 0o700))
				must(t, os.Chown(sess(tmp), foreign, foreign))
			},
			wantRefuse: "owned by uid 65534",
		},
		{
			name: "session world-writable is tightened",
			plant: func(t *testing.T, tmp, elsewhere string) {
				must(t, os.MkdirAll(sess(tmp), 0o700))
				must(t, os.Chmod(sess(tmp), 0o777))
			},
			check: func(t *testing.T, tmp, elsewhere string) {
				if m := mode(t, sess(tmp)); m.Perm() != 0o700 {
					t.Errorf("session mode = %v, want 0700", m)
				}
			},
		},
		{
			name: "session lock file is a symlink",
			plant: func(t *testing.T, tmp, elsewhere string) {
				must(t, os.MkdirAll(sess(tmp), 0o700))
				must(t, os.Symlink(filepath.Join(elsewhere, "lock"), filepath.Join(sess(tmp), lockName)))
			},
			wantRefuse: "lock file cannot be opened",
			check: func(t *testing.T, tmp, elsewhere string) {
				assertEmpty(t, elsewhere)
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if tc.needRoot && os.Geteuid() != 0 {
				t.Skip("a second account's files need root to create")
			}
			tmp, elsewhere := t.TempDir(), t.TempDir()
			tc.plant(t, tmp, elsewhere)
			d, err := OpenIn(tmp, "s1")
			if tc.wantRefuse != "" {
				var ue *UnsafeError
				if err == nil || !errors.As(err, &ue) || !strings.Contains(err.Error(), tc.wantRefuse) {
					t.Fatalf("OpenIn error = %v, want an UnsafeError containing %q", err, tc.wantRefuse)
				}
			} else {
				if err != nil {
					t.Fatalf("OpenIn: %v", err)
				}
				f, err := d.Create("x-*")
				if err != nil {
					t.Fatal(err)
				}
				f.Close()
				d.Close()
			}
			if tc.check != nil {
				tc.check(t, tmp, elsewhere)
			}
		})
	}
}

// TestCreateNeverFollowsPlantedLink plants a symlink under the name Create
// would pick next; Create must skip it and never write through it.
func TestCreateNeverFollowsPlantedLink(t *testing.T) {
	d := openTestDir(t)
	elsewhere := t.TempDir()
	victim := filepath.Join(elsewhere, "victim")
	must(t, os.WriteFile(victim, []byte("precious"), 0o600))
	next := d.seq.Load() + 1
	planted := filepath.Join(d.Path(), "out-"+strconv.Itoa(os.Getpid())+"-"+strconv.FormatUint(next, 10)+".log")
	must(t, os.Symlink(victim, planted))
	f, err := d.Create("out-*.log")
	if err != nil {
		t.Fatal(err)
	}
	f.Write([]byte("output"))
	f.Close()
	if f.Path() == planted {
		t.Fatalf("Create reused the planted link")
	}
	if b, _ := os.ReadFile(victim); string(b) != "precious" {
		t.Fatalf("victim overwritten: %q", b)
	}
}

// TestDirPinnedAgainstSwap renames the session directory away after Open and
// puts a symlink in its place: files still land in the verified directory.
func TestDirPinnedAgainstSwap(t *testing.T) {
	tmp, elsewhere := t.TempDir(), t.TempDir()
	d, err := OpenIn(tmp, "s")
	if err != nil {
		t.Fatal(err)
	}
	defer d.Close()
	moved := d.Path() + ".moved"
	must(t, os.Rename(d.Path(), moved))
	must(t, os.Symlink(elsewhere, d.Path()))
	f, err := d.Create("y-*")
	if err != nil {
		t.Fatal(err)
	}
	f.Close()
	assertEmpty(t, elsewhere)
	if _, err := os.Stat(filepath.Join(moved, filepath.Base(f.Path()))); err != nil {
		t.Fatalf("file not in the verified directory: %v", err)
	}
}

func TestRemoveStaysInDir(t *testing.T) {
	d := openTestDir(t)
	f, _ := d.Create("r-*")
	f.Close()
	if err := d.Remove(f.Path()); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(f.Path()); !os.IsNotExist(err) {
		t.Fatalf("file still there")
	}
	if err := d.Remove("/etc/passwd"); err == nil {
		t.Fatalf("Remove outside the dir succeeded")
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func assertEmpty(t *testing.T, dir string) {
	t.Helper()
	names, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 0 {
		t.Fatalf("%s gained entries: %v", dir, names)
	}
}

func TestWriteFile(t *testing.T) {
	d := openTestDir(t)
	p, err := d.WriteFile("result-*.txt", []byte("full output"))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "full output" || filepath.Dir(p) != d.Path() || mode(t, p).Perm() != 0o600 {
		t.Errorf("WriteFile: %s holds %q, mode %v", p, b, mode(t, p))
	}
	var none *Dir
	if p, err := none.WriteFile("x", []byte("y")); p != "" || !errors.Is(err, ErrNoDir) {
		t.Errorf("nil Dir WriteFile = %q, %v", p, err)
	}
}

// TestCloseRemovesUnusedDir: a directory nothing was spilled to is removed
// by the last Close, one with a file stays, and one still open elsewhere
// (another Dir, as another process would hold it) stays until that closes.
func TestCloseRemovesUnusedDir(t *testing.T) {
	tmp := t.TempDir()
	exists := func(p string) bool { _, err := os.Lstat(p); return err == nil }

	d, err := OpenIn(tmp, "empty")
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	if exists(d.Path()) {
		t.Error("an unused directory was left behind")
	}

	d, err = OpenIn(tmp, "spilled")
	if err != nil {
		t.Fatal(err)
	}
	p, err := d.WriteFile("out-*.txt", []byte("kept"))
	if err != nil {
		t.Fatal(err)
	}
	d.Close()
	if b, err := os.ReadFile(p); err != nil || string(b) != "kept" {
		t.Errorf("spilled file: %q, %v", b, err)
	}

	a, err := OpenIn(tmp, "shared")
	if err != nil {
		t.Fatal(err)
	}
	b, err := OpenIn(tmp, "shared")
	if err != nil {
		t.Fatal(err)
	}
	a.Close()
	if !exists(b.Path()) {
		t.Fatal("closing one Dir removed a directory another still holds")
	}
	if _, err := b.WriteFile("late-*.txt", []byte("x")); err != nil {
		t.Fatalf("the remaining Dir cannot create: %v", err)
	}
	b.Close()
	if !exists(b.Path()) {
		t.Error("a directory with a file was removed")
	}

	// Reopening after removal works.
	d, err = OpenIn(tmp, "empty")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.WriteFile("x-*.txt", []byte("x")); err != nil {
		t.Fatal(err)
	}
	d.Close()
}

// TestOpenLazy: a lazy Dir touches the temp directory only when first used,
// then behaves as Open's; closed unused it leaves nothing and refuses
// later use; a refusal Open would give is its Err and Create's error.
func TestOpenLazy(t *testing.T) {
	tmp := t.TempDir()
	d := OpenLazyIn(tmp, "lazy")
	if names, _ := os.ReadDir(tmp); len(names) != 0 {
		t.Fatalf("OpenLazyIn made %v before any use", names)
	}
	p, err := d.WriteFile("out-*.txt", []byte("kept"))
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(tmp, rootName(), "lazy"); filepath.Dir(p) != want || d.Path() != want {
		t.Errorf("spilled to %s (Path %s), want a file in %s", p, d.Path(), want)
	}
	if mode(t, d.Path()).Perm() != 0o700 {
		t.Errorf("session directory mode %v, want 0700", mode(t, d.Path()).Perm())
	}
	d.Close()
	if b, err := os.ReadFile(p); err != nil || string(b) != "kept" {
		t.Errorf("spilled file after Close: %q, %v", b, err)
	}

	unused := OpenLazyIn(tmp, "unused")
	if err := unused.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(filepath.Join(tmp, rootName(), "unused")); !os.IsNotExist(err) {
		t.Errorf("a lazy Dir closed unused left its directory (%v)", err)
	}
	if _, err := unused.Create("x"); err == nil || unused.Err() == nil {
		t.Error("a lazy Dir closed unused still creates files")
	}

	hostile := t.TempDir()
	must(t, os.Symlink(t.TempDir(), filepath.Join(hostile, rootName())))
	h := OpenLazyIn(hostile, "s")
	var ue *UnsafeError
	if _, err := h.Create("x"); !errors.As(err, &ue) || !strings.Contains(err.Error(), "is a symbolic link") || !errors.As(h.Err(), &ue) {
		t.Errorf("lazy Dir under a hostile tree: Create error %v, Err %v; want the refusal", err, h.Err())
	}
	h.Close()
}

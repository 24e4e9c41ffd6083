//go:build unix

package spill

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

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

package spill

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

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
		wantPrivate(t, p, true)
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
	wantPrivate(t, f.Path(), false)
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

func TestWriteFile(t *testing.T) {
	d := openTestDir(t)
	p, err := d.WriteFile("result-*.txt", []byte("full output"))
	if err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(p); string(b) != "full output" || filepath.Dir(p) != d.Path() {
		t.Errorf("WriteFile: %s holds %q", p, b)
	}
	wantPrivate(t, p, false)
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

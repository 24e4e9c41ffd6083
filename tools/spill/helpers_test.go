package spill

import (
	"os"
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

func exists(p string) bool { _, err := os.Lstat(p); return err == nil }

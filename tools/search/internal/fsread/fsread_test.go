package fsread

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	sizes := []int{0, 1, initialSize - 1, initialSize, initialSize + 1, 3*initialSize + 7, 1 << 20}
	var r Reader
	for _, size := range sizes {
		want := bytes.Repeat([]byte("abcdefghij\n"), size/11+1)[:size]
		p := filepath.Join(dir, "f")
		if err := os.WriteFile(p, want, 0o644); err != nil {
			t.Fatal(err)
		}
		got, err := r.Read(p, 1<<20)
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("size %d: err %v, equal %v", size, err, bytes.Equal(got, want))
		}
	}
	p := filepath.Join(dir, "big")
	os.WriteFile(p, make([]byte, 1<<20+1), 0o644)
	if _, err := r.Read(p, 1<<20); err != ErrTooLarge {
		t.Fatalf("over limit: got %v, want ErrTooLarge", err)
	}
	if _, err := r.Read(filepath.Join(dir, "missing"), 10); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing: got %v", err)
	}
	if _, err := r.Read(dir, 10); err == nil {
		t.Fatal("reading a directory succeeded")
	}
}

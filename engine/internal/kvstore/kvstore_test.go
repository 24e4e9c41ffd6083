package kvstore

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func open(t *testing.T) (*DB, string) {
	t.Helper()
	p := filepath.Join(t.TempDir(), "state", "store.db")
	db, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db, p
}

func TestCommitGetListDelete(t *testing.T) {
	db, _ := open(t)
	if err := db.Commit("s", map[string]string{"a": `1`, "b": `{"x":[1,2]}`}, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.Commit("other", map[string]string{"a": `"other"`}, nil); err != nil {
		t.Fatal(err)
	}
	if v, ok, err := db.Get("s", "b"); err != nil || !ok || v != `{"x":[1,2]}` {
		t.Fatalf("Get = %q %v %v", v, ok, err)
	}
	if _, ok, _ := db.Get("s", "nope"); ok {
		t.Fatal("Get of a missing key reported ok")
	}
	if err := db.Commit("s", map[string]string{"a": `2`}, []string{"b"}); err != nil {
		t.Fatal(err)
	}
	all, _ := db.All("s")
	if len(all) != 1 || all["a"] != `2` {
		t.Fatalf("All = %v", all)
	}
	list, _ := db.List("other")
	if len(list) != 1 || list[0].Key != "a" || list[0].Size != 7 {
		t.Fatalf("List = %+v", list)
	}
	if n, _ := db.Delete("s", "a", "nope"); n != 1 {
		t.Fatalf("Delete removed %d", n)
	}
}

func TestExportImportRoundTrip(t *testing.T) {
	db, _ := open(t)
	db.Commit("s", map[string]string{"k": `{"n":1}`, "l": `[true,null]`}, nil)
	data, err := db.Export("s")
	if err != nil {
		t.Fatal(err)
	}
	n, err := db.Import("t", data)
	if err != nil || n != 2 {
		t.Fatalf("Import = %d %v", n, err)
	}
	all, _ := db.All("t")
	if all["k"] != `{"n":1}` || all["l"] != `[true,null]` {
		t.Fatalf("imported %v", all)
	}
	if _, err := db.Import("t", []byte(`[1,2]`)); err == nil || !strings.Contains(err.Error(), "expected a JSON object") {
		t.Fatalf("bad import: %v", err)
	}
}

// TestConcurrentProcessesShareTheStore: two handles on one file (as two
// processes would have) commit concurrently without losing writes.
func TestConcurrentHandles(t *testing.T) {
	db1, p := open(t)
	db2, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer db2.Close()
	var wg sync.WaitGroup
	for i, db := range []*DB{db1, db2} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				key := string(rune('a'+i)) + string(rune('0'+j%10)) + string(rune('0'+j/10))
				if err := db.Commit("s", map[string]string{key: "1"}, nil); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	all, _ := db1.All("s")
	if len(all) != 100 {
		t.Fatalf("%d keys, want 100", len(all))
	}
}

// TestFilesArePrivate: the database and its write-ahead files are readable
// by the owner only, also in a directory others may list, and a directory
// others can write to is refused.
func TestFilesArePrivate(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "shared")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil { // past the umask
		t.Fatal(err)
	}
	p := filepath.Join(dir, "store.db")
	db, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Commit("s", map[string]string{"tok": `"SECRET"`}, nil); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"store.db", "store.db-wal", "store.db-shm"} {
		fi, err := os.Stat(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		if fi.Mode().Perm() != 0o600 {
			t.Errorf("%s has mode %04o, want 0600", name, fi.Mode().Perm())
		}
	}

	open := filepath.Join(t.TempDir(), "open")
	if err := os.Mkdir(open, 0o777); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(open, 0o777); err != nil {
		t.Fatal(err)
	}
	_, err = Open(filepath.Join(open, "store.db"))
	if err == nil || !strings.Contains(err.Error(), "is writable by other users (mode 0777)") {
		t.Fatalf("world-writable directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(open, "store.db")); !os.IsNotExist(err) {
		t.Errorf("a database was created in the refused directory: %v", err)
	}
}

// TestOddDirectoryNames: characters that mean something in an SQLite URI
// stay part of the path.
func TestOddDirectoryNames(t *testing.T) {
	name := "a?b#c%41d"
	if filepath.Separator == '\\' {
		name = "a#c%41d e" // Windows refuses '?' in a name
	}
	dir := filepath.Join(t.TempDir(), name)
	p := filepath.Join(dir, "store.db")
	db, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Commit("s", map[string]string{"k": "1"}, nil); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(p); err != nil || fi.Size() == 0 {
		t.Fatalf("the database is not at %s: %v", p, err)
	}
	if v, ok, err := db.Get("s", "k"); err != nil || !ok || v != "1" {
		t.Fatalf("get: %q %v %v", v, ok, err)
	}
}

// CommitChecked is compare-and-set: a key that no longer holds the value
// the caller read (or appeared, or vanished) refuses the whole commit.
func TestCommitChecked(t *testing.T) {
	db, err := Open(filepath.Join(t.TempDir(), "store.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if err := db.Commit("s", map[string]string{"n": "1"}, nil); err != nil {
		t.Fatal(err)
	}
	one, two := "1", "2"
	for _, c := range []struct {
		expect map[string]*string
		ok     bool
	}{
		{map[string]*string{"n": &two}, false},
		{map[string]*string{"n": nil}, false},
		{map[string]*string{"n": &one, "absent": &one}, false},
		{map[string]*string{"n": &one, "absent": nil}, true},
	} {
		err := db.CommitChecked("s", map[string]string{"n": "9", "x": "1"}, nil, c.expect, 0)
		var conflict *ConflictError
		if c.ok != (err == nil) || !c.ok && !errors.As(err, &conflict) {
			t.Fatalf("expect %v: %v", c.expect, err)
		}
		if v, _, _ := db.Get("s", "n"); !c.ok && v != "1" {
			t.Fatalf("a refused commit changed n to %s", v)
		}
	}
	if v, _, _ := db.Get("s", "n"); v != "9" {
		t.Errorf("n = %s after the commit that held", v)
	}
}

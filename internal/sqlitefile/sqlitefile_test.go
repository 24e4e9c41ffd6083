package sqlitefile

import (
	"database/sql"
	"os"
	"path/filepath"
	"runtime"
	"testing"

	_ "modernc.org/sqlite"
)

func TestURI(t *testing.T) {
	for _, c := range []struct{ in, query, want string }{
		{"/home/al/app.db", "", "file:///home/al/app.db"},
		{"/home/al/app.db", "mode=ro", "file:///home/al/app.db?mode=ro"},
		{"app.db", "", "file:app.db"},
		{"dir/app.db", "", "file:dir/app.db"},
		{"/a?b/c#d/100%.db", "", "file:///a%3Fb/c%23d/100%25.db"},
		{"/a b/x.db", "", "file:///a b/x.db"},
		// Windows paths, as URI gives them to uri (forward slashes).
		{"C:/Users/al/app.db", "mode=ro", "file:///C:/Users/al/app.db?mode=ro"},
		{"d:/x.db", "", "file:///d:/x.db"},
	} {
		if got := uri(c.in, c.query); got != c.want {
			t.Errorf("uri(%q, %q) = %q, want %q", c.in, c.query, got, c.want)
		}
	}
}

// TestURIOpens: the URI of a real file with awkward characters in its
// directory opens that file (and a second open sees the first's table).
func TestURIOpens(t *testing.T) {
	name := "a b?c#d%20e"
	if runtime.GOOS == "windows" {
		name = "a b#d%20e&f" // no '?' in a Windows name
	}
	dir := filepath.Join(t.TempDir(), name)
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, "app.db")
	db, err := sql.Open("sqlite", URI(p, "_pragma=busy_timeout(1000)"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("CREATE TABLE t (x)"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("the database is not at %s: %v", p, err)
	}
	ro, err := sql.Open("sqlite", URI(p, "mode=ro"))
	if err != nil {
		t.Fatal(err)
	}
	defer ro.Close()
	var n int
	if err := ro.QueryRow("SELECT count(*) FROM t").Scan(&n); err != nil {
		t.Fatalf("read-only open: %v", err)
	}
}

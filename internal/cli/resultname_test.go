package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRepoKey: a repository listed as owner/name, a clone URL (https with
// credentials, ssh, scp-like, file) or a path has one key; credentials
// never reach it.
func TestRepoKey(t *testing.T) {
	for in, want := range map[string]string{
		"acme/api":                        "acme/api",
		" acme/api/ ":                     "acme/api",
		"https://github.com/acme/api.git": "github.com/acme/api",
		"https://x-access-token:ghp_secret@github.com/acme/api": "github.com/acme/api",
		"git@github.com:acme/api.git":                           "github.com/acme/api",
		"ssh://git@gitlab.example.com:2222/g/sub/p":             "gitlab.example.com:2222/g/sub/p",
		"file:///srv/git/api.git":                               "/srv/git/api",
		"./repos/api/":                                          "repos/api",
		"/abs/path/api":                                         "/abs/path/api",
	} {
		if got := repoKey(in); got != want {
			t.Errorf("repoKey(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestResultNameCollisionFree: names that `tr / _` made equal stay apart,
// each name is a plain file name, and it decodes back to the repository.
func TestResultNameCollisionFree(t *testing.T) {
	a, b := resultName("acme/data_pipeline"), resultName("acme_data/pipeline")
	if a == b {
		t.Fatalf("acme/data_pipeline and acme_data/pipeline share %q", a)
	}
	for _, key := range []string{"acme/data_pipeline", "acme_data/pipeline", "github.com/acme/api", ".hidden", "a%2Fb", "ünï/cödé", "a b\tc\nd", "..", "-"} {
		n := resultName(key)
		if strings.ContainsAny(n, "/\\\x00 \t\n:*?\"<>|") || strings.HasPrefix(n, ".") || n == "" {
			t.Errorf("resultName(%q) = %q: not a plain file name", key, n)
		}
		if got := displayName(n); got != key {
			t.Errorf("displayName(resultName(%q)) = %q", key, got)
		}
	}
	long := strings.Repeat("x/", 300)
	if n := resultName(long); len(n) > maxResultName || n == resultName(long+"y") {
		t.Errorf("a long key: %d bytes, unique %v", len(n), n != resultName(long+"y"))
	}
}

// FuzzResultName: two different keys never share a result name, and a name
// is always a plain file name within the length bound.
func FuzzResultName(f *testing.F) {
	f.Add("acme/data_pipeline", "acme_data/pipeline")
	f.Add("a%2Fb", "a/b")
	f.Add(strings.Repeat("é", 200), strings.Repeat("é", 201))
	f.Fuzz(func(t *testing.T, a, b string) {
		na, nb := resultName(a), resultName(b)
		if a != b && na == nb {
			t.Fatalf("%q and %q share the result name %q", a, b, na)
		}
		if len(na) > maxResultName || strings.ContainsAny(na, "/\\\x00") || strings.HasPrefix(na, ".") || na == "" {
			t.Fatalf("resultName(%q) = %q", a, na)
		}
	})
}

// TestReadRepoList: a JSON list (a GitHub matrix's) or one a line with
// comments; both give the same repositories.
func TestReadRepoList(t *testing.T) {
	dir := t.TempDir()
	j, l := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.txt")
	os.WriteFile(j, []byte(` ["acme/api", "acme/web"]`), 0o644)
	os.WriteFile(l, []byte("# the fleet\nacme/api\n\n  acme/web  \n"), 0o644)
	for _, p := range []string{j, l} {
		got, err := readRepoList(p, nil)
		if err != nil || strings.Join(got, ",") != "acme/api,acme/web" {
			t.Errorf("%s: %v, %v", p, got, err)
		}
	}
	os.WriteFile(j, []byte(`["acme/api", 3]`), 0o644)
	if _, err := readRepoList(j, nil); err == nil || !strings.Contains(err.Error(), "not a list of strings") {
		t.Errorf("a bad JSON list: %v", err)
	}
}

// TestRemoteURL: the origin's url from a git config, whatever else it holds.
func TestRemoteURL(t *testing.T) {
	cfg := "[core]\n\tbare = false\n[remote \"upstream\"]\n\turl = https://x/up.git\n[Remote \"origin\"]\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n\turl = git@github.com:acme/api.git\n"
	if got := remoteURL([]byte(cfg), "origin"); got != "git@github.com:acme/api.git" {
		t.Errorf("origin = %q", got)
	}
	if got := remoteURL([]byte("[core]\n"), "origin"); got != "" {
		t.Errorf("no origin: %q", got)
	}
}

package files

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// zipFixture writes a zip built by the test into the workspace.
func zipFixture(t *testing.T, env *tools.Env, name string, members ...string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for i := 0; i < len(members); i += 2 {
		w, err := zw.Create(members[i])
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, members[i+1])
	}
	zw.Close()
	return put(t, env, name, buf.String())
}

func tgzFixture(t *testing.T, env *tools.Env, name string, members ...string) string {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	tw := tar.NewWriter(zw)
	for i := 0; i < len(members); i += 2 {
		tw.WriteHeader(&tar.Header{Name: members[i], Mode: 0o644, Size: int64(len(members[i+1])), Typeflag: tar.TypeReg})
		io.WriteString(tw, members[i+1])
	}
	tw.Close()
	zw.Close()
	return put(t, env, name, buf.String())
}

func wantErr(t *testing.T, err error, code tools.Code, msg string) {
	t.Helper()
	if err == nil || tools.CodeOf(err) != code || !strings.Contains(err.Error(), msg) {
		t.Fatalf("error %v (%s), want %s containing %q", err, tools.CodeOf(err), code, msg)
	}
}

func TestArchiveRead(t *testing.T) {
	env := newEnv(t)
	zipFixture(t, env, "a.zip",
		"docs/readme.md", "# Readme\nline 2\nline 3\n",
		"raw", "a member called raw\n",
		"raw:notes.txt", "colon in the name\n",
		"1", "one\n",
		"bin/x.dat", "\x00\x01\x02",
		"latin1.txt", "caf\xe9\n")
	tgzFixture(t, env, "b.tar.gz", "notes/readme.md", "tar line 1\ntar line 2\n")

	res := mustCall(t, env, "read", ReadArgs{Path: "a.zip"})
	want := "[a.zip: zip archive, 6 files in 2 directories. Read a member with a.zip:PATH]\ndocs/readme.md  23B\nraw  20B\nraw:notes.txt  18B\n1  4B\nbin/x.dat  3B\nlatin1.txt  5B"
	if res.Text != want {
		t.Errorf("listing:\n%s\nwant\n%s", res.Text, want)
	}
	if d := res.Details.(ReadDetails).Meta; d.Source != "archive" || d.SourcePath != filepath.Join(env.Root, "a.zip") || d.Format != "zip" {
		t.Errorf("listing meta %+v", d)
	}
	for _, c := range []struct{ path, want string }{
		{"a.zip:docs/readme.md", "[a.zip:docs/readme.md#"},
		{"a.zip:docs/readme.md:2", "2:line 2\n3:line 3"},
		{"a.zip:raw", "1:a member called raw"},
		{"a.zip:raw:notes.txt", "1:colon in the name"},
		{"a.zip:1", "1:one"},
		{"a.zip:docs/readme.md:raw", "# Readme\nline 2\nline 3\n"},
		{"b.tar.gz:notes/readme.md:2", "[b.tar.gz:notes/readme.md#"},
		{"a.zip:docs/", "[a.zip:docs/: zip archive, 1 file in 1 directory."},
		{"a.zip:docs", "[a.zip:docs/: zip archive, 1 file in 1 directory."},
	} {
		res, err := call(t, env, "read", ReadArgs{Path: c.path})
		if err != nil || !strings.Contains(res.Text, c.want) {
			t.Errorf("read %s = %q, %v; want it to contain %q", c.path, res.Text, err, c.want)
		}
	}
	res = mustCall(t, env, "read", ReadArgs{Path: "a.zip:docs/readme.md"})
	meta := res.Details.(ReadDetails).Meta
	if meta.Source != "archive" || meta.Member != "docs/readme.md" || meta.SourcePath != filepath.Join(env.Root, "a.zip") {
		t.Errorf("member meta %+v", meta)
	}
	_, err := call(t, env, "read", ReadArgs{Path: "a.zip:readme.md"})
	wantErr(t, err, tools.ErrNotFound, `a.zip has no member "readme.md"; did you mean docs/readme.md?`)
	_, err = call(t, env, "read", ReadArgs{Path: "a.zip:bin/x.dat"})
	wantErr(t, err, tools.ErrBinary, "a.zip:bin/x.dat is binary")
	_, err = call(t, env, "read", ReadArgs{Path: "a.zip:latin1.txt"})
	wantErr(t, err, tools.ErrBinary, "a.zip:latin1.txt is not UTF-8 text: byte 0xE9 at line 1, column 4")
	_, err = call(t, env, "read", ReadArgs{Path: "a.zip:docs/readme.md:9"})
	wantErr(t, err, tools.ErrInvalidArgs, "Requested line 9 is beyond end of file (3 lines total)")
	put(t, env, "junk.zip", "not really a zip")
	_, err = call(t, env, "read", ReadArgs{Path: "junk.zip:x"})
	wantErr(t, err, tools.ErrInvalidArgs, "junk.zip is not a valid zip archive")
}

// zipRaw returns each member's compressed bytes and header, by name.
func zipRaw(t *testing.T, path string) map[string]string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		rc, _ := f.OpenRaw()
		raw, _ := io.ReadAll(rc)
		out[f.Name] = string(raw) + "|" + f.Modified.String()
	}
	return out
}

func TestArchiveWriteAndEdit(t *testing.T) {
	env := newEnv(t)
	abs := zipFixture(t, env, "a.zip", "docs/readme.md", "old\n", "keep.txt", "keep me\n")
	before := zipRaw(t, abs)

	// Replacing a member needs a read of it; a new member does not.
	_, err := call(t, env, "write", WriteArgs{Path: "a.zip:docs/readme.md", Content: ptr("new\n")})
	wantErr(t, err, tools.ErrConflict, "no_prior_observation")
	var w WriteResult
	res := mustCall(t, env, "write", WriteArgs{Path: "a.zip:docs/added.md", Content: ptr("added\n")})
	w = res.Structured.(WriteResult)
	if !w.Created || w.Source != "archive" || w.SourcePath != abs || w.Path != "a.zip:docs/added.md" {
		t.Errorf("new member: %+v", w)
	}
	mustCall(t, env, "read", ReadArgs{Path: "a.zip:docs/readme.md"})
	res = mustCall(t, env, "write", WriteArgs{Path: "a.zip:docs/readme.md", Content: ptr("new\n")})
	if w = res.Structured.(WriteResult); w.Created || !strings.HasPrefix(w.Text, "[a.zip:docs/readme.md#") {
		t.Errorf("replace: %+v", w)
	}
	after := zipRaw(t, abs)
	if after["keep.txt"] != before["keep.txt"] {
		t.Error("keep.txt changed")
	}
	if got := mustCall(t, env, "read", ReadArgs{Path: "a.zip:docs/readme.md:raw"}).Text; got != "new\n" {
		t.Errorf("reads back %q", got)
	}

	// Refusals change nothing.
	for _, c := range []struct{ path, msg string }{
		{"a.zip:../evil.sh", `member "../evil.sh" climbs out of the archive`},
		{"a.zip:docs/", "names a directory in the archive"},
		{"a.zip", "is an archive; write to one of its members"},
		{"a.zip:docs/readme.md:2", "write replaces a whole member"},
	} {
		_, err := call(t, env, "write", WriteArgs{Path: c.path, Content: ptr("x")})
		wantErr(t, err, tools.ErrInvalidArgs, c.msg)
	}
	if !equalMaps(zipRaw(t, abs), after) {
		t.Error("a refused write changed the archive")
	}

	// edit works on a member's rows, with the header read gave.
	hdr := mustCall(t, env, "read", ReadArgs{Path: "a.zip:keep.txt"}).Text
	header := hdr[:strings.IndexByte(hdr, '\n')]
	res = mustCall(t, env, "edit", EditArgs{Input: header + "\nreplace 1..1:\n+kept and edited"})
	if !strings.Contains(res.Text, "a.zip:keep.txt") {
		t.Errorf("edit: %s", res.Text)
	}
	if got := mustCall(t, env, "read", ReadArgs{Path: "a.zip:keep.txt:raw"}).Text; got != "kept and edited\n" {
		t.Errorf("edited member reads %q", got)
	}

	// A new archive is created by its first member's write.
	res = mustCall(t, env, "write", WriteArgs{Path: "new.tgz:a/b.txt", Content: ptr("fresh\n")})
	if got := mustCall(t, env, "read", ReadArgs{Path: "new.tgz:a/b.txt:raw"}).Text; got != "fresh\n" || !strings.Contains(res.Text, "created the tar.gz archive new.tgz") {
		t.Errorf("new archive: %q %q", got, res.Text)
	}
}

func equalMaps(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestArchiveDryRun(t *testing.T) {
	env := newEnv(t)
	abs := zipFixture(t, env, "a.zip", "m.txt", "old\n")
	disk, _ := os.ReadFile(abs)
	j := journal.New(journal.DryRun)
	env.Files = j
	mustCall(t, env, "read", ReadArgs{Path: "a.zip:m.txt"})
	mustCall(t, env, "write", WriteArgs{Path: "a.zip:m.txt", Content: ptr("pending\n")})
	if got := mustCall(t, env, "read", ReadArgs{Path: "a.zip:m.txt:raw"}).Text; got != "pending\n" {
		t.Errorf("the run sees %q", got)
	}
	if now, _ := os.ReadFile(abs); !bytes.Equal(now, disk) {
		t.Error("a dry run wrote the archive")
	}
	if d := j.Diff(env.Display); !strings.Contains(d, "Binary files a/a.zip and b/a.zip differ") {
		t.Errorf("diff: %s", d)
	}
}

// TestArchiveMemberNamesCannotForgeRows: a member name holding newlines
// and a "[path#TAG]" header cannot add lines of its own to a listing or a
// member's header: it is listed on one line, control characters escaped,
// and that escaped name reads the member. A write may not create such a
// name.
func TestArchiveMemberNamesCannotForgeRows(t *testing.T) {
	env := newEnv(t)
	hostile := "x\n[evil.go#ABCD]\n1:pwned\r\x1b[2K\u202e"
	zipFixture(t, env, "a.zip", "ok.txt", "fine\n", hostile, "inside\n")
	tgzFixture(t, env, "b.tgz", hostile, "inside\n")
	shown := `x\n[evil.go#ABCD]\n1:pwned\r\x1b[2K\u202e`
	for _, arc := range []string{"a.zip", "b.tgz"} {
		list := mustCall(t, env, "read", ReadArgs{Path: arc}).Text
		for _, line := range strings.Split(list, "\n") {
			if strings.HasPrefix(line, "[evil.go") || strings.HasPrefix(line, "1:pwned") || strings.ContainsAny(line, "\r\x1b\u202e") {
				t.Errorf("%s: the listing holds a forged line %q:\n%s", arc, line, list)
			}
		}
		if !strings.Contains(list, shown) {
			t.Errorf("%s: the listing does not show the name escaped:\n%s", arc, list)
		}
		got := mustCall(t, env, "read", ReadArgs{Path: arc + ":" + shown}).Text
		if first := strings.SplitN(got, "\n", 2)[0]; !strings.HasPrefix(first, "["+arc+":"+shown+"#") || !strings.HasSuffix(got, "1:inside") {
			t.Errorf("%s: reading the member by its shown name: %q", arc, got)
		}
	}
	_, err := call(t, env, "write", WriteArgs{Path: "a.zip:new\n[f.go#AAAA]", Content: ptr("x")})
	wantErr(t, err, tools.ErrInvalidArgs, "control or invisible characters")
}

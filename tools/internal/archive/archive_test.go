package archive

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/binary"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/bombs"

	"github.com/atomic-script/atomic-script/tools"
)

// file is a member a test archive is built from.
type file struct{ name, body string }

func buildZip(t testing.TB, files ...file) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range files {
		w, err := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: time.Unix(1_600_000_000, 0)})
		if err != nil {
			t.Fatal(err)
		}
		io.WriteString(w, f.body)
	}
	zw.SetComment("built by the test")
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func buildTar(t testing.TB, files ...file) []byte {
	t.Helper()
	var buf bytes.Buffer
	tw := tar.NewWriter(&buf)
	for _, f := range files {
		h := &tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.body)), ModTime: time.Unix(1_600_000_000, 0), Typeflag: tar.TypeReg}
		if strings.HasSuffix(f.name, "/") {
			h.Typeflag, h.Size, h.Mode = tar.TypeDir, 0, 0o755
		}
		if len(f.name) > 100 {
			h.Format = tar.FormatPAX
		}
		if err := tw.WriteHeader(h); err != nil {
			t.Fatal(err)
		}
		io.WriteString(tw, f.body)
	}
	if err := tw.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func gz(t testing.TB, data []byte, name string) []byte {
	t.Helper()
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Name = name
	zw.Write(data)
	zw.Close()
	return buf.Bytes()
}

func open(t testing.TB, data []byte, f Format, display string) *Reader {
	t.Helper()
	r, err := Open(context.Background(), bytes.NewReader(data), int64(len(data)), f, display)
	if err != nil {
		t.Fatalf("Open %s: %v", display, err)
	}
	return r
}

var fixture = []file{
	{"docs/", ""},
	{"docs/readme.md", "# Readme\nline 2\n"},
	{"raw", "a member called raw\n"},
	{"raw:notes.txt", "colon in the name\n"},
	{"src/main.go", "package main\n"},
}

func TestReadEachFormat(t *testing.T) {
	tarData := buildTar(t, fixture...)
	for _, c := range []struct {
		name   string
		data   []byte
		format Format
	}{
		{"a.zip", buildZip(t, fixture...), Zip},
		{"a.tar", tarData, Tar},
		{"a.tar.gz", gz(t, tarData, ""), TarGz},
	} {
		t.Run(c.name, func(t *testing.T) {
			if f, ok := FormatOf(c.name); !ok || f != c.format {
				t.Fatalf("FormatOf(%s) = %v, %v", c.name, f, ok)
			}
			r := open(t, c.data, c.format, c.name)
			if got := len(r.Members()); got != len(fixture) {
				t.Fatalf("%d members, want %d", got, len(fixture))
			}
			for _, f := range fixture[1:] {
				data, err := r.Read(f.name)
				if err != nil || string(data) != f.body {
					t.Errorf("Read(%q) = %q, %v; want %q", f.name, data, err, f.body)
				}
			}
			if _, err := r.Read("docs/"); err == nil || tools.CodeOf(err) != tools.ErrInvalidArgs || !strings.Contains(err.Error(), "is a directory in the archive") {
				t.Errorf("Read(dir) = %v", err)
			}
			_, err := r.Read("readme.md")
			if tools.CodeOf(err) != tools.ErrNotFound || !strings.Contains(err.Error(), `has no member "readme.md"; did you mean docs/readme.md?`) {
				t.Errorf("Read(missing) = %v", err)
			}
			files, dirs := r.Dirs("")
			if len(dirs) != 2 || dirs[0] != "docs/" || dirs[1] != "src/" || len(files) != 2 {
				t.Errorf("Dirs = %v %v", files, dirs)
			}
			var seen []string
			if err := r.Each(func(m Member, data []byte, err error) bool {
				seen = append(seen, m.Name+"="+string(data))
				return true
			}); err != nil {
				t.Fatal(err)
			}
			if len(seen) != 4 || seen[0] != "docs/readme.md=# Readme\nline 2\n" {
				t.Errorf("Each = %q", seen)
			}
		})
	}
}

func TestGzipMember(t *testing.T) {
	r := open(t, gz(t, []byte("hello\n"), ""), Gzip, "notes.txt.gz")
	if m := r.Members(); len(m) != 1 || m[0].Name != "notes.txt" {
		t.Fatalf("members %+v", m)
	}
	data, err := r.Read("notes.txt")
	if err != nil || string(data) != "hello\n" {
		t.Fatalf("Read = %q, %v", data, err)
	}
	named := open(t, gz(t, []byte("x"), "orig.log"), Gzip, "a.gz")
	if !named.Has("orig.log") {
		t.Errorf("the header's name is the member: %+v", named.Members())
	}
}

func TestBadArchives(t *testing.T) {
	z := buildZip(t, file{"a.txt", "a"})
	for _, c := range []struct {
		name   string
		data   []byte
		format Format
		code   tools.Code
		msg    string
	}{
		{"junk.zip", []byte("not really a zip"), Zip, tools.ErrInvalidArgs, "junk.zip is not a valid zip archive (zip: not a valid zip file); check it with bash (file junk.zip)"},
		{"cut.zip", z[:len(z)-10], Zip, tools.ErrInvalidArgs, "cut.zip is not a valid zip archive"},
		{"junk.tgz", []byte("nope"), TarGz, tools.ErrInvalidArgs, "junk.tgz is not a valid tar.gz archive (unexpected EOF)"},
		{"junk.gz", []byte("nope"), Gzip, tools.ErrInvalidArgs, "junk.gz is not valid gzip data"},
	} {
		_, err := Open(context.Background(), bytes.NewReader(c.data), int64(len(c.data)), c.format, c.name)
		if tools.CodeOf(err) != c.code || err == nil || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v, want %s %q", c.name, err, c.code, c.msg)
		}
	}
	// A tar whose data was cut: listing works up to the cut, reading fails.
	tr := buildTar(t, file{"a.txt", strings.Repeat("x", 2000)})
	if _, err := Open(context.Background(), bytes.NewReader(tr[:1000]), 1000, Tar, "cut.tar"); err == nil || !strings.Contains(err.Error(), "cut.tar is not a valid tar archive") {
		t.Errorf("cut tar: %v", err)
	}
}

func TestEncryptedMember(t *testing.T) {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, _ := zw.CreateRaw(&zip.FileHeader{Name: "secret.txt", Method: zip.Store, Flags: 0x1, CompressedSize64: 4, UncompressedSize64: 4})
	w.Write([]byte("xxxx"))
	zw.Close()
	r := open(t, buf.Bytes(), Zip, "s.zip")
	_, err := r.Read("secret.txt")
	if tools.CodeOf(err) != tools.ErrNotAllowed || !strings.Contains(err.Error(), "s.zip:secret.txt is encrypted; atomic-script does not decrypt archive members") {
		t.Errorf("encrypted: %v", err)
	}
	_, _, err = Rewrite(buf.Bytes(), Zip, "s.zip", "secret.txt", []byte("new"), time.Now())
	if tools.CodeOf(err) != tools.ErrNotAllowed {
		t.Errorf("rewrite encrypted: %v", err)
	}
}

func TestZipBomb(t *testing.T) {
	// 16 MiB + 1 of zeros deflates to a few KiB: the cap stops the read.
	bomb := buildZip(t, file{"bomb.txt", strings.Repeat("\x00", MaxMemberBytes+1)}, file{"ok.txt", "fine"})
	if len(bomb) > 100<<10 {
		t.Fatalf("the bomb is %d bytes", len(bomb))
	}
	r := open(t, bomb, Zip, "b.zip")
	_, err := r.Read("bomb.txt")
	if tools.CodeOf(err) != tools.ErrLimit || !strings.Contains(err.Error(), "b.zip:bomb.txt declares 16.0MB, more than the 16.0MB a member may hold when read (a zip bomb") {
		t.Errorf("declared bomb: %v", err)
	}
	// A member that lies about its size is stopped by the reader itself.
	lying := lieAboutSize(t, strings.Repeat("\x00", 4<<20))
	r = open(t, lying, Zip, "l.zip")
	if _, err := r.Read("lie.txt"); err == nil || !strings.Contains(err.Error(), "l.zip is not a valid zip archive") {
		t.Errorf("lying member: %v", err)
	}
	// A tar.gz whose decompressed stream passes the scan budget.
	defer func(old int64) { scanBudget = old }(scanBudget)
	scanBudget = 1 << 20
	tgz := gz(t, buildTar(t, file{"big.bin", strings.Repeat("\x00", 2<<20)}, file{"after.txt", "x"}), "")
	_, err = Open(context.Background(), bytes.NewReader(tgz), int64(len(tgz)), TarGz, "b.tgz")
	if tools.CodeOf(err) != tools.ErrLimit || !strings.Contains(err.Error(), "b.tgz: stopped at the scan budget of a call, 1.0MB of decompressed data") {
		t.Errorf("tgz bomb: %v", err)
	}
}

// lieAboutSize builds a zip whose one member declares 10 bytes but
// deflates to body.
func lieAboutSize(t *testing.T, body string) []byte {
	var comp bytes.Buffer
	{
		var tmp bytes.Buffer
		zw := zip.NewWriter(&tmp)
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: "x", Method: zip.Deflate})
		io.WriteString(w, body)
		zw.Close()
		zr, _ := zip.NewReader(bytes.NewReader(tmp.Bytes()), int64(tmp.Len()))
		rc, _ := zr.File[0].OpenRaw()
		io.Copy(&comp, rc)
	}
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	w, err := zw.CreateRaw(&zip.FileHeader{Name: "lie.txt", Method: zip.Deflate, CompressedSize64: uint64(comp.Len()), UncompressedSize64: 10})
	if err != nil {
		t.Fatal(err)
	}
	w.Write(comp.Bytes())
	zw.Close()
	return buf.Bytes()
}

func TestCheckText(t *testing.T) {
	for _, c := range []struct{ data, want string }{
		{"plain\ntext", ""},
		{"bin\x00ary", "m.txt is binary (7B)"},
		{"ok\ncaf\xe9 au lait", "m.txt is not UTF-8 text: byte 0xE9 at line 2, column 4 is not valid UTF-8"},
	} {
		err := CheckText("m.txt", []byte(c.data))
		got := ""
		if err != nil {
			got = err.Error()
		}
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("CheckText(%q) = %q, want %q", c.data, got, c.want)
		}
	}
}

func TestCheckMemberPath(t *testing.T) {
	for _, c := range []struct{ name, want string }{
		{"docs/new.md", ""},
		{"raw:notes.txt", ""},
		{"", "the member name is empty"},
		{"docs/", `"docs/" names a directory in the archive`},
		{"../evil.sh", `member "../evil.sh" climbs out of the archive`},
		{"docs/../../evil.sh", "climbs out of the archive"},
		{"/etc/passwd", "is not a relative path"},
		{`dir\evil`, "is not a relative path"},
		{"C:/x", "is not a relative path"},
		{"a//b", "empty or '.' path segment"},
		{"./a", "empty or '.' path segment"},
	} {
		err := CheckMemberPath(c.name)
		got := ""
		if err != nil {
			got = err.Error()
		}
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("CheckMemberPath(%q) = %q, want %q", c.name, got, c.want)
		}
	}
}

// rawMembers returns each zip member's header fields that matter and its
// compressed bytes, by name.
func rawMembers(t *testing.T, data []byte) map[string]string {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]string{}
	for _, f := range zr.File {
		rc, err := f.OpenRaw()
		if err != nil {
			t.Fatal(err)
		}
		raw, _ := io.ReadAll(rc)
		out[f.Name] = string(raw) + "|" + f.Modified.UTC().String() + "|" + f.Mode().String() + "|" + string(rune(f.Method))
	}
	return out
}

func TestRewriteZip(t *testing.T) {
	src := buildZip(t, fixture...)
	before := rawMembers(t, src)
	now := time.Unix(1_700_000_000, 0)
	for _, c := range []struct {
		member  string
		created bool
	}{{"docs/readme.md", false}, {"docs/new.md", true}, {"raw:notes.txt", false}} {
		out, created, err := Rewrite(src, Zip, "a.zip", c.member, []byte("new content\n"), now)
		if err != nil || created != c.created {
			t.Fatalf("%s: created %v, %v", c.member, created, err)
		}
		after := rawMembers(t, out)
		for name, raw := range before {
			if name == c.member {
				continue
			}
			if after[name] != raw {
				t.Errorf("%s: member %s changed", c.member, name)
			}
		}
		r := open(t, out, Zip, "a.zip")
		if data, err := r.Read(c.member); err != nil || string(data) != "new content\n" {
			t.Errorf("%s: reads back %q, %v", c.member, data, err)
		}
		zr, _ := zip.NewReader(bytes.NewReader(out), int64(len(out)))
		if zr.Comment != "built by the test" {
			t.Errorf("comment lost: %q", zr.Comment)
		}
		if c.created && zr.File[len(zr.File)-1].Name != c.member {
			t.Errorf("a new member goes last")
		}
		if !c.created && zr.File[1].Name != "docs/readme.md" {
			t.Errorf("order changed")
		}
	}
}

func TestRewriteTar(t *testing.T) {
	long := strings.Repeat("d", 120) + "/long-name.txt" // a PAX header of its own
	files := append(append([]file(nil), fixture...), file{long, "long\n"})
	src := buildTar(t, files...)
	now := time.Unix(1_700_000_000, 0)
	out, created, err := Rewrite(src, Tar, "a.tar", "raw", []byte("changed\n"), now)
	if err != nil || created {
		t.Fatalf("rewrite: %v %v", created, err)
	}
	// Entries before the rewritten one are the same bytes; so are those
	// after it, shifted by the size change.
	prefix := segmentEnd(t, src, "raw:notes.txt") - segmentEnd(t, src, "raw")
	if !bytes.HasPrefix(out, src[:segmentStart(t, src, "raw")]) {
		t.Error("entries before the member changed")
	}
	if !bytes.HasSuffix(out, src[len(src)-int(int64(len(src))-segmentEnd(t, src, "raw")):]) || prefix <= 0 {
		t.Error("entries after the member changed")
	}
	r := open(t, out, Tar, "a.tar")
	for _, f := range files {
		want := f.body
		if f.name == "raw" {
			want = "changed\n"
		}
		if strings.HasSuffix(f.name, "/") {
			continue
		}
		if data, err := r.Read(f.name); err != nil || string(data) != want {
			t.Errorf("%s: %q, %v", f.name, data, err)
		}
	}
	// A new member lands before the trailer; a tgz round-trips.
	tgz := gz(t, src, "")
	out, created, err = Rewrite(tgz, TarGz, "a.tgz", "added.txt", []byte("added\n"), now)
	if err != nil || !created {
		t.Fatalf("tgz add: %v %v", created, err)
	}
	r = open(t, out, TarGz, "a.tgz")
	if data, err := r.Read("added.txt"); err != nil || string(data) != "added\n" || len(r.Members()) != len(files)+1 {
		t.Errorf("tgz added: %q %v %d", data, err, len(r.Members()))
	}
	// A .gz has one member.
	out, _, err = Rewrite(gz(t, []byte("old"), ""), Gzip, "n.txt.gz", "n.txt", []byte("new"), now)
	if err != nil {
		t.Fatal(err)
	}
	if data, _ := open(t, out, Gzip, "n.txt.gz").Read("n.txt"); string(data) != "new" {
		t.Errorf("gz: %q", data)
	}
	if _, _, err := Rewrite(gz(t, []byte("old"), ""), Gzip, "n.txt.gz", "other", nil, now); err == nil || !strings.Contains(err.Error(), "holds one file, n.txt") {
		t.Errorf("gz other member: %v", err)
	}
}

// segmentStart and segmentEnd locate an entry's blocks in a tar.
func segmentStart(t *testing.T, src []byte, name string) int64 {
	s, _ := segment(t, src, name)
	return s
}

func segmentEnd(t *testing.T, src []byte, name string) int64 {
	_, e := segment(t, src, name)
	return e
}

func segment(t *testing.T, src []byte, name string) (int64, int64) {
	t.Helper()
	cr := &countingReader{r: bytes.NewReader(src)}
	tr := tar.NewReader(cr)
	var start int64
	for {
		h, err := tr.Next()
		if err != nil {
			t.Fatalf("no entry %s", name)
		}
		io.Copy(io.Discard, tr)
		end := (cr.n + 511) / 512 * 512
		if h.Name == name {
			return start, end
		}
		start = end
	}
}

// TestSparseHolesCountAgainstTheScanBudget (issue 29): a sparse tar
// member's holes are bytes the reader expands and hands out, so they count
// against the scan budget like decompressed data. 64 members of 16 GiB,
// each almost all hole, fit in a few kilobytes; reading them stops at the
// budget instead of expanding a terabyte of zeros.
func TestSparseHolesCountAgainstTheScanBudget(t *testing.T) {
	defer func(old int64) { scanBudget = old }(scanBudget)
	scanBudget = 64 << 20 // the members are 16 GiB: any budget is passed
	tgz := bombs.SparseTarGz(200, 16<<30)
	if len(tgz) > 64<<10 {
		t.Fatalf("the bomb is %d bytes", len(tgz))
	}
	r, err := Open(context.Background(), bytes.NewReader(tgz), int64(len(tgz)), TarGz, "s.tgz")
	if err != nil {
		t.Fatal(err)
	}
	read := 0
	err = r.Each(func(m Member, data []byte, err error) bool {
		if tools.CodeOf(err) != tools.ErrLimit {
			t.Fatalf("%s: %v", m.Name, err)
		}
		read++
		return true
	})
	if tools.CodeOf(err) != tools.ErrLimit || !strings.Contains(err.Error(), "scan budget") || read > int(scanBudget/MaxMemberBytes)+1 {
		t.Errorf("after %d members: %v", read, err)
	}
}

// TestCancelledReadsStop: a Reader stops listing, reading and iterating
// once its context ends.
func TestCancelledReadsStop(t *testing.T) {
	tgz := bombs.SparseTarGz(64, 16<<30)
	ctx, cancel := context.WithCancel(context.Background())
	r, err := Open(ctx, bytes.NewReader(tgz), int64(len(tgz)), TarGz, "s.tgz")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	err = r.Each(func(m Member, data []byte, err error) bool {
		n++
		cancel()
		return true
	})
	if tools.CodeOf(err) != tools.ErrCancelled || n != 1 {
		t.Errorf("after %d members: %v", n, err)
	}
	if _, err := Open(ctx, bytes.NewReader(tgz), int64(len(tgz)), TarGz, "s.tgz"); tools.CodeOf(err) != tools.ErrCancelled {
		t.Errorf("open after the end: %v", err)
	}
}

// TestCheckTextLooksAtTheWholeMember: a NUL byte past the first kilobytes
// still makes a member binary.
func TestCheckTextLooksAtTheWholeMember(t *testing.T) {
	data := []byte(strings.Repeat("text\n", 100_000) + "\x00tail")
	if err := CheckText("m.txt", data); tools.CodeOf(err) != tools.ErrBinary {
		t.Errorf("CheckText: %v", err)
	}
}

// localEntries returns each member's local bytes (header, data, any data
// descriptor: up to the next local header or the central directory) as
// the central directory places them, by name in directory order.
func localEntries(t *testing.T, data []byte) (prefix []byte, names []string, entries [][]byte) {
	t.Helper()
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	var starts []int64
	for _, f := range zr.File {
		off, err := f.DataOffset()
		if err != nil {
			t.Fatal(err)
		}
		// DataOffset is past the local header: step back over it.
		starts = append(starts, off-30-int64(len(f.Name))-int64(localExtraLen(data, off, f)))
		names = append(names, f.Name)
	}
	eocd := bytes.LastIndex(data, []byte("PK\x05\x06"))
	end := int64(eocd) - int64(binary.LittleEndian.Uint32(data[eocd+12:]))
	sorted := append([]int64(nil), starts...)
	slices.Sort(sorted)
	for _, s := range starts {
		next := end
		for _, o := range sorted {
			if o > s {
				next = o
				break
			}
		}
		entries = append(entries, data[s:next])
	}
	return data[:sorted[0]], names, entries
}

// localExtraLen finds the extra field length of f's local header, which
// ends at off.
func localExtraLen(data []byte, off int64, f *zip.File) int {
	for n := 0; n < 1<<16; n++ {
		h := off - 30 - int64(len(f.Name)) - int64(n)
		if h >= 0 && string(data[h:h+4]) == "PK\x03\x04" && int(data[h+28])|int(data[h+29])<<8 == n {
			return n
		}
	}
	return 0
}

// TestRewriteKeepsEverythingElse (issue 29): writing one member of a zip
// keeps a self-extracting stub before it, the archive comment, and every
// other entry's local bytes exactly — a duplicate entry of another name
// too — and the result is a zip unzip accepts.
func TestRewriteKeepsEverythingElse(t *testing.T) {
	stub := []byte("#!/bin/sh\necho self-extracting stub; exit 0\n" + strings.Repeat("#", 1000) + "\n")
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, f := range []file{{"a.txt", "old a\n"}, {"dup.txt", "first\n"}, {"b/c.txt", "c\n"}, {"dup.txt", "second\n"}} {
		w, _ := zw.CreateHeader(&zip.FileHeader{Name: f.name, Method: zip.Deflate, Modified: time.Unix(1_600_000_000, 0)})
		io.WriteString(w, f.body)
	}
	zw.SetComment("kept comment")
	zw.Close()
	src := append(append([]byte(nil), stub...), buf.Bytes()...)
	_, srcNames, srcEntries := localEntries(t, src)

	out, created, err := Rewrite(src, Zip, "sfx.zip", "a.txt", []byte("new a\n"), time.Unix(1_700_000_000, 0))
	if err != nil || created {
		t.Fatalf("Rewrite: %v %v", created, err)
	}
	if !bytes.HasPrefix(out, stub) {
		t.Error("the self-extracting stub was not kept")
	}
	prefix, names, entries := localEntries(t, out)
	if !bytes.Equal(prefix, stub) || !slices.Equal(names, srcNames) {
		t.Fatalf("prefix %q, names %q (want %q)", prefix, names, srcNames)
	}
	for i, n := range names {
		if n != "a.txt" && !bytes.Equal(entries[i], srcEntries[i]) {
			t.Errorf("entry %d (%s) changed", i, n)
		}
	}
	zr, err := zip.NewReader(bytes.NewReader(out), int64(len(out)))
	if err != nil || zr.Comment != "kept comment" {
		t.Fatalf("%v, comment %q", err, zr.Comment)
	}
	r := open(t, out, Zip, "sfx.zip")
	if got, _ := r.Read("a.txt"); string(got) != "new a\n" {
		t.Errorf("a.txt = %q", got)
	}
	if path, err := exec.LookPath("unzip"); err == nil {
		f := filepath.Join(t.TempDir(), "sfx.zip")
		os.WriteFile(f, out, 0o644)
		// Exit 1 is unzip's warning about the stub, which the source
		// archive (its offsets not adjusted for it) has as well.
		if msg, _ := exec.Command(path, "-t", f).CombinedOutput(); !bytes.Contains(msg, []byte("No errors detected")) {
			t.Errorf("unzip -t:\n%s", msg)
		}
	}

	// A new member is added after the others, which stay as they were.
	out, created, err = Rewrite(src, Zip, "sfx.zip", "new.txt", []byte("n\n"), time.Now())
	if err != nil || !created {
		t.Fatalf("add: %v %v", created, err)
	}
	_, names, entries = localEntries(t, out)
	if !slices.Equal(names, append(srcNames, "new.txt")) {
		t.Fatalf("names %q", names)
	}
	for i := range srcEntries {
		if !bytes.Equal(entries[i], srcEntries[i]) {
			t.Errorf("entry %d (%s) changed when a member was added", i, names[i])
		}
	}
}

// TestRewriteOfADuplicatedNameIsRefused: two members share the name
// written; replacing one would leave the other's content for readers that
// take the last, dropping it would lose it: the write is refused, naming
// them. The same for tar.
func TestRewriteOfADuplicatedNameIsRefused(t *testing.T) {
	z := buildZip(t, file{"dup.txt", "1"}, file{"x.txt", "x"}, file{"dup.txt", "2"})
	_, _, err := Rewrite(z, Zip, "d.zip", "dup.txt", []byte("3"), time.Now())
	if tools.CodeOf(err) != tools.ErrConflict || !strings.Contains(err.Error(), "d.zip holds 2 members named dup.txt") {
		t.Errorf("zip: %v", err)
	}
	tr := buildTar(t, file{"dup.txt", "1"}, file{"x.txt", "x"}, file{"dup.txt", "2"})
	_, _, err = Rewrite(tr, Tar, "d.tar", "dup.txt", []byte("3"), time.Now())
	if tools.CodeOf(err) != tools.ErrConflict || !strings.Contains(err.Error(), "d.tar holds 2 members named dup.txt") {
		t.Errorf("tar: %v", err)
	}
	// A duplicate of another name is kept as it was.
	out, _, err := Rewrite(tr, Tar, "d.tar", "x.txt", []byte("y"), time.Now())
	if err != nil || bytes.Count(out, []byte("dup.txt")) != 2 {
		t.Errorf("tar, other name: %v, %d dup.txt headers", err, bytes.Count(out, []byte("dup.txt")))
	}
}

// FuzzRewriteZip: any bytes given as a zip either are refused or rewrite
// to a zip whose member holds the content and whose other members read as
// before.
func FuzzRewriteZip(f *testing.F) {
	f.Add(buildZip(f, file{"a.txt", "a"}, file{"b.txt", "b"}))
	f.Add(append([]byte("stub\n"), buildZip(f, file{"x/y.txt", "y"})...))
	f.Add(buildZip(f, file{"a.txt", "1"}, file{"a.txt", "2"}))
	f.Fuzz(func(t *testing.T, src []byte) {
		out, _, err := Rewrite(src, Zip, "f.zip", "a.txt", []byte("new"), time.Unix(1_700_000_000, 0))
		if err != nil {
			return
		}
		zr, err := zip.NewReader(bytes.NewReader(out), int64(len(out)))
		if err != nil {
			t.Fatalf("the rewrite is no zip: %v", err)
		}
		// Each record reads as before (by position: names may repeat).
		var before []*string
		if zs, err := zip.NewReader(bytes.NewReader(src), int64(len(src))); err == nil {
			for _, zf := range zs.File {
				var got *string
				if rc, err := zf.Open(); err == nil {
					if b, err := io.ReadAll(io.LimitReader(rc, 1<<20)); err == nil {
						s := string(b)
						got = &s
					}
					rc.Close()
				}
				before = append(before, got)
			}
		}
		for i, zf := range zr.File {
			rc, err := zf.Open()
			if err != nil {
				continue
			}
			b, err := io.ReadAll(io.LimitReader(rc, 1<<20))
			rc.Close()
			switch {
			case zf.Name == "a.txt" && (err != nil || string(b) != "new"):
				t.Fatalf("a.txt = %q, %v", b, err)
			case zf.Name != "a.txt" && err == nil && i < len(before) && before[i] != nil && *before[i] != string(b):
				t.Fatalf("%s (record %d) changed: %q → %q", zf.Name, i, *before[i], b)
			}
		}
	})
}

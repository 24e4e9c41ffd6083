package files

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// withCap sets fileCap (and maxPendingRun when run > 0) for one test.
func withCap(t *testing.T, cap int64, run int) {
	t.Helper()
	oldCap, oldRun := fileCap, maxPendingRun
	t.Cleanup(func() { fileCap, maxPendingRun = oldCap, oldRun })
	fileCap = cap
	if run > 0 {
		maxPendingRun = run
	}
}

// largeNote is the note a streamed read ends with; stripped to compare a
// streamed read with an in-memory one.
func stripLargeNote(s string) string {
	if i := strings.LastIndex(s, "\n\n["); i >= 0 && strings.Contains(s[i:], "read streamed it") {
		return s[:i]
	}
	return s
}

// TestReadLargeMatchesInMemory: a file over the cap, read in one streaming
// pass, gives exactly the in-memory read's rows, tag, footers, details and
// errors, for every line-ending, BOM, trailing-space and limit case and
// every selector form. maxPendingRun is tiny so long space runs take the
// re-read path.
func TestReadLargeMatchesInMemory(t *testing.T) {
	contents := map[string]string{
		"lf":          numbered(40, 0),
		"crlf":        strings.ReplaceAll(numbered(40, 0), "\n", "\r\n"),
		"cr":          strings.ReplaceAll(numbered(40, 0), "\n", "\r"),
		"mixed":       "a\r\nb\rc\n\r\r\nd\r",
		"bom":         "\uFEFFx \ny\t\n",
		"two-boms":    "\uFEFF\uFEFFx\n",
		"no-eol":      "one\ntwo",
		"blank-lines": "\n\n\n",
		"one-newline": "\n",
		"spaces":      "a" + strings.Repeat(" \t", 50) + "b  \n  \t\nc" + strings.Repeat(" ", 99) + "\r\n" + strings.Repeat("\t", 30),
		"cut-lines":   numbered(5000, 0),
		"cut-bytes":   numbered(2000, 60),
		"wide-first":  strings.Repeat("x", 60<<10) + "\nshort\n",
		"wide-later":  "short\n" + strings.Repeat("y", 60<<10) + "\nend\n",
		"crlf-split":  strings.Repeat("z", streamChunk-4) + "\r\n\r\nq \r\n",
		"bom-only":    "\uFEFF",
	}
	selectors := []string{"", ":1+2", ":2-3", ":5-16,30-33", ":40", ":2", ":3", ":41", ":1000", ":2999-3003", ":10-12,4990-5001", ":raw"}
	for name, content := range contents {
		for _, sel := range selectors {
			env := newEnv(t)
			put(t, env, "f.txt", content)
			args := map[string]string{"path": "f.txt" + sel}
			withCap(t, 1<<40, 0)
			want, wantErr := call(t, env, "read", args)
			withCap(t, -1, 3)
			got, gotErr := call(t, env, "read", args)
			if (wantErr == nil) != (gotErr == nil) || wantErr != nil && (wantErr.Error() != gotErr.Error() || tools.CodeOf(wantErr) != tools.CodeOf(gotErr)) {
				t.Fatalf("%s%s: error %v, want %v", name, sel, gotErr, wantErr)
			}
			if wantErr != nil {
				continue
			}
			if g := stripLargeNote(got.Text); g != want.Text {
				t.Fatalf("%s%s: streamed\n%.400q\nin memory\n%.400q", name, sel, g, want.Text)
			}
			gm, wm := got.Details.(ReadDetails).Meta, want.Details.(ReadDetails).Meta
			if sel != ":raw" && (gm.FileBytes != int64(len(content)) || gm.EditLimit != -1) {
				t.Fatalf("%s%s: meta %+v", name, sel, gm)
			}
			gm.FileBytes, gm.EditLimit = 0, 0
			gj, _ := json.Marshal(gm)
			wj, _ := json.Marshal(wm)
			if !bytes.Equal(gj, wj) {
				t.Fatalf("%s%s: details %s, want %s", name, sel, gj, wj)
			}
		}
	}
}

// writeLines writes a text file of about size bytes of numbered lines
// "line N abcdefghij…" quickly (64 KiB blocks) and returns its path.
func writeLines(t *testing.T, dir string, size int) string {
	t.Helper()
	p := filepath.Join(dir, "big.log")
	f, err := os.Create(p)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var block bytes.Buffer
	n := 0
	for written := 0; written < size; written += block.Len() {
		block.Reset()
		for block.Len() < 64<<10 {
			n++
			block.WriteString("line ")
			block.WriteString(itoa(n))
			block.WriteString(" abcdefghij\n")
		}
		if _, err := f.Write(block.Bytes()); err != nil {
			t.Fatal(err)
		}
	}
	return p
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestReadLargeFileBoundedMemory: a selector on a file 32 times the cap
// returns the right rows and the whole file's tag while allocating a small
// fraction of the file's size.
func TestReadLargeFileBoundedMemory(t *testing.T) {
	const size = 32 << 20
	withCap(t, 1<<20, 0)
	env := newEnv(t)
	p := writeLines(t, env.Root, size)
	fi, _ := os.Stat(p)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	res, err := call(t, env, "read", map[string]string{"path": "big.log:1+2"})
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	alloc := after.TotalAlloc - before.TotalAlloc
	t.Logf("read of a %d-byte file allocated %d bytes", fi.Size(), alloc)
	if alloc > 2<<20 {
		t.Errorf("read of a %d-byte file allocated %d bytes", fi.Size(), alloc)
	}

	data, _ := os.ReadFile(p)
	lines := hashline.Lines(string(data))
	want := hashline.Header("big.log", hashline.Tag(string(data))) + "\n1:" + lines[0] + "\n2:" + lines[1] + "\n3:" + lines[2] + "\n4:" + lines[3] + "\n5:" + lines[4] +
		"\n\n[" + itoa(len(lines)-5) + " more lines in file. Continue with path selector :6.]" +
		"\n\n[big.log is " + units.Size(fi.Size()) + ", over the 1.0MB that edit and write hold in memory: read streamed it and kept no snapshot, so edit and write refuse it. Change it with bash (sed -i, or rm then write).]"
	if res.Text != want {
		t.Errorf("got\n%s\nwant\n%s", res.Text, want)
	}
	if _, _, ok := env.Session.Snapshots.Head(p); ok {
		t.Error("a streamed read recorded a snapshot")
	}

	// The last lines, by an open selector near the end.
	res = mustCall(t, env, "read", map[string]string{"path": "big.log:" + itoa(len(lines)-1)})
	if !strings.Contains(res.Text, "\n"+itoa(len(lines))+":"+lines[len(lines)-1]+"\n\n[big.log is") {
		t.Errorf("tail read:\n%s", res.Text)
	}
	_, err = call(t, env, "read", map[string]string{"path": "big.log:" + itoa(len(lines)+1)})
	if want := "Requested line " + itoa(len(lines)+1) + " is beyond end of file (" + itoa(len(lines)) + " lines total). Use big.log:" + itoa(len(lines)) + " to read the final line."; err == nil || err.Error() != want {
		t.Errorf("beyond EOF: %v, want %s", err, want)
	}
}

// TestLargeFileRefusals: edit and write refuse a file over the cap with
// ERR_LIMIT and leave it untouched; a notebook over the cap is refused by
// read with guidance; a binary one names its full size; write still creates
// new files and a cancelled read stops.
func TestLargeFileRefusals(t *testing.T) {
	withCap(t, 64<<10, 0)
	env := newEnv(t)
	p := writeLines(t, env.Root, 256<<10)
	orig, _ := os.ReadFile(p)
	res := mustCall(t, env, "read", map[string]string{"path": "big.log:1+1"})
	header, _, _ := strings.Cut(res.Text, "\n")
	bigSize := units.Size(int64(len(orig)))
	put(t, env, "big.ipynb", `{"cells": [`+strings.Repeat(" ", 70<<10)+`]}`)
	put(t, env, "big.bin", "\x89PNG\r\n\x1a\n\x00"+strings.Repeat("x", 70<<10))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()

	for _, tc := range []struct {
		name, tool string
		args       any
		ctx        context.Context
		code       tools.Code
		msg        string
	}{
		{"edit", "edit", map[string]string{"input": header + "\nreplace 1..1:\n+changed"}, nil, tools.ErrLimit,
			"Could not edit file: big.log. big.log is " + bigSize + ", over the 64.0KB limit of edit, which holds the whole file in memory. Change it with bash instead (sed -i 'Ns/old/new/' big.log), or read it in parts with line selectors."},
		{"write", "write", map[string]string{"path": "big.log", "content": "x\n"}, nil, tools.ErrLimit,
			"write: big.log is " + bigSize + ", over the 64.0KB limit of write, which checks the whole current content against this session's snapshot before replacing it. Remove it first (bash: rm big.log), then write it anew."},
		{"notebook", "read", map[string]string{"path": "big.ipynb"}, nil, tools.ErrLimit,
			"read: big.ipynb is 70.0KB; notebooks are rendered as cells up to 64.0KB. Read its JSON with line selectors (big.ipynb:1-200) or query it with bash (jq '.cells[N]' big.ipynb)"},
		{"notebook-cell", "read", map[string]string{"path": "big.ipynb:cell:0"}, nil, tools.ErrLimit,
			"read: big.ipynb is 70.0KB; notebooks are rendered as cells up to 64.0KB. Read its JSON with line selectors (big.ipynb:1-200) or query it with bash (jq '.cells[N]' big.ipynb)"},
		{"binary", "read", map[string]string{"path": "big.bin:1+2"}, nil, tools.ErrBinary,
			"read: big.bin is a binary file (image/png) of 70.0KB; it has no text lines to show or edit. Inspect it with bash (file, xxd | head) instead."},
		{"cancelled", "read", map[string]string{"path": "big.log:1"}, ctx, tools.ErrCancelled, "Operation aborted"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.ctx
			if c == nil {
				c = context.Background()
			}
			data, _ := json.Marshal(tc.args)
			var err error
			if tc.ctx != nil { // past Invoke's own check: the streaming pass must stop
				_, err = runRead(c, env, ReadArgs{Path: tc.args.(map[string]string)["path"]})
			} else {
				_, err = tools.Invoke(c, toolNamed(tc.tool), env, data)
			}
			if err == nil || tools.CodeOf(err) != tc.code || err.Error() != tc.msg {
				t.Fatalf("error %v (%s), want %s: %s", err, tools.CodeOf(err), tc.code, tc.msg)
			}
			if now, _ := os.ReadFile(p); !bytes.Equal(now, orig) {
				t.Fatal("big.log changed")
			}
		})
	}
	if res := mustCall(t, env, "write", map[string]string{"path": "new.txt", "content": "fresh\n"}); !strings.Contains(res.Text, "Successfully wrote 6 bytes to new.txt") {
		t.Errorf("write of a new file: %s", res.Text)
	}
}

// TestReadLargePendingInDryRun: in a dry run, a file over the cap that
// exists only in the overlay is streamed from the overlay's bytes.
func TestReadLargePendingInDryRun(t *testing.T) {
	withCap(t, 1<<10, 0)
	env := newEnv(t)
	env.Files = journal.New(journal.DryRun)
	content := numbered(500, 0)
	mustCall(t, env, "write", map[string]string{"path": "staged.txt", "content": content})
	if _, err := os.Stat(filepath.Join(env.Root, "staged.txt")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("dry run wrote to disk: %v", err)
	}
	res := mustCall(t, env, "read", map[string]string{"path": "staged.txt:250-250"})
	want := hashline.Header("staged.txt", hashline.Tag(content)) + "\n249:line 249\n250:line 250\n251:line 251\n252:line 252\n253:line 253\n\n[247 more lines in file. Continue with path selector :254.]"
	if stripLargeNote(res.Text) != want || res.Text == want {
		t.Errorf("got\n%s\nwant\n%s\n+ note", res.Text, want)
	}
}

// streamRead runs the streaming pass over data, delivered chunk bytes per
// Read, and returns its tag, line count and the rows of a whole-file read.
func streamRead(t testing.TB, data []byte, chunk int) (tag string, total int, rows string) {
	sink := newRowSink([]span{{From: 1, To: 1 << 62}})
	lines := newLineSplitter(sink)
	hash := newTagHasher(bytes.NewReader(data))
	var r = iotest.HalfReader(bytes.NewReader(data))
	if chunk > 0 {
		r = &chunkReader{data, chunk}
	}
	err := scanNormalized(context.Background(), r, func(p []byte, off int64) error {
		lines.write(p)
		return hash.write(p, off)
	})
	if err != nil {
		t.Fatal(err)
	}
	return hash.tag(), lines.finish(), sink.b.String()
}

// chunkReader returns at most n bytes a Read.
type chunkReader struct {
	data []byte
	n    int
}

func (c *chunkReader) Read(p []byte) (int, error) {
	if len(c.data) == 0 {
		return 0, io.EOF
	}
	k := copy(p[:min(len(p), c.n)], c.data)
	c.data = c.data[k:]
	return k, nil
}

// FuzzStreamRead: the streaming pass over any text, in any chunking and
// with any held-back run limit, gives hashline.Tag, the number of
// hashline.Lines and the rows an in-memory whole-file read shows.
func FuzzStreamRead(f *testing.F) {
	for _, s := range []string{"", "\n", "\r", "\r\n", "\uFEFF", "\uFEFF\uFEFF a \n", "a \t\r\n b\r\rc  ", "x\r", "\xEF\xBB", "  \n\t\t", "a  b\n"} {
		f.Add([]byte(s), 1, 2)
	}
	f.Fuzz(func(t *testing.T, data []byte, chunk, run int) {
		old := maxPendingRun
		defer func() { maxPendingRun = old }()
		maxPendingRun = 1 + abs(run%8)
		tag, total, rows := streamRead(t, data, abs(chunk%17))
		text := string(data)
		if want := hashline.Tag(text); tag != want {
			t.Fatalf("tag %s, want %s", tag, want)
		}
		lines := hashline.Lines(text)
		if total != len(lines) {
			t.Fatalf("%d lines, want %d", total, len(lines))
		}
		sink := newRowSink([]span{{From: 1, To: total}})
		for n := 1; n <= total && sink.wants(n); n++ {
			sink.add(n, lines[n-1], len(lines[n-1]))
		}
		if got, want := rows, sink.b.String(); got != want {
			t.Fatalf("rows %q, want %q", got, want)
		}
	})
}

// TestReadRawCap: `:raw` returns a file past the read limit unchanged, as
// its description says, up to MaxRawBytes; a larger file is refused with
// ERR_LIMIT and the selectors that read it in parts.
func TestReadRawCap(t *testing.T) {
	env := newEnv(t)
	content := strings.Repeat("0123456789abcdef\n", 8000) // 136,000 bytes, past the 50 KiB read limit
	put(t, env, "wide.txt", content)
	if res := mustCall(t, env, "read", map[string]string{"path": "wide.txt:raw"}); res.Text != content {
		t.Fatalf(":raw returned %d bytes, want the file's %d", len(res.Text), len(content))
	}
	p := filepath.Join(env.Root, "huge.txt")
	if err := os.WriteFile(p, []byte("x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(p, MaxRawBytes+1); err != nil {
		t.Fatal(err)
	}
	_, err := call(t, env, "read", map[string]string{"path": "huge.txt:raw"})
	want := "read: huge.txt is 16.0MB; :raw returns at most 16.0MB. Read it in parts with line selectors (:1-3000, …) instead"
	if err == nil || tools.CodeOf(err) != tools.ErrLimit || err.Error() != want {
		t.Fatalf("error %v (%s), want ERR_LIMIT: %s", err, tools.CodeOf(err), want)
	}
}

package files

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/safefile"
)

// MaxFileBytes is the largest file read, edit and write hold in memory
// whole: an in-memory read or edit costs several times the file's size
// (raw bytes, normalised text, split lines, the result). (One over the
// session snapshot store's text budget, hashline.DefaultMaxChars, is kept
// by tag and digest only.)
// Above it, read streams the file (bounded memory, no snapshot kept), and
// edit and write's overwrite refuse it with ERR_LIMIT.
const MaxFileBytes = 64 << 20

// fileCap is MaxFileBytes; tests lower it to exercise the large-file paths
// on small files.
var fileCap int64 = MaxFileBytes

// overCap reports whether a regular file of fi is too large to hold whole.
func overCap(fi fs.FileInfo) bool { return fi.Mode().IsRegular() && fi.Size() > fileCap }

// readLarge reads a file over fileCap in one streaming pass: it shows the
// selected rows within the usual limits and computes the tag over the whole
// file, holding one chunk, the shown rows and at most one line's first
// MaxReadBytes in memory. No snapshot is recorded (the store could not keep
// it), and the output ends with a note that edit and write refuse the file.
func readLarge(ctx context.Context, env *tools.Env, t *target, fi fs.FileInfo) (tools.Result, error) {
	if t.sel != nil && t.sel.Cell >= 0 || t.sel == nil && isNotebook(t.abs) {
		return tools.Result{}, tools.Errorf(tools.ErrLimit, "read: %s is %s; notebooks are rendered as cells up to %s. Read its JSON with line selectors (%s:1-200) or query it with bash (jq '.cells[N]' %s)",
			t.display, units.Size(fi.Size()), units.Size(fileCap), t.display, shellQuote(t.display))
	}
	src, done, err := openStream(env, t.abs, fi)
	if err != nil {
		return tools.Result{}, readError(t, err)
	}
	defer done()

	head := make([]byte, 8<<10)
	n, err := src.ReadAt(head, 0)
	if err != nil && err != io.EOF {
		return tools.Result{}, readError(t, err)
	}
	if isBinary(head[:n]) {
		return tools.Result{}, binaryError("read", t.display, head[:n], fi.Size())
	}

	shown := []span{{From: 1, To: math.MaxInt}}
	if t.sel != nil {
		shown, _, _ = spans(t, math.MaxInt) // clamped below, once the end is known
	}
	sink := newRowSink(shown)
	lines := newLineSplitter(sink)
	hash := newTagHasher(src)
	err = scanNormalized(ctx, io.NewSectionReader(src, 0, math.MaxInt64), func(p []byte, off int64) error {
		lines.write(p)
		return hash.write(p, off)
	})
	switch {
	case ctx.Err() != nil:
		return tools.Result{}, aborted(ctx)
	case err != nil:
		return tools.Result{}, readError(t, err)
	}
	if now, err := env.Files.Stat(t.abs); err != nil || now.Size() != fi.Size() || !now.ModTime().Equal(fi.ModTime()) {
		return tools.Result{}, tools.Errorf(tools.ErrIO, "Could not read %s: it changed while being read. Read it again", t.display)
	}
	total := lines.finish()

	shown, bounded := []span{{From: 1, To: total}}, false
	if t.sel != nil {
		var beyond int
		shown, beyond, bounded = spans(t, total)
		if beyond > 0 {
			return tools.Result{}, beyondEOF(t, beyond, total)
		}
	}
	res := sink.result(t, hash.tag(), total, shown, bounded)
	meta := res.Details.(ReadDetails).Meta
	meta.FileBytes, meta.EditLimit = fi.Size(), fileCap
	res.Details = ReadDetails{Meta: meta}
	if sink.firstLen == 0 {
		res.Text += fmt.Sprintf("\n\n[%s is %s, over the %s that edit and write hold in memory: read streamed it and kept no snapshot, so edit and write refuse it. Change it with bash (sed -i, or rm then write).]",
			t.display, units.Size(fi.Size()), units.Size(fileCap))
	}
	return res, nil
}

// openStream opens abs for a streaming read as env.Files sees it, given
// env.Files' Stat answer fi. A file on disk (fi from the operating system)
// is opened directly and must be the file fi describes; a file only in a
// dry run's overlay (fi without system data) is already in memory, so its
// bytes are read through env.Files. done closes what was opened.
func openStream(env *tools.Env, abs string, fi fs.FileInfo) (src io.ReaderAt, done func(), err error) {
	if fi.Sys() == nil {
		data, err := env.Files.ReadFile(abs)
		if err != nil {
			return nil, nil, err
		}
		return bytes.NewReader(data), func() {}, nil
	}
	f, err := safefile.Open(abs)
	if err != nil {
		return nil, nil, err
	}
	ofi, err := f.Stat()
	if err == nil && !os.SameFile(fi, ofi) {
		err = &fs.PathError{Op: "open", Path: abs, Err: errors.New("the file was replaced while opening it; read it again")}
	}
	if err != nil {
		f.Close()
		return nil, nil, err
	}
	return f, func() { f.Close() }, nil
}

// limitError is the ERR_LIMIT refusal of edit or write to hold a file over
// fileCap in memory, with what to do instead.
func limitError(tool, display string, size int64) error {
	q := shellQuote(display)
	switch tool {
	case "edit":
		return tools.Errorf(tools.ErrLimit, "%s is %s, over the %s limit of edit, which holds the whole file in memory. Change it with bash instead (sed -i 'Ns/old/new/' %s), or read it in parts with line selectors",
			display, units.Size(size), units.Size(fileCap), q)
	}
	return tools.Errorf(tools.ErrLimit, "write: %s is %s, over the %s limit of write, which checks the whole current content against this session's snapshot before replacing it. Remove it first (bash: rm %s), then write it anew.",
		display, units.Size(size), units.Size(fileCap), q)
}

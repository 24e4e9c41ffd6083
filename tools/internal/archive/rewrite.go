package archive

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/units"
)

// Rewrite returns the archive src (of format f, shown as display) with
// member name set to content: replaced in place when it exists, else
// appended. Everything else is carried over byte for byte — what comes
// before a zip's first member (a self-extracting stub), a zip member's
// local bytes and directory record, a tar entry's header and data blocks,
// duplicates of other names, a tar's trailer — so only the written member
// differs; a name two members share is refused (ERR_CONFLICT), naming
// them. created reports whether the member is new. The caller checks name
// with CheckMemberPath.
func Rewrite(src []byte, f Format, display, name string, content []byte, now time.Time) (out []byte, created bool, err error) {
	if len(src) > MaxRewriteBytes {
		return nil, false, rewriteLimit(display, int64(len(src)))
	}
	switch f {
	case Zip:
		return rewriteZip(src, display, name, content, now)
	case Tar:
		return rewriteTar(src, display, name, content, now)
	case TarGz:
		zr, err := gzip.NewReader(bytes.NewReader(src))
		if err != nil {
			return nil, false, (&Reader{display: display, format: f}).corrupt(err)
		}
		raw, err := io.ReadAll(io.LimitReader(zr, MaxRewriteBytes+1))
		if err != nil {
			return nil, false, (&Reader{display: display, format: f}).corrupt(err)
		}
		if len(raw) > MaxRewriteBytes {
			return nil, false, rewriteLimit(display+" (decompressed)", int64(len(raw)))
		}
		tarOut, created, err := rewriteTar(raw, display, name, content, now)
		if err != nil {
			return nil, false, err
		}
		out, err := regzip(zr.Header, tarOut)
		return out, created, err
	case Gzip:
		zr, err := gzip.NewReader(bytes.NewReader(src))
		if err != nil {
			return nil, false, (&Reader{display: display, format: f}).corrupt(err)
		}
		if want := gzipMemberName(zr.Name, display); name != want {
			return nil, false, tools.Errorf(tools.ErrInvalidArgs, "%s holds one file, %s; write to %s:%s (a .gz has no other members)", display, want, display, want)
		}
		h := zr.Header
		h.ModTime = now
		out, err := regzip(h, content)
		return out, false, err
	}
	return nil, false, tools.Errorf(tools.ErrInvalidArgs, "%s: unknown archive format", display)
}

func rewriteLimit(display string, n int64) error {
	return tools.Errorf(tools.ErrLimit, "%s is %s; archive writes rewrite at most %s in memory. Update it with bash (zip -u, tar -r) instead", display, units.Size(n), units.Size(MaxRewriteBytes))
}

func regzip(h gzip.Header, data []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Header = h
	if _, err := zw.Write(data); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// countingReader counts the bytes read through it; it is deliberately not
// an io.Seeker, so tar.Reader reads (and counts) every block.
type countingReader struct {
	r *bytes.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}

const tarBlock = 512

// rewriteTar rewrites an uncompressed tar: each entry other than the one
// written is copied as its raw blocks (headers, extended headers, data and
// padding); the trailer after the last entry is kept as it was.
func rewriteTar(src []byte, display, name string, content []byte, now time.Time) ([]byte, bool, error) {
	cr := &countingReader{r: bytes.NewReader(src)}
	tr := tar.NewReader(cr)
	var entries []tarEntry
	var start int64
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, false, (&Reader{display: display, format: Tar}).corrupt(err)
		}
		if h.Typeflag == tar.TypeGNUSparse || len(h.PAXRecords["GNU.sparse.map"]) > 0 || h.PAXRecords["GNU.sparse.major"] != "" {
			return nil, false, tools.Errorf(tools.ErrInvalidArgs, "%s holds a sparse entry (%s), which atomic-script does not rewrite. Update the archive with bash (tar)", display, h.Name)
		}
		if _, err := io.Copy(io.Discard, tr); err != nil {
			return nil, false, (&Reader{display: display, format: Tar}).corrupt(err)
		}
		end := (cr.n + tarBlock - 1) / tarBlock * tarBlock
		entries = append(entries, tarEntry{start: start, end: end, h: h})
		start = end
	}
	if start > int64(len(src)) {
		return nil, false, (&Reader{display: display, format: Tar}).corrupt(errors.New("truncated archive"))
	}
	newEntry := func(h tar.Header, entryName string) ([]byte, error) {
		h.Name, h.Size, h.ModTime = entryName, int64(len(content)), now
		h.Typeflag = tar.TypeReg
		h.AccessTime, h.ChangeTime = time.Time{}, time.Time{}
		if h.Format == tar.FormatUnknown {
			h.Format = tar.FormatPAX
		}
		if h.Mode == 0 {
			h.Mode = 0o644
		}
		var b bytes.Buffer
		tw := tar.NewWriter(&b)
		if err := tw.WriteHeader(&h); err != nil {
			return nil, err
		}
		if _, err := tw.Write(content); err != nil {
			return nil, err
		}
		if err := tw.Flush(); err != nil {
			return nil, err
		}
		return b.Bytes(), nil
	}
	if n := countTarNamed(entries, name); n > 1 {
		return nil, false, duplicateError(display, name, n)
	}
	var out bytes.Buffer
	out.Grow(len(src) + len(content) + 2*tarBlock)
	replaced := false
	for _, e := range entries {
		if trimDot(e.h.Name) == name && e.h.Typeflag != tar.TypeXGlobalHeader {
			b, err := newEntry(*e.h, e.h.Name)
			if err != nil {
				return nil, false, err
			}
			out.Write(b)
			replaced = true
			continue
		}
		out.Write(src[e.start:e.end])
	}
	if !replaced {
		b, err := newEntry(tar.Header{Mode: 0o644, Format: tar.FormatPAX}, name)
		if err != nil {
			return nil, false, err
		}
		out.Write(b)
	}
	tail := src[start:]
	if len(tail) < 2*tarBlock {
		tail = make([]byte, 2*tarBlock)
	}
	out.Write(tail)
	return out.Bytes(), !replaced, nil
}

// tarEntry is one entry of a tar: its blocks, extended headers included.
type tarEntry struct {
	start, end int64
	h          *tar.Header
}

func countTarNamed(es []tarEntry, name string) int {
	n := 0
	for _, e := range es {
		if trimDot(e.h.Name) == name && e.h.Typeflag != tar.TypeXGlobalHeader {
			n++
		}
	}
	return n
}

func trimDot(n string) string {
	if len(n) > 2 && n[:2] == "./" {
		return n[2:]
	}
	return n
}

// New returns a new archive of format f holding one member, for a write to
// a member of an archive that does not exist yet.
func New(f Format, display, name string, content []byte, now time.Time) ([]byte, error) {
	switch f {
	case Zip:
		var buf bytes.Buffer
		zw := zip.NewWriter(&buf)
		w, err := zw.CreateHeader(&zip.FileHeader{Name: name, Method: zip.Deflate, Modified: now})
		if err == nil {
			_, err = w.Write(content)
		}
		if err == nil {
			err = zw.Close()
		}
		return buf.Bytes(), err
	case Tar, TarGz:
		var buf bytes.Buffer
		tw := tar.NewWriter(&buf)
		err := tw.WriteHeader(&tar.Header{Name: name, Mode: 0o644, Size: int64(len(content)), ModTime: now, Typeflag: tar.TypeReg, Format: tar.FormatPAX})
		if err == nil {
			_, err = tw.Write(content)
		}
		if err == nil {
			err = tw.Close()
		}
		if err != nil || f == Tar {
			return buf.Bytes(), err
		}
		return regzip(gzip.Header{ModTime: now}, buf.Bytes())
	case Gzip:
		if want := gzipMemberName("", display); name != want {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "%s holds one file, %s; write to %s:%s (a .gz has no other members)", display, want, display, want)
		}
		return regzip(gzip.Header{ModTime: now}, content)
	}
	return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: unknown archive format", display)
}

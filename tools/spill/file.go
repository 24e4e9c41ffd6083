package spill

import (
	"bytes"
	"io"
	"os"
	"sync"
)

// Cap is the most output one persisted file keeps: 64 MB.
const Cap = 64 << 20

// TruncationLine replaces output beyond the cap, on its own line. The
// number is Cap.
const TruncationLine = "[Output truncated: persisted-output cap of 67108864 bytes reached]"

// File is a spill file that keeps at most its limit of output bytes. Output
// that lands exactly on the limit is kept whole; output that passes it is cut
// there and TruncationLine is appended on its own line in place of the rest.
// The cut lands on a UTF-8 character boundary even when a multi-byte
// character was split across two Writes; bytes that are not valid UTF-8
// (binary output) are written through unchanged. Safe for concurrent use.
type File struct {
	mu        sync.Mutex
	f         *os.File
	path      string
	limit     int64
	kept      int64   // output bytes in the file
	offered   int64   // output bytes given to Write
	last      [4]byte // the last up to 4 kept bytes, for the UTF-8 cut
	lastN     int
	truncated bool
	err       error // first write error; later writes are dropped
	redact    func([]byte) []byte
}

func newFile(f *os.File, limit int64) *File {
	return &File{f: f, path: f.Name(), limit: limit}
}

// Path is the file's absolute path.
func (f *File) Path() string { return f.path }

// Write appends p. It reports len(p) even for bytes dropped past the cap, so
// a copy loop keeps draining its source; it fails only when the file cannot
// be written (then every later Write fails too, see Err).
func (f *File) Write(p []byte) (int, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.err != nil {
		return 0, f.err
	}
	f.offered += int64(len(p))
	if f.truncated || len(p) == 0 {
		return len(p), nil
	}
	room := f.limit - f.kept
	if int64(len(p)) <= room {
		if err := f.write(p); err != nil {
			return 0, err
		}
		return len(p), nil
	}
	if err := f.cut(p[:room], p[room]); err != nil {
		return 0, err
	}
	return len(p), nil
}

func (f *File) write(p []byte) error {
	if _, err := f.f.Write(p); err != nil {
		f.err = err
		return err
	}
	f.kept += int64(len(p))
	f.remember(p)
	return nil
}

// remember keeps the last four kept bytes: up to three for a character the
// cut may split, and one before them to know whether the kept output ends a
// line.
func (f *File) remember(p []byte) {
	if len(p) >= len(f.last) {
		f.lastN = copy(f.last[:], p[len(p)-len(f.last):])
		return
	}
	if drop := f.lastN + len(p) - len(f.last); drop > 0 {
		copy(f.last[:], f.last[drop:f.lastN])
		f.lastN -= drop
	}
	f.lastN += copy(f.last[f.lastN:], p)
}

// cut writes keep (the bytes that still fit), backs off a multi-byte
// character that straddles the cap (next is the first byte past it), and
// appends the truncation line.
func (f *File) cut(keep []byte, next byte) error {
	if err := f.write(keep); err != nil {
		return err
	}
	if n := straddling(f.last[:f.lastN], next); n > 0 {
		if err := f.f.Truncate(f.kept - int64(n)); err != nil {
			f.err = err
			return err
		}
		f.kept -= int64(n)
		if _, err := f.f.Seek(f.kept, 0); err != nil {
			f.err = err
			return err
		}
		f.lastN -= n // the bytes before the removed ones still end the file
	}
	marker := TruncationLine + "\n"
	if f.kept > 0 && (f.lastN == 0 || f.last[f.lastN-1] != '\n') {
		marker = "\n" + marker
	}
	f.truncated = true
	if _, err := f.f.WriteString(marker); err != nil {
		f.err = err
		return err
	}
	return nil
}

// straddling returns how many trailing bytes of tail are the start of a
// UTF-8 character that continues with next (a continuation byte), i.e. a
// character the cap would split; 0 when the cut is already on a boundary or
// the bytes are not UTF-8 (binary is never trimmed).
func straddling(tail []byte, next byte) int {
	if next&0xC0 != 0x80 {
		return 0
	}
	for i := len(tail) - 1; i >= 0 && len(tail)-i <= 3; i-- {
		c := tail[i]
		if c&0xC0 == 0x80 {
			continue // a continuation byte: keep looking for the lead
		}
		have := len(tail) - i
		need := 0
		switch {
		case c >= 0xC2 && c <= 0xDF:
			need = 2
		case c >= 0xE0 && c <= 0xEF:
			need = 3
		case c >= 0xF0 && c <= 0xF4:
			need = 4
		}
		if need > have {
			return have
		}
		return 0
	}
	return 0
}

// Truncated reports whether output passed the cap.
func (f *File) Truncated() bool {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.truncated
}

// Offered is the number of output bytes given to Write, kept or not.
func (f *File) Offered() int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.offered
}

// Err returns the first error writing the file, if any: then the file is
// incomplete and callers should not point at it.
func (f *File) Err() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.err
}

// Close closes the file, after rewriting it through the Dir's redaction
// when one is set. It returns the first write error, if any.
func (f *File) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.redact != nil && f.err == nil {
		f.err = f.redactContent()
	}
	cerr := f.f.Close()
	if f.err != nil {
		return f.err
	}
	return cerr
}

// redactChunk is how much of a spill file is scanned at once for secrets.
const redactChunk = 1 << 20

// redactContent rewrites the file with its secrets replaced when it holds
// any. It is scanned in overlapping chunks first, so a clean file (the
// usual case) costs no more memory than a chunk.
func (f *File) redactContent() error {
	size := f.kept + int64(len(TruncationLine)) + 2
	buf := make([]byte, redactChunk+redactOverlap)
	dirty := false
	for off := int64(0); off < size && !dirty; off += redactChunk {
		n, err := f.f.ReadAt(buf, off)
		if err != nil && err != io.EOF {
			return err
		}
		chunk := buf[:n]
		dirty = !bytes.Equal(f.redact(chunk), chunk)
		if err == io.EOF {
			break
		}
	}
	if !dirty {
		return nil
	}
	data, err := io.ReadAll(io.NewSectionReader(f.f, 0, size))
	if err != nil {
		return err
	}
	clean := f.redact(data)
	if err := f.f.Truncate(0); err != nil {
		return err
	}
	_, err = f.f.WriteAt(clean, 0)
	return err
}

// redactOverlap is how far chunks overlap, so a secret across a chunk
// boundary is seen whole in one of them (longer than any secret: a PEM key
// in a variable is a few KB).
const redactOverlap = 64 << 10

package files

import (
	"bytes"
	"context"
	"fmt"
	"io"

	"github.com/OneOfOne/xxhash"

	"github.com/atomic-script/atomic-script/hashline"
)

// streamChunk is the read size of a streaming pass over a large file.
const streamChunk = 64 << 10

// maxPendingRun bounds the run of spaces and tabs the streaming tag keeps in
// memory while it waits to learn whether the run trails its line; a longer
// run is re-read from the file by offset. A variable so tests can shrink it.
var maxPendingRun = 64 << 10

var bomBytes = []byte("\uFEFF")

// scanNormalized reads raw text from r and passes its normalised form
// (hashline.Normalize: one leading BOM dropped, CRLF and lone CR turned into
// LF) to emit, piece by piece, in order. Each piece is either a slice of the
// raw bytes starting at raw offset off or "\n" standing for a CR at off. The
// piece is only valid during the call. Memory use is one chunk. ctx is
// checked between chunks.
func scanNormalized(ctx context.Context, r io.Reader, emit func(p []byte, off int64) error) error {
	buf := make([]byte, streamChunk)
	n, err := io.ReadFull(r, buf[:len(bomBytes)])
	start := 0
	if n == len(bomBytes) && bytes.Equal(buf[:n], bomBytes) {
		start = n
	}
	switch err {
	case nil:
	case io.EOF, io.ErrUnexpectedEOF:
		err = io.EOF
	default:
		return err
	}
	var base int64 // raw offset of buf[0]
	afterCR := false
	newline := []byte{'\n'}
	for {
		p := buf[start:n]
		off := base + int64(start)
		if afterCR && len(p) > 0 {
			afterCR = false
			if p[0] == '\n' {
				p, off = p[1:], off+1
			}
		}
		for len(p) > 0 {
			j := bytes.IndexByte(p, '\r')
			if j < 0 {
				if err := emit(p, off); err != nil {
					return err
				}
				break
			}
			if j > 0 {
				if err := emit(p[:j], off); err != nil {
					return err
				}
			}
			if err := emit(newline, off+int64(j)); err != nil {
				return err
			}
			p, off = p[j+1:], off+int64(j)+1
			if len(p) == 0 {
				afterCR = true
			} else if p[0] == '\n' {
				p, off = p[1:], off+1
			}
		}
		if err == io.EOF {
			return nil
		}
		if cerr := ctx.Err(); cerr != nil {
			return cerr
		}
		base += int64(n)
		start = 0
		n, err = r.Read(buf)
		if err != nil && err != io.EOF {
			return err
		}
	}
}

// tagHasher computes hashline.Tag over a stream of normalised pieces (from
// scanNormalized): xxHash32 of the text with every run of spaces and tabs
// before a newline or the end removed. A run is held back until the next
// byte decides it: a newline drops it, anything else hashes it. Runs up to
// maxPendingRun bytes are kept in memory; a longer one is re-read from src
// by its raw offset (spaces and tabs are the same bytes raw and
// normalised, and a run never spans a CR or the BOM). Not safe for
// concurrent use.
type tagHasher struct {
	h       *xxhash.XXHash32
	src     io.ReaderAt
	pending []byte // the held-back run while it is short
	runOff  int64  // raw offset of the held-back run
	runLen  int64  // its length; 0 when there is none
}

func newTagHasher(src io.ReaderAt) *tagHasher {
	return &tagHasher{h: xxhash.New32(), src: src}
}

// write consumes the next normalised piece p, which starts at raw offset off.
func (t *tagHasher) write(p []byte, off int64) error {
	clean := 0 // start of the stretch of p not yet hashed or held back
	for i, c := range p {
		switch c {
		case ' ', '\t':
			if t.runLen == 0 {
				t.h.Write(p[clean:i])
				t.runOff = off + int64(i)
			}
			if t.runLen < int64(maxPendingRun) {
				t.pending = append(t.pending, c)
			}
			t.runLen++
			clean = i + 1
		case '\n':
			if t.runLen > 0 {
				t.dropRun()
				clean = i
			}
		default:
			if t.runLen > 0 {
				if err := t.flushRun(); err != nil {
					return err
				}
				clean = i
			}
		}
	}
	if t.runLen == 0 {
		t.h.Write(p[clean:])
	}
	return nil
}

func (t *tagHasher) dropRun() { t.pending, t.runLen = t.pending[:0], 0 }

// flushRun hashes the held-back run: it did not trail its line.
func (t *tagHasher) flushRun() error {
	if t.runLen <= int64(len(t.pending)) {
		t.h.Write(t.pending)
	} else if n, err := io.Copy(t.h, io.NewSectionReader(t.src, t.runOff, t.runLen)); err != nil || n != t.runLen {
		return fmt.Errorf("file changed while reading (a run of %d spaces at byte %d could not be re-read)", t.runLen, t.runOff)
	}
	t.dropRun()
	return nil
}

// tag returns the four-hex tag of everything written; a run still held
// back trails the last line and is dropped.
func (t *tagHasher) tag() string {
	return hashline.FormatTag(t.h.Sum32())
}

// lineSplitter cuts normalised pieces into the rows hashline.Lines yields
// and hands each to a rowSink: the text is kept only for a line the sink
// wants, and then only its first MaxReadBytes bytes (a longer line cannot
// be shown); every line's full length is counted. Not safe for concurrent
// use.
type lineSplitter struct {
	sink    *rowSink
	n       int    // number of the current line
	length  int    // bytes of the current line so far
	text    []byte // kept bytes of the current line
	want    bool   // the sink wants the current line
	seen    bool   // any byte at all
	lastNew bool   // the last byte was a newline
}

func newLineSplitter(sink *rowSink) *lineSplitter {
	return &lineSplitter{sink: sink, n: 1, want: sink.wants(1)}
}

func (l *lineSplitter) write(p []byte) {
	if len(p) == 0 {
		return
	}
	l.seen = true
	l.lastNew = p[len(p)-1] == '\n'
	for len(p) > 0 {
		j := bytes.IndexByte(p, '\n')
		seg := p
		if j >= 0 {
			seg = p[:j]
		}
		if l.want && len(l.text) < MaxReadBytes {
			l.text = append(l.text, seg[:min(len(seg), MaxReadBytes-len(l.text))]...)
		}
		l.length += len(seg)
		if j < 0 {
			return
		}
		l.endLine()
		p = p[j+1:]
	}
}

func (l *lineSplitter) endLine() {
	if l.want {
		l.sink.add(l.n, string(l.text), l.length)
	}
	l.n, l.length, l.text = l.n+1, 0, l.text[:0]
	l.want = l.sink.wants(l.n)
}

// finish ends the text and returns its number of lines: a terminal newline
// makes no line, an empty text is one empty line.
func (l *lineSplitter) finish() int {
	if !l.seen || !l.lastNew {
		l.endLine()
	}
	return l.n - 1
}

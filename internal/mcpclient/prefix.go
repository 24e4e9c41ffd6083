package mcpclient

import (
	"bytes"
	"io"
	"strings"
	"sync"
)

// prefixWriter writes each complete line to w with a prefix, so the stderr
// of several servers stays readable. Safe for concurrent use.
type prefixWriter struct {
	mu     sync.Mutex
	w      io.Writer
	prefix []byte
	buf    []byte
}

func newPrefixWriter(w io.Writer, prefix string) *prefixWriter {
	return &prefixWriter{w: w, prefix: []byte(prefix)}
}

// maxPending bounds a line without a newline; longer ones are written as
// they are.
const maxPending = 64 << 10

func (p *prefixWriter) Write(b []byte) (int, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.buf = append(p.buf, b...)
	for {
		i := bytes.IndexByte(p.buf, '\n')
		if i < 0 {
			break
		}
		line := append(append(append([]byte(nil), p.prefix...), p.buf[:i]...), '\n')
		p.buf = p.buf[i+1:]
		if _, err := p.w.Write(line); err != nil {
			return len(b), nil // diagnostics are best effort
		}
	}
	if len(p.buf) > maxPending {
		_, _ = p.w.Write(append(append(append([]byte(nil), p.prefix...), p.buf...), '\n'))
		p.buf = nil
	}
	return len(b), nil
}

// tailWriter keeps the last lines written to it (at most tailBytes), so a
// server that exits at start can be reported with what it said. Safe for
// concurrent use.
type tailWriter struct {
	mu  sync.Mutex
	buf []byte
	cut bool // buf starts inside a line
}

const tailBytes = 512

func (t *tailWriter) Write(b []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, b...)
	if len(t.buf) > 4*tailBytes {
		t.buf = append([]byte(nil), t.buf[len(t.buf)-tailBytes:]...)
		t.cut = true
	}
	return len(b), nil
}

// String returns the last lines, joined by " | ", at most tailBytes.
func (t *tailWriter) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	b := t.buf
	cut := t.cut
	if len(b) > tailBytes {
		b, cut = b[len(b)-tailBytes:], true
	}
	if i := bytes.IndexByte(b, '\n'); cut && i >= 0 {
		b = b[i+1:]
	}
	var lines []string
	for _, l := range bytes.Split(b, []byte("\n")) {
		if l = bytes.TrimSpace(l); len(l) > 0 {
			lines = append(lines, string(l))
		}
	}
	return strings.Join(lines, " | ")
}

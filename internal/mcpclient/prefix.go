package mcpclient

import (
	"bytes"
	"io"
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

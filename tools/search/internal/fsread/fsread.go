// Package fsread reads whole files into a buffer the caller reuses, with as
// few system calls as possible: on Unix one open, the reads and one close
// per file, and no stat unless the file outgrows the buffer. Going through
// os.Open would add several fcntl and epoll calls per file, which dominate
// the cost of searching many small files.
package fsread

import "errors"

// ErrTooLarge is returned for a file larger than the caller's limit.
var ErrTooLarge = errors.New("file too large")

// initialSize is the first buffer a Reader allocates; most source files fit.
const initialSize = 64 << 10

// Reader reads files into one growing buffer. It is not safe for concurrent
// use: give each worker goroutine its own.
type Reader struct {
	buf []byte
}

// grow returns a buffer of at least want bytes (capped at max) holding the
// first n bytes of the current one, and keeps it for later reads.
func (r *Reader) grow(n, want, max int) []byte {
	if want > max {
		want = max
	}
	if want <= len(r.buf) {
		return r.buf
	}
	nb := make([]byte, want)
	copy(nb, r.buf[:n])
	r.buf = nb
	return nb
}

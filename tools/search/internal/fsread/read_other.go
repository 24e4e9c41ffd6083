//go:build !unix

package fsread

import (
	"io"
	"os"
)

// Read returns the whole content of path. The slice is valid until the next
// call. A file larger than limit bytes yields ErrTooLarge.
func (r *Reader) Read(path string, limit int) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if len(r.buf) == 0 {
		r.buf = make([]byte, initialSize)
	}
	buf := r.buf
	n := 0
	for {
		if n == len(buf) {
			if n > limit {
				return nil, ErrTooLarge
			}
			buf = r.grow(n, 2*len(buf), limit+1)
		}
		m, err := f.Read(buf[n:])
		n += m
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
	}
	if n > limit {
		return nil, ErrTooLarge
	}
	return buf[:n], nil
}

//go:build unix

package fsread

import (
	"golang.org/x/sys/unix"
)

// readChunk bounds one read system call: a read longer than the Go
// scheduler's 20 µs syscall threshold has its processor handed to another
// thread (sysmon retakes it), which costs more than the extra calls.
var readChunk = 128 << 10

// Read returns the whole content of path. The slice is valid until the next
// call. A file larger than limit bytes yields ErrTooLarge without being read
// to the end. Errors are *os.PathError-like values from the system call.
func (r *Reader) Read(path string, limit int) ([]byte, error) {
	var fd int
	var err error
	for {
		fd, err = unix.Open(path, unix.O_RDONLY|unix.O_CLOEXEC|unix.O_NONBLOCK|unix.O_NOCTTY, 0)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		return nil, &PathError{Op: "open", Path: path, Err: err}
	}
	defer unix.Close(fd)
	if len(r.buf) == 0 {
		r.buf = make([]byte, initialSize)
	}
	buf := r.buf
	n, statted := 0, false
	for {
		if n == len(buf) {
			if n > limit {
				return nil, ErrTooLarge
			}
			want := 2 * len(buf)
			if !statted {
				statted = true
				var st unix.Stat_t
				if err := unix.Fstat(fd, &st); err == nil {
					if st.Size > int64(limit) {
						return nil, ErrTooLarge
					}
					if int(st.Size)+1 > want {
						want = int(st.Size) + 1
					}
				}
			}
			buf = r.grow(n, want, limit+1)
		}
		m, err := unix.Read(fd, buf[n:min(len(buf), n+readChunk)])
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return nil, &PathError{Op: "read", Path: path, Err: err}
		}
		if m == 0 {
			break
		}
		n += m
	}
	if n > limit {
		return nil, ErrTooLarge
	}
	return buf[:n], nil
}

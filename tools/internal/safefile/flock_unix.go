//go:build unix

package safefile

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"time"

	"golang.org/x/sys/unix"
)

// lockFile takes flock(LOCK_EX) on the regular file at path, waiting until
// ctx ends, and returns its release. See Lock.
func lockFile(ctx context.Context, path string) (func(), error) {
	backoff := time.Millisecond
	for {
		fd, err := unix.Open(path, unix.O_RDONLY|unix.O_NONBLOCK|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
		switch {
		case errors.Is(err, unix.ENOENT), errors.Is(err, unix.EACCES), errors.Is(err, unix.EPERM), errors.Is(err, unix.ENOTDIR):
			// Nothing to lock, or a file we may not read: the operation
			// itself reports what is wrong.
			return func() {}, nil
		case errors.Is(err, unix.EINTR):
			continue
		case err != nil:
			return nil, special(path, &fs.PathError{Op: "open", Path: path, Err: err})
		}
		var st unix.Stat_t
		if err := unix.Fstat(fd, &st); err != nil {
			unix.Close(fd)
			return nil, &fs.PathError{Op: "stat", Path: path, Err: err}
		}
		switch st.Mode & unix.S_IFMT {
		case unix.S_IFREG:
		case unix.S_IFDIR:
			unix.Close(fd)
			return func() {}, nil
		default:
			unix.Close(fd)
			fi, _ := os.Stat(path)
			mode := fs.ModeIrregular
			if fi != nil {
				mode = fi.Mode()
			}
			return nil, &NotRegularError{Path: path, Mode: mode}
		}
		for {
			err := unix.Flock(fd, unix.LOCK_EX|unix.LOCK_NB)
			if err == nil {
				break
			}
			if !errors.Is(err, unix.EWOULDBLOCK) && !errors.Is(err, unix.EINTR) {
				unix.Close(fd)
				if errors.Is(err, unix.ENOLCK) || errors.Is(err, unix.EOPNOTSUPP) {
					return func() {}, nil // a file system without locks
				}
				return nil, &fs.PathError{Op: "flock", Path: path, Err: err}
			}
			select {
			case <-ctx.Done():
				unix.Close(fd)
				return nil, ctx.Err()
			case <-time.After(backoff):
			}
			backoff = min(2*backoff, 20*time.Millisecond)
		}
		// The lock is ours; is its file still the one at path? A writer
		// that held it may have renamed a new file over the path.
		var now unix.Stat_t
		if err := unix.Stat(path, &now); err == nil && now.Dev == st.Dev && now.Ino == st.Ino {
			return func() { unix.Close(fd) }, nil // closing releases the lock
		}
		unix.Close(fd)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
	}
}

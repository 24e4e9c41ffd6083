// Package safefile is the file I/O under every read-for-mutation, write and
// restore of the file tools: it cannot block on a special file, lose a write
// to a concurrent process, or write through a link swapped in behind it.
//
//   - Open and ReadFile open with O_NONBLOCK and refuse, by fstat, anything
//     that is not a regular file (a FIFO would block the open or the read
//     forever, /dev/zero would fill memory), and ReadFile reads at most a
//     limit.
//   - Lock takes a per-file advisory lock — an in-process mutex and flock(2)
//     on the file itself, re-taken when a rename replaced the file while it
//     waited — so a guard's check and the rename that follows are one step
//     for every process that takes it (see docs/security.md).
//   - Anchor records a file's directories when a run first changes it;
//     Restore and Remove work inside those same directories, through file
//     descriptors and without following a link at any step.
//
// It imports nothing of the tools, so the tools package and the journal
// can both stand on it.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// ErrNotRegular matches the error of an operation refused because its path
// names something other than a regular file or a directory.
var ErrNotRegular = errors.New("not a regular file")

// NotRegularError is the refusal of a special file: a named pipe, a device,
// a socket.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s is not a regular file (%s)", e.Path, Describe(e.Mode))
}

// Is makes errors.Is(err, ErrNotRegular) hold.
func (e *NotRegularError) Is(target error) bool { return target == ErrNotRegular }

// Describe names the kind of file mode describes, for error messages.
func Describe(mode fs.FileMode) string {
	switch {
	case mode&fs.ModeNamedPipe != 0:
		return "a named pipe (FIFO)"
	case mode&fs.ModeCharDevice != 0:
		return "a character device"
	case mode&fs.ModeDevice != 0:
		return "a block device"
	case mode&fs.ModeSocket != 0:
		return "a socket"
	case mode&fs.ModeSymlink != 0:
		return "a symbolic link"
	case mode.IsDir():
		return "a directory"
	case mode.IsRegular():
		return "a regular file"
	}
	return "not a regular file"
}

// ErrTooLarge matches the error of a ReadFile past its limit.
var ErrTooLarge = errors.New("file too large")

// TooLargeError is the refusal of a file longer than the reader's limit
// (one that grew while it was read, or a /proc file whose size says 0).
type TooLargeError struct {
	Path  string
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("%s holds more than the %d bytes that may be read of it at once", e.Path, e.Limit)
}

// Is makes errors.Is(err, ErrTooLarge) hold.
func (e *TooLargeError) Is(target error) bool { return target == ErrTooLarge }

// Open opens path for reading; it must be a regular file. A symbolic link at
// path is followed, as every read does. The open cannot block: a FIFO or a
// device is opened without waiting and refused before anything is read.
func Open(path string) (*os.File, error) {
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, special(path, err)
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !fi.Mode().IsRegular() {
		f.Close()
		if fi.IsDir() {
			return nil, &fs.PathError{Op: "read", Path: path, Err: syscall.EISDIR}
		}
		return nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	return f, nil
}

// special turns the error of opening a socket (ENXIO) into its refusal.
func special(path string, err error) error {
	if fi, serr := os.Stat(path); serr == nil && !fi.Mode().IsRegular() && !fi.IsDir() {
		return &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	return err
}

// RealPath is path with every symbolic link resolved: the links of its
// deepest existing ancestor (and of path itself, when it exists), and the
// missing rest appended as given. It says where a write to path would land.
func RealPath(path string) string {
	path = filepath.Clean(path)
	var rest []string
	for d := path; ; d = filepath.Dir(d) {
		if real, err := filepath.EvalSymlinks(d); err == nil {
			for i := len(rest) - 1; i >= 0; i-- {
				real = filepath.Join(real, rest[i])
			}
			return real
		}
		if filepath.Dir(d) == d {
			return path
		}
		rest = append(rest, filepath.Base(d))
	}
}

// ReadFile returns the content of the regular file at path, refusing one
// longer than limit bytes with a *TooLargeError.
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := int64(512)
	if fi, err := f.Stat(); err == nil && fi.Size() > 0 {
		if fi.Size() > limit {
			return nil, &TooLargeError{Path: path, Limit: limit}
		}
		size = fi.Size() + 1 // one more byte to see the end
	}
	size = min(size, limit+1)
	data := make([]byte, 0, size)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):min(int64(cap(data)), limit+1)])
		data = data[:len(data)+n]
		if int64(len(data)) > limit {
			return nil, &TooLargeError{Path: path, Limit: limit}
		}
		if err == io.EOF {
			return data, nil
		}
		if err != nil {
			return nil, err
		}
	}
}

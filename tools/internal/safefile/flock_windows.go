package safefile

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io/fs"
	"os"
	"runtime"
	"strings"
	"time"

	"golang.org/x/sys/windows"
)

// lockFile takes the cross-process lock of the regular file at path,
// waiting until ctx ends, and returns its release. See Lock.
//
// On Windows the lock is a named mutex of the session ("Local\…", keyed by
// the path, case-folded as NTFS compares names), not a lock on the file: a
// LockFileEx lock needs an open handle, and a file open without
// FILE_SHARE_DELETE-aware renames cannot be replaced by the rename every
// write ends with, nor read by other programs where the lock stands. A
// name-keyed lock also makes the POSIX side's "is the file still the one at
// the path" check unneeded: a waiter gets the lock of the path, whatever
// file a holder renamed there. A mutex whose holder died is abandoned and
// taken by the next waiter, as a closed flock is released.
func lockFile(ctx context.Context, path string) (func(), error) {
	fi, err := os.Stat(path)
	switch {
	case errors.Is(err, fs.ErrNotExist), errors.Is(err, fs.ErrPermission):
		// Nothing to lock, or a file we may not read: the operation
		// itself reports what is wrong.
		return func() {}, nil
	case err != nil:
		return nil, err
	case fi.IsDir():
		return func() {}, nil
	case !fi.Mode().IsRegular():
		return nil, &NotRegularError{Path: path, Mode: fi.Mode()}
	}
	sum := sha256.Sum256([]byte(strings.ToLower(path)))
	name, _ := windows.UTF16PtrFromString(`Local\atomic-script-file-` + hex.EncodeToString(sum[:16]))
	// A mutex belongs to the thread that took it: one locked OS thread
	// takes it, holds it and releases it.
	acquired := make(chan error, 1)
	release := make(chan struct{})
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with the goroutine
		h, err := windows.CreateMutex(nil, false, name)
		if h != 0 && errors.Is(err, windows.ERROR_ALREADY_EXISTS) {
			err = nil // another holder or waiter made it: the usual case
		}
		if err != nil {
			acquired <- &fs.PathError{Op: "lock", Path: path, Err: err}
			return
		}
		defer windows.CloseHandle(h)
		for {
			ev, err := windows.WaitForSingleObject(h, uint32(lockWait/time.Millisecond))
			if err != nil {
				acquired <- &fs.PathError{Op: "lock", Path: path, Err: err}
				return
			}
			if ev == windows.WAIT_OBJECT_0 || ev == windows.WAIT_ABANDONED {
				break
			}
			if ctx.Err() != nil {
				acquired <- ctx.Err()
				return
			}
		}
		acquired <- nil
		<-release
		windows.ReleaseMutex(h)
	}()
	if err := <-acquired; err != nil {
		return nil, err
	}
	var once bool
	return func() {
		if !once {
			once = true
			close(release)
		}
	}, nil
}

// lockWait bounds how long one wait for the mutex lasts between looks at
// the context.
const lockWait = 20 * time.Millisecond

package kvstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/atomic-script/atomic-script/internal/owneronly"
	"golang.org/x/sys/windows"
)

// privateFiles is the Windows form of the POSIX one, with ACLs for modes
// (internal/owneronly): a directory it creates gets an owner-only ACL (the
// form of 0700); one that exists already is used only if it is this
// account's (or SYSTEM's or the Administrators') and no other account may
// change it, and is left as it is; the database file, and -wal and -shm
// files left by an earlier run, are restricted to this account. SQLite
// creates -wal and -shm later: they inherit the directory's ACL.
func privateFiles(path string) error {
	dir := filepath.Dir(path)
	_, statErr := os.Stat(dir)
	created := errors.Is(statErr, os.ErrNotExist)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	real, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return err
	}
	h, err := owneronly.Open(real)
	if err != nil {
		return fmt.Errorf("directory %s: its access-control list cannot be read: %w; set ATOMIC_STATE_DIR to a directory of your own", dir, err)
	}
	if created {
		err = owneronly.Restrict(h)
	}
	if err == nil {
		err = owneronly.Check(h, dir, owneronly.NoWrite, false)
	}
	windows.CloseHandle(h)
	if err != nil {
		return fmt.Errorf("%w; set ATOMIC_STATE_DIR to a directory of your own", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		h, err := owneronly.Open(p)
		if errors.Is(err, windows.ERROR_FILE_NOT_FOUND) {
			continue
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p, err)
		}
		err = owneronly.Check(h, p, owneronly.Private, true)
		windows.CloseHandle(h)
		if err != nil {
			return err
		}
	}
	return nil
}

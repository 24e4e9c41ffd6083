//go:build unix

package kvstore

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
)

// privateFiles creates the store's directory owner-only and the database
// owner-readable before SQLite opens it. SQLite gives the -wal and -shm
// files it creates the database file's mode, so they are private too; ones
// left readable by an older version are tightened. A directory that exists
// already is used only if it is ours and nobody else can write to it
// (another account could swap the files in it); it is not chmodded, as
// ATOMIC_STATE_DIR may name a directory with a purpose of its own.
func privateFiles(path string) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return err
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return err
	}
	if st, ok := fi.Sys().(*syscall.Stat_t); ok && int(st.Uid) != os.Getuid() {
		return fmt.Errorf("directory %s belongs to another user (uid %d); set ATOMIC_STATE_DIR to a directory of your own", dir, st.Uid)
	}
	if fi.Mode().Perm()&0o022 != 0 {
		return fmt.Errorf("directory %s is writable by other users (mode %04o); make it private (chmod 700) or set ATOMIC_STATE_DIR elsewhere", dir, fi.Mode().Perm())
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return err
	}
	f.Close()
	for _, p := range []string{path, path + "-wal", path + "-shm"} {
		if err := os.Chmod(p, 0o600); err != nil && !errors.Is(err, os.ErrNotExist) {
			return err
		}
	}
	return nil
}

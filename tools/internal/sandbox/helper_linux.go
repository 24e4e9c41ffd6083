package sandbox

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"golang.org/x/sys/unix"
)

// helper runs in the new namespaces, as the user, with CAP_SYS_ADMIN and
// CAP_SETPCAP there: it makes the plan's mounts, drops every capability
// and executes the command (or, for a probe, checks the mounts and exits).
func helper() error {
	var o orders
	if err := json.Unmarshal([]byte(os.Getenv(planVar)), &o); err != nil {
		return fmt.Errorf("reading the plan: %w", err)
	}
	os.Unsetenv(planVar)
	// Nothing mounted here reaches the namespace it came from.
	if err := unix.Mount("", "/", "", unix.MS_REC|unix.MS_PRIVATE, ""); err != nil {
		return fmt.Errorf("making the mounts private: %w", err)
	}
	for _, b := range o.ReadOnly {
		if err := unix.Mount(b.Source, b.Target, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
			return fmt.Errorf("mounting %s at %s: %w", b.Source, b.Target, err)
		}
		if err := remountReadOnly(b.Target); err != nil {
			return fmt.Errorf("making %s read-only: %w", b.Target, err)
		}
	}
	// The copy may lie inside the workspace (a TMPDIR there): it is out
	// of sight once mounted, so it is identified first.
	var cp unix.Stat_t
	if err := unix.Stat(o.Copy, &cp); err != nil {
		return err
	}
	if err := unix.Mount(o.Copy, o.Root, "", unix.MS_BIND|unix.MS_REC, ""); err != nil {
		return fmt.Errorf("mounting the scratch copy over %s: %w", o.Root, err)
	}
	var now unix.Stat_t
	if err := unix.Stat(o.Root, &now); err != nil {
		return err
	}
	if now.Dev != cp.Dev || now.Ino != cp.Ino {
		return fmt.Errorf("%s is not the scratch copy after mounting it there", o.Root)
	}
	// A /proc of this PID namespace only: another process's cwd or root
	// (/proc/PID/cwd) would lead back to the real workspace.
	if err := unix.Mount("proc", "/proc", "proc", unix.MS_NOSUID|unix.MS_NODEV|unix.MS_NOEXEC, ""); err != nil {
		return fmt.Errorf("mounting /proc: %w", err)
	}
	if err := os.Chdir(o.Dir); err != nil {
		return err
	}
	if o.Probe {
		return probeChecks(o)
	}
	if err := dropCapabilities(); err != nil {
		return fmt.Errorf("dropping capabilities: %w", err)
	}
	return unix.Exec(o.Path, o.Args, os.Environ())
}

// remountReadOnly makes a bind mount read-only, keeping the flags the
// mount it came from has (a user namespace may not clear them).
func remountReadOnly(target string) error {
	var st unix.Statfs_t
	if err := unix.Statfs(target, &st); err != nil {
		return err
	}
	flags := uintptr(unix.MS_REMOUNT | unix.MS_BIND | unix.MS_RDONLY)
	for _, f := range []struct{ st, ms int64 }{
		{unix.ST_NOSUID, unix.MS_NOSUID}, {unix.ST_NODEV, unix.MS_NODEV}, {unix.ST_NOEXEC, unix.MS_NOEXEC},
		{unix.ST_NOATIME, unix.MS_NOATIME}, {unix.ST_NODIRATIME, unix.MS_NODIRATIME}, {unix.ST_RELATIME, unix.MS_RELATIME},
	} {
		if int64(st.Flags)&f.st != 0 {
			flags |= uintptr(f.ms)
		}
	}
	return unix.Mount("", target, "", flags, "")
}

// probeChecks: the copy is at the root, and the read-only mount refuses
// a write.
func probeChecks(o orders) error {
	if _, err := os.Stat(filepath.Join(o.Root, "in-copy")); err != nil {
		return err
	}
	for _, b := range o.ReadOnly {
		err := os.WriteFile(filepath.Join(b.Target, "w"), nil, 0o600)
		if !errors.Is(err, unix.EROFS) {
			return fmt.Errorf("a write under the read-only %s: %v", b.Target, err)
		}
	}
	if err := dropCapabilities(); err != nil {
		return err
	}
	os.Exit(0)
	return nil
}

// Securebits (linux/securebits.h): exec as root grants nothing, locked,
// and no ambient capability may be raised again.
const (
	secbitNoroot                  = 1 << 0
	secbitNorootLocked            = 1 << 1
	secbitNoCapAmbientRaise       = 1 << 6
	secbitNoCapAmbientRaiseLocked = 1 << 7
)

// dropCapabilities leaves this thread — and what it executes — with no
// capability, even when the user is root: the bounding set emptied, the
// ambient set cleared, root's automatic capabilities turned off, then the
// thread's own sets emptied.
func dropCapabilities() error {
	for c := 0; c < 64; c++ {
		if err := unix.Prctl(unix.PR_CAPBSET_DROP, uintptr(c), 0, 0, 0); err != nil {
			if errors.Is(err, unix.EINVAL) {
				break // past the last capability
			}
			return err
		}
	}
	if err := unix.Prctl(unix.PR_CAP_AMBIENT, unix.PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0); err != nil {
		return err
	}
	if err := unix.Prctl(unix.PR_SET_SECUREBITS, secbitNoroot|secbitNorootLocked|secbitNoCapAmbientRaise|secbitNoCapAmbientRaiseLocked, 0, 0, 0); err != nil {
		return err
	}
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	return unix.Capset(&hdr, &data[0])
}

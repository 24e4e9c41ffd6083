// Package spill persists tool output that does not fit in a result, in an
// owner- and session-scoped temp tree:
//
//	<tmpdir>/atomic-<uid>/<session-id>/
//
// The path is predictable, so it is validated rather than trusted. Every
// component below the system temp directory is created one level at a time
// and checked through file descriptors (openat with O_NOFOLLOW, fstat): a
// symlink is refused, a directory owned by another account is refused, and a
// directory of this account that is too permissive is tightened to 0700 and
// re-checked. Only the final session directory is replaceable: a stale file
// or link exactly where it belongs is removed (the link itself, never its
// target) and recreated. Refusal fails closed: Open returns an error and the
// tools run with no spill file and say so.
//
// Files are created 0600 relative to the verified directory descriptor, so a
// path swapped after Open cannot redirect them. Each file keeps at most Cap
// bytes of output; output that passes the cap is cut there, on a UTF-8
// character boundary, and TruncationLine is appended (see File).
//
// Reap removes session trees and tool-results directories whose newest file
// is older than 30 days, at most once a day per target, under an exclusive
// lock, never following symlinks and never touching a live session's tree.
// StartReaper runs it off the startup path.
//
// The file-system layer is per system (sys_unix.go: openat, fstat, flock;
// sys_windows.go: handles, owner SIDs, ACLs and LockFileEx).
package spill

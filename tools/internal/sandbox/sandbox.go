// Package sandbox runs a dry run's shell command where the workspace's
// own path is its scratch copy. On Linux the command starts in a private
// mount and PID namespace inside an unprivileged user namespace: the real
// repository's git directories are mounted read-only, the scratch copy is
// mounted over the workspace's path, /proc shows only the command's own
// processes, and every capability is dropped before the command runs. A
// path the command builds to the workspace (from pieces, from
// .git/objects/info/alternates, through /proc/PID/cwd of another process)
// lands in the copy, or in a read-only directory.
//
// Setting up the namespaces needs a process of its own: the command is
// started as this binary under a marker name (see helper_linux.go), which
// mounts and then executes the command. Where that is not available
// (macOS, Windows, a kernel or container without user namespaces)
// Available reports false and Wrap refuses.
package sandbox

import "errors"

// Plan says what a command sees.
type Plan struct {
	// Root is the workspace's real path; Copy, its scratch copy, is
	// mounted over it.
	Root, Copy string
	// ReadOnly are mounted read-only first (Source at Target), in order:
	// the real object store at the copy's mount point for it, and the
	// real git directories outside the workspace at their own paths.
	ReadOnly []Bind
	// Dir is the working directory, as the command sees it (under Root).
	Dir string
}

// Bind mounts Source at Target.
type Bind struct{ Source, Target string }

// ErrUnavailable is Wrap's answer where there is no sandbox.
var ErrUnavailable = errors.New("no private mount namespace here (it needs Linux with unprivileged user namespaces)")

//go:build !linux

package sandbox

import "os/exec"

// Available reports whether commands can run sandboxed here: never on
// this system.
func Available() bool { return false }

// Wrap refuses: there is no sandbox on this system.
func Wrap(*exec.Cmd, Plan) error { return ErrUnavailable }

//go:build unix

package mcpclient

import "syscall"

// groupAttr starts a server in a process group of its own.
func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills any process left in the server's process group.
func (c *conn) killGroup() { c.signalGroup(syscall.SIGKILL) }

// signalGroup sends sig to the server's process group; after SIGKILL the
// group is no longer watched.
func (c *conn) signalGroup(sig syscall.Signal) {
	if c.cmd == nil || c.cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-c.cmd.Process.Pid, sig)
	if sig == syscall.SIGKILL && c.unwatch != nil {
		c.unwatch()
	}
}

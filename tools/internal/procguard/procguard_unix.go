//go:build unix && !linux

package procguard

import "syscall"

const supported = true

// setDeathSignal: no parent-death signal here; the watchdog covers it.
func setDeathSignal(*syscall.SysProcAttr) {}

func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

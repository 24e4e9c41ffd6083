//go:build !unix

package procguard

import "syscall"

const supported = false

func setDeathSignal(*syscall.SysProcAttr) {}

func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{} }

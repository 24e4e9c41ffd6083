//go:build linux

package procguard

import "syscall"

const supported = true

func setDeathSignal(attr *syscall.SysProcAttr) { attr.Pdeathsig = syscall.SIGKILL }

func groupAttr() *syscall.SysProcAttr { return &syscall.SysProcAttr{Setpgid: true} }

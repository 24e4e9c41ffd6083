package mcpclient

import (
	"syscall"
	"unsafe"

	"golang.org/x/sys/windows"
)

// groupAttr starts a server in a process group of its own, so the
// console's Ctrl+C reaches atomic-script, which stops the server itself.
func groupAttr() *syscall.SysProcAttr {
	return &syscall.SysProcAttr{CreationFlags: windows.CREATE_NEW_PROCESS_GROUP}
}

// killGroup kills the server and every process descended from it (what
// an `npx`-style launcher starts). Windows has no process groups to signal:
// the tree is read from a process snapshot, and a process counts as a
// descendant only if it was created after its parent, so a recycled
// parent id never takes an unrelated process with it.
func (c *conn) killGroup() {
	if c.cmd == nil || c.cmd.Process == nil {
		return
	}
	killTree(uint32(c.cmd.Process.Pid))
	if c.unwatch != nil {
		c.unwatch()
	}
}

// signalGroup: Windows has no signals to send a tree; a stop request
// (SIGTERM, SIGINT) waits for the server to end by itself, and SIGKILL
// kills the tree.
func (c *conn) signalGroup(sig syscall.Signal) {
	if sig == syscall.SIGKILL {
		c.killGroup()
	}
}

func killTree(root uint32) {
	snap, err := windows.CreateToolhelp32Snapshot(windows.TH32CS_SNAPPROCESS, 0)
	if err != nil {
		return
	}
	children := map[uint32][]uint32{}
	pe := windows.ProcessEntry32{Size: uint32(unsafe.Sizeof(windows.ProcessEntry32{}))}
	for err = windows.Process32First(snap, &pe); err == nil; err = windows.Process32Next(snap, &pe) {
		if pe.ProcessID != pe.ParentProcessID {
			children[pe.ParentProcessID] = append(children[pe.ParentProcessID], pe.ProcessID)
		}
	}
	windows.CloseHandle(snap)
	var walk func(pid uint32, parentBorn int64)
	walk = func(pid uint32, parentBorn int64) {
		h, err := windows.OpenProcess(windows.PROCESS_TERMINATE|windows.PROCESS_QUERY_LIMITED_INFORMATION, false, pid)
		if err != nil {
			return
		}
		born := created(h)
		if parentBorn != 0 && born != 0 && born < parentBorn {
			windows.CloseHandle(h)
			return // not a child: its parent's id was reused
		}
		windows.TerminateProcess(h, 1)
		windows.CloseHandle(h)
		for _, child := range children[pid] {
			walk(child, born)
		}
	}
	walk(root, 0)
}

// created is a process's creation time (0 when it cannot be read).
func created(h windows.Handle) int64 {
	var c, e, k, u windows.Filetime
	if windows.GetProcessTimes(h, &c, &e, &k, &u) != nil {
		return 0
	}
	return c.Nanoseconds()
}

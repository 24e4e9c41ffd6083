package tools

import (
	"os/exec"

	"github.com/atomic-script/atomic-script/tools/internal/procguard"
)

// GuardChild prepares cmd, before it starts, to die with this process: on
// Linux the kernel kills it the moment this process dies, even by SIGKILL
// (Pdeathsig). Attributes cmd already has (a process group, a session) are
// kept. Tools that start long-lived processes (servers, background tasks)
// use it with WatchChildGroup.
func GuardChild(cmd *exec.Cmd) { cmd.SysProcAttr = procguard.Prepare(cmd.SysProcAttr) }

// WatchChildGroup has the process group pgid killed if this process dies
// before release is called — the grandchildren a launcher or a shell
// started, which the parent-death signal does not reach. Call release once
// the group has ended (its leader reaped, the rest killed), so a recycled
// process id is never killed. Safe for concurrent use.
func WatchChildGroup(pgid int) (release func()) { return procguard.Watch(pgid) }

// Package proctest holds the few process and file-system probes tests need
// whose system calls differ between POSIX and Windows, so a test that
// checks "the child is gone" or "a FIFO is refused" compiles everywhere.
package proctest

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
)

// ErrNoFIFO is Mkfifo's error where the file system has no FIFOs (Windows).
var ErrNoFIFO = errors.New("no FIFOs on this system")

// measureEnv names the file a re-executed test binary (MeasureMain)
// writes its child's peak RSS to.
const measureEnv = "PROCTEST_PEAK_RSS_TO"

// Measure makes cmd run through this test binary, re-executed as
// MeasureMain's wrapper, and returns what reports cmd's own peak resident
// set size once cmd has ended (and whether the system reports one). The
// wrapper is needed because Linux starts a child sharing its parent's
// memory (vfork) and execve carries that memory's high-water mark into the
// child's ru_maxrss: a test binary that once held 300 MiB saw every child
// it started peak at 300 MiB. The wrapper starts small, so its child's
// figure is the child's own.
func Measure(cmd *exec.Cmd, dir string) func() (int64, bool) {
	self, err := os.Executable()
	if err != nil {
		return func() (int64, bool) { return 0, false }
	}
	report := filepath.Join(dir, "peak-rss")
	if cmd.Env == nil {
		cmd.Env = os.Environ()
	}
	cmd.Env = append(cmd.Env, measureEnv+"="+report)
	cmd.Args = append([]string{self, cmd.Path}, cmd.Args[1:]...)
	cmd.Path = self
	return func() (int64, bool) {
		data, err := os.ReadFile(report)
		if err != nil {
			return 0, false
		}
		n, err := strconv.ParseInt(string(data), 10, 64)
		return n, err == nil
	}
}

// MeasureMain, called first in a test binary's TestMain, is the wrapper
// Measure starts: it runs its arguments as a command with its own
// standard files, writes the command's peak RSS where Measure said, and
// exits with the command's exit code. Otherwise it returns at once.
func MeasureMain() {
	report := os.Getenv(measureEnv)
	if report == "" {
		return
	}
	os.Unsetenv(measureEnv)
	c := exec.Command(os.Args[1], os.Args[2:]...)
	c.Stdin, c.Stdout, c.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := c.Run(); c.ProcessState == nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(127)
	}
	if peak, ok := PeakRSS(c.ProcessState); ok {
		if err := os.WriteFile(report, []byte(strconv.FormatInt(peak, 10)), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(127)
		}
	}
	os.Exit(c.ProcessState.ExitCode())
}

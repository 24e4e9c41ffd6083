package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// child is the outcome of one case run in a child process.
type child struct {
	result
	Killed  string  // why the parent ended the child, if it did
	Crash   string  // the child died: its first panic/fatal line
	Elapsed float64 // ms, the whole child process
	CPUMs   float64 // user+system time of the child
}

// limits the parent enforces on a child: a wall-clock timeout and an RSS cap
// (a binding whose memory limit does not hold would otherwise take the
// machine, which other people share).
type limits struct {
	timeout time.Duration
	rssMB   int
}

var defaultLimits = limits{timeout: 60 * time.Second, rssMB: 2048}

// runChild runs "compare case ..." with args and watches it.
func runChild(lim limits, args ...string) child {
	self, err := os.Executable()
	if err != nil {
		return child{Crash: err.Error()}
	}
	cmd := exec.Command(self, append([]string{"case"}, args...)...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return child{Crash: err.Error()}
	}
	var c child
	killed := make(chan string, 1)
	stop := make(chan struct{})
	go func() {
		tick := time.NewTicker(10 * time.Millisecond)
		defer tick.Stop()
		deadline := time.After(lim.timeout)
		for {
			select {
			case <-stop:
				return
			case <-deadline:
				killed <- fmt.Sprintf("still running after %v", lim.timeout)
				cmd.Process.Kill()
				return
			case <-tick.C:
				if mb := rssMB(cmd.Process.Pid); mb > float64(lim.rssMB) {
					killed <- fmt.Sprintf("RSS passed %d MB after %.1f s", lim.rssMB, time.Since(start).Seconds())
					cmd.Process.Kill()
					return
				}
			}
		}
	}()
	waitErr := cmd.Wait()
	close(stop)
	c.Elapsed = ms(time.Since(start))
	select {
	case c.Killed = <-killed:
	default:
	}
	if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		c.RSSMB = float64(ru.Maxrss) / 1024
		c.CPUMs = float64(ru.Utime.Nano()+ru.Stime.Nano()) / 1e6
	}
	if c.Killed != "" {
		return c
	}
	if waitErr != nil || json.Unmarshal(stdout.Bytes(), &c.result) != nil {
		c.Crash = crashLine(stderr.String(), waitErr)
		return c
	}
	return c
}

// rssMB reads a process's resident set size from /proc.
func rssMB(pid int) float64 {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmRSS:" {
			kb, _ := strconv.ParseFloat(f[1], 64)
			return kb / 1024
		}
	}
	return 0
}

// crashLine picks the line of a dead child's stderr that says why.
func crashLine(stderr string, err error) string {
	for _, line := range strings.Split(stderr, "\n") {
		if strings.HasPrefix(line, "panic:") || strings.HasPrefix(line, "fatal error:") ||
			strings.HasPrefix(line, "SIG") || strings.HasPrefix(line, "runtime:") {
			return firstLine(line)
		}
	}
	if err != nil {
		return err.Error()
	}
	return firstLine(stderr)
}

// describe renders a child's outcome for a table cell.
func (c child) describe() string {
	switch {
	case c.Killed != "":
		return fmt.Sprintf("killed by the parent: %s, having used %.1f s of CPU", c.Killed, c.CPUMs/1000)
	case c.Crash != "":
		return "CRASH: " + c.Crash
	}
	switch c.Outcome {
	case "ok":
		return "returns " + c.Detail
	case "caught":
		return "catchable " + c.Detail
	case "error":
		return "Eval fails: " + c.Detail
	case "panic":
		return "Eval panics: " + strings.TrimPrefix(c.Detail, "panic: ")
	}
	return c.Outcome + " " + c.Detail
}

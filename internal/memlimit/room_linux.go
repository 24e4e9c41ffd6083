package memlimit

import (
	"bufio"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// room is what this process may still map: the least of the address space
// an RLIMIT_AS (ulimit -v) leaves beyond what is mapped now (the Go
// runtime reserves about a gigabyte of address space at start), a cgroup's
// memory.max less what the group uses, and the machine's RAM.
func room() (int64, bool) {
	best, ok := int64(0), false
	take := func(n int64) {
		if n > 0 && (!ok || n < best) {
			best, ok = n, true
		}
	}
	var rl unix.Rlimit
	if unix.Getrlimit(unix.RLIMIT_AS, &rl) == nil && rl.Cur != unix.RLIM_INFINITY {
		if vm, found := statusKB("VmSize"); found {
			take(int64(rl.Cur) - vm<<10)
		}
	}
	if max, found := cgroupBytes("memory.max"); found {
		cur, _ := cgroupBytes("memory.current")
		take(max - cur)
	}
	var si unix.Sysinfo_t
	if unix.Sysinfo(&si) == nil {
		take(int64(si.Totalram) * int64(si.Unit))
	}
	return best, ok
}

// statusKB reads a "Name: N kB" line of /proc/self/status.
func statusKB(name string) (int64, bool) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		rest, ok := strings.CutPrefix(sc.Text(), name+":")
		if !ok {
			continue
		}
		n, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
		return n, err == nil
	}
	return 0, false
}

// cgroupBytes reads a number from this process's cgroup v2 directory
// ("max" is no number).
func cgroupBytes(file string) (int64, bool) {
	data, err := os.ReadFile("/proc/self/cgroup")
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if rest, ok := strings.CutPrefix(line, "0::"); ok {
			v, err := os.ReadFile("/sys/fs/cgroup" + rest + "/" + file)
			if err != nil {
				return 0, false
			}
			n, err := strconv.ParseInt(strings.TrimSpace(string(v)), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}

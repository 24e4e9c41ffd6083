//go:build unix

package procguard

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMain lets the test binary be a parent that dies: PROCGUARD_PARENT=1
// starts two process groups (each a shell with a background grandchild),
// watches both, releases the second as if it had ended, prints
// "GROUP1 child grandchild" and "GROUP2 child grandchild", and waits to be
// killed.
func TestMain(m *testing.M) {
	if os.Getenv("PROCGUARD_PARENT") == "1" {
		for i := 1; i <= 2; i++ {
			cmd := exec.Command("/bin/sh", "-c", "sleep 60 & echo $!; wait")
			cmd.SysProcAttr = Prepare(&syscall.SysProcAttr{Setpgid: true})
			out, _ := cmd.StdoutPipe()
			if err := cmd.Start(); err != nil {
				fmt.Println("error", err)
				os.Exit(1)
			}
			release := Watch(cmd.Process.Pid)
			if i == 2 {
				release()
			}
			line, _ := bufio.NewReader(out).ReadString('\n')
			fmt.Printf("GROUP%d %d %s", i, cmd.Process.Pid, line)
		}
		select {}
	}
	os.Exit(m.Run())
}

func alive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return syscall.Kill(pid, 0) == nil
	}
	// A zombie (state Z) has died; only its parent has not reaped it yet.
	f := strings.Fields(string(data))
	return len(f) > 2 && f[2] != "Z"
}

// TestGroupsDieWithTheirParent: when the parent is killed with SIGKILL (no
// cleanup of its own runs), every group it still watched dies, child and
// grandchild; a group it had released is left alone.
func TestGroupsDieWithTheirParent(t *testing.T) {
	parent := exec.Command(os.Args[0], "-test.run=^$")
	parent.Env = append(os.Environ(), "PROCGUARD_PARENT=1")
	out, _ := parent.StdoutPipe()
	if err := parent.Start(); err != nil {
		t.Fatal(err)
	}
	sc := bufio.NewScanner(out)
	pids := map[string][2]int{}
	for len(pids) < 2 && sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 3 {
			t.Fatalf("parent said %q", sc.Text())
		}
		a, _ := strconv.Atoi(f[1])
		b, _ := strconv.Atoi(f[2])
		pids[f[0]] = [2]int{a, b}
	}
	g1, g2 := pids["GROUP1"], pids["GROUP2"]
	defer syscall.Kill(-g2[0], syscall.SIGKILL)
	if !alive(g1[1]) || !alive(g2[1]) {
		t.Fatal("the grandchildren did not start")
	}
	parent.Process.Kill()
	parent.Wait()
	deadline := time.Now().Add(5 * time.Second)
	for alive(g1[0]) || alive(g1[1]) {
		if time.Now().After(deadline) {
			t.Fatalf("after the parent was killed, group 1 lives on (child %v, grandchild %v)", alive(g1[0]), alive(g1[1]))
		}
		time.Sleep(20 * time.Millisecond)
	}
	if !alive(g2[1]) {
		t.Error("a released group was killed")
	}
}

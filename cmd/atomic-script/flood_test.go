package main

import (
	"context"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
)

// vmHWM is the peak resident memory of process pid (Linux /proc).
func vmHWM(t *testing.T, pid int) int64 {
	t.Helper()
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, _ := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			return kb << 10
		}
	}
	t.Fatal("no VmHWM")
	return 0
}

// TestServeFlood (issue 29): while a session's two codemode calls run,
// calls past what it may hold waiting — WaitingPerSession calls,
// ArgumentBytesPerSession of arguments — get a JSON-RPC error at once that
// says to retry, instead of serve queueing them all in memory (unbounded,
// 15 MiB calls cost about 70 MiB each until serve died). serve runs under
// a 3 GiB address-space limit, keeps a bounded peak and answers the next
// call.
func TestServeFlood(t *testing.T) {
	if testing.Short() || racecheck.Enabled || runtime.GOOS != "linux" {
		t.Skip("builds the CLI, floods serve and reads its peak memory from /proc (Linux)")
	}
	bin := buildCLI(t)
	dir := t.TempDir()
	cmd := exec.Command("/bin/sh", "-c", `ulimit -v 3145728 && exec "$0" serve`, bin)
	cmd.Dir = dir
	cmd.Env = homeIn(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cs, err := mcp.NewClient(&mcp.Implementation{Name: "flood", Version: "1"}, nil).Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	pid := cmd.Process.Pid
	call := func(ctx context.Context, code string) error {
		_, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": code}})
		return err
	}
	busy := func(err error) bool {
		return err != nil && strings.Contains(err.Error(), "atomic-script serve is busy") && strings.Contains(err.Error(), "Retry it when one of them has finished")
	}
	// flood holds two calls running, sends n more with code of pad bytes
	// and returns how many were refused as busy (waiting until want were,
	// or 90 s: on a loaded machine sending 48 MiB took 20); the rest are
	// cancelled.
	flood := func(n, pad, want int) int {
		hold, release := context.WithCancel(ctx)
		defer release()
		var wg sync.WaitGroup
		for range 2 {
			wg.Add(1)
			go func() { defer wg.Done(); call(hold, `await tools.bash({command: "sleep 600"})`) }()
		}
		time.Sleep(time.Second) // both are running
		refused := make(chan bool, n)
		for range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				refused <- busy(call(hold, "return 1\n// "+strings.Repeat("x", pad)))
			}()
		}
		count := 0
		deadline := time.After(90 * time.Second) // the rest wait for their turn
	collect:
		for range n {
			select {
			case r := <-refused:
				if r {
					count++
				}
			case <-deadline:
				break collect
			}
			if count == want {
				break
			}
		}
		release()
		wg.Wait()
		return count
	}
	t0 := time.Now()
	if got := flood(10, 0, 10-WaitingPerSessionForTest); got != 10-WaitingPerSessionForTest {
		t.Errorf("%d of 10 small calls refused while two ran, want %d", got, 10-WaitingPerSessionForTest)
	}
	t.Logf("small flood %v", time.Since(t0))
	t0 = time.Now()
	// By bytes: two 12 MiB calls may wait (24 MiB), a third would pass 32.
	if got := flood(4, 12<<20, 2); got != 2 {
		t.Errorf("%d of 4 calls of 12 MiB refused while two ran, want 2", got)
	}
	t.Logf("large flood %v", time.Since(t0))
	peak := vmHWM(t, pid)
	t.Logf("serve's peak RSS %d MiB", peak>>20)
	if peak > 1<<30 {
		t.Errorf("serve's peak RSS is %d MiB", peak>>20)
	}
	if err := call(ctx, "return 1"); err != nil {
		t.Fatalf("serve did not answer after the flood: %v", err)
	}
}

// WaitingPerSessionForTest is mcpserver.WaitingPerSession, which the CLI's
// tests may not import.
const WaitingPerSessionForTest = 4

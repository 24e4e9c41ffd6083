package mcpserver_test

import (
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"
)

// stubbornSettings configure an echo server that is slow to go: it ignores
// SIGTERM, outlives its stdin and has a child in its process group (as an
// npx-launched server has).
const stubbornSettings = `{"mcpServers": {"echo": {"command": "$ECHO", "env": {"ECHO_STUBBORN": "1"}}}}`

// processAlive reports whether pid runs (a zombie does not count).
func processAlive(pid int) bool {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return pid > 0 && proctest.Alive(pid)
	}
	f := strings.Fields(string(data))
	return len(f) > 2 && f[2] != "Z"
}

// childrenOf starts `serve` on w with a raw session, runs code and
// returns the session, the serve process and the pids the code's value
// lists (space-separated numbers in a string).
func servePids(t *testing.T, w *workspace, code string) (*rawSession, *os.Process, []int) {
	t.Helper()
	s, proc := w.rawServeProc(t)
	args, _ := json.Marshal(map[string]any{"name": "codemode", "arguments": map[string]string{"code": code}})
	s.send(`{"jsonrpc":"2.0","id":2,"method":"tools/call","params":` + string(args) + `}`)
	r := s.recv()
	var res struct {
		StructuredContent struct {
			Value string `json:"value"`
		} `json:"structuredContent"`
	}
	if err := json.Unmarshal(r.Result, &res); err != nil || res.StructuredContent.Value == "" {
		t.Fatalf("run: %s %+v", r.Result, r.Error)
	}
	var pids []int
	for _, f := range strings.Fields(res.StructuredContent.Value) {
		n, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("value %q", res.StructuredContent.Value)
		}
		pids = append(pids, n)
	}
	for _, p := range pids {
		if !processAlive(p) {
			t.Fatalf("process %d is not running", p)
		}
	}
	return s, proc, pids
}

// allGone waits up to d for every pid to end.
func allGone(t *testing.T, d time.Duration, what string, pids []int) {
	t.Helper()
	deadline := time.Now().Add(d)
	for {
		var left []int
		for _, p := range pids {
			if processAlive(p) {
				left = append(left, p)
			}
		}
		if len(left) == 0 {
			return
		}
		if time.Now().After(deadline) {
			for _, p := range left {
				if p, err := os.FindProcess(p); err == nil {
					p.Kill()
				}
			}
			t.Fatalf("%s: processes %v still run %v later", what, left, d)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestChildrenEndWithServe: whatever ends serve — its stdin closing, a
// host's SIGTERM right after (as real hosts send), or SIGKILL — the
// external MCP servers it started (with the children in their group) and
// its background bash tasks (with theirs) end promptly too.
func TestChildrenEndWithServe(t *testing.T) {
	const pidsCode = `const bg = await tools.bash({command: "sleep 300 & echo $!; sleep 300", runInBackground: true});
await tools.bash({command: "sleep 0.5"});
const out = await tools.bash_output({taskId: bg.backgroundTaskId, timeoutMs: 0});
return (await tools.echo.pid({})) + " " + out.output.trim()`
	for _, how := range []string{"stdin closed", "stdin closed, then SIGTERM", "SIGKILL"} {
		t.Run(how, func(t *testing.T) {
			w := newWorkspace(t, stubbornSettings, "")
			s, proc, pids := servePids(t, w, pidsCode)
			if len(pids) != 3 {
				t.Fatalf("pids %v: want the server, its child and the task's sleep", pids)
			}
			start := time.Now()
			switch how {
			case "stdin closed":
				s.close()
			case "stdin closed, then SIGTERM":
				s.close()
				time.Sleep(100 * time.Millisecond)
				proc.Signal(syscall.SIGTERM)
			case "SIGKILL":
				proc.Kill()
			}
			allGone(t, 5*time.Second, how, pids)
			t.Logf("%s: all children gone after %v", how, time.Since(start).Round(time.Millisecond))
			if how != "SIGKILL" && time.Since(start) > 3*time.Second {
				t.Errorf("%s: serve took %v to end its children", how, time.Since(start))
			}
		})
	}
}

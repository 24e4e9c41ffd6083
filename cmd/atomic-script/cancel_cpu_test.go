package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/internal/testutil/bombs"
	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
)

// procCPU is the CPU time process pid has used (Linux /proc).
func procCPU(t *testing.T, pid int) time.Duration {
	t.Helper()
	data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		t.Fatal(err)
	}
	// The command name may hold spaces: fields count from after ")".
	f := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+2:]))
	utime, _ := strconv.ParseInt(f[11], 10, 64)
	stime, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ
}

// TestCancelledCallsStop (issue 29): once serve has answered a codemode
// call as cancelled (the client gave up) or timed out (the script's
// deadline), the work behind it has stopped: in the second after the
// answer (and a 250 ms grace) serve uses almost no CPU. The calls would
// otherwise decompress for seconds: a search through a tar.gz of sparse
// members, a book whose reading order repeats a large chapter, a zip of
// many members.
func TestCancelledCallsStop(t *testing.T) {
	if testing.Short() || racecheck.Enabled || runtime.GOOS != "linux" {
		t.Skip("builds the CLI and measures serve's CPU through /proc (Linux)")
	}
	bin := buildCLI(t)
	dir := t.TempDir()
	var parts []bombs.Part
	for i := range 300 {
		parts = append(parts, bombs.Part{Name: "m" + strconv.Itoa(i) + ".txt", Fill: 'a', Size: 4 << 20})
	}
	for name, data := range map[string][]byte{
		"sparse.tar.gz": bombs.SparseTarGz(200, 16<<30),
		"spine.epub":    bombs.EPUB(4<<20, 60),
		"many.zip":      bombs.Zip(parts...),
	} {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command(bin, "serve")
	cmd.Dir = dir
	cmd.Env = homeIn(dir)
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	client := mcp.NewClient(&mcp.Implementation{Name: "cpu-test", Version: "1"}, nil)
	cs, err := client.Connect(ctx, &mcp.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	pid := cmd.Process.Pid
	for _, c := range []struct {
		name, code    string
		clientCancels bool
	}{
		{"sparse tar, client cancels", `await tools.search({pattern: "x", paths: ["sparse.tar.gz"]})`, true},
		{"sparse tar, deadline", "// @options: {\"timeout_ms\": 300}\n" + `await tools.search({pattern: "x", paths: ["sparse.tar.gz"]})`, false},
		{"epub, client cancels", `await tools.read({path: "spine.epub"})`, true},
		{"zip, deadline", "// @options: {\"timeout_ms\": 300}\n" + `await tools.search({pattern: "b", paths: ["many.zip"]})`, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			callCtx, stop := context.WithCancel(ctx)
			if c.clientCancels {
				time.AfterFunc(300*time.Millisecond, stop)
			}
			start := time.Now()
			res, err := cs.CallTool(callCtx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": c.code}})
			stop()
			answered := time.Since(start)
			switch {
			case c.clientCancels && err == nil:
				t.Fatalf("the call was not cancelled: %+v", res)
			case !c.clientCancels && (err != nil || !res.IsError):
				t.Fatalf("the call did not time out: %v %+v", err, res)
			}
			time.Sleep(250 * time.Millisecond)
			before := procCPU(t, pid)
			time.Sleep(time.Second)
			used := procCPU(t, pid) - before
			t.Logf("answered after %v; CPU in the second after the grace: %v", answered.Round(time.Millisecond), used)
			if used > 150*time.Millisecond {
				t.Errorf("serve used %v of CPU in the second after answering the call (its work did not stop)", used)
			}
		})
	}
}

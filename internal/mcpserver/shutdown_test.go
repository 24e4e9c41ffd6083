package mcpserver_test

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/mcpserver"
	"github.com/atomic-script/atomic-script/tools"
)

// The SDK waits for running handlers when a session ends without
// cancelling them; these tests check that session end and shutdown abort
// the runs in flight instead of waiting for them.

// lateScript starts a bash call that writes late.txt after three seconds,
// then writes late2.txt itself. Aborting the run must prevent both.
const lateScript = `await tools.bash({command: "echo started > started.txt; sleep 3; echo late > late.txt"}); await tools.write({path: "late2.txt", content: "x"}); return 1`

// started waits until lateScript's bash call runs in dir.
func started(t *testing.T, dir string) {
	t.Helper()
	waitFor(t, 15*time.Second, func() bool {
		_, err := os.Stat(filepath.Join(dir, "started.txt"))
		return err == nil
	})
}

// noLateWrites waits past lateScript's sleep and fails if it wrote anything.
func noLateWrites(t *testing.T, dir string) {
	t.Helper()
	time.Sleep(3500 * time.Millisecond)
	for _, f := range []string{"late.txt", "late2.txt"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			t.Errorf("%s was written after the run should have been aborted", f)
		}
	}
}

// burning waits until pid spends CPU (a busy script runs).
func burning(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for start := cpuTime(t, pid); cpuTime(t, pid)-start < 200*time.Millisecond; {
		if time.Now().After(deadline) {
			t.Fatal("the script never started burning CPU")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// exited waits up to d for the child process to end and returns how long
// it took.
func exited(t *testing.T, wait func() error, d time.Duration) time.Duration {
	t.Helper()
	t0 := time.Now()
	done := make(chan struct{})
	go func() { _ = wait(); close(done) }()
	select {
	case <-done:
		return time.Since(t0)
	case <-time.After(d):
		t.Fatalf("the server did not exit within %v", d)
		return 0
	}
}

// httpRunInFlight connects an authenticated client to w's HTTP server and
// starts lateScript, returning once it runs; done closes when the call
// returns. The client is closed at the end of the test.
func httpRunInFlight(t *testing.T, w *workspace, endpoint, auth string) (*mcp.ClientSession, <-chan struct{}) {
	t.Helper()
	cs := connectHTTP(t, endpoint, auth)
	done := make(chan struct{})
	go func() {
		defer close(done)
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_, _ = cs.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": lateScript}})
	}()
	started(t, w.dir)
	return cs, done
}

func TestHTTPDeleteAbortsRunsInFlight(t *testing.T) {
	w := newWorkspace(t, "", "")
	_, endpoint, auth := w.serveHTTP(t)
	cs, done := httpRunInFlight(t, w, endpoint, auth)

	req, _ := http.NewRequest(http.MethodDelete, endpoint, nil)
	req.Header.Set("Authorization", auth)
	req.Header.Set("Mcp-Session-Id", cs.ID())
	req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
	t0 := time.Now()
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if took := time.Since(t0); resp.StatusCode/100 != 2 || took > 2*time.Second { // the bug: the script's full 3 s
		t.Errorf("DELETE mid-run: %s after %v; want 2xx within 2s", resp.Status, took)
	}
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Error("the call did not return after its session was deleted")
	}
	noLateWrites(t, w.dir)
}

func TestServeHTTPSIGTERMAbortsRunsInFlight(t *testing.T) {
	w := newWorkspace(t, "", "")
	cmd, endpoint, auth := w.serveHTTP(t)
	httpRunInFlight(t, w, endpoint, auth)
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if took := exited(t, cmd.Wait, 10*time.Second); took > 4*time.Second { // the bug: 5 s and more
		t.Errorf("serve --http took %v to exit on SIGTERM with a run in flight; want under 4s", took)
	}
	noLateWrites(t, w.dir)
}

func TestServeStdioSIGTERMAbortsBusyScript(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		_, _ = c.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": "while (true) {}"}})
	}()
	pid := c.cmd.Process.Pid
	burning(t, pid)
	if err := c.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	// The client still holds stdin open: the signal alone must end the
	// run and the process. The transport reaps the child; watch /proc.
	waitFor(t, 6*time.Second, func() bool { // the bug: never, while stdin stays open
		data, err := os.ReadFile("/proc/" + itoa(pid) + "/stat")
		return err != nil || strings.Contains(string(data), ") Z ")
	})
}

func itoa(n int) string { return strconv.Itoa(n) }

// inProcess serves one stdio session of a Server in this process and
// connects a real MCP client to it over pipes.
func inProcess(t *testing.T, ctx context.Context) (srv *mcpserver.Server, cs *mcp.ClientSession, dir string, served chan error) {
	t.Helper()
	dir = t.TempDir()
	reg, _ := tools.Select(engine.Builtins(), tools.Layer{Source: "test", Entries: []string{"+codemode"}})
	srv, err := mcpserver.New(mcpserver.Config{Root: dir, Enabled: reg})
	if err != nil {
		t.Fatal(err)
	}
	cr, sw := io.Pipe()
	sr, cw := io.Pipe()
	served = make(chan error, 1)
	go func() { served <- srv.ServeStdio(ctx, sr, sw); sw.Close() }()
	mc := mcp.NewClient(&mcp.Implementation{Name: "in-process", Version: "1"}, nil)
	cs, err = mc.Connect(context.Background(), &mcp.IOTransport{Reader: cr, Writer: cw}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close(); cw.Close(); srv.Close() })
	return srv, cs, dir, served
}

// callAsync calls codemode and delivers the result (nil on a protocol
// error).
func callAsync(cs *mcp.ClientSession, code string) chan *mcp.CallToolResult {
	out := make(chan *mcp.CallToolResult, 1)
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		res, _ := cs.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": code}})
		out <- res
	}()
	return out
}

func TestServeStdioContextCancelAbortsRun(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, cs, dir, served := inProcess(t, ctx)
	callAsync(cs, lateScript)
	started(t, dir)
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Errorf("ServeStdio: %v", err)
		}
	case <-time.After(4 * time.Second):
		t.Fatal("ServeStdio did not return within 4s of its context ending with a run in flight")
	}
	noLateWrites(t, dir)
}

func TestServerCloseAbortsRunInFlight(t *testing.T) {
	srv, cs, dir, _ := inProcess(t, context.Background())
	res := callAsync(cs, lateScript)
	started(t, dir)
	t0 := time.Now()
	if err := srv.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if took := time.Since(t0); took > 2500*time.Millisecond { // the bug: the script's full 3 s
		t.Errorf("Close took %v with a run in flight", took)
	}
	select {
	case r := <-res:
		if r == nil {
			t.Fatal("the call failed at the protocol level; want an aborted result")
		}
		var rr runResult
		structured(t, r, &rr)
		if rr.OK || rr.Error == nil || rr.Error.Kind != "aborted" {
			t.Errorf("run after Close: %s; want kind aborted", text(r))
		}
	case <-time.After(3 * time.Second):
		t.Fatal("the call did not return after Close")
	}
	noLateWrites(t, dir)
}

// TestHTTPIdleSessionIsClosed: an HTTP session whose client vanished
// without a DELETE is closed after HTTPSessionIdle, and its background
// task is killed with it; a request in flight pauses the clock.
func TestHTTPIdleSessionIsClosed(t *testing.T) {
	dir := t.TempDir()
	reg, _ := tools.Select(engine.Builtins(), tools.Layer{Source: "test", Entries: []string{"+codemode"}})
	srv, err := mcpserver.New(mcpserver.Config{Root: dir, Enabled: reg, HTTPSessionIdle: 700 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Close() })
	const token = "0123456789abcdef-idle"
	ts := httptest.NewServer(srv.HTTPHandler(token))
	t.Cleanup(ts.Close) // after the client's own cleanup: its stream would hold ts.Close
	cs := connectHTTP(t, ts.URL, "Bearer "+token)

	// A run longer than the idle time is not cut short.
	res := <-callAsync(cs, `await tools.bash({command: "sleep 1.2"}); await tools.bash({command: "echo $$ > task.pid; exec sleep 60", runInBackground: true}); return 1`)
	if res == nil || res.IsError {
		t.Fatalf("run in flight: %v", res)
	}
	pid := waitPid(t, filepath.Join(dir, "task.pid"))
	// Then nothing: the session and its task end.
	deadline := time.Now().Add(5 * time.Second)
	for proctest.Alive(pid) {
		if time.Now().After(deadline) {
			t.Fatal("the idle session's background task is still running")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// waitPid reads a pid a script wrote to path.
func waitPid(t *testing.T, path string) int {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		if b, err := os.ReadFile(path); err == nil {
			if pid, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil {
				return pid
			}
		}
	}
	t.Fatalf("no pid in %s", path)
	return 0
}

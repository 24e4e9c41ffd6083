package mcpserver_test

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/internal/mcpserver"
)

// overlapScript records, one second into its bash command, how many of
// the scripts are running at that moment.
const overlapScript = `await tools.bash({command: "f=$(mktemp running/r.XXXXXX); sleep 1; ls running | wc -l > $(mktemp seen/s.XXXXXX); rm $f"}); return "ok"`

// maxOverlap is the most scripts the workspace saw running at once.
func maxOverlap(t *testing.T, dir string) (most, runs int) {
	t.Helper()
	entries, err := os.ReadDir(filepath.Join(dir, "seen"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		data, _ := os.ReadFile(filepath.Join(dir, "seen", e.Name()))
		n, _ := strconv.Atoi(strings.TrimSpace(string(data)))
		most = max(most, n)
	}
	return most, len(entries)
}

func overlapWorkspace(t *testing.T) *workspace {
	w := newWorkspace(t, "", "")
	for _, d := range []string{"running", "seen"} {
		if err := os.Mkdir(filepath.Join(w.dir, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// TestServeRunsPerSession: one MCP session runs at most
// mcpserver.RunsPerSession scripts at once; the others wait their turn and
// then run (a host firing many codemode calls in parallel multiplied the
// memory of one session: 12 sessions peaked at 7.1 GB).
func TestServeRunsPerSession(t *testing.T) {
	w := overlapWorkspace(t)
	c := w.serve(t)
	const calls = 5
	var wg sync.WaitGroup
	results := make([]*mcp.CallToolResult, calls)
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i] = c.run(t, overlapScript)
		}()
	}
	wg.Wait()
	for i, r := range results {
		if r.IsError || !strings.Contains(text(r), "ok") {
			t.Errorf("call %d: %s", i, text(r))
		}
	}
	most, runs := maxOverlap(t, w.dir)
	if runs != calls || most > mcpserver.RunsPerSession || most < 1 {
		t.Errorf("%d scripts ran, at most %d at once; want %d, at most %d at once", runs, most, calls, mcpserver.RunsPerSession)
	}
}

// TestServeRunsPerServer: across HTTP sessions serve runs at most
// DefaultMaxRuns scripts at once (serve --max-runs sets another).
func TestServeRunsPerServer(t *testing.T) {
	w := overlapWorkspace(t)
	_, endpoint, auth := w.serveHTTP(t)
	const sessions, perSession = 4, 2
	var wg sync.WaitGroup
	var mu sync.Mutex
	var failed []string
	for range sessions {
		cs := connectHTTP(t, endpoint, auth)
		for range perSession {
			wg.Add(1)
			go func() {
				defer wg.Done()
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				r, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": overlapScript}})
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					failed = append(failed, err.Error())
				} else if r.IsError {
					failed = append(failed, text(r))
				}
			}()
		}
	}
	wg.Wait()
	if len(failed) > 0 {
		t.Fatalf("failed calls: %q", failed)
	}
	most, runs := maxOverlap(t, w.dir)
	if runs != sessions*perSession || most > mcpserver.DefaultMaxRuns || most < 1 {
		t.Errorf("%d scripts ran, at most %d at once; want %d, at most %d at once", runs, most, sessions*perSession, mcpserver.DefaultMaxRuns)
	}
}

// TestServeRefusesPastWhatASessionMayHold (issue 29): calls waiting for a
// session's turn count too. Past RunsPerSession running and
// WaitingPerSession waiting, a codemode call gets a JSON-RPC error at once
// that says to retry, and runs nothing; the admitted ones all run.
func TestServeRefusesPastWhatASessionMayHold(t *testing.T) {
	w := overlapWorkspace(t)
	c := w.serve(t)
	const calls = mcpserver.RunsPerSession + mcpserver.WaitingPerSession + 3
	var wg sync.WaitGroup
	errs := make([]error, calls)
	for i := range calls {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			r, err := c.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": overlapScript}})
			if err == nil && r.IsError {
				t.Errorf("call %d: %s", i, text(r))
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	refused := 0
	for _, err := range errs {
		if err == nil {
			continue
		}
		if !strings.Contains(err.Error(), "serve is busy") || !strings.Contains(err.Error(), "Retry it when one of them has finished") {
			t.Errorf("refusal: %v", err)
		}
		refused++
	}
	_, runs := maxOverlap(t, w.dir)
	if refused != 3 || runs != calls-3 {
		t.Errorf("%d refused and %d ran; want 3 refused and %d ran", refused, runs, calls-3)
	}
}

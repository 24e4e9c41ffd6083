package mcpserver_test

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"
)

// rawStdio is `atomic-script serve` driven line by line, as a host writes
// JSON-RPC: every line the server sends is kept.
type rawStdio struct {
	in    io.WriteCloser
	lines chan map[string]any
	pid   int
}

func startRawStdio(t *testing.T, w *workspace) *rawStdio {
	t.Helper()
	cmd := w.command("serve")
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close(); _ = cmd.Process.Kill(); _ = cmd.Wait() })
	r := &rawStdio{in: in, lines: make(chan map[string]any, 100), pid: cmd.Process.Pid}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(nil, 64<<20)
		for sc.Scan() {
			var m map[string]any
			if json.Unmarshal(sc.Bytes(), &m) == nil {
				r.lines <- m
			}
		}
		close(r.lines)
	}()
	r.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	r.response(t, 1, nil)
	r.send(t, `{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	return r
}

func (r *rawStdio) send(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(r.in, line+"\n"); err != nil {
		t.Fatal(err)
	}
}

// response waits for the response to id, failing on a response to any id
// in forbidden.
func (r *rawStdio) response(t *testing.T, id int, forbidden map[int]bool) map[string]any {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case m, ok := <-r.lines:
			if !ok {
				t.Fatal("the server closed stdout")
			}
			got, isNum := m["id"].(float64)
			if !isNum || m["method"] != nil {
				continue // a notification
			}
			if forbidden[int(got)] {
				t.Errorf("a response to the cancelled request %d arrived: %v", int(got), m)
			}
			if int(got) == id {
				return m
			}
		case <-timeout:
			t.Fatalf("no response to %d", id)
		}
	}
}

func codemodeCall(id int, code string) string {
	args, _ := json.Marshal(map[string]any{"name": "codemode", "arguments": map[string]string{"code": code}})
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"tools/call","params":%s}`, id, args)
}

func cancelNote(id int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":%d,"reason":"user pressed stop"}}`, id)
}

func waitForFile(t *testing.T, path string) string {
	t.Helper()
	var data []byte
	waitFor(t, 20*time.Second, func() bool {
		data, _ = os.ReadFile(path)
		return strings.HasSuffix(string(data), "\n")
	})
	return strings.TrimSpace(string(data))
}

// TestCancelledRequestGetsNoResponse: notifications/cancelled stops the
// run — a busy VM is interrupted, a bash call's process is killed — and
// the cancelled request is never answered, as MCP asks; the session goes
// on.
func TestCancelledRequestGetsNoResponse(t *testing.T) {
	w := newWorkspace(t, "", "")
	r := startRawStdio(t, w)
	r.send(t, codemodeCall(2, `await tools.bash({command: "echo $$ > sleep.pid; exec sleep 1000"})`))
	r.send(t, codemodeCall(3, `while (true) {}`))
	pid, _ := strconv.Atoi(waitForFile(t, filepath.Join(w.dir, "sleep.pid")))
	deadline := time.Now().Add(10 * time.Second)
	for start := cpuTime(t, r.pid); cpuTime(t, r.pid)-start < 200*time.Millisecond; {
		if time.Now().After(deadline) {
			t.Fatal("the busy loop never started")
		}
		time.Sleep(20 * time.Millisecond)
	}
	r.send(t, cancelNote(2))
	r.send(t, cancelNote(3))
	// The bash process is killed and the VM stops burning CPU.
	waitFor(t, 10*time.Second, func() bool { return !proctest.Alive(pid) })
	time.Sleep(300 * time.Millisecond)
	before := cpuTime(t, r.pid)
	time.Sleep(700 * time.Millisecond)
	if used := cpuTime(t, r.pid) - before; used > 300*time.Millisecond {
		t.Errorf("the server used %v of CPU in 700ms after cancellation: the script still runs", used)
	}
	// Later requests are answered, the cancelled ones never are.
	forbidden := map[int]bool{2: true, 3: true}
	r.send(t, `{"jsonrpc":"2.0","id":4,"method":"ping"}`)
	r.response(t, 4, forbidden)
	r.send(t, codemodeCall(5, `return "alive"`))
	if m := r.response(t, 5, forbidden); !strings.Contains(fmt.Sprint(m["result"]), "alive") {
		t.Errorf("after cancellation: %v", m)
	}
	// A cancellation of a request that already finished changes nothing.
	r.send(t, cancelNote(5))
	r.send(t, codemodeCall(6, `return 6`))
	r.response(t, 6, forbidden)
}

// TestCancelledHTTPRequestGetsNoResponse: the same over streamable HTTP,
// where the cancellation comes in its own POST: the cancelled request's
// stream ends without a response.
func TestCancelledHTTPRequestGetsNoResponse(t *testing.T) {
	w := newWorkspace(t, "", "")
	_, endpoint, auth := w.serveHTTP(t)
	post := func(session, body string) *http.Response {
		t.Helper()
		req, _ := http.NewRequest("POST", endpoint, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", auth)
		if session != "" {
			req.Header.Set("Mcp-Session-Id", session)
			req.Header.Set("Mcp-Protocol-Version", "2025-06-18")
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := post("", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	session := res.Header.Get("Mcp-Session-Id")
	io.Copy(io.Discard, res.Body)
	res.Body.Close()
	if session == "" {
		t.Fatalf("no session id (status %d)", res.StatusCode)
	}
	post(session, `{"jsonrpc":"2.0","method":"notifications/initialized"}`).Body.Close()

	body := make(chan string, 1)
	go func() {
		res := post(session, codemodeCall(2, `await tools.bash({command: "echo $$ > sleep.pid; exec sleep 1000"})`))
		data, _ := io.ReadAll(res.Body)
		res.Body.Close()
		body <- string(data)
	}()
	pid, _ := strconv.Atoi(waitForFile(t, filepath.Join(w.dir, "sleep.pid")))
	post(session, cancelNote(2)).Body.Close()
	waitFor(t, 10*time.Second, func() bool { return !proctest.Alive(pid) })
	select {
	case b := <-body:
		if strings.Contains(b, `"id":2`) || strings.Contains(b, `"result"`) {
			t.Errorf("the cancelled request was answered: %s", b)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the cancelled request's stream never ended")
	}
	res = post(session, codemodeCall(3, `return "alive"`))
	data, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if !strings.Contains(string(data), `"id":3`) || !strings.Contains(string(data), "alive") {
		t.Errorf("after cancellation: %s", data)
	}
}

// TestResponsesAreBounded: no response is over 128 KB by default: not a
// direct find with a huge limit, not a huge todo list (refused), not a
// codemode script that asks for a million tokens.
func TestResponsesAreBounded(t *testing.T) {
	w := newWorkspace(t, "", "")
	for i := 0; i < 3000; i++ {
		p := filepath.Join(w.dir, "tree", fmt.Sprintf("d%02d", i%30), fmt.Sprintf("some-long-file-name-%04d.txt", i))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, nil, 0o644)
	}
	c := w.serve(t)
	size := func(r *mcp.CallToolResult) int {
		data, _ := json.Marshal(r)
		return len(data)
	}
	r := c.call(t, "find", map[string]any{"paths": "tree", "limit": 10000})
	var f struct {
		FileCount        int  `json:"fileCount"`
		ListLimitReached bool `json:"listLimitReached"`
	}
	structured(t, r, &f)
	if n := size(r); n > 128<<10 || r.IsError || !f.ListLimitReached || f.FileCount < 300 {
		t.Errorf("find: %d bytes, isError %v, %+v", n, r.IsError, f)
	}
	todos := []map[string]string{}
	for i := 0; i < 1000; i++ {
		todos = append(todos, map[string]string{"content": strings.Repeat("x", 740)})
	}
	r = c.call(t, "todowrite", map[string]any{"todos": todos})
	if !r.IsError || !strings.Contains(text(r), "want at most 100 items, got 1000") || size(r) > 16<<10 {
		t.Errorf("todowrite of 743 KB: isError %v, %d bytes: %.200s", r.IsError, size(r), text(r))
	}
	r = c.run(t, "// @options: {\"max_output_tokens\": 1000000}\nfor (let i = 0; i < 60000; i++) console.log('line ' + i + ' ' + 'y'.repeat(90)); return 1")
	if n := size(r); n > 128<<10 || !strings.Contains(text(r), "max_output_tokens 1000000 is above this run's cap of 10000 tokens") {
		t.Errorf("codemode: %d bytes\n%.300s", n, text(r))
	}
}

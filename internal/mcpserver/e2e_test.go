package mcpserver_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The end-to-end tests launch the real binary with a real MCP client from
// the SDK, over stdio.
var (
	binPath  string // atomic-script
	echoPath string // testdata/echoserver, a stdio MCP server
	// buildFlags are go build flags for both (race_test.go adds -race).
	buildFlags []string
	// callTimeout bounds one tool call of a test (longer under -race).
	callTimeout = 30 * time.Second
)

func TestMain(m *testing.M) {
	flag.Parse()
	if fuzzing() {
		// Fuzz targets need no binaries, and every fuzz worker runs TestMain.
		os.Exit(m.Run())
	}
	dir, err := os.MkdirTemp("", "mcpserver-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	binPath = filepath.Join(dir, "atomic-script")
	echoPath = filepath.Join(dir, "echoserver")
	for _, b := range [][2]string{{"../../cmd/atomic-script", binPath}, {"./testdata/echoserver", echoPath}} {
		args := append(append([]string{"build"}, buildFlags...), "-o", b[1], b[0])
		out, err := exec.Command("go", args...).CombinedOutput()
		if err != nil {
			fmt.Fprintf(os.Stderr, "go build %s: %v\n%s", b[0], err, out)
			os.Exit(1)
		}
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// fuzzing reports whether this process fuzzes (the coordinator or a worker).
func fuzzing() bool {
	f, w := flag.Lookup("test.fuzz"), flag.Lookup("test.fuzzworker")
	return (f != nil && f.Value.String() != "") || (w != nil && w.Value.String() == "true")
}

// workspace is a hermetic workspace: its own HOME, settings home, state
// and temp directories.
type workspace struct {
	dir  string
	home string
}

// newWorkspace writes the user and project settings (empty: none); the
// text "ECHO" in them names the echo server binary.
func newWorkspace(t testing.TB, user, project string) *workspace {
	t.Helper()
	w := &workspace{dir: t.TempDir()}
	w.home = filepath.Join(w.dir, ".home")
	for _, s := range []struct{ path, text string }{
		{filepath.Join(w.home, ".atomic", "agent", "settings.json"), user},
		{filepath.Join(w.dir, ".atomic", "settings.json"), project},
	} {
		if s.text == "" {
			continue
		}
		if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
			t.Fatal(err)
		}
		text := strings.ReplaceAll(s.text, "$ECHO", echoPath)
		text = strings.ReplaceAll(text, "$MARKER", filepath.Join(w.dir, "marker"))
		if err := os.WriteFile(s.path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(w.dir, ".tmp"), 0o755); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *workspace) env() []string {
	// The trust and token variables of the test's own environment must not
	// decide what the tests see.
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "ATOMIC_TRUST_PROJECT=") && !strings.HasPrefix(kv, "ATOMIC_SERVE_TOKEN=") {
			env = append(env, kv)
		}
	}
	return append(env, "HOME="+w.home, "ATOMIC_HOME="+filepath.Join(w.home, ".atomic"),
		"ATOMIC_STATE_DIR="+filepath.Join(w.home, "state"), "TMPDIR="+filepath.Join(w.dir, ".tmp"))
}

func (w *workspace) command(args ...string) *exec.Cmd {
	cmd := exec.Command(binPath, args...)
	cmd.Dir = w.dir
	cmd.Env = w.env()
	return cmd
}

// client is one MCP session with a served binary.
type client struct {
	*mcp.ClientSession
	cmd    *exec.Cmd
	stderr *syncBuffer

	mu       sync.Mutex
	progress []string
	changed  int
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// serve starts `atomic-script serve args...` and connects to it.
func (w *workspace) serve(t testing.TB, args ...string) *client {
	t.Helper()
	return w.serveWith(t, nil, args...)
}

// serveWith is serve with a client that configure adjusts (an elicitation
// handler).
func (w *workspace) serveWith(t testing.TB, configure func(*mcp.ClientOptions), args ...string) *client {
	t.Helper()
	c := &client{cmd: w.command(append([]string{"serve"}, args...)...), stderr: &syncBuffer{}}
	c.cmd.Stderr = c.stderr
	opts := &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			c.mu.Lock()
			c.progress = append(c.progress, req.Params.Message)
			c.mu.Unlock()
		},
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			c.mu.Lock()
			c.changed++
			c.mu.Unlock()
		},
	}
	if configure != nil {
		configure(opts)
	}
	mc := mcp.NewClient(&mcp.Implementation{Name: "e2e", Version: "1"}, opts)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	cs, err := mc.Connect(ctx, &mcp.CommandTransport{Command: c.cmd}, nil)
	if err != nil {
		t.Fatalf("connect: %v\nstderr: %s", err, c.stderr)
	}
	c.ClientSession = cs
	t.Cleanup(func() {
		_ = cs.Close()
		if t.Failed() {
			t.Logf("server stderr:\n%s", c.stderr)
		}
	})
	return c
}

// call calls a tool and fails the test on a protocol error.
func (c *client) call(t testing.TB, name string, args any) *mcp.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), callTimeout)
	defer cancel()
	res, err := c.CallTool(ctx, &mcp.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return res
}

func (c *client) run(t testing.TB, code string) *mcp.CallToolResult {
	t.Helper()
	return c.call(t, "codemode", map[string]any{"code": code})
}

func text(r *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range r.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// structured decodes structuredContent into v.
func structured(t testing.TB, r *mcp.CallToolResult, v any) {
	t.Helper()
	data, err := json.Marshal(r.StructuredContent)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, v); err != nil {
		t.Fatalf("structuredContent %s: %v", data, err)
	}
}

// runResult is the part of codemode's structured result the tests read.
type runResult struct {
	OK    bool            `json:"ok"`
	Value json.RawMessage `json:"value"`
	Error *struct {
		Kind, Name, Message, Code string
	} `json:"error"`
	Calls []struct {
		ID, Name, Status, Code string
	} `json:"calls"`
	Text           *string           `json:"text"`
	Output         []json.RawMessage `json:"output"`
	Logs           []string          `json:"logs"`
	Truncated      bool              `json:"truncated"`
	FullOutputPath string            `json:"fullOutputPath"`
}

func mustRun(t testing.TB, c *client, code string) runResult {
	t.Helper()
	res := c.run(t, code)
	var r runResult
	structured(t, res, &r)
	if res.IsError || !r.OK {
		t.Fatalf("script failed: %s", text(res))
	}
	return r
}

func TestInitializeAndListTools(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)
	init := c.InitializeResult()
	if init.ServerInfo.Name != "atomic-script" || init.Capabilities.Tools == nil || !strings.Contains(init.Instructions, "codemode") {
		t.Fatalf("initialize: %+v", init)
	}
	ctx := context.Background()
	byName := map[string]*mcp.Tool{}
	for tool, err := range c.Tools(ctx, nil) {
		if err != nil {
			t.Fatal(err)
		}
		byName[tool.Name] = tool
	}
	for _, want := range []string{"codemode", "get_tools", "todowrite", "todo_get", "todo_update"} {
		if byName[want] == nil {
			t.Errorf("tools/list lacks %s (has %v)", want, keys(byName))
		}
	}
	if byName["tool_search"] != nil {
		t.Error("tool_search is listed though it is off by default")
	}
	// Tools that change nothing outside the session say so (the todo tools
	// are in the spec's read-only set); the others do not.
	for name, readOnly := range map[string]bool{"read": true, "search": true, "find": true, "bash_output": true, "todo_get": true, "write": false, "edit": false, "bash": false, "kill": false, "todowrite": true} {
		tool := byName[name]
		if tool == nil {
			t.Errorf("tools/list lacks %s", name)
			continue
		}
		if got := tool.Annotations != nil && tool.Annotations.ReadOnlyHint; got != readOnly {
			t.Errorf("%s: readOnlyHint %v, want %v", name, got, readOnly)
		}
	}
	cm := byName["codemode"]
	for _, want := range []string{"searchTools(", "declare namespace tools {", "  function search(args: {", "\n- todo_get(): Read the session task checklist.", "a script stops after 60s"} {
		if !strings.Contains(cm.Description, want) {
			t.Errorf("codemode description lacks %q:\n%s", want, cm.Description)
		}
	}
	if cm.OutputSchema == nil || byName["todo_get"].OutputSchema == nil {
		t.Error("codemode and todo_get should have output schemas")
	}
	if in, _ := json.Marshal(cm.InputSchema); !strings.Contains(string(in), `"required":["code"]`) {
		t.Errorf("codemode input schema %s", in)
	}
	// The status report is also a resource.
	rr, err := c.ReadResource(ctx, &mcp.ReadResourceParams{URI: "atomic-script://tools/status"})
	if err != nil || len(rr.Contents) != 1 || rr.Contents[0].MIMEType != "application/json" || !strings.Contains(rr.Contents[0].Text, `"name": "codemode"`) {
		t.Errorf("status resource: %v %+v", err, rr)
	}
}

func keys[V any](m map[string]V) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestCodemodeScriptUsesThreeTools(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)
	res := c.run(t, "```js\n"+`await tools.todowrite({todos: [{content: "write tests"}, {content: "ship"}]});
await tools.todo_update({index: 0, status: "completed"});
const list = await tools.todo_get();
store("summary", list.summary);
console.log("checked", list.todos.length);
return list.summary;`+"\n```")
	if res.IsError {
		t.Fatalf("script failed: %s", text(res))
	}
	for _, want := range []string{"Script completed\n", "Output:\n2 items: 1 completed, 0 in progress, 1 pending\n", "<console_output>\nchecked 2\n</console_output>"} {
		if !strings.Contains(text(res), want) {
			t.Errorf("text lacks %q:\n%s", want, text(res))
		}
	}
	var r runResult
	structured(t, res, &r)
	if !r.OK || string(r.Value) != `"2 items: 1 completed, 0 in progress, 1 pending"` || r.Text != nil {
		t.Errorf("structured: %+v", r)
	}
	var ids []string
	for _, call := range r.Calls {
		ids = append(ids, call.ID+" "+call.Name+" "+call.Status)
	}
	if strings.Join(ids, ", ") != "1/1 todowrite ok, 1/2 todo_update ok, 1/3 todo_get ok" {
		t.Errorf("calls: %v", ids)
	}

	// The MCP session is one engine session: a direct call sees the todo
	// list, and the next script sees the store branch.
	direct := c.call(t, "todo_get", map[string]any{})
	if direct.IsError || !strings.Contains(text(direct), "[x] write tests") {
		t.Errorf("direct todo_get: %s", text(direct))
	}
	r2 := mustRun(t, c, `return load("summary")`)
	if string(r2.Value) != `"2 items: 1 completed, 0 in progress, 1 pending"` {
		t.Errorf("load in the second run: %s", r2.Value)
	}
	if len(r2.Calls) != 0 {
		t.Errorf("second run calls %+v", r2.Calls)
	}

	// Another MCP session has its own engine session.
	other := newWorkspace(t, "", "").serve(t)
	r3 := mustRun(t, other, `return [load("summary") ?? null, (await tools.todo_get()).todos.length]`)
	if string(r3.Value) != `[null,0]` {
		t.Errorf("a second session sees %s", r3.Value)
	}
}

func TestCodemodeFailures(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)
	for _, tc := range []struct {
		name, code  string
		kind, code2 string
		texts       []string
	}{
		{"throw", "console.log('before');\nthrow new TypeError('boom')", "script", "",
			[]string{"Script failed\n", "<console_output>\nbefore\n</console_output>", "Script error:\nTypeError: boom", "codemode.js:2"}},
		{"tool error", "await tools.todo_update({index: 4, status: 'completed'})", "script", "ERR_NOT_FOUND",
			[]string{"the checklist is empty; create it with todowrite first [ERR_NOT_FOUND]", "Tool calls made (their effects are not undone):\n- 2/1 todo_update"}},
		{"invalid args", "await tools.todo_update({index: 'x'})", "script", "ERR_INVALID_ARGS",
			[]string{`todo_update: invalid arguments: at "index"`}},
		{"syntax", "return (", "script", "", []string{"SyntaxError"}},
		{"bad options", "// @options: {\"nope\": 1}\nreturn 1", "script", "", []string{"Script failed"}},
		{"timeout", "// @options: {\"timeout_ms\": 100}\nwhile (true) {}", "timeout", "", []string{"deadline of 100ms"}},
		{"exit", "exit(3)", "script", "", []string{"exit(3)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res := c.run(t, tc.code)
			var r runResult
			structured(t, res, &r)
			if !res.IsError || r.OK || r.Error == nil || r.Error.Kind != tc.kind || r.Error.Code != tc.code2 {
				t.Errorf("isError %v, structured %+v", res.IsError, r)
			}
			for _, want := range tc.texts {
				if !strings.Contains(text(res), want) {
					t.Errorf("text lacks %q:\n%s", want, text(res))
				}
			}
		})
	}
	// Failures never ended the session.
	if r := mustRun(t, c, "return 1"); string(r.Value) != "1" {
		t.Errorf("after failures: %s", r.Value)
	}
}

// TestCappedResultHasCompactStructuredCopy: a result over the output cap is
// capped in its structured copy too: no output items or logs, no large
// value, the first and last calls only; the truncation facts stay.
func TestCappedResultHasCompactStructuredCopy(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)
	res := c.run(t, `for (let i = 0; i < 3000; i++) console.log("log line " + i); text("y".repeat(300000)); for (let i = 0; i < 150; i++) await tools.todo_get(); return "x".repeat(300000)`)
	var r runResult
	structured(t, res, &r)
	raw, _ := json.Marshal(res.StructuredContent)
	if !r.OK || !r.Truncated || r.FullOutputPath == "" || len(r.Output) != 0 || len(r.Logs) != 0 || (r.Value != nil && string(r.Value) != "null") || len(r.Calls) != 100 || len(raw) > 64<<10 {
		t.Errorf("structured copy: %d bytes, ok %v truncated %v path %q output %d logs %d value %v calls %d", len(raw), r.OK, r.Truncated, r.FullOutputPath, len(r.Output), len(r.Logs), r.Value != nil, len(r.Calls))
	}
	if len(r.Calls) == 100 && (r.Calls[0].ID != "1/1" || r.Calls[99].ID != "1/150") {
		t.Errorf("calls kept: %s … %s", r.Calls[0].ID, r.Calls[99].ID)
	}
	// An uncapped result keeps everything.
	if r := mustRun(t, c, `console.log("hi"); text("t"); return {a: 1}`); len(r.Logs) != 1 || len(r.Output) != 2 || r.Value == nil {
		t.Errorf("uncapped copy lost data: %+v", r)
	}
}

func TestDirectTools(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)
	res := c.call(t, "todowrite", map[string]any{"todos": []map[string]any{{"content": "a"}, {"content": "b", "priority": "high"}}})
	if res.IsError || !strings.Contains(text(res), "2 items: 0 completed, 0 in progress, 2 pending") {
		t.Fatalf("todowrite: %s", text(res))
	}
	var list struct {
		Todos   []map[string]string `json:"todos"`
		Summary string              `json:"summary"`
	}
	structured(t, res, &list)
	if len(list.Todos) != 2 || list.Todos[1]["priority"] != "high" {
		t.Errorf("structured %+v", list)
	}
	for _, tc := range []struct {
		args any
		want string
	}{
		{map[string]any{"status": "completed"}, `todo_update: invalid arguments: missing property 'index'. todo_update takes: index, status?, content?, priority? [ERR_INVALID_ARGS]`},
		{map[string]any{"index": 9, "status": "completed"}, `todo_update: no item at index 9; the checklist has 2 items (indexes 0-1) [ERR_NOT_FOUND]`},
		{map[string]any{"index": 0, "status": "done"}, `at "status": value must be one of`},
	} {
		res := c.call(t, "todo_update", tc.args)
		if !res.IsError || !strings.Contains(text(res), tc.want) {
			t.Errorf("%v: isError %v, %q", tc.args, res.IsError, text(res))
		}
	}
	// A script in the same session sees the direct call's list.
	if r := mustRun(t, c, `return (await tools.todo_get()).todos.map(t => t.content)`); string(r.Value) != `["a","b"]` {
		t.Errorf("script sees %s", r.Value)
	}
}

func TestMalformedArgumentsRunNothing(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)
	// A host forwards the model's argument text as a string: cut off...
	cut := `{"code": "await tools.todowrite({todos: [{content: \"x\"}]}); return 1`
	res := c.call(t, "codemode", cut)
	if !res.IsError || !strings.Contains(text(res), "not valid JSON: they end before the JSON is complete (cut off?). Nothing was run") || !strings.Contains(text(res), "[ERR_INVALID_ARGS]\n") ||
		!strings.HasSuffix(text(res), "Original arguments:\n"+cut) {
		t.Errorf("cut-off arguments: %s", text(res))
	}
	// ...malformed, or not an object at all.
	res = c.call(t, "todowrite", `{"todos": [{"content": "x"},]}`)
	if !res.IsError || !strings.Contains(text(res), "todowrite: the arguments are not valid JSON") || !strings.Contains(text(res), `{"todos": [{"content": "x"},]}`) {
		t.Errorf("malformed arguments: %s", text(res))
	}
	res = c.call(t, "codemode", []any{"return 1"})
	if !res.IsError || !strings.Contains(text(res), "must be a JSON object, got an array") {
		t.Errorf("array arguments: %s", text(res))
	}
	// Nothing ran.
	if r := mustRun(t, c, `return (await tools.todo_get()).todos.length`); string(r.Value) != "0" {
		t.Errorf("a rejected call ran: %s todos", r.Value)
	}
	// A complete object sent as a string is accepted.
	res = c.call(t, "codemode", `{"code": "return 2"}`)
	if res.IsError || !strings.Contains(text(res), "Output:\n2\n") {
		t.Errorf("stringified arguments: %s", text(res))
	}
}

// TestMalformedFrameKeepsSession writes a cut-off JSON-RPC frame straight to
// the server: it answers with an error quoting it, and the session lives on.
func TestMalformedFrameKeepsSession(t *testing.T) {
	w := newWorkspace(t, "", "")
	cmd := w.command("serve")
	stdin, _ := cmd.StdinPipe()
	stdout, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	defer stdin.Close()
	dec := json.NewDecoder(stdout)
	send := func(s string) { fmt.Fprintln(stdin, s) }
	type reply struct {
		ID     json.RawMessage `json:"id"`
		Result json.RawMessage `json:"result"`
		Error  *struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}
	recv := func() reply {
		var r reply
		if err := dec.Decode(&r); err != nil {
			t.Fatal(err)
		}
		return r
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"raw","version":"1"}}}`)
	if r := recv(); string(r.ID) != "1" || r.Error != nil {
		t.Fatalf("initialize: %+v", r)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	frame := `{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"codemode","arguments":{"code":"await tools.todowrite({todos:[{content:'x'}]})`
	send(frame)
	r := recv()
	if string(r.ID) != "2" || r.Error == nil || r.Error.Code != -32700 || !strings.Contains(r.Error.Message, "nothing was run") || !strings.HasSuffix(r.Error.Message, "Original message:\n"+frame) {
		t.Fatalf("malformed frame: %+v", r)
	}
	// A batch (which the SDK would end the session on) is refused alike.
	for _, batch := range []string{`[]`, `[{"jsonrpc":"2.0","id":8,"method":"ping"}]`} {
		send(batch)
		r = recv()
		if string(r.ID) != "null" || r.Error == nil || r.Error.Code != -32600 || !strings.Contains(r.Error.Message, "JSON-RPC batch") {
			t.Fatalf("batch %s: %+v", batch, r)
		}
	}
	send(`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"codemode","arguments":{"code":"return (await tools.todo_get()).todos.length"}}}`)
	r = recv()
	if string(r.ID) != "3" || r.Error != nil || !strings.Contains(string(r.Result), `Output:\n0\n`) {
		t.Fatalf("after the malformed frame: %s %+v", r.Result, r.Error)
	}
}

// cpuTime is the user+system CPU time of pid, from /proc.
func cpuTime(t testing.TB, pid int) time.Duration {
	t.Helper()
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		t.Skipf("no /proc: %v", err)
	}
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+2:]))
	var utime, stime int64
	fmt.Sscan(fields[11], &utime)
	fmt.Sscan(fields[12], &stime)
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ
}

func TestCancellationAbortsScript(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := c.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": "while (true) {}"}})
		done <- err
	}()
	// Let the busy loop burn CPU, then cancel.
	pid := c.cmd.Process.Pid
	deadline := time.Now().Add(10 * time.Second)
	for start := cpuTime(t, pid); cpuTime(t, pid)-start < 200*time.Millisecond; {
		if time.Now().After(deadline) {
			t.Fatal("the script never started burning CPU")
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err == nil || !strings.Contains(err.Error(), "context canceled") {
		t.Fatalf("cancelled call returned %v", err)
	}
	// The loop stops: the server goes idle.
	time.Sleep(300 * time.Millisecond)
	before := cpuTime(t, pid)
	time.Sleep(700 * time.Millisecond)
	if used := cpuTime(t, pid) - before; used > 300*time.Millisecond {
		t.Fatalf("the server used %v of CPU in 700ms after cancellation: the script still runs", used)
	}
	if r := mustRun(t, c, "return 'alive'"); string(r.Value) != `"alive"` {
		t.Errorf("after cancellation: %s", r.Value)
	}
}

// echoSettings configure the echo server; tests put them in the user
// settings (project servers start only with --trust-project).
const echoSettings = `{"mcpServers": {"echo": {"command": "$ECHO", "description": "A test server.", "env": {"ECHO_MARKER": "$MARKER"}}}}`

func TestCancellationReachesExternalTool(t *testing.T) {
	w := newWorkspace(t, echoSettings, "")
	c := w.serve(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() {
		_, err := c.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": "await tools.echo.sleep({ms: 60000})"},
			Meta: mcp.Meta{"progressToken": "sleep"}})
		done <- err
	}()
	marker := func(want string) func() bool {
		return func() bool {
			data, _ := os.ReadFile(filepath.Join(w.dir, "marker"))
			return string(data) == want
		}
	}
	// Wait until the external tool runs, then cancel: the cancellation
	// travels through the script to the external server.
	waitFor(t, 15*time.Second, marker("sleeping"))
	waitFor(t, 5*time.Second, func() bool {
		return strings.Contains(strings.Join(c.progressMessages(), "\n"), "1 running (echo.sleep)")
	})
	cancel()
	<-done
	waitFor(t, 5*time.Second, marker("cancelled"))
}

func (c *client) progressMessages() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.progress...)
}

func waitFor(t testing.TB, d time.Duration, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("condition not met within %v", d)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func TestProgressNotifications(t *testing.T) {
	c := newWorkspace(t, "", "").serve(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := c.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Meta: mcp.Meta{"progressToken": 7},
		Arguments: map[string]any{"code": "await tools.todo_get(); const t = Date.now(); while (Date.now() - t < 2500) {} return 1"}})
	if err != nil || res.IsError {
		t.Fatalf("%v %s", err, text(res))
	}
	msgs := c.progressMessages()
	joined := strings.Join(msgs, "\n")
	if len(msgs) < 2 || !strings.Contains(joined, "running 1.") || !strings.Contains(joined, "1 tool call(s) done") {
		t.Errorf("progress: %q", msgs)
	}
	// Without a token, nothing is sent.
	n := len(msgs)
	mustRun(t, c, "const t = Date.now(); while (Date.now() - t < 1200) {} return 1")
	if got := len(c.progressMessages()); got != n {
		t.Errorf("%d notifications without a progress token", got-n)
	}
}

func TestExternalServerNamespace(t *testing.T) {
	w := newWorkspace(t, echoSettings, "")
	c := w.serve(t)
	if !strings.Contains(toolDescription(t, c, "codemode"), "- tools.echo: A test server.") {
		t.Errorf("codemode description does not list the echo namespace")
	}
	r := mustRun(t, c, `
const echoed = await tools.echo.echo({text: "hi"});
const hello = await tools.echo["say-hello"]({name: "you"});
let failed;
try { await tools.echo.fail({}); } catch (e) { failed = {name: e.name, message: e.message, code: e.code}; }
return {
  echoed, hello, failed,
  all: ALL_TOOLS.filter(t => t.namespace === "echo").map(t => t.name),
  found: searchTools("greet someone").map(t => t.name),
  ns: describeNamespace("echo"),
  decl: describeTool("echo.say-hello").declaration,
  pid: await tools.echo.pid({}),
  hostOnly: ["codemode" in tools, typeof tools.echo.constructor === "function" && ALL_TOOLS.some(t => t.name === "echo" && t.namespace === "")],
}`)
	var v struct {
		Echoed map[string]any `json:"echoed"`
		Hello  string         `json:"hello"`
		Failed map[string]any `json:"failed"`
		All    []string       `json:"all"`
		Found  []string       `json:"found"`
		NS     struct {
			Name, Description string
			Tools             []struct{ Name string }
		} `json:"ns"`
		Decl     string `json:"decl"`
		PID      string `json:"pid"`
		HostOnly []any  `json:"hostOnly"`
	}
	if err := json.Unmarshal(r.Value, &v); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(v.Echoed) != "map[echo:hi]" {
		t.Errorf("echo result (want its structuredContent): %v", v.Echoed)
	}
	if v.Hello != "hello you" || fmt.Sprint(v.Failed) != "map[code:ERR_TOOL message:this tool always fails name:ToolError]" {
		t.Errorf("hello %q, fail %v", v.Hello, v.Failed)
	}
	if strings.Join(v.All, ",") != "echo,fail,pid,say-hello,sleep" || len(v.Found) == 0 || v.Found[0] != "say-hello" {
		t.Errorf("ALL_TOOLS %v, searchTools %v", v.All, v.Found)
	}
	if v.NS.Name != "echo" || v.NS.Description != "A test server." || len(v.NS.Tools) != 5 {
		t.Errorf("describeNamespace: %+v", v.NS)
	}
	if !strings.Contains(v.Decl, "say_hello(args: {") {
		t.Errorf("declaration %q", v.Decl)
	}
	if fmt.Sprint(v.HostOnly) != "[false false]" {
		t.Errorf("host-only entries reach scripts: %v", v.HostOnly)
	}

	// Reused across runs: the same process answers.
	r2 := mustRun(t, c, `return await tools.echo.pid({})`)
	if string(r2.Value) != `"`+v.PID+`"` {
		t.Errorf("second run reached pid %s, first %s", r2.Value, v.PID)
	}
	// Shut down cleanly when the session ends.
	var pid int
	fmt.Sscan(v.PID, &pid)
	c.Close()
	waitFor(t, 10*time.Second, func() bool { return syscall.Kill(pid, 0) != nil })
	if st := c.cmd.ProcessState; st == nil || !st.Success() {
		t.Errorf("serve exited with %v", st)
	}
}

func toolDescription(t testing.TB, c *client, name string) string {
	t.Helper()
	for tool, err := range c.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		if tool.Name == name {
			return tool.Description
		}
	}
	t.Fatalf("no tool %s", name)
	return ""
}

func TestSelectionIsAuthoritativeForScripts(t *testing.T) {
	w := newWorkspace(t, echoSettings, "")
	c := w.serve(t, "--tools", "todo_get,codemode")
	r := mustRun(t, c, `
const out = [];
for (const call of [() => tools.todowrite({todos: []}), () => tools.echo.pid({})]) {
  try { await call(); out.push("called"); } catch (e) { out.push(e.name + ": " + e.code); }
}
return [out, "todowrite" in tools, "echo" in tools, ALL_TOOLS.map(t => t.name)]`)
	if string(r.Value) != `[["ToolError: ERR_UNKNOWN_TOOL","ToolError: ERR_UNKNOWN_TOOL"],false,false,["todo_get"]]` {
		t.Errorf("got %s", r.Value)
	}
	// The direct tools follow the same selection.
	var names []string
	for tool, err := range c.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	if strings.Join(names, ",") != "codemode,get_tools,todo_get" {
		t.Errorf("tools/list %v", names)
	}
	// The echo server never started.
	if _, err := os.Stat(filepath.Join(w.dir, "marker")); err == nil {
		t.Error("marker exists")
	}
}

func listNames(t testing.TB, c *client) string {
	t.Helper()
	var names []string
	for tool, err := range c.Tools(context.Background(), nil) {
		if err != nil {
			t.Fatal(err)
		}
		names = append(names, tool.Name)
	}
	return strings.Join(names, ",")
}

func TestToolSearchActivatesTools(t *testing.T) {
	w := newWorkspace(t, "", `{"codemode": {"directTools": false}, "defaultTools": ["+tool_search", "-todowrite"]}`)
	c := w.serve(t)
	if got := listNames(t, c); got != "codemode,get_tools,tool_search" {
		t.Fatalf("tools/list %s", got)
	}
	res := c.call(t, "tool_search", map[string]any{"query": "checklist item", "limit": 3})
	if res.IsError {
		t.Fatalf("tool_search: %s", text(res))
	}
	var found struct {
		Matches []struct{ Name, Status string } `json:"matches"`
	}
	structured(t, res, &found)
	activated := map[string]bool{}
	for _, m := range found.Matches {
		if m.Name == "todowrite" {
			t.Errorf("tool_search found a tool the selection removed: %+v", found)
		}
		if m.Status == "activated" {
			activated[m.Name] = true
		}
	}
	if !activated["todo_update"] || !strings.Contains(text(res), "todo_update (activated)") {
		t.Fatalf("todo_update not activated: %s", text(res))
	}
	waitFor(t, 5*time.Second, func() bool { c.mu.Lock(); defer c.mu.Unlock(); return c.changed > 0 })
	if got := listNames(t, c); !strings.Contains(got, "todo_update") || strings.Contains(got, "todowrite") {
		t.Errorf("tools/list after tool_search: %s", got)
	}
	if res := c.call(t, "todo_update", map[string]any{"index": 0, "status": "completed"}); !res.IsError || !strings.Contains(text(res), "ERR_NOT_FOUND") {
		t.Errorf("activated tool: %s", text(res))
	}
	// Searching again reports the tool as active, and changes nothing.
	res = c.call(t, "tool_search", map[string]any{"query": "checklist item", "limit": 3})
	if !strings.Contains(text(res), "todo_update (already active)") {
		t.Errorf("second search: %s", text(res))
	}
}

// serveHTTP starts `atomic-script serve --http 127.0.0.1:0` with extra
// environment and returns the endpoint and the Authorization value printed
// on stderr.
func (w *workspace) serveHTTP(t *testing.T, env ...string) (cmd *exec.Cmd, endpoint, auth string) {
	t.Helper()
	cmd = w.command("serve", "--http", "127.0.0.1:0")
	cmd.Env = append(cmd.Env, env...)
	stderr, _ := cmd.StderrPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	line := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		if sc.Scan() {
			line <- sc.Text()
		}
		close(line)
		io.Copy(io.Discard, stderr)
	}()
	select {
	case l := <-line:
		// atomic-script: serving MCP on http://127.0.0.1:PORT/mcp (Authorization: Bearer TOKEN)
		rest, ok := strings.CutPrefix(l, "atomic-script: serving MCP on ")
		endpoint, auth, _ = strings.Cut(rest, " (Authorization: ")
		auth, ok2 := strings.CutSuffix(auth, ")")
		if !ok || !ok2 || !strings.HasPrefix(endpoint, "http://127.0.0.1:") || !strings.HasSuffix(endpoint, "/mcp") {
			t.Fatalf("serve --http said %q", l)
		}
		return cmd, endpoint, auth
	case <-time.After(10 * time.Second):
		t.Fatal("no address on stderr")
	}
	return nil, "", ""
}

// withAuth is an http.RoundTripper that adds an Authorization header.
type withAuth struct{ value string }

func (a withAuth) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	r.Header.Set("Authorization", a.value)
	return http.DefaultTransport.RoundTrip(r)
}

// connectHTTP connects an MCP client that sends auth with every request
// to the server at endpoint; it is closed at the end of the test.
func connectHTTP(t *testing.T, endpoint, auth string) *mcp.ClientSession {
	t.Helper()
	mc := mcp.NewClient(&mcp.Implementation{Name: "e2e-http", Version: "1"}, nil)
	cs, err := mc.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint,
		HTTPClient: &http.Client{Transport: withAuth{auth}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cs.Close() })
	return cs
}

func TestServeHTTP(t *testing.T) {
	w := newWorkspace(t, "", "")
	cmd, endpoint, auth := w.serveHTTP(t)
	token, ok := strings.CutPrefix(auth, "Bearer ")
	if _, err := hex.DecodeString(token); !ok || err != nil || len(token) != 64 {
		t.Fatalf("printed token %q: want 32 random bytes in hex", auth)
	}
	connect := func() *client { return &client{ClientSession: connectHTTP(t, endpoint, auth)} }
	a, b := connect(), connect()
	mustRun(t, a, `store("k", "a"); await tools.todowrite({todos: [{content: "a"}]})`)
	if r := mustRun(t, a, `return [load("k"), (await tools.todo_get()).todos.length]`); string(r.Value) != `["a",1]` {
		t.Errorf("session a: %s", r.Value)
	}
	if r := mustRun(t, b, `return [load("k") ?? null, (await tools.todo_get()).todos.length]`); string(r.Value) != `[null,0]` {
		t.Errorf("session b sees session a's state: %s", r.Value)
	}
	// One message may be as large over HTTP as over stdio (the SDK's own
	// default body limit was 4 MiB).
	big := strings.Repeat("x", 6<<20)
	if r := mustRun(t, a, `return "`+big+`".length`); string(r.Value) != strconv.Itoa(len(big)) {
		t.Errorf("6 MiB script: %s", r.Value)
	}
	if err := a.Close(); err != nil {
		t.Errorf("closing session a: %v", err)
	}
	if r := mustRun(t, b, `return 1`); string(r.Value) != "1" {
		t.Errorf("session b after a closed: %s", r.Value)
	}

	// Without the token nothing reaches the MCP handler: not a raw request,
	// not the SDK's client.
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`
	u, _ := url.Parse(endpoint)
	for _, tc := range []struct {
		name, auth, host, contentType string
		want                          int
		origin                        string
	}{
		{"no token", "", "", "application/json", 401, ""},
		{"wrong token", "Bearer " + strings.Repeat("0", 64), "", "application/json", 401, ""},
		{"token as Basic", "Basic " + token, "", "application/json", 401, ""},
		// With the token, the SDK's own checks still apply.
		{"foreign Host header", auth, "evil.example:80", "application/json", 403, ""},
		{"not JSON", auth, "", "text/plain", 415, ""},
		{"the token", auth, "", "application/json", 200, ""},
		// A page of another origin (DNS rebinding, a cross-site form) is
		// refused even with the token and a loopback Host, as MCP asks;
		// a loopback origin is not.
		{"foreign Origin", auth, "", "application/json", 403, "http://evil.example.com"},
		{"null Origin", auth, "", "application/json", 403, "null"},
		{"loopback Origin", auth, "", "application/json", 200, "http://" + u.Host},
		{"localhost Origin", auth, "", "application/json", 200, "http://localhost:" + u.Port()},
	} {
		req, _ := http.NewRequest("POST", endpoint, strings.NewReader(initialize))
		req.Header.Set("Content-Type", tc.contentType)
		req.Header.Set("Accept", "application/json, text/event-stream")
		if tc.auth != "" {
			req.Header.Set("Authorization", tc.auth)
		}
		if tc.host != "" {
			req.Host = tc.host
		}
		if tc.origin != "" {
			req.Header.Set("Origin", tc.origin)
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != tc.want {
			t.Errorf("%s: status %d, want %d: %s", tc.name, resp.StatusCode, tc.want, body)
		}
		if tc.want == 401 && (!strings.HasPrefix(resp.Header.Get("WWW-Authenticate"), "Bearer") || !strings.Contains(string(body), "Authorization: Bearer")) {
			t.Errorf("%s: WWW-Authenticate %q, body %q", tc.name, resp.Header.Get("WWW-Authenticate"), body)
		}
	}
	// A batch, or a body that is not a JSON-RPC message, gets a JSON-RPC
	// error, as over stdio.
	for _, tc := range []struct {
		body, why string
		code      int64
	}{
		{`[{"jsonrpc":"2.0","id":8,"method":"ping"}]`, "it is a JSON-RPC batch, which MCP does not support: send each message in its own request", -32600},
		{`{"jsonrpc":"2.0","id":9,`, "it is not valid JSON", -32700},
	} {
		req, _ := http.NewRequest("POST", endpoint, strings.NewReader(tc.body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Authorization", auth)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			ID    json.RawMessage `json:"id"`
			Error struct {
				Code    int64  `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		}
		err = json.NewDecoder(resp.Body).Decode(&r)
		resp.Body.Close()
		if err != nil || resp.StatusCode != 400 || resp.Header.Get("Content-Type") != "application/json" || r.Error.Code != tc.code || !strings.Contains(r.Error.Message, tc.why) {
			t.Errorf("%s: status %d %q, %+v (%v)", tc.body, resp.StatusCode, resp.Header.Get("Content-Type"), r, err)
		}
	}
	mc := mcp.NewClient(&mcp.Implementation{Name: "e2e-http", Version: "1"}, nil)
	if cs, err := mc.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint}, nil); err == nil {
		cs.Close()
		t.Error("a client without the token connected")
	}

	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve --http exited with %v", err)
		}
	case <-time.After(15 * time.Second):
		t.Fatal("serve --http did not stop on SIGTERM")
	}
}

// A token from ATOMIC_SERVE_TOKEN is the one that works, and is not
// printed.
func TestServeHTTPTokenFromEnv(t *testing.T) {
	const token = "a-token-chosen-by-the-user"
	_, endpoint, auth := newWorkspace(t, "", "").serveHTTP(t, "ATOMIC_SERVE_TOKEN="+token)
	if auth != "Bearer $ATOMIC_SERVE_TOKEN" {
		t.Errorf("stderr shows %q", auth)
	}
	for _, tc := range []struct {
		auth string
		ok   bool
	}{{"Bearer " + token, true}, {"Bearer " + token[:len(token)-1], false}} {
		mc := mcp.NewClient(&mcp.Implementation{Name: "e2e-http", Version: "1"}, nil)
		cs, err := mc.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint,
			HTTPClient: &http.Client{Transport: withAuth{tc.auth}}}, nil)
		if (err == nil) != tc.ok {
			t.Fatalf("%q: connect error %v", tc.auth, err)
		}
		if err == nil {
			if r := mustRun(t, &client{ClientSession: cs}, "return 6*7"); string(r.Value) != "42" {
				t.Errorf("got %s", r.Value)
			}
			cs.Close()
		}
	}
}

func TestServeUsageErrors(t *testing.T) {
	w := newWorkspace(t, "", "")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--http", "0.0.0.0:8765"}, `refusing to listen on 0.0.0.0; the MCP server runs tools with your permissions, so it listens on loopback only`},
		{[]string{"--http", ":8765"}, `refusing to listen on every interface`},
		{[]string{"--http", "8765"}, `want HOST:PORT`},
		{[]string{"--tools", "+codmode"}, `--tools: no tool is named "codmode" (did you mean "codemode"?)`},
		{[]string{"extra"}, `serve: unexpected argument "extra"`},
	} {
		cmd := w.command(append([]string{"serve"}, tc.args...)...)
		out, err := cmd.CombinedOutput()
		var ee *exec.ExitError
		if !errors.As(err, &ee) || ee.ExitCode() != 2 || !strings.Contains(string(out), tc.want) {
			t.Errorf("%v: %v\n%s", tc.args, err, out)
		}
	}
	// A short ATOMIC_SERVE_TOKEN refuses to start; stdio serving ignores it.
	cmd := w.command("serve", "--http", "127.0.0.1:0")
	cmd.Env = append(cmd.Env, "ATOMIC_SERVE_TOKEN=too-short")
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.ExitCode() != 2 || string(out) != "atomic-script: serve: ATOMIC_SERVE_TOKEN is 9 characters long; use at least 16 (or unset it and serve makes a random token)\n" {
		t.Errorf("short token: %v\n%s", err, out)
	}
	bad := newWorkspace(t, "", `{"mcpServers": {"x": {"command": "a", "url": "http://127.0.0.1/"}}}`)
	out, err = bad.command("serve").CombinedOutput()
	if err == nil || !strings.Contains(string(out), `mcpServers.x: give either "command" or "url", not both`) {
		t.Errorf("bad mcpServers: %v %s", err, out)
	}
}

// Background tasks belong to the MCP session: a direct kill stops a task a
// script started, and ending the session stops the ones still running.
func TestBackgroundTasksBelongToTheSession(t *testing.T) {
	w := newWorkspace(t, "", "")
	c := w.serve(t)
	start := func(name string) string {
		r := mustRun(t, c, fmt.Sprintf(`return (await tools.bash({command: "echo $$ > %s.pid; exec sleep 1000", runInBackground: true})).backgroundTaskId`, name))
		var id string
		if err := json.Unmarshal(r.Value, &id); err != nil || id == "" {
			t.Fatalf("no task id: %s", r.Value)
		}
		return id
	}
	pidOf := func(name string) int {
		var pid int
		waitFor(t, 5*time.Second, func() bool {
			data, _ := os.ReadFile(filepath.Join(w.dir, name+".pid"))
			_, err := fmt.Sscan(string(data), &pid)
			return err == nil && pid > 0
		})
		return pid
	}
	// Tools never read the MCP stream: a command's stdin is empty.
	if r := mustRun(t, c, `return (await tools.bash({command: "cat; echo done"})).output`); string(r.Value) != `"done\n"` {
		t.Errorf("bash with stdin: %s", r.Value)
	}
	// A direct call reports progress when asked.
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := c.CallTool(ctx, &mcp.CallToolParams{Name: "bash", Meta: mcp.Meta{"progressToken": "b"},
		Arguments: map[string]any{"command": "for i in 1 2 3; do echo line$i; sleep 0.5; done"}})
	if err != nil || res.IsError || !strings.Contains(text(res), "line3") {
		t.Fatalf("direct bash: %v %s", err, text(res))
	}
	if msgs := c.progressMessages(); len(msgs) == 0 || !strings.HasPrefix(msgs[0], "running ") {
		t.Errorf("direct bash progress: %q", msgs)
	}

	first := start("first")
	firstPID := pidOf("first")
	res = c.call(t, "kill", map[string]any{"id": first})
	if res.IsError {
		t.Fatalf("direct kill of a script's task: %s", text(res))
	}
	waitFor(t, 5*time.Second, func() bool { return syscall.Kill(firstPID, 0) != nil })

	start("second")
	secondPID := pidOf("second")
	c.Close()
	waitFor(t, 10*time.Second, func() bool { return syscall.Kill(secondPID, 0) != nil })
}

func TestCodemodeSettingsAndFlagsShapeTheDescription(t *testing.T) {
	c := newWorkspace(t, "", `{"codemode": {"inlineDeclarationTokens": 60}}`).serve(t, "--max-output-tokens", "500", "--timeout", "90s")
	desc := toolDescription(t, c, "codemode")
	for _, want := range []string{"Also on tools (describeTool(name) gives the full type):\n- read({path, offset?, limit?}): ", "the output is at most 500 tokens and a script stops after 90s"} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q:\n%s", want, desc)
		}
	}
	if strings.Contains(desc, "function read(") {
		t.Errorf("declarations past the settings' budget:\n%s", desc)
	}
	r := c.run(t, "// @options: {\"timeout_ms\": 60000, \"max_output_tokens\": 100000}\ntext('x'.repeat(5000)); return 1")
	if !strings.Contains(text(r), "Warning: truncated output") || !strings.Contains(text(r), "max_output_tokens 100000 is above this run's cap of 500 tokens") {
		t.Errorf("--max-output-tokens not applied as a ceiling:\n%.600s", text(r))
	}
	// Without --timeout, serve gives every script 60 s, which a script can
	// lower but not raise.
	d := newWorkspace(t, "", "").serve(t)
	if desc := toolDescription(t, d, "codemode"); !strings.Contains(desc, "a script stops after 60s") {
		t.Errorf("default deadline not stated:\n%s", desc)
	}
	r = d.run(t, "// @options: {\"timeout_ms\": 600000}\nreturn 1")
	if !strings.Contains(text(r), "timeout_ms 600000 is above this run's deadline of 1m0s, which applies") {
		t.Errorf("timeout_ms raised the default deadline:\n%s", text(r))
	}
	r = d.run(t, "// @options: {\"timeout_ms\": 300}\nwhile (true) {}")
	if !strings.Contains(text(r), "TimeoutError: the script exceeded its deadline of 300ms") {
		t.Errorf("timeout_ms did not lower the deadline:\n%s", text(r))
	}
}

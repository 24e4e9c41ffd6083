package mcpserver_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/syncbuf"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// The Go-side harness for the server tests testscript cannot carry
// (elicitation and sampling handlers, shutdown signals, the TypeScript
// client): the real binary with a real MCP client from the SDK, over stdio.
// The end-to-end behaviour a host sees is in cmd/atomic-script's
// testdata/script/mcp_*.txtar, driven by its mcp command.
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
	stderr *syncbuf.Buffer

	mu       sync.Mutex
	progress []string
	changed  int
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
	c := &client{cmd: w.command(append([]string{"serve"}, args...)...), stderr: &syncbuf.Buffer{}}
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

// echoSettings configure the echo server; tests put them in the user
// settings (project servers start only with --trust-project).
const echoSettings = `{"mcpServers": {"echo": {"command": "$ECHO", "description": "A test server.", "env": {"ECHO_MARKER": "$MARKER"}}}}`

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

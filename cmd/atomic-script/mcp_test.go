package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/rogpeppe/go-internal/testscript"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"
	"github.com/atomic-script/atomic-script/internal/testutil/syncbuf"
)

// mcpSessions are the scripts' open MCP sessions, by script and name.
var (
	mcpMu       sync.Mutex
	mcpSessions = map[*testscript.TestScript]map[string]*mcpSession{}
)

// mcpSession is one MCP client session with a served atomic-script.
type mcpSession struct {
	cs     *mcp.ClientSession
	cmd    *exec.Cmd
	stderr *syncbuf.Buffer

	mu       sync.Mutex
	progress []string
	changed  int
	last     *mcp.CallToolResult
	// bg is the call started with -bg: cancel stops it, done has its error.
	bg *struct {
		cancel context.CancelFunc
		done   chan error
	}
}

// mcpCallTimeout bounds one request of a script.
const mcpCallTimeout = 60 * time.Second

// cmdMCP drives `atomic-script serve` through the MCP Go SDK's client, as
// a host does:
//
//	mcp [@NAME] serve [ARGS...]    start `atomic-script serve ARGS` over stdio and connect
//	mcp [@NAME] call [-progress TOKEN] TOOL [JSON]
//	                               call TOOL (arguments: JSON text, sent as it is; default {}),
//	                               asking for progress under TOKEN; stdout is the text content;
//	                               `! mcp call` expects isError, `mcp call` expects it false
//	mcp [@NAME] run [-progress TOKEN] FILE
//	                               call codemode with FILE's text as the code (! as for call)
//	mcp [@NAME] call|run -bg ...   start the call and go on; mcp cancel cancels it
//	mcp [@NAME] cancel             cancel the call started with -bg and wait for it: it must
//	                               return the cancellation error
//	mcp [@NAME] waitbusy           wait (10 s at most) until the server has burnt 200ms of CPU
//	mcp [@NAME] idle               fail if the server burns over 300ms of CPU in 700ms
//	mcp [@NAME] structured [-maxbytes N]
//	                               print the last call's structuredContent a field a line,
//	                               "key: JSON" (compact, keys sorted; an array of objects
//	                               "key[i]: JSON" an element a line); -maxbytes fails when
//	                               its JSON is longer than N bytes
//	mcp [@NAME] tools              print tools/list in order: "NAME", plus " readOnly" when annotated
//	mcp [@NAME] tool NAME [description]
//	                               print one tool of tools/list as indented JSON (keys sorted),
//	                               or only its description, as text
//	mcp [@NAME] init               print the initialize result as indented JSON
//	mcp [@NAME] resource URI       print a resource's text; stderr: each content's MIME type
//	mcp [@NAME] progress [-wait TEXT]
//	                               print the progress messages received, one a line; -wait
//	                               first waits (5 s at most) for one that contains TEXT
//	mcp [@NAME] waitchanged        wait (5 s at most) for a tools/list_changed notification
//	mcp [@NAME] stop               close the session; stderr is the server's stderr
//	mcp httpserve [ARGS...]        start `atomic-script serve --http 127.0.0.1:0 ARGS` (one a script);
//	                               stdout is the line it prints; $MCP_ENDPOINT and $MCP_AUTH are
//	                               the endpoint and the Authorization value that line gives,
//	                               $MCP_TOKEN the token in it, $MCP_HOSTPORT and $MCP_PORT its address
//	mcp [@NAME] connect [AUTH]     connect a session to $MCP_ENDPOINT over streamable HTTP, sending
//	                               AUTH (default $MCP_AUTH; "none": no header) as Authorization;
//	                               `! mcp connect` expects the connection to be refused
//	mcp post [-origin ORIGIN] AUTH CONTENT-TYPE FILE [HOST]
//	                               POST FILE to $MCP_ENDPOINT as it is (Host header HOST, Origin
//	                               header ORIGIN); stdout:
//	                               "status: N", "content-type: ...", "www-authenticate: ...", "",
//	                               then the body
//	mcp httpstop                   SIGTERM the HTTP server: it must exit cleanly within 15 s
//	mcp raw FILE [ARGS...]         start `atomic-script serve ARGS` and write FILE's lines to it
//	                               as they are, one a message, reading one reply line after each
//	                               that is not a notification; stdout is the replies
//
// NAME (default "default") tells a script's sessions apart; each is its
// own server process with the script's environment and working directory.
func cmdMCP(ts *testscript.TestScript, neg bool, args []string) {
	name := "default"
	if len(args) > 0 && strings.HasPrefix(args[0], "@") {
		name, args = args[0][1:], args[1:]
	}
	if len(args) == 0 {
		ts.Fatalf("usage: mcp [@NAME] serve|call|run|structured|tools|tool|init|resource|progress|stop ...")
	}
	op, args := args[0], args[1:]
	switch op {
	case "raw":
		if neg || len(args) < 1 {
			ts.Fatalf("usage: mcp raw FILE [ARGS...]")
		}
		mcpRaw(ts, args[0], args[1:])
		return
	case "serve":
		if neg {
			ts.Fatalf("mcp serve: unsupported: !")
		}
		mcpServe(ts, name, args)
		return
	case "connect":
		mcpConnect(ts, name, args, neg)
		return
	case "httpserve", "post", "httpstop":
		if neg {
			ts.Fatalf("mcp %s: unsupported: !", op)
		}
		mcpHTTP(ts, op, args)
		return
	}
	s := mcpGet(ts, name)
	ctx, cancel := context.WithTimeout(context.Background(), mcpCallTimeout)
	defer cancel()
	if op == "call" || op == "run" {
		s.call(ctx, ts, op, neg, args)
		return
	}
	if neg {
		ts.Fatalf("mcp %s: unsupported: !", op)
	}
	if op == "stop" {
		mcpStop(ts, name, s)
		return
	}
	f, ok := sessionOps[op]
	if !ok {
		ts.Fatalf("mcp: unknown operation %q", op)
	}
	f(s, ctx, ts, args)
}

// sessionOps are the operations on an open session other than call, run
// and stop.
var sessionOps = map[string]func(s *mcpSession, ctx context.Context, ts *testscript.TestScript, args []string){
	"structured":  (*mcpSession).structured,
	"tools":       (*mcpSession).tools,
	"tool":        (*mcpSession).tool,
	"init":        (*mcpSession).initResult,
	"resource":    (*mcpSession).resource,
	"progress":    (*mcpSession).progressOp,
	"waitchanged": (*mcpSession).waitChanged,
	"cancel":      (*mcpSession).cancelBackground,
	"waitbusy":    (*mcpSession).waitBusy,
	"idle":        (*mcpSession).idle,
}

// call runs mcp call and mcp run: ! expects isError.
func (s *mcpSession) call(ctx context.Context, ts *testscript.TestScript, op string, neg bool, args []string) {
	bg := len(args) > 0 && args[0] == "-bg"
	if bg {
		args = args[1:]
	}
	var meta mcp.Meta
	if len(args) > 1 && args[0] == "-progress" {
		meta, args = mcp.Meta{"progressToken": args[1]}, args[2:]
	}
	var tool string
	var arg json.RawMessage
	switch {
	case op == "run" && len(args) == 1:
		tool = "codemode"
		arg, _ = json.Marshal(map[string]string{"code": ts.ReadFile(args[0])})
	case op == "call" && len(args) == 1:
		tool, arg = args[0], json.RawMessage(`{}`)
	case op == "call" && len(args) == 2:
		tool, arg = args[0], json.RawMessage(args[1])
		if !json.Valid(arg) {
			ts.Fatalf("mcp call %s: the arguments are not JSON: %s", tool, arg)
		}
	default:
		ts.Fatalf("usage: mcp call TOOL [JSON] | mcp run FILE")
	}
	params := &mcp.CallToolParams{Name: tool, Arguments: arg, Meta: meta}
	if bg {
		mcpBackground(ts, s, params, neg)
		return
	}
	res, err := s.cs.CallTool(ctx, params)
	if err != nil {
		ts.Fatalf("mcp %s %s: %v\nserver stderr:\n%s", op, tool, err, s.stderr)
	}
	s.mu.Lock()
	s.last = res
	s.mu.Unlock()
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			fmt.Fprint(ts.Stdout(), t.Text)
		}
	}
	if res.IsError != neg {
		ts.Fatalf("mcp %s %s: isError is %v", op, tool, res.IsError)
	}
}

// structured prints the last call's structuredContent a field a line.
func (s *mcpSession) structured(ctx context.Context, ts *testscript.TestScript, args []string) {
	s.mu.Lock()
	last := s.last
	s.mu.Unlock()
	if last == nil || last.StructuredContent == nil {
		ts.Fatalf("mcp structured: the last call has no structuredContent")
	}
	data, err := json.Marshal(last.StructuredContent)
	ts.Check(err)
	if len(args) == 2 && args[0] == "-maxbytes" {
		n, err := strconv.Atoi(args[1])
		ts.Check(err)
		if len(data) > n {
			ts.Fatalf("mcp structured: %d bytes of structuredContent, over %d", len(data), n)
		}
	} else if len(args) != 0 {
		ts.Fatalf("usage: mcp structured [-maxbytes N]")
	}
	printFields(ts, data)
}

// tools prints tools/list, a tool a line.
func (s *mcpSession) tools(ctx context.Context, ts *testscript.TestScript, args []string) {
	for tool, err := range s.cs.Tools(ctx, nil) {
		ts.Check(err)
		line := tool.Name
		if tool.Annotations != nil && tool.Annotations.ReadOnlyHint {
			line += " readOnly"
		}
		fmt.Fprintln(ts.Stdout(), line)
	}
}

// tool prints one tool of tools/list, or its description.
func (s *mcpSession) tool(ctx context.Context, ts *testscript.TestScript, args []string) {
	if len(args) != 1 && (len(args) != 2 || args[1] != "description") {
		ts.Fatalf("usage: mcp tool NAME [description]")
	}
	for tool, err := range s.cs.Tools(ctx, nil) {
		ts.Check(err)
		if tool.Name != args[0] {
			continue
		}
		if len(args) == 2 {
			fmt.Fprintln(ts.Stdout(), tool.Description)
		} else {
			printJSON(ts, tool)
		}
		return
	}
	ts.Fatalf("mcp tool: tools/list has no %s", args[0])
}

// initResult prints the initialize result.
func (s *mcpSession) initResult(ctx context.Context, ts *testscript.TestScript, args []string) {
	printJSON(ts, s.cs.InitializeResult())
}

// resource prints a resource's text, and each content's MIME type on stderr.
func (s *mcpSession) resource(ctx context.Context, ts *testscript.TestScript, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: mcp resource URI")
	}
	rr, err := s.cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: args[0]})
	ts.Check(err)
	for _, c := range rr.Contents {
		fmt.Fprint(ts.Stdout(), c.Text)
		fmt.Fprintln(ts.Stderr(), c.MIMEType)
	}
}

// progressOp prints the progress messages, after waiting for one with -wait.
func (s *mcpSession) progressOp(ctx context.Context, ts *testscript.TestScript, args []string) {
	if len(args) == 2 && args[0] == "-wait" {
		waitUntil(ts, 5*time.Second, "a progress message with "+args[1], func() bool {
			s.mu.Lock()
			defer s.mu.Unlock()
			return strings.Contains(strings.Join(s.progress, "\n"), args[1])
		})
	} else if len(args) != 0 {
		ts.Fatalf("usage: mcp progress [-wait TEXT]")
	}
	s.mu.Lock()
	msgs := append([]string(nil), s.progress...)
	s.mu.Unlock()
	for _, m := range msgs {
		fmt.Fprintln(ts.Stdout(), m)
	}
}

// waitChanged waits for a tools/list_changed notification.
func (s *mcpSession) waitChanged(ctx context.Context, ts *testscript.TestScript, args []string) {
	waitUntil(ts, 5*time.Second, "a tools/list_changed notification", func() bool {
		s.mu.Lock()
		defer s.mu.Unlock()
		return s.changed > 0
	})
}

// cancelBackground cancels the -bg call and checks it returned the cancellation.
func (s *mcpSession) cancelBackground(ctx context.Context, ts *testscript.TestScript, args []string) {
	s.mu.Lock()
	bg := s.bg
	s.bg = nil
	s.mu.Unlock()
	if bg == nil {
		ts.Fatalf("mcp cancel: no call was started with -bg")
	}
	bg.cancel()
	select {
	case err := <-bg.done:
		if err == nil || !strings.Contains(err.Error(), "context canceled") {
			ts.Fatalf("mcp cancel: the cancelled call returned %v", err)
		}
	case <-time.After(mcpCallTimeout):
		ts.Fatalf("mcp cancel: the cancelled call did not return")
	}
}

// waitBusy waits until the server has burnt 200ms of CPU.
func (s *mcpSession) waitBusy(ctx context.Context, ts *testscript.TestScript, args []string) {
	pid := s.cmd.Process.Pid
	start := cpuTime(ts, pid)
	waitUntil(ts, 10*time.Second, "200ms of CPU burnt", func() bool { return cpuTime(ts, pid)-start >= 200*time.Millisecond })
}

// idle fails if the server burns CPU: nothing should run.
func (s *mcpSession) idle(ctx context.Context, ts *testscript.TestScript, args []string) {
	pid := s.cmd.Process.Pid
	time.Sleep(300 * time.Millisecond)
	before := cpuTime(ts, pid)
	time.Sleep(700 * time.Millisecond)
	if used := cpuTime(ts, pid) - before; used > 300*time.Millisecond {
		ts.Fatalf("mcp idle: the server used %v of CPU in 700ms", used)
	}
}

// mcpServe starts `atomic-script serve args` with the script's environment
// and connects the SDK client to it over stdio.
func mcpServe(ts *testscript.TestScript, name string, args []string) {
	bin, err := lookPath(ts, "atomic-script")
	ts.Check(err)
	s := &mcpSession{stderr: &syncbuf.Buffer{}}
	s.cmd = exec.Command(bin, append([]string{"serve"}, args...)...)
	s.cmd.Dir = ts.MkAbs(".")
	s.cmd.Env = scriptEnv(ts)
	s.cmd.Stderr = s.stderr
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := s.client().Connect(ctx, &mcp.CommandTransport{Command: s.cmd}, nil)
	if err != nil {
		ts.Fatalf("mcp serve: connect: %v\nserver stderr:\n%s", err, s.stderr)
	}
	s.cs = cs
	mcpRegister(ts, name, s)
}

// client is an SDK client that records the session's notifications.
func (s *mcpSession) client() *mcp.Client {
	return mcp.NewClient(&mcp.Implementation{Name: "testscript", Version: "1"}, &mcp.ClientOptions{
		ProgressNotificationHandler: func(_ context.Context, req *mcp.ProgressNotificationClientRequest) {
			s.mu.Lock()
			s.progress = append(s.progress, req.Params.Message)
			s.mu.Unlock()
		},
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			s.mu.Lock()
			s.changed++
			s.mu.Unlock()
		},
	})
}

// mcpRegister makes s the script's session called name; it is closed when
// the script ends.
func mcpRegister(ts *testscript.TestScript, name string, s *mcpSession) {
	mcpMu.Lock()
	defer mcpMu.Unlock()
	if mcpSessions[ts] == nil {
		mcpSessions[ts] = map[string]*mcpSession{}
		ts.Defer(func() {
			mcpMu.Lock()
			open := mcpSessions[ts]
			delete(mcpSessions, ts)
			mcpMu.Unlock()
			for _, s := range open {
				_ = s.cs.Close()
			}
		})
	}
	if mcpSessions[ts][name] != nil {
		_ = s.cs.Close()
		ts.Fatalf("mcp: session %q is already open", name)
	}
	mcpSessions[ts][name] = s
}

// mcpConnect connects a session to the script's HTTP server.
func mcpConnect(ts *testscript.TestScript, name string, args []string, neg bool) {
	endpoint := ts.Getenv("MCP_ENDPOINT")
	if endpoint == "" || len(args) > 1 {
		ts.Fatalf("usage: mcp [@NAME] connect [AUTH], after mcp httpserve")
	}
	auth := ts.Getenv("MCP_AUTH")
	if len(args) == 1 {
		auth = args[0]
	}
	if auth == "none" {
		auth = ""
	}
	s := &mcpSession{stderr: &syncbuf.Buffer{}}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cs, err := s.client().Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint,
		HTTPClient: &http.Client{Transport: withAuth{auth}}}, nil)
	if neg {
		if err == nil {
			_ = cs.Close()
			ts.Fatalf("mcp connect: connected with Authorization %q", auth)
		}
		return
	}
	if err != nil {
		ts.Fatalf("mcp connect: %v", err)
	}
	s.cs = cs
	mcpRegister(ts, name, s)
}

// withAuth is an http.RoundTripper that sets the Authorization header
// (none when value is empty).
type withAuth struct{ value string }

func (a withAuth) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if a.value != "" {
		r.Header.Set("Authorization", a.value)
	}
	return http.DefaultTransport.RoundTrip(r)
}

// httpServers are the scripts' HTTP servers (mcp httpserve).
var httpServers = map[*testscript.TestScript]*exec.Cmd{}

// mcpHTTP runs httpserve, post and httpstop.
func mcpHTTP(ts *testscript.TestScript, op string, args []string) {
	mcpMu.Lock()
	cmd := httpServers[ts]
	mcpMu.Unlock()
	if op != "httpserve" && cmd == nil {
		ts.Fatalf("mcp %s: no HTTP server; start one with mcp httpserve", op)
	}
	switch op {
	case "httpserve":
		if cmd != nil {
			ts.Fatalf("mcp httpserve: the script's HTTP server already runs")
		}
		bin, err := lookPath(ts, "atomic-script")
		ts.Check(err)
		cmd = exec.Command(bin, append([]string{"serve", "--http", "127.0.0.1:0"}, args...)...)
		cmd.Dir, cmd.Env = ts.MkAbs("."), scriptEnv(ts)
		stderr, err := cmd.StderrPipe()
		ts.Check(err)
		ts.Check(cmd.Start())
		mcpMu.Lock()
		httpServers[ts] = cmd
		mcpMu.Unlock()
		ts.Defer(func() {
			mcpMu.Lock()
			delete(httpServers, ts)
			mcpMu.Unlock()
			if cmd.ProcessState == nil {
				_ = cmd.Process.Kill()
				_ = cmd.Wait()
			}
		})
		line := make(chan string, 1)
		go func() {
			sc := bufio.NewScanner(stderr)
			if sc.Scan() {
				line <- sc.Text()
			}
			close(line)
			_, _ = io.Copy(io.Discard, stderr)
		}()
		select {
		case l := <-line:
			fmt.Fprintln(ts.Stdout(), l)
			// atomic-script: serving MCP on http://127.0.0.1:PORT/mcp (Authorization: Bearer TOKEN)
			rest, _ := strings.CutPrefix(l, "atomic-script: serving MCP on ")
			endpoint, auth, _ := strings.Cut(rest, " (Authorization: ")
			ts.Setenv("MCP_ENDPOINT", endpoint)
			auth = strings.TrimSuffix(auth, ")")
			ts.Setenv("MCP_AUTH", auth)
			ts.Setenv("MCP_TOKEN", strings.TrimPrefix(auth, "Bearer "))
			if u, err := url.Parse(endpoint); err == nil {
				ts.Setenv("MCP_HOSTPORT", u.Host)
				ts.Setenv("MCP_PORT", u.Port())
			}
		case <-time.After(10 * time.Second):
			ts.Fatalf("mcp httpserve: no address on stderr within 10s")
		}
	case "post":
		origin := ""
		if len(args) > 1 && args[0] == "-origin" {
			origin, args = args[1], args[2:]
		}
		if len(args) != 3 && len(args) != 4 {
			ts.Fatalf("usage: mcp post [-origin ORIGIN] AUTH CONTENT-TYPE FILE [HOST]")
		}
		req, err := http.NewRequest("POST", ts.Getenv("MCP_ENDPOINT"), strings.NewReader(ts.ReadFile(args[2])))
		ts.Check(err)
		req.Header.Set("Content-Type", args[1])
		req.Header.Set("Accept", "application/json, text/event-stream")
		if args[0] != "none" {
			req.Header.Set("Authorization", args[0])
		}
		if len(args) == 4 {
			req.Host = args[3]
		}
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		resp, err := http.DefaultClient.Do(req)
		ts.Check(err)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		ts.Check(err)
		fmt.Fprintf(ts.Stdout(), "status: %d\ncontent-type: %s\nwww-authenticate: %s\n\n%s", resp.StatusCode,
			resp.Header.Get("Content-Type"), resp.Header.Get("WWW-Authenticate"), body)
	case "httpstop":
		ts.Check(cmd.Process.Signal(syscall.SIGTERM))
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				ts.Fatalf("mcp httpstop: serve --http exited with %v", err)
			}
		case <-time.After(15 * time.Second):
			ts.Fatalf("mcp httpstop: serve --http did not stop on SIGTERM within 15s")
		}
	}
}

// cmdBigScript writes a codemode script of about N bytes, a string literal
// of N x's whose length it returns:
//
//	bigscript FILE N
func cmdBigScript(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: bigscript FILE N")
	}
	n, err := strconv.Atoi(args[1])
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), []byte(`return "`+strings.Repeat("x", n)+`".length`), 0o644))
}

// mcpBackground starts a call that mcp cancel ends.
func mcpBackground(ts *testscript.TestScript, s *mcpSession, params *mcp.CallToolParams, neg bool) {
	if neg {
		ts.Fatalf("mcp call -bg: unsupported: !")
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.bg != nil {
		ts.Fatalf("mcp call -bg: a call started with -bg is still running")
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	s.bg = &struct {
		cancel context.CancelFunc
		done   chan error
	}{cancel, done}
	ts.Defer(cancel)
	go func() {
		_, err := s.cs.CallTool(ctx, params)
		done <- err
	}()
}

// waitUntil polls cond for up to d; what names what it waits for.
func waitUntil(ts *testscript.TestScript, d time.Duration, what string, cond func() bool) {
	for deadline := time.Now().Add(d); !cond(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			ts.Fatalf("waited %v for %s", d, what)
		}
	}
}

// cpuTime is the user+system CPU time of pid, from /proc.
func cpuTime(ts *testscript.TestScript, pid int) time.Duration {
	data, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		ts.Fatalf("no /proc: %v", err)
	}
	fields := strings.Fields(string(data[bytes.LastIndexByte(data, ')')+2:]))
	var utime, stime int64
	fmt.Sscan(fields[11], &utime)
	fmt.Sscan(fields[12], &stime)
	return time.Duration(utime+stime) * time.Second / 100 // USER_HZ
}

// cmdWaitContent waits (15 s at most) until FILE holds exactly TEXT:
//
//	waitcontent FILE TEXT
func cmdWaitContent(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: waitcontent FILE TEXT")
	}
	p := ts.MkAbs(args[0])
	waitUntil(ts, 15*time.Second, args[0]+" to hold "+args[1], func() bool {
		data, _ := os.ReadFile(p)
		return string(data) == args[1]
	})
}

// mcpRaw talks JSON-RPC to `atomic-script serve args` line by line, with
// no client in between, so a script can send what a client never would.
func mcpRaw(ts *testscript.TestScript, file string, args []string) {
	bin, err := lookPath(ts, "atomic-script")
	ts.Check(err)
	cmd := exec.Command(bin, append([]string{"serve"}, args...)...)
	cmd.Dir, cmd.Env = ts.MkAbs("."), scriptEnv(ts)
	stdin, err := cmd.StdinPipe()
	ts.Check(err)
	stdout, err := cmd.StdoutPipe()
	ts.Check(err)
	stderr := &syncbuf.Buffer{}
	cmd.Stderr = stderr
	ts.Check(cmd.Start())
	defer func() {
		stdin.Close()
		_ = cmd.Wait()
	}()
	replies := bufio.NewReader(stdout)
	for _, line := range strings.Split(strings.TrimSuffix(ts.ReadFile(file), "\n"), "\n") {
		if _, err := io.WriteString(stdin, line+"\n"); err != nil {
			ts.Fatalf("mcp raw: write: %v\nserver stderr:\n%s", err, stderr)
		}
		if strings.Contains(line, `"method":"notifications/`) {
			continue
		}
		reply, err := replies.ReadString('\n')
		if err != nil {
			ts.Fatalf("mcp raw: no reply to %s: %v\nserver stderr:\n%s", line, err, stderr)
		}
		fmt.Fprint(ts.Stdout(), reply)
	}
}

func mcpGet(ts *testscript.TestScript, name string) *mcpSession {
	mcpMu.Lock()
	defer mcpMu.Unlock()
	s := mcpSessions[ts][name]
	if s == nil {
		ts.Fatalf("mcp: no session %q; start one with mcp serve", name)
	}
	return s
}

// mcpStop closes the session and waits for the server, which must exit
// cleanly; its stderr goes to the script's stderr.
func mcpStop(ts *testscript.TestScript, name string, s *mcpSession) {
	mcpMu.Lock()
	delete(mcpSessions[ts], name)
	mcpMu.Unlock()
	err := s.cs.Close()
	if s.cmd == nil { // a session over HTTP: the server runs on
		if err != nil {
			ts.Fatalf("mcp stop: closing the session: %v", err)
		}
		return
	}
	fmt.Fprint(ts.Stderr(), s.stderr.String())
	if st := s.cmd.ProcessState; st == nil || !st.Success() {
		ts.Fatalf("mcp stop: serve exited with %v", st)
	}
}

// cmdWaitGone waits (10 s at most) until the process whose id FILE holds
// has exited:
//
//	waitgone FILE
func cmdWaitGone(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 1 {
		ts.Fatalf("usage: waitgone FILE")
	}
	var pid int
	if _, err := fmt.Sscan(ts.ReadFile(args[0]), &pid); err != nil || pid <= 0 {
		ts.Fatalf("waitgone: %s holds no process id", args[0])
	}
	waitUntil(ts, 10*time.Second, fmt.Sprintf("process %d to exit", pid), func() bool { return !proctest.Alive(pid) })
}

// printJSON writes v as indented JSON with sorted keys, so scripts match
// fields line by line.
func printJSON(ts *testscript.TestScript, v any) {
	data, err := json.Marshal(v)
	ts.Check(err)
	var plain any
	ts.Check(json.Unmarshal(data, &plain))
	fmt.Fprintln(ts.Stdout(), encode(ts, plain, "  "))
}

// encode is v as JSON, keys sorted, with <, > and & as they are (the
// server's texts are full of them); indent "" is compact.
func encode(ts *testscript.TestScript, v any, indent string) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", indent)
	ts.Check(enc.Encode(v))
	return strings.TrimSuffix(b.String(), "\n")
}

// printFields writes a JSON object a field a line, "key: JSON" (compact,
// keys sorted), and an array of objects an element a line, "key[i]: JSON",
// so a script matches one field, or one call, with one regexp.
func printFields(ts *testscript.TestScript, data []byte) {
	var fields map[string]json.RawMessage
	ts.Check(json.Unmarshal(data, &fields))
	keys := make([]string, 0, len(fields))
	for k := range fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		var list []map[string]any
		if json.Unmarshal(fields[k], &list) == nil && len(list) > 0 {
			for i, e := range list {
				fmt.Fprintf(ts.Stdout(), "%s[%d]: %s\n", k, i, encode(ts, e, ""))
			}
			continue
		}
		var v any
		ts.Check(json.Unmarshal(fields[k], &v))
		fmt.Fprintf(ts.Stdout(), "%s: %s\n", k, encode(ts, v, ""))
	}
}

// scriptEnvKeys are the variables a served process takes from the script
// (testscript offers no list of them); the others come from the test's
// own environment, without its ATOMIC_* settings.
var scriptEnvKeys = []string{"PATH", "HOME", "TMPDIR", "WORK", "ATOMIC_HOME", "ATOMIC_STATE_DIR", "ATOMIC_TRUST_PROJECT", "ATOMIC_SERVE_TOKEN", "ATOMIC_CODE_SEARCH_ENDPOINT", "OPENAI_BASE_URL", "OPENAI_API_KEY"}

func scriptEnv(ts *testscript.TestScript) []string {
	var env []string
	for _, kv := range os.Environ() {
		k, _, _ := strings.Cut(kv, "=")
		if !strings.HasPrefix(k, "ATOMIC_") && !slices.Contains(scriptEnvKeys, k) {
			env = append(env, kv)
		}
	}
	for _, k := range scriptEnvKeys {
		if v := ts.Getenv(k); v != "" {
			env = append(env, k+"="+v)
		}
	}
	return env
}

// lookPath finds a program on the script's PATH.
func lookPath(ts *testscript.TestScript, name string) (string, error) {
	for _, dir := range filepath.SplitList(ts.Getenv("PATH")) {
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s is not on the script's PATH", name)
}

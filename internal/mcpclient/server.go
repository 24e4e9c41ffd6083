package mcpclient

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/settings"
	"github.com/atomic-script/atomic-script/tools"
)

// terminateAfter is how long a stdio server gets to exit after its stdin
// closes before it is sent SIGTERM (and as long again before SIGKILL).
const terminateAfter = 2 * time.Second

// Server is one configured MCP server. Safe for concurrent use.
type Server struct {
	name string
	cfg  settings.MCPServer
	hub  *Hub

	mu        sync.Mutex
	conn      *conn
	closing   *conn // the connection stop is closing
	starting  *attempt
	lastErr   error
	lastErrAt time.Time
	starts    int
}

// attempt is one start in progress; waiters block on done.
type attempt struct {
	done chan struct{}
	conn *conn
	err  error
}

// conn is one live connection to the server.
type conn struct {
	session *mcp.ClientSession
	cmd     *exec.Cmd   // nil for an HTTP server
	stderr  *tailWriter // the end of a stdio server's stderr
	unwatch func()      // ends the watch of cmd's process group (tools.WatchChildGroup)

	mu    sync.Mutex
	tools []engine.NamespaceTool
	stale bool // the server said its tool list changed
}

// Name returns the server's configured name.
func (s *Server) Name() string { return s.name }

// Starts reports how many times the server was started (tests check that
// runs reuse one process).
func (s *Server) Starts() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.starts
}

// Running reports whether the server has a live connection.
func (s *Server) Running() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.conn != nil
}

// Namespace returns the engine namespace of the server. Its tool list
// starts the server on first use.
func (s *Server) Namespace() engine.Namespace {
	return engine.Namespace{
		Name:        s.name,
		Description: s.description(),
		Tools:       s.Tools,
	}
}

func (s *Server) description() string {
	if s.cfg.Description != "" {
		return s.cfg.Description
	}
	return "Tools of the MCP server " + s.name + " (" + s.origin() + ")."
}

// origin says where the server comes from: its command line or URL.
func (s *Server) origin() string {
	if s.cfg.URL != "" {
		return s.cfg.URL
	}
	return strings.TrimSpace(s.cfg.Command + " " + strings.Join(s.cfg.Args, " "))
}

// Tools returns the server's tools, starting the server if needed. The list
// is cached for the life of the connection and refreshed when the server
// announces a change.
func (s *Server) Tools(ctx context.Context) ([]engine.NamespaceTool, error) {
	c, err := s.connect(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	stale, list := c.stale, c.tools
	c.mu.Unlock()
	if !stale {
		return list, nil
	}
	if err := s.refresh(ctx, c); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.tools, nil
}

// Call calls one tool and returns the JSON value a script receives (see
// scriptValue). A result with isError is a failed call (*tools.Error with
// the result's text), as are protocol failures (unknown tool, a dead
// server).
func (s *Server) Call(ctx context.Context, tool string, args json.RawMessage) (json.RawMessage, error) {
	c, err := s.connect(ctx)
	if err != nil {
		return nil, err
	}
	var arguments any = map[string]any{}
	if len(args) > 0 && string(args) != "null" {
		arguments = args
	}
	res, err := c.session.CallTool(ctx, &mcp.CallToolParams{Name: tool, Arguments: arguments})
	if err != nil {
		return nil, s.callError(ctx, tool, err)
	}
	return scriptValue(s.name+"."+tool, res, c.structured(tool))
}

// structured reports whether the tool declared an outputSchema.
func (c *conn) structured(tool string) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	for _, t := range c.tools {
		if t.Name == tool {
			return t.Output != nil
		}
	}
	return false
}

// callError turns a failed call into a *tools.Error with a stable code.
func (s *Server) callError(ctx context.Context, tool string, err error) error {
	full := s.name + "." + tool
	if ctx.Err() != nil {
		return tools.Errorf(tools.CodeOf(ctx.Err()), "%s: %v", full, ctx.Err())
	}
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		code := tools.ErrTool
		if we.Code == jsonrpc.CodeInvalidParams {
			code = tools.ErrInvalidArgs
			if strings.Contains(we.Message, "unknown tool") {
				code = tools.ErrUnknownTool
			}
		}
		return tools.Errorf(code, "%s: the MCP server refused the call: %s", full, we.Message)
	}
	if errors.Is(err, mcp.ErrConnectionClosed) {
		return tools.Errorf(tools.ErrTool, "%s: the MCP server %s closed its connection (%v); it is restarted on the next call", full, s.name, err)
	}
	return tools.Errorf(tools.ErrTool, "%s: %v", full, err)
}

// connect returns the live connection, starting the server when there is
// none. Concurrent callers share one start; a caller whose ctx ends stops
// waiting but the start goes on for the others.
func (s *Server) connect(ctx context.Context) (*conn, error) {
	s.mu.Lock()
	if s.conn != nil {
		c := s.conn
		s.mu.Unlock()
		return c, nil
	}
	if s.hub.isClosed() {
		s.mu.Unlock()
		return nil, tools.Errorf(tools.ErrCancelled, "MCP server %s: the session is shutting down", s.name)
	}
	if s.lastErr != nil && time.Since(s.lastErrAt) < retryAfter {
		err := s.lastErr
		s.mu.Unlock()
		return nil, err
	}
	a := s.starting
	if a == nil {
		a = &attempt{done: make(chan struct{})}
		s.starting = a
		s.starts++
		go s.start(a)
	}
	s.mu.Unlock()
	select {
	case <-a.done:
		return a.conn, a.err
	case <-ctx.Done():
		return nil, tools.Errorf(tools.CodeOf(ctx.Err()), "MCP server %s: stopped waiting for it to start: %v", s.name, ctx.Err())
	}
}

// start dials the server and lists its tools, then publishes the result.
func (s *Server) start(a *attempt) {
	ctx, cancel := s.hub.startContext()
	defer cancel()
	c, err := s.dial(ctx)
	if err == nil {
		if err = s.refresh(ctx, c); err != nil {
			c.close()
		}
	}
	if err != nil {
		err = tools.Errorf(tools.ErrTool, "MCP server %s (%s) could not be started: %v", s.name, s.origin(), err)
		// Scripts only see the namespace missing; say why where a person
		// looks. Later runs retry after retryAfter.
		if w := s.hub.opts.Stderr; w != nil {
			fmt.Fprintf(w, "atomic-script: %v\n", err)
		}
	}
	s.mu.Lock()
	s.starting = nil
	if err == nil && s.hub.isClosed() {
		err = tools.Errorf(tools.ErrCancelled, "MCP server %s: the session is shutting down", s.name)
		defer c.close()
	}
	if err != nil {
		s.lastErr, s.lastErrAt = err, time.Now()
		c = nil
	} else {
		s.conn, s.lastErr = c, nil
		go s.watch(c)
	}
	a.conn, a.err = c, err
	s.mu.Unlock()
	close(a.done)
}

// watch forgets a connection when the server ends it, so the next use
// starts the server again.
func (s *Server) watch(c *conn) {
	_ = c.session.Wait()
	// Close even a session that ended by itself: the SDK keeps a listener
	// goroutine (and the session) alive until Close.
	_ = c.session.Close()
	s.mu.Lock()
	if s.conn == c {
		s.conn = nil
	}
	s.mu.Unlock()
	c.killGroup()
}

// stop closes the live connection, after any start in progress settles.
func (s *Server) stop() error {
	s.mu.Lock()
	a := s.starting
	s.mu.Unlock()
	if a != nil {
		<-a.done
	}
	s.mu.Lock()
	c := s.conn
	s.conn, s.closing = nil, c
	s.mu.Unlock()
	if c == nil {
		return nil
	}
	err := c.close()
	s.mu.Lock()
	s.closing = nil
	s.mu.Unlock()
	return err
}

// signal sends sig to the process group of the server's connection, also
// one being closed.
func (s *Server) signal(sig syscall.Signal) {
	s.mu.Lock()
	c := s.conn
	if c == nil {
		c = s.closing
	}
	s.mu.Unlock()
	if c != nil {
		c.signalGroup(sig)
	}
}

// dial starts the process (or opens the HTTP session) and initializes it.
func (s *Server) dial(ctx context.Context) (*conn, error) {
	c := &conn{}
	client := mcp.NewClient(&mcp.Implementation{Name: "atomic-script", Version: s.hub.opts.Version}, &mcp.ClientOptions{
		ToolListChangedHandler: func(context.Context, *mcp.ToolListChangedRequest) {
			c.mu.Lock()
			c.stale = true
			c.mu.Unlock()
		},
	})
	var transport mcp.Transport
	if s.cfg.URL != "" {
		transport = &mcp.StreamableClientTransport{Endpoint: s.cfg.URL}
	} else {
		cmd := exec.Command(s.cfg.Command, s.cfg.Args...)
		cmd.Dir = s.hub.opts.Root
		cmd.Env = os.Environ()
		keys := make([]string, 0, len(s.cfg.Env))
		for k := range s.cfg.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			cmd.Env = append(cmd.Env, k+"="+s.cfg.Env[k])
		}
		c.stderr = &tailWriter{}
		cmd.Stderr = c.stderr
		if s.hub.opts.Stderr != nil {
			cmd.Stderr = io.MultiWriter(c.stderr, newPrefixWriter(s.hub.opts.Stderr, "[mcp "+s.name+"] "))
		}
		// Its own process group, so shutdown reaches the children an
		// `npx`-style launcher starts (procgroup_*.go).
		cmd.SysProcAttr = groupAttr()
		// It dies with serve however serve ends (see tools.GuardChild).
		tools.GuardChild(cmd)
		c.cmd = cmd
		transport = &mcp.CommandTransport{Command: cmd, TerminateDuration: terminateAfter}
	}
	session, err := client.Connect(ctx, transport, nil)
	if c.cmd != nil && c.cmd.Process != nil {
		c.unwatch = tools.WatchChildGroup(c.cmd.Process.Pid)
	}
	if err != nil {
		c.killGroup()
		if c.stderr != nil {
			if tail := c.stderr.String(); tail != "" {
				err = fmt.Errorf("%w (its stderr ends: %s)", err, tail)
			}
		}
		return nil, err
	}
	c.session = session
	return c, nil
}

// refresh lists the server's tools (every page) into c.
func (s *Server) refresh(ctx context.Context, c *conn) error {
	c.mu.Lock()
	c.stale = false
	c.mu.Unlock()
	var list []engine.NamespaceTool
	for t, err := range c.session.Tools(ctx, nil) {
		if err != nil {
			return fmt.Errorf("listing its tools: %w", err)
		}
		list = append(list, s.namespaceTool(t))
	}
	c.mu.Lock()
	c.tools = list
	c.mu.Unlock()
	return nil
}

func (s *Server) namespaceTool(t *mcp.Tool) engine.NamespaceTool {
	name := t.Name
	desc := t.Description
	if desc == "" && t.Title != "" {
		desc = t.Title
	}
	return engine.NamespaceTool{
		Name:        name,
		Description: desc,
		Input:       toSchema(t.InputSchema),
		Output:      toSchema(t.OutputSchema),
		// Only readOnlyHint spares a call approval; a server that says
		// nothing may change anything.
		ReadOnly: t.Annotations != nil && t.Annotations.ReadOnlyHint,
		Call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
			return s.Call(ctx, name, args)
		},
	}
}

// toSchema converts a schema as the SDK decoded it into the type the
// declarations are generated from; nil when it cannot.
func toSchema(v any) *jsonschema.Schema {
	if v == nil {
		return nil
	}
	if s, ok := v.(*jsonschema.Schema); ok {
		return s
	}
	data, err := json.Marshal(v)
	if err != nil {
		return nil
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		return nil
	}
	return &s
}

// close ends the session (stdin closed, SIGTERM, SIGKILL) and kills what is
// left of the process group.
func (c *conn) close() error {
	var err error
	if c.session != nil {
		err = c.session.Close()
	}
	c.killGroup()
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		// The server exited with a status after its stdin closed (or a
		// signal): that is how it was told to stop.
		err = nil
	}
	return err
}

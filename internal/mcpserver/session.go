package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// session is one MCP session: its own *mcp.Server (so tool_search can
// change its tool list alone) and its own engine, made on first use.
type session struct {
	srv *Server
	mcp *mcp.Server
	id  string

	once sync.Once
	eng  *engine.Engine
	err  error

	watching atomic.Bool
	runs     atomic.Int64
	slots    chan struct{} // one per script running (RunsPerSession)

	admitMu  sync.Mutex
	admitted int   // codemode calls running or waiting
	argBytes int64 // their arguments' bytes

	// runsCtx is cancelled when the session ends (DELETE, shutdown,
	// Close): the SDK waits for active handlers without cancelling them,
	// so every run also watches it (see runContext).
	runsCtx    context.Context
	cancelRuns context.CancelFunc

	mu        sync.Mutex
	shown     map[string]bool // tools on this session's MCP tool list
	closed    bool
	closeErr  error
	closeOnce sync.Once
}

// newSession builds the MCP server of one session with its tools.
func (s *Server) newSession() *session {
	n := s.nextID.Add(1)
	ss := &session{srv: s, id: fmt.Sprintf("mcp-%d-%d", pid, n), shown: map[string]bool{}, slots: make(chan struct{}, RunsPerSession)}
	ss.runsCtx, ss.cancelRuns = context.WithCancel(context.Background())
	opts := &mcp.ServerOptions{
		Instructions: instructions(s),
		Capabilities: &mcp.ServerCapabilities{Tools: &mcp.ToolCapabilities{ListChanged: true}},
	}
	if s.cfg.Approvals.Asks() || s.asksQuestions() {
		opts.SupportedProtocolVersions = elicitationProtocols()
	}
	ss.mcp = mcp.NewServer(&mcp.Implementation{Name: "atomic-script", Title: "atomic-script codemode", Version: s.cfg.Version}, opts)
	if s.codemode != nil {
		ss.mcp.AddTool(s.codemode, ss.handleCodemode)
		ss.shown[s.codemode.Name] = true
		if s.asksQuestions() {
			ss.mcp.AddReceivingMiddleware(s.codemodeForClient)
		}
	}
	for _, t := range s.direct {
		if s.showsDirect(t) {
			ss.addDirect(t)
		}
	}
	if s.toolSearch != nil {
		ss.mcp.AddTool(s.toolSearch, ss.handleToolSearch)
		ss.shown[s.toolSearch.Name] = true
	}
	ss.mcp.AddTool(s.getTools, ss.handleGetTools)
	ss.mcp.AddResource(statusResource(), ss.readStatus)
	return ss
}

// addDirect puts a built-in tool on this session's MCP tool list.
func (ss *session) addDirect(t tools.Tool) {
	ss.mu.Lock()
	if ss.shown[t.Name()] {
		ss.mu.Unlock()
		return
	}
	ss.shown[t.Name()] = true
	ss.mu.Unlock()
	ss.mcp.AddTool(directDescriptor(t), ss.directHandler(t))
}

func (ss *session) isShown(name string) bool {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.shown[name]
}

// watch closes the session's engine when the MCP session ends (a stdio
// EOF, an HTTP DELETE or idle timeout), and registers the session under
// its MCP session id so an HTTP DELETE can cancel its runs first.
func (ss *session) watch(ms *mcp.ServerSession) {
	if ms == nil || !ss.watching.CompareAndSwap(false, true) {
		return
	}
	mcpID := ms.ID()
	ss.srv.register(mcpID, ss)
	go func() {
		_ = ms.Wait()
		ss.srv.unregister(mcpID, ss)
		_ = ss.close()
	}()
}

// runContext is ctx (a request's) that also ends when the session's runs
// or the whole server's runs are cancelled. Call stop when the run ends.
func (ss *session) runContext(ctx context.Context) (_ context.Context, stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	stopSession := context.AfterFunc(ss.runsCtx, cancel)
	stopServer := context.AfterFunc(ss.srv.runsCtx, cancel)
	return ctx, func() {
		stopSession()
		stopServer()
		cancel()
	}
}

// admit counts a codemode call whose arguments are n bytes in the
// session's admitted calls, or refuses it with a JSON-RPC error saying to
// retry when the session already holds WaitingPerSession waiting beyond
// its RunsPerSession running, or ArgumentBytesPerSession of arguments.
// release uncounts it.
func (ss *session) admit(n int64) (release func(), err error) {
	ss.admitMu.Lock()
	defer ss.admitMu.Unlock()
	if ss.admitted >= RunsPerSession+WaitingPerSession || ss.argBytes+n > ArgumentBytesPerSession {
		return nil, &jsonrpc.Error{Code: codeBusy, Message: fmt.Sprintf(
			"atomic-script serve is busy: this session already has %d codemode calls running or waiting, holding %s of arguments (at most %d: %d running and %d waiting, and %s); this call of %s was not run. Retry it when one of them has finished.",
			ss.admitted, mib(ss.argBytes), RunsPerSession+WaitingPerSession, RunsPerSession, WaitingPerSession, mib(ArgumentBytesPerSession), mib(n))}
	}
	ss.admitted++
	ss.argBytes += n
	return func() {
		ss.admitMu.Lock()
		ss.admitted--
		ss.argBytes -= n
		ss.admitMu.Unlock()
	}, nil
}

func mib(n int64) string { return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20)) }

// awaitTurn waits until the session and the server each have room for one
// more script (the session's turn first, so a session waiting for its own
// turn holds none of the server's), or ctx ends. release gives both back.
func (ss *session) awaitTurn(ctx context.Context) (release func(), err error) {
	select {
	case ss.slots <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case ss.srv.runSlots <- struct{}{}:
	case <-ctx.Done():
		<-ss.slots
		return nil, ctx.Err()
	}
	return func() { <-ss.srv.runSlots; <-ss.slots }, nil
}

// engine returns the session's engine, made on first use; direct calls go
// through it too (Engine.Call).
func (ss *session) engine() (*engine.Engine, error) {
	ss.once.Do(func() {
		ss.mu.Lock()
		closed := ss.closed
		ss.mu.Unlock()
		if closed {
			ss.err = errors.New("the MCP session has ended")
			return
		}
		cfg := ss.srv.cfg
		owner := ss.id
		opts := []engine.Option{
			engine.WithRoot(cfg.Root),
			engine.WithTools(cfg.Enabled),
			engine.WithSettings(cfg.Settings),
			engine.WithOwner(owner),
			engine.WithTimeout(cfg.Timeout),
			engine.WithMaxOutputTokens(cfg.MaxOutputTokens),
			engine.WithNamespaces(cfg.Namespaces...),
			engine.WithApprovals(cfg.Approvals),
			engine.WithModels(cfg.Models),
		}
		if cfg.Resources != nil {
			opts = append(opts, engine.WithRouter("mcp", cfg.Resources))
		}
		if cfg.StoreSession != "" {
			opts = append(opts, engine.WithSession(cfg.StoreSession))
			if cfg.StorePath != "" {
				opts = append(opts, engine.WithStorePath(cfg.StorePath))
			}
		} else {
			opts = append(opts, engine.WithSession(ss.id), engine.WithMemoryStore())
		}
		eng, err := engine.New(opts...)
		if err != nil {
			ss.err = err
			ss.srv.logf("session %s: %v", ss.id, err)
			return
		}
		ss.eng = eng
		ss.srv.track(ss, true)
	})
	return ss.eng, ss.err
}

// close ends the engine session: background tasks stop, the in-memory
// store branch is dropped, spill directories are released.
func (ss *session) close() error {
	ss.closeOnce.Do(func() {
		ss.cancelRuns()
		ss.mu.Lock()
		ss.closed = true
		ss.mu.Unlock()
		// Wait for a concurrent first use to finish making the engine.
		ss.once.Do(func() { ss.err = errors.New("the MCP session has ended") })
		if ss.eng != nil {
			ss.closeErr = ss.eng.Close()
			ss.srv.track(ss, false)
			if ss.closeErr != nil {
				ss.srv.logf("session %s: closing: %v", ss.id, ss.closeErr)
			}
		}
	})
	return ss.closeErr
}

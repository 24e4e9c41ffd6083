// Package mcpserver serves atomic-script over MCP (the official Go SDK):
// the codemode tool, each enabled built-in tool as a direct MCP tool,
// tool_search, and the get_tools status report, over stdio or streamable
// HTTP. Every MCP session gets its own engine session — snapshots, the
// store()/load() branch, background tasks and the todo list — closed when
// the MCP session ends.
package mcpserver

import (
	"context"
	"fmt"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/models"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/meta"
)

// DefaultInlineDeclarationTokens is the budget for the TypeScript
// declarations of the core tools inlined in codemode's description (the
// whole description stays within 2,500 tokens).
const DefaultInlineDeclarationTokens = 1600

// DefaultTimeout is the deadline of a codemode script when serve is not
// given one: a model host waits for the call, so a script that never ends
// must not hold it forever.
const DefaultTimeout = 60 * time.Second

// DefaultProgressInterval is how often a running script reports progress
// to a client that asked for it, when nothing else happened.
const DefaultProgressInterval = time.Second

// Config is what a Server serves. The CLI fills it from settings and flags.
type Config struct {
	// Root is the absolute workspace root.
	Root string
	// Enabled is the tool selection (settings, --tools): scripts may call
	// what it holds, and its script-callable tools are the direct tools.
	// codemode and tool_search are served only when it holds them.
	Enabled *tools.Registry
	// Status is the /tools report served by get_tools.
	Status tools.Status
	// Settings are the tool settings.
	Settings tools.Settings
	// Namespaces are the external MCP servers scripts call as
	// tools.<server>.<tool>.
	Namespaces []engine.Namespace
	// Resources serves mcp:// to read and search: the external servers'
	// resources (nil: none).
	Resources tools.Router
	// InlineDeclarationTokens bounds the declarations in codemode's
	// description (0: DefaultInlineDeclarationTokens).
	InlineDeclarationTokens int
	// HideDirectTools keeps the built-in tools off the MCP tool list when
	// codemode is served (settings codemode.directTools = false).
	HideDirectTools bool
	// StoreSession, when set, keeps store() values in the SQLite store under
	// this id (shared by every MCP session and kept across restarts);
	// otherwise each MCP session has its own in-memory branch.
	StoreSession string
	// StorePath overrides the SQLite store file.
	StorePath string
	// Timeout bounds every script (0: none; timeout_ms can shorten it).
	Timeout time.Duration
	// MaxOutputTokens caps every script's result (0: the engine default).
	MaxOutputTokens int
	// MaxRuns is the most codemode scripts running at once across sessions
	// (0: DefaultMaxRuns); each session runs at most RunsPerSession.
	MaxRuns int
	// ProgressInterval is the heartbeat of progress notifications (0:
	// DefaultProgressInterval).
	ProgressInterval time.Duration
	// HTTPSessionIdle closes an HTTP session that has had no request for
	// this long, with its engine and background tasks, as a DELETE would: a
	// client that vanished without one would keep them until the server
	// stops (0: DefaultHTTPSessionIdle). A request in flight pauses it.
	HTTPSessionIdle time.Duration
	// Approvals is the approval policy of scripts' calls (and the deny
	// rules of direct calls); an ask becomes an elicitation request to the
	// client whose codemode call it is.
	Approvals engine.ApprovalPolicy
	// Models is the model provider scripts reach as models.* (nil: none;
	// their calls say how to configure one). Shared by every session.
	Models *models.Client
	// Version is reported to clients.
	Version string
	// Log receives diagnostics (never the protocol stream). Nil discards.
	Log io.Writer
}

// RunsPerSession is the most codemode scripts one MCP session runs at
// once, DefaultMaxRuns the most serve runs across its sessions unless
// Config.MaxRuns says otherwise; a script over either waits its turn
// (cancellable). They bound serve's memory: a run's is its VM's heap (256
// MiB) and at most 4× its output + 64 MiB (the output is capped at 64 MiB).
const (
	RunsPerSession = 2
	DefaultMaxRuns = 4
)

// What a session's codemode calls may hold while admitted — running or
// waiting for their turn — beyond which a call gets a JSON-RPC error that
// says to retry (codeBusy): WaitingPerSession calls waiting behind the
// RunsPerSession running, and ArgumentBytesPerSession of their arguments
// in all. A waiting call keeps its decoded arguments (three or four copies
// of its script), so unbounded waiting was unbounded memory.
const (
	WaitingPerSession       = 4
	ArgumentBytesPerSession = 32 << 20
	codeBusy                = -32000 // JSON-RPC's range for server errors
)

// Server serves MCP sessions. Safe for concurrent use.
type Server struct {
	cfg Config

	codemode *mcp.Tool // nil when codemode is not enabled
	// codemodeNoAsk is codemode for a client that cannot answer
	// ask_user_question (no elicitation): its description leaves it out.
	codemodeNoAsk string
	toolSearch    *mcp.Tool // nil when tool_search is not enabled
	direct        []tools.Tool
	getTools      *mcp.Tool

	nextID   atomic.Int64
	mu       sync.Mutex
	sessions map[*session]bool
	byMCPID  map[string]*session // sessions with an MCP session id (HTTP)

	// runsCtx is cancelled by CancelRuns and Close: every run ends.
	runsCtx    context.Context
	cancelRuns context.CancelFunc

	runSlots chan struct{} // one per script running (Config.MaxRuns)
}

// New validates cfg and prepares what every session shares: the tool
// descriptors and codemode's description.
func New(cfg Config) (*Server, error) {
	if cfg.Enabled == nil {
		return nil, fmt.Errorf("mcpserver: no tool selection")
	}
	if cfg.Root == "" {
		return nil, fmt.Errorf("mcpserver: no workspace root")
	}
	if err := cfg.Approvals.Validate(); err != nil {
		return nil, err
	}
	if cfg.InlineDeclarationTokens <= 0 {
		cfg.InlineDeclarationTokens = DefaultInlineDeclarationTokens
	}
	if cfg.ProgressInterval <= 0 {
		cfg.ProgressInterval = DefaultProgressInterval
	}
	if cfg.MaxRuns <= 0 {
		cfg.MaxRuns = DefaultMaxRuns
	}
	if cfg.Version == "" {
		cfg.Version = "dev"
	}
	if cfg.Log == nil {
		cfg.Log = io.Discard
	}
	s := &Server{cfg: cfg, sessions: map[*session]bool{}, byMCPID: map[string]*session{}, runSlots: make(chan struct{}, cfg.MaxRuns)}
	s.runsCtx, s.cancelRuns = context.WithCancel(context.Background())
	if t, ok := cfg.Enabled.Get(meta.Codemode); ok {
		s.codemode = &mcp.Tool{
			Name:         meta.Codemode,
			Description:  codemodeDescription(cfg, true),
			InputSchema:  t.InputSchema(),
			OutputSchema: resultSchema(),
			Annotations:  annotations("Run a codemode script", t),
		}
		s.codemodeNoAsk = codemodeDescription(cfg, false)
	}
	if t, ok := cfg.Enabled.Get(meta.ToolSearch); ok {
		s.toolSearch = &mcp.Tool{Name: meta.ToolSearch, Description: t.Description(), InputSchema: t.InputSchema(),
			Annotations: annotations("Find and activate tools", t)}
	}
	for _, t := range cfg.Enabled.Tools() {
		if tools.ScriptCallable(t) && !tools.HasTag(t, tools.TagScriptOnly) {
			s.direct = append(s.direct, t)
		}
	}
	s.getTools = statusTool()
	return s, nil
}

// showsDirect reports whether t is on the MCP tool list from the start
// (deferred tools wait for tool_search; settings can hide them all behind
// codemode).
func (s *Server) showsDirect(t tools.Tool) bool {
	if tools.HasTag(t, tools.TagDeferred) {
		return false
	}
	return s.codemode == nil || !s.cfg.HideDirectTools
}

// CancelRuns aborts every script and direct tool call in flight, in every
// session, and every one started later (they end as kind "aborted"; their
// bash process groups are killed). Call it before a graceful shutdown: the
// SDK waits for running handlers without cancelling them.
func (s *Server) CancelRuns() { s.cancelRuns() }

// Close cancels every run in flight, then ends every live session (its
// engine, background tasks and spill directory).
func (s *Server) Close() error {
	s.CancelRuns()
	s.mu.Lock()
	live := make([]*session, 0, len(s.sessions))
	for ss := range s.sessions {
		live = append(live, ss)
	}
	s.mu.Unlock()
	var first error
	for _, ss := range live {
		if err := ss.close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

func (s *Server) track(ss *session, live bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if live {
		s.sessions[ss] = true
	} else {
		delete(s.sessions, ss)
	}
}

// register records ss under its MCP session id ("" over stdio: nothing).
func (s *Server) register(mcpID string, ss *session) {
	if mcpID == "" {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byMCPID[mcpID] = ss
}

func (s *Server) unregister(mcpID string, ss *session) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.byMCPID[mcpID] == ss {
		delete(s.byMCPID, mcpID)
	}
}

// cancelSession aborts the runs of the session with MCP session id mcpID,
// if there is one.
func (s *Server) cancelSession(mcpID string) {
	s.mu.Lock()
	ss := s.byMCPID[mcpID]
	s.mu.Unlock()
	if ss != nil {
		ss.cancelRuns()
	}
}

func (s *Server) logf(format string, args ...any) {
	fmt.Fprintf(s.cfg.Log, "atomic-script serve: "+format+"\n", args...)
}

func ptr[T any](v T) *T { return &v }

// pid is part of in-memory session ids, so spill trees of concurrent
// servers do not meet.
var pid = os.Getpid()

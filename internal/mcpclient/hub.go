// Package mcpclient connects atomic-script to the external MCP servers a
// user configures under mcpServers in settings, so scripts can call their
// tools as tools.<server>.<tool>. Servers start lazily on first use (the
// first script run that needs their tool list), are reused by every later
// run of the same process (one `serve` session or one `run`), restart after
// they die, and are shut down cleanly by Hub.Close.
package mcpclient

import (
	"context"
	"fmt"
	"io"
	"net/url"
	"sort"
	"sync"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/settings"
	"github.com/atomic-script/atomic-script/tools"
)

// DefaultStartTimeout bounds starting a server and listing its tools.
const DefaultStartTimeout = 30 * time.Second

// retryAfter is how long a failed start is remembered: runs in that window
// get the same error at once instead of waiting for another failing start.
const retryAfter = 10 * time.Second

// Options configure a Hub.
type Options struct {
	// Root is the working directory of stdio servers (the workspace root).
	Root string
	// Stderr receives the servers' stderr, each line prefixed with
	// "[mcp NAME] ". Nil discards it.
	Stderr io.Writer
	// StartTimeout bounds a start (default DefaultStartTimeout).
	StartTimeout time.Duration
	// Version is reported to servers as the client version.
	Version string
}

// Hub owns the configured servers of one process. Safe for concurrent use.
type Hub struct {
	opts    Options
	servers map[string]*Server
	names   []string

	mu     sync.Mutex
	closed bool
}

// New returns a hub for the configured servers; nothing is started yet.
// Disabled servers are kept (a selection entry can turn them on). The
// configurations must have passed Validate.
func New(configs map[string]settings.MCPServer, opts Options) *Hub {
	if opts.StartTimeout <= 0 {
		opts.StartTimeout = DefaultStartTimeout
	}
	if opts.Version == "" {
		opts.Version = "dev"
	}
	h := &Hub{opts: opts, servers: map[string]*Server{}}
	for name, cfg := range configs {
		h.servers[name] = &Server{name: name, cfg: cfg, hub: h}
		h.names = append(h.names, name)
	}
	sort.Strings(h.names)
	return h
}

// Validate checks the configured servers: each needs exactly one of command
// (stdio) or url (streamable HTTP), and a url must be http or https.
func Validate(configs map[string]settings.MCPServer) error {
	names := make([]string, 0, len(configs))
	for n := range configs {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		c := configs[n]
		switch {
		case n == "":
			return fmt.Errorf("settings: mcpServers has an entry with an empty name")
		case c.Command == "" && c.URL == "":
			return fmt.Errorf("settings: mcpServers.%s: give \"command\" (a stdio server) or \"url\" (a streamable HTTP server)", n)
		case c.Command != "" && c.URL != "":
			return fmt.Errorf("settings: mcpServers.%s: give either \"command\" or \"url\", not both", n)
		case c.URL != "":
			u, err := url.Parse(c.URL)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return fmt.Errorf("settings: mcpServers.%s: url %q is not an http(s) URL", n, c.URL)
			}
		}
	}
	return nil
}

// Names returns the configured server names, sorted.
func (h *Hub) Names() []string { return append([]string(nil), h.names...) }

// Server returns the named server, or nil.
func (h *Hub) Server(name string) *Server { return h.servers[name] }

// Namespaces returns an engine namespace for every server whose selection
// entry (see Entries) is in enabled: scripts then call its tools as
// tools.<server>.<tool>. A nil enabled registry selects every server that is
// not disabled in settings.
func (h *Hub) Namespaces(enabled *tools.Registry) []engine.Namespace {
	var out []engine.Namespace
	for _, n := range h.names {
		s := h.servers[n]
		if enabled != nil {
			if _, ok := enabled.Get(n); !ok {
				continue
			}
		} else if s.cfg.Disabled {
			continue
		}
		out = append(out, s.Namespace())
	}
	return out
}

// Close shuts every started server down (stdin closed, then SIGTERM, then
// SIGKILL for the whole process group) and refuses later starts.
func (h *Hub) Close() error {
	h.mu.Lock()
	h.closed = true
	h.mu.Unlock()
	var wg sync.WaitGroup
	errs := make([]error, len(h.names))
	for i, n := range h.names {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = h.servers[n].stop()
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

// Signal sends sig to the process group of every stdio server running or
// being closed, so a shutdown can hurry servers that do not go when their
// stdin closes (Close waits for them). Safe to call during Close.
func (h *Hub) Signal(sig syscall.Signal) {
	for _, n := range h.names {
		h.servers[n].signal(sig)
	}
}

func (h *Hub) isClosed() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.closed
}

// startContext bounds one start, independently of the caller that
// triggered it: other runs may be waiting for the same start.
func (h *Hub) startContext() (context.Context, context.CancelFunc) {
	return context.WithTimeout(context.Background(), h.opts.StartTimeout)
}

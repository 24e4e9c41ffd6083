package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/mcpclient"
	"github.com/atomic-script/atomic-script/internal/mcpserver"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/meta"
)

// serveDefault is the selection serve starts from: the defaults plus
// codemode, which serve exists to offer. Settings files and --tools apply
// after it, so "-codemode" or an allowlist without codemode still turn it
// off.
var serveDefault = tools.Layer{Source: "atomic-script serve (adds codemode)", Entries: []string{"+" + meta.Codemode}}

func cmdServe(args []string, stdio Stdio) (int, error) {
	cmd := newCommand("serve", "atomic-script serve [--http ADDR] [flags]", 0, 0)
	fs := cmd.fs
	var c common
	c.register(fs)
	c.base = []tools.Layer{serveDefault}
	httpAddr := fs.String("http", "", "serve streamable HTTP on ADDR (loopback only, e.g. 127.0.0.1:8765) instead of stdio; clients must send \"Authorization: Bearer TOKEN\", TOKEN being $"+mcpserver.TokenEnv+" (at least 16 characters) or a random one printed on stderr at start")
	session := fs.String("session", "", "keep store() values in the session store under this id (default: one in-memory branch per MCP session)")
	timeout := fs.Duration("timeout", mcpserver.DefaultTimeout, "deadline for every codemode script, e.g. 5m; 0 for none (a script's timeout_ms can only shorten it)")
	maxTokens := fs.Int("max-output-tokens", 0, "cap on every codemode result in estimated tokens (default 10000)")
	maxRuns := fs.Int("max-runs", mcpserver.DefaultMaxRuns, "most codemode scripts running at once across sessions (each session runs at most 2); the others wait their turn")
	approveList := fs.String("approve", "", "ask the client (MCP elicitation) before a script's calls of these approval classes (write,bash) that no allow pattern of the settings covers; a client without elicitation gets them denied")
	if _, _, err := cmd.parse(args, stdio.Out); err != nil {
		return 0, err
	}
	var token string
	var generated bool
	if *httpAddr != "" {
		if err := mcpserver.CheckLoopback(*httpAddr); err != nil {
			return 0, usagef("serve: %v", err)
		}
		var err error
		if token, generated, err = mcpserver.ServeToken(os.Getenv(mcpserver.TokenEnv)); err != nil {
			return 0, fmt.Errorf("serve: %v", err)
		}
	}
	approve, err := parseApprove("serve", *approveList)
	if err != nil {
		return 0, err
	}
	ws, err := c.load(stdio.Err)
	if err != nil {
		return 0, err
	}
	// Signals are caught from here until every child has ended: with the
	// default action restored during shutdown, the host's SIGTERM (sent
	// soon after it closes stdin) killed serve halfway and orphaned the
	// MCP servers it was stopping.
	sigs := make(chan os.Signal, 4)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer signal.Stop(sigs)
	mc, err := ws.modelsClient()
	if err != nil {
		return 0, err
	}
	hub := mcpclient.New(ws.settings.MCPServers, mcpclient.Options{Root: ws.root, Stderr: stdio.Err, Version: Version})
	hubClosed := false
	defer func() {
		if !hubClosed {
			hub.Close()
		}
	}()
	cm := ws.settings.Codemode
	reapCtx, stopReaper := context.WithCancel(context.Background())
	defer stopReaper()
	engine.StartSpillReaper(reapCtx, 2*time.Second)
	srv, err := mcpserver.New(mcpserver.Config{
		Root:                    ws.root,
		Enabled:                 ws.enabled,
		Status:                  ws.status,
		Settings:                ws.settings.Tools(),
		Namespaces:              hub.Namespaces(ws.enabled),
		Resources:               hub.Router(ws.enabled),
		InlineDeclarationTokens: cm.InlineDeclarationTokens,
		HideDirectTools:         cm.DirectTools != nil && !*cm.DirectTools,
		StoreSession:            *session,
		Timeout:                 *timeout,
		MaxOutputTokens:         *maxTokens,
		MaxRuns:                 *maxRuns,
		Approvals:               ws.settings.Policy(approve, false),
		Models:                  mc,
		Version:                 Version,
		Log:                     stdio.Err,
	})
	if err != nil {
		return 0, err
	}
	defer srv.Close()

	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	signalled := make(chan struct{})
	go func() {
		select {
		case <-sigs:
			close(signalled)
			cancel()
		case <-ctx.Done():
		}
	}()
	if *httpAddr == "" {
		err = srv.ServeStdio(ctx, stdio.In, stdio.Out)
	} else {
		err = serveHTTP(ctx, srv, *httpAddr, token, generated, stdio.Err)
	}
	cancel()
	srv.Close()
	hubClosed = true
	endServers(hub, signalled, sigs)
	return 0, err
}

// serverGrace is how long MCP servers get to exit after their stdin closes
// when serve ends, and then after SIGTERM, before SIGKILL. A signal to serve
// skips the first wait, and a second signal the rest.
const serverGrace = 500 * time.Millisecond

// endServers stops the MCP servers serve started: stdin closed (hub.Close),
// then SIGTERM and SIGKILL to their process groups for servers that do not
// go; a signal to serve (now or meanwhile) hurries each step.
func endServers(hub *mcpclient.Hub, signalled <-chan struct{}, sigs <-chan os.Signal) {
	done := make(chan struct{})
	go func() { hub.Close(); close(done) }()
	grace := serverGrace
	select {
	case <-signalled:
		grace = 0
	default:
	}
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGKILL} {
		t := time.NewTimer(grace)
		select {
		case <-done:
			t.Stop()
			return
		case <-t.C:
		case <-sigs:
			t.Stop()
			sig = syscall.SIGKILL
		}
		hub.Signal(sig)
		if sig == syscall.SIGKILL {
			break
		}
		grace = serverGrace
	}
	<-done
}

// serveHTTP serves streamable HTTP to clients presenting token until ctx
// ends, then shuts down. A generated token is printed once, next to the
// URL; one from the environment is not repeated.
func serveHTTP(ctx context.Context, srv *mcpserver.Server, addr, token string, generated bool, stderr io.Writer) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("serve: %v", err)
	}
	auth := "Bearer " + token
	if !generated {
		auth = "Bearer $" + mcpserver.TokenEnv
	}
	fmt.Fprintf(stderr, "atomic-script: serving MCP on http://%s/mcp (Authorization: %s)\n", ln.Addr(), auth)
	// Requests live in base: shutdown ends it, so long-lived requests (a
	// client's standing SSE stream) end too instead of holding Shutdown
	// until its deadline.
	base, endRequests := context.WithCancel(context.Background())
	defer endRequests()
	hs := &http.Server{Handler: srv.HTTPHandler(token), ReadHeaderTimeout: 10 * time.Second,
		BaseContext: func(net.Listener) context.Context { return base }}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(ln) }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
	}
	// The SDK waits for running handlers without cancelling them: abort
	// the runs first, so shutdown is prompt and no bash process outlives it.
	srv.CancelRuns()
	endRequests()
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdown); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

package mcpserver

import (
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// CheckLoopback refuses an --http address that is not on the loopback
// interface: the server runs tools with the user's permissions and has no
// authentication, so it must not be reachable from other machines.
func CheckLoopback(addr string) error {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--http %q: want HOST:PORT, e.g. 127.0.0.1:8765 (%v)", addr, err)
	}
	if host == "localhost" {
		return nil
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	if ip == nil || !ip.IsLoopback() {
		shown := host
		if shown == "" {
			shown = "every interface"
		}
		return fmt.Errorf("--http %q: refusing to listen on %s; the MCP server runs tools with your permissions and has no authentication, so it listens on loopback only (127.0.0.1, [::1] or localhost)", addr, shown)
	}
	return nil
}

// HTTPHandler serves streamable HTTP. Each MCP session (one initialize,
// then requests carrying its Mcp-Session-Id) gets its own session state;
// a DELETE from the client ends it and closes its engine.
func (s *Server) HTTPHandler() http.Handler {
	// Requests of an existing session are routed by the SDK; the server
	// returned for them is consulted only for the protocol versions.
	shared := mcp.NewServer(&mcp.Implementation{Name: "atomic-script", Version: s.cfg.Version}, nil)
	return mcp.NewStreamableHTTPHandler(func(r *http.Request) *mcp.Server {
		if r.Header.Get("Mcp-Session-Id") != "" {
			return shared
		}
		return s.newSession().mcp
	}, &mcp.StreamableHTTPOptions{Logger: nil})
}

package mcpserver_test

import (
	"net/http/httptest"
	"net/http/httputil"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// conformanceSuite is the official MCP conformance suite that .ci/run
// installs (or $ATOMIC_MCP_CONFORMANCE), and node to run it.
func conformanceSuite(t *testing.T) (node, dir string) {
	return ciNodePackage(t, "the MCP conformance suite", "ATOMIC_MCP_CONFORMANCE", filepath.Join("dist", "index.js"), "conformance", "node_modules", "@modelcontextprotocol", "conformance")
}

// conformanceScenarios are the suite's server scenarios about the protocol
// itself. The others call the tools, resources and prompts of the suite's
// own reference server (test_simple_text, ...), which atomic-script does
// not have.
var conformanceScenarios = []string{
	"server-initialize", "ping", "logging-set-level", "tools-list", "resources-list", "prompts-list",
	"server-sse-multiple-streams", "dns-rebinding-protection",
}

// TestConformanceSuite runs the official MCP conformance suite
// (@modelcontextprotocol/conformance) against serve --http. The suite sends
// no Authorization header, so it talks to serve through a loopback proxy
// that adds the token and passes every other header — Host and Origin
// included — unchanged.
func TestConformanceSuite(t *testing.T) {
	node, suite := conformanceSuite(t)
	w := newWorkspace(t, "", "")
	_, endpoint, auth := w.serveHTTP(t)
	target, _ := url.Parse(endpoint)
	// The proxy's own address is read before it serves (not from the
	// handler, which would race with the assignment).
	var proxyAddr string
	proxy := httptest.NewUnstartedServer(&httputil.ReverseProxy{
		Rewrite: func(r *httputil.ProxyRequest) {
			r.SetURL(target)
			r.Out.URL.Path = r.In.URL.Path
			r.Out.Header.Set("Authorization", auth)
			if r.In.Host == proxyAddr {
				r.Out.Host = target.Host // the client's own loopback address
			} else {
				r.Out.Host = r.In.Host // a forged Host reaches serve as sent
			}
		},
		FlushInterval: -1, // SSE
	})
	proxyAddr = proxy.Listener.Addr().String()
	proxy.Start()
	defer proxy.Close()
	for _, sc := range conformanceScenarios {
		t.Run(sc, func(t *testing.T) {
			cmd := exec.Command(node, filepath.Join(suite, "dist", "index.js"), "server", "--url", proxy.URL+"/mcp", "--scenario", sc, "-o", t.TempDir())
			cmd.Env = append(os.Environ(), "NO_COLOR=1")
			if out, err := cmd.CombinedOutput(); err != nil {
				t.Errorf("scenario %s: %v\n%s", sc, err, out)
			}
		})
	}
}

package web

import (
	"context"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/guard"
	"github.com/atomic-script/atomic-script/tools/spill"
)

// server is a loopback test server that counts its requests.
type server struct {
	*httptest.Server
	hits atomic.Int64
}

func newServer(t *testing.T, h http.HandlerFunc) *server {
	t.Helper()
	s := &server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		h(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

func newTLSServer(t *testing.T, h http.HandlerFunc) *server {
	t.Helper()
	s := &server{}
	s.Server = httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.hits.Add(1)
		h(w, r)
	}))
	s.Config.ErrorLog = log.New(io.Discard, "", 0) // handshakes the tests make fail on purpose
	s.StartTLS()
	t.Cleanup(s.Close)
	return s
}

// hostPort is the server's 127.0.0.1:port.
func (s *server) hostPort() string { u, _ := url.Parse(s.URL); return u.Host }

// testClient is a client whose allowlist holds exactly the given
// host:ports (the escape hatch the tests use), with a resolver that knows
// the names given as name=ip and no others, so no test sends a DNS query.
func testClient(t *testing.T, allow []string, names map[string]string, roots ...*httptest.Server) *Client {
	t.Helper()
	pol, err := guard.ParsePolicy(strings.Join(allow, ","))
	if err != nil {
		t.Fatal(err)
	}
	opts := guard.Options{
		Policy: func() (guard.Policy, error) { return pol, nil },
		Resolve: func(ctx context.Context, host string) ([]netip.Addr, error) {
			if ip, ok := names[host]; ok {
				return []netip.Addr{netip.MustParseAddr(ip)}, nil
			}
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		},
	}
	for _, r := range roots {
		opts.RootCAs = r.Client().Transport.(*http.Transport).TLSClientConfig.RootCAs
	}
	return NewClient(opts)
}

// testEnv is an Env with a spill directory of its own.
func testEnv(t *testing.T) *tools.Env {
	t.Helper()
	d, err := spill.OpenIn(t.TempDir(), "web-test")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { d.Close() })
	return &tools.Env{Root: t.TempDir(), Session: tools.NewSession("web-test"), Spill: d}
}

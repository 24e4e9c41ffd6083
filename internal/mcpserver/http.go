package mcpserver

import (
	"cmp"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TokenEnv names the environment variable that fixes the bearer token of
// `serve --http`; without it serve makes a random one.
const TokenEnv = "ATOMIC_SERVE_TOKEN"

// MinTokenLen is the shortest token TokenEnv may hold.
const MinTokenLen = 16

// CheckLoopback refuses an --http address that is not on the loopback
// interface: the server runs tools with the user's permissions, so it must
// not be reachable from other machines even with its token.
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
		return fmt.Errorf("--http %q: refusing to listen on %s; the MCP server runs tools with your permissions, so it listens on loopback only (127.0.0.1, [::1] or localhost)", addr, shown)
	}
	return nil
}

// ServeToken returns the bearer token for `serve --http`: fromEnv (the
// value of TokenEnv) when set, else 32 random bytes in hex. A token from
// the environment shorter than MinTokenLen, or with characters a header
// cannot carry plainly, is an error.
func ServeToken(fromEnv string) (token string, generated bool, err error) {
	if fromEnv != "" {
		if len(fromEnv) < MinTokenLen {
			return "", false, fmt.Errorf("%s is %d characters long; use at least %d (or unset it and serve makes a random token)", TokenEnv, len(fromEnv), MinTokenLen)
		}
		for _, r := range fromEnv {
			if r <= ' ' || r > '~' {
				return "", false, fmt.Errorf("%s holds %q; use printable ASCII without spaces", TokenEnv, r)
			}
		}
		return fromEnv, false, nil
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", false, fmt.Errorf("making a serve token: %v", err)
	}
	return hex.EncodeToString(b), true, nil
}

// RequireBearer lets through only requests carrying "Authorization: Bearer
// token"; any other gets 401 with a WWW-Authenticate challenge before next
// sees it. Any local account can reach a loopback port, so the token is
// what keeps other users from running code as this one. The comparison is
// of SHA-256 digests in constant time, so timing reveals neither the token
// nor its length. An empty token lets nothing through.
func RequireBearer(token string, next http.Handler) http.Handler {
	want := sha256.Sum256([]byte(token))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		scheme, cred, _ := strings.Cut(r.Header.Get("Authorization"), " ")
		got := sha256.Sum256([]byte(strings.TrimSpace(cred)))
		if token == "" || !strings.EqualFold(scheme, "Bearer") || subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
			challenge := `Bearer realm="atomic-script"`
			if scheme != "" {
				challenge += `, error="invalid_token"`
			}
			w.Header().Set("WWW-Authenticate", challenge)
			http.Error(w, "unauthorized: send Authorization: Bearer <token> (atomic-script serve prints it on stderr at start, or takes it from "+TokenEnv+")", http.StatusUnauthorized)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// DefaultHTTPSessionIdle is how long an HTTP session may go without a
// request before it is closed.
const DefaultHTTPSessionIdle = time.Hour

// HTTPHandler serves streamable HTTP to clients that present token (see
// RequireBearer). Each MCP session (one initialize, then requests carrying
// its Mcp-Session-Id) gets its own session state; a DELETE from the client
// ends it and closes its engine. The SDK's handler keeps its own checks
// behind the token: a non-loopback Host header is refused (DNS rebinding)
// and so is a POST that is not application/json. A DELETE first aborts the
// session's runs in flight: the SDK would wait for them to finish.
func (s *Server) HTTPHandler(token string) http.Handler {
	// Requests of an existing session are routed by the SDK; the server
	// returned for them is consulted only for the protocol versions.
	shared := mcp.NewServer(&mcp.Implementation{Name: "atomic-script", Version: s.cfg.Version}, nil)
	sdk := mcp.NewStreamableHTTPHandler(func(r *http.Request) *mcp.Server {
		if r.Header.Get("Mcp-Session-Id") != "" {
			return shared
		}
		return s.newSession().mcp
	}, &mcp.StreamableHTTPOptions{Logger: nil, MaxRequestBodyBytes: maxFrame, SessionTimeout: cmp.Or(s.cfg.HTTPSessionIdle, DefaultHTTPSessionIdle)})
	ids := &httpIDs{}
	return refuseForeignOrigin(RequireBearer(token, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodPost {
			var done func()
			var ok bool
			if w, r, done, ok = ids.wrap(w, r); !ok {
				return
			}
			defer done()
		}
		if r.Method == http.MethodDelete {
			if id := r.Header.Get("Mcp-Session-Id"); id != "" {
				s.cancelSession(id)
			}
		}
		sdk.ServeHTTP(w, r)
	})))
}

// refuseForeignOrigin answers 403 to a request whose Origin header is not
// a loopback origin: MCP asks servers to validate Origin on every request
// against DNS rebinding, and a page of another site (a cross-site form, a
// rebound name) sends its own. Clients that are not browsers send none.
func refuseForeignOrigin(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if origin := r.Header.Get("Origin"); origin != "" && !loopbackOrigin(origin) {
			http.Error(w, fmt.Sprintf("Forbidden: Origin %q is not a loopback origin; atomic-script serves only local clients", origin), http.StatusForbidden)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// loopbackOrigin reports whether origin is http(s) on localhost or a
// loopback address.
func loopbackOrigin(origin string) bool {
	u, err := url.Parse(origin)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return false
	}
	host := u.Hostname()
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

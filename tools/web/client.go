// Package web implements what scripts reach on the web: `read` of http(s)
// URLs (through a hook in the files package), webfetch, websearch and
// code_search. Every request goes through one guarded HTTP client
// (package guard): no private, loopback, link-local or metadata target in
// any spelling, each redirect checked, downloads capped, a deadline on
// every request.
package web

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/guard"
)

// userAgent names the tool to the servers it fetches from.
const userAgent = "atomic-script (+https://github.com/atomic-script/atomic-script)"

// Client is the web tools' HTTP client: the guard's client plus caps,
// deadlines and error messages a model can act on. Safe for concurrent use.
type Client struct {
	g *guard.Guard
	// upgrade returns the https host an http:// URL is tried at first, and
	// whether to try; tests point it at their TLS server.
	upgrade func(u *url.URL) (string, bool)
}

// NewClient returns a client guarded by opts (the zero Options: the
// system resolver and roots, the policy from the environment).
func NewClient(opts guard.Options) *Client {
	return &Client{g: guard.New(opts), upgrade: defaultUpgrade}
}

// defaultUpgrade tries https on port 443 for an http:// URL on the default
// port; a URL with a port of its own names a service that is not the
// host's web server, so it is left alone.
func defaultUpgrade(u *url.URL) (string, bool) {
	if u.Port() != "" && u.Port() != "80" {
		return "", false
	}
	if strings.Contains(u.Hostname(), ":") {
		return "[" + u.Hostname() + "]", true
	}
	return u.Hostname(), true
}

// defaultClient is the one client every tool call shares, so connections
// are reused across calls.
var defaultClient = sync.OnceValue(func() *Client { return NewClient(guard.Options{}) })

// HTTP returns the guarded *http.Client (for the MCP client of
// code_search).
func (c *Client) HTTP() *http.Client { return c.g.Client }

// Request is one fetch.
type Request struct {
	URL      string
	Method   string     // GET when empty
	Form     url.Values // sent as an application/x-www-form-urlencoded POST body
	Accept   string
	MaxBytes int64 // download cap; the body is cut there and Response.Truncated set
	// DocumentBytes is the cap instead when the response is a document
	// (PDF, Office, EPUB, RTF), which cannot be read in part.
	DocumentBytes int64
	Timeout       time.Duration // the whole request, body included
	// Upgrade tries https first for an http:// URL on the default port,
	// and keeps http when the host does not answer over TLS.
	Upgrade bool
}

// Response is a fetched body, cut at the cap.
type Response struct {
	URL         *url.URL // after redirects
	Status      int
	StatusText  string
	ContentType string // the media type, lower case, without parameters
	Params      map[string]string
	Body        []byte
	// Truncated: the body went on past Request.MaxBytes.
	Truncated bool
	// TimedOut: the request's timeout passed while the body was arriving;
	// Body holds what came before.
	TimedOut bool
	// Upgraded: an http:// URL was fetched over https.
	Upgraded bool
}

// Fetch runs one request. A refusal, a network or TLS failure, or the
// deadline is an error whose message says what happened and what to do;
// HTTP error statuses are returned as responses for the caller to judge.
func (c *Client) Fetch(ctx context.Context, tool string, req Request) (*Response, error) {
	u, err := parseURL(tool, req.URL)
	if err != nil {
		return nil, err
	}
	if err := c.g.CheckURL(u); err != nil {
		return nil, describe(tool, u, err, req.Timeout, ctx)
	}
	if host, ok := c.upgrade(u); ok && req.Upgrade && strings.EqualFold(u.Scheme, "http") {
		up := *u
		up.Scheme, up.Host = "https", host
		resp, err := c.fetch(ctx, tool, &up, req, upgradeWindow)
		if err == nil {
			resp.Upgraded = true
			return resp, nil
		}
		if !fallsBackToHTTP(err) || ctx.Err() != nil {
			return nil, err
		}
	}
	return c.fetch(ctx, tool, u, req, 0)
}

// upgradeWindow is how long an https attempt for an http:// URL may take
// to answer before the plain http URL is fetched instead (a host that
// drops port 443 would otherwise hold the call until its timeout).
const upgradeWindow = 5 * time.Second

// errNoTLSAnswer marks an upgrade attempt that got no answer in time.
var errNoTLSAnswer = errors.New("no answer over https")

// fallsBackToHTTP reports whether an https attempt failed the way a host
// without TLS fails (refused, reset, not TLS, bad certificate), as opposed
// to a refusal by the guard or the deadline.
func fallsBackToHTTP(err error) bool {
	var te *tools.Error
	return errors.Is(err, errNoTLSAnswer) || errors.As(err, &te) && te.Code == tools.ErrIO
}

func parseURL(tool, raw string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		msg := err.Error()
		var ue *url.Error
		if errors.As(err, &ue) {
			msg = ue.Err.Error()
		}
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %q is not a valid URL: %s", tool, raw, msg)
	}
	if !u.IsAbs() {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %q is not an absolute URL; give one starting with https://", tool, raw)
	}
	return u, nil
}

// fetch runs req against u. With a window, the request is abandoned when
// no response headers came within it (errNoTLSAnswer).
func (c *Client) fetch(parent context.Context, tool string, u *url.URL, req Request, window time.Duration) (*Response, error) {
	ctx, cancel := context.WithTimeout(parent, req.Timeout)
	defer cancel()
	var abandoned atomic.Bool
	var timer *time.Timer
	if window > 0 {
		timer = time.AfterFunc(window, func() { abandoned.Store(true); cancel() })
	}
	method, body := req.Method, io.Reader(nil)
	if method == "" {
		method = http.MethodGet
	}
	if req.Form != nil {
		method, body = http.MethodPost, strings.NewReader(req.Form.Encode())
	}
	hr, err := http.NewRequestWithContext(ctx, method, u.String(), body)
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %s: %v", tool, u.Redacted(), err)
	}
	hr.Header.Set("User-Agent", userAgent)
	if req.Accept != "" {
		hr.Header.Set("Accept", req.Accept)
	}
	if req.Form != nil {
		hr.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := c.g.Client.Do(hr)
	if timer != nil {
		timer.Stop()
	}
	if abandoned.Load() {
		if err == nil {
			resp.Body.Close()
		}
		return nil, errNoTLSAnswer
	}
	if err != nil {
		return nil, describe(tool, u, err, req.Timeout, parent)
	}
	defer resp.Body.Close()
	out := &Response{URL: resp.Request.URL, Status: resp.StatusCode, StatusText: http.StatusText(resp.StatusCode)}
	if mt, params, err := mime.ParseMediaType(resp.Header.Get("Content-Type")); err == nil {
		out.ContentType, out.Params = strings.ToLower(mt), params
	}
	max := req.MaxBytes
	if req.DocumentBytes > max && documentResponse(out.ContentType, out.URL.Path) {
		max = req.DocumentBytes
	}
	if resp.ContentLength > max {
		out.Truncated = true // known before reading: no need to wait for the rest
	}
	out.Body, err = readCapped(resp.Body, max)
	switch {
	case errors.Is(err, errOverCap):
		out.Truncated = true
	case err != nil && parent.Err() != nil:
		return nil, describe(tool, u, parent.Err(), req.Timeout, parent)
	case err != nil && ctx.Err() != nil:
		if len(out.Body) == 0 {
			return nil, describe(tool, u, ctx.Err(), req.Timeout, parent)
		}
		out.TimedOut = true
	case err != nil:
		if len(out.Body) == 0 {
			return nil, describe(tool, u, err, req.Timeout, parent)
		}
		out.Truncated = true // the connection broke mid-body: keep what came, say it is cut
	}
	return out, nil
}

var errOverCap = errors.New("body over the cap")

// readCapped reads r up to max bytes; errOverCap when more followed. On
// another error it returns what arrived before it.
func readCapped(r io.Reader, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if int64(len(data)) > max {
		return data[:max], errOverCap
	}
	return data, err
}

// describe turns a failed request into a coded error naming the URL, what
// went wrong and what to do next.
func describe(tool string, u *url.URL, err error, timeout time.Duration, parent context.Context) error {
	target := u.Redacted()
	var (
		ref   *guard.Refusal
		sch   *guard.SchemeError
		redir *guard.RedirectError
		dns   *net.DNSError
		unk   x509.UnknownAuthorityError
		host  x509.HostnameError
		inv   x509.CertificateInvalidError
		rec   tls.RecordHeaderError
		alert tls.AlertError
		verr  *tls.CertificateVerificationError
	)
	switch {
	case errors.As(err, &ref):
		what := target + " was not fetched"
		if errors.As(err, &redir) {
			what = redir.Msg
		}
		return &tools.Error{Code: tools.ErrNotAllowed, Err: err, Msg: fmt.Sprintf("%s: %s: %s. The web tools reach public addresses only; use a public URL.", tool, what, ref.Error())}
	case errors.As(err, &sch):
		return &tools.Error{Code: tools.ErrInvalidArgs, Err: err, Msg: fmt.Sprintf("%s: %s: %s", tool, target, sch.Msg)}
	case errors.As(err, &redir):
		return &tools.Error{Code: tools.ErrTool, Err: err, Msg: fmt.Sprintf("%s: %s: %s", tool, target, redir.Error())}
	case parent != nil && parent.Err() != nil:
		if errors.Is(parent.Err(), context.DeadlineExceeded) {
			return &tools.Error{Code: tools.ErrTimeout, Err: err, Msg: fmt.Sprintf("%s: %s: the run's deadline passed before the server answered", tool, target)}
		}
		return &tools.Error{Code: tools.ErrCancelled, Err: err, Msg: fmt.Sprintf("%s: %s: cancelled", tool, target)}
	case errors.Is(err, context.DeadlineExceeded) || isTimeout(err):
		return &tools.Error{Code: tools.ErrTimeout, Err: err, Msg: fmt.Sprintf("%s: %s: no answer within %s; the server is slow or unreachable. Try again later, or with a longer timeout.", tool, target, timeout)}
	case errors.As(err, &dns):
		if dns.IsNotFound {
			return &tools.Error{Code: tools.ErrNotFound, Err: err, Msg: fmt.Sprintf("%s: %s: host %s not found (DNS). Check the URL.", tool, target, u.Hostname())}
		}
		return &tools.Error{Code: tools.ErrIO, Err: err, Msg: fmt.Sprintf("%s: %s: could not look up %s: %s", tool, target, u.Hostname(), dns.Err)}
	case errors.As(err, &unk), errors.As(err, &host), errors.As(err, &inv), errors.As(err, &verr):
		return &tools.Error{Code: tools.ErrIO, Err: err, Msg: fmt.Sprintf("%s: %s: TLS certificate not accepted: %s", tool, target, tlsReason(err))}
	case errors.As(err, &rec) || strings.Contains(err.Error(), "server gave HTTP response to HTTPS client"):
		return &tools.Error{Code: tools.ErrIO, Err: err, Msg: fmt.Sprintf("%s: %s: the server did not answer with TLS (is it http:// rather than https://?)", tool, target)}
	case errors.As(err, &alert):
		return &tools.Error{Code: tools.ErrIO, Err: err, Msg: fmt.Sprintf("%s: %s: TLS handshake failed: %v", tool, target, alert)}
	case errors.Is(err, syscall.ECONNREFUSED):
		return &tools.Error{Code: tools.ErrIO, Err: err, Msg: fmt.Sprintf("%s: %s: connection refused by %s; nothing is listening there.", tool, target, u.Host)}
	case errors.Is(err, syscall.ECONNRESET), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return &tools.Error{Code: tools.ErrIO, Err: err, Msg: fmt.Sprintf("%s: %s: the server closed the connection without a complete answer", tool, target)}
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		return &tools.Error{Code: tools.ErrIO, Err: err, Msg: fmt.Sprintf("%s: %s: %s is unreachable from here (no route)", tool, target, u.Host)}
	}
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	return &tools.Error{Code: tools.ErrIO, Err: err, Msg: fmt.Sprintf("%s: %s: %v", tool, target, err)}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}

func tlsReason(err error) string {
	var (
		unk  x509.UnknownAuthorityError
		host x509.HostnameError
		inv  x509.CertificateInvalidError
	)
	switch {
	case errors.As(err, &unk):
		return "it is signed by an authority this machine does not trust"
	case errors.As(err, &host):
		return "it is not valid for " + host.Host
	case errors.As(err, &inv) && inv.Reason == x509.Expired:
		return "it has expired or is not valid yet"
	case errors.As(err, &inv):
		return inv.Error()
	}
	return err.Error()
}

// formatSize renders a byte count: 512 B, 50 KiB, 1.5 MiB.
func formatSize(n int64) string {
	switch {
	case n < 1024:
		return strconv.FormatInt(n, 10) + " B"
	case n < 1<<20:
		return strconv.FormatInt(n>>10, 10) + " KiB"
	}
	return strconv.FormatFloat(float64(n)/(1<<20), 'f', 1, 64) + " MiB"
}

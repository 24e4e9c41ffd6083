// Package guard keeps the web tools' requests on the public internet
// (server-side request forgery): a script must not reach the machine it
// runs on, its network, or a cloud metadata endpoint through a URL.
//
// The check sits where the connection is made, not where the URL is read:
// the Dialer resolves a host once, refuses the connection when any answer
// is loopback, private, link-local, carrier-grade NAT, unique-local,
// multicast, reserved or a metadata endpoint (IPv6 forms that embed such an
// IPv4 address included), and dials the checked address itself, so a
// second lookup cannot answer differently (DNS rebinding). The HTTP client
// built by New dials only through it, ignores proxy settings from the
// environment (a proxy would connect on its behalf, past the check), and
// checks each redirect's URL before following it; the new hop's connection
// is checked again when it is dialled. Numeric hosts are read the way a
// browser reads them ("127.1", "2130706433", "0x7f.1", "[::ffff:7f00:1]"),
// so no spelling of an address gets through as a name.
//
// The only way past it is ATOMIC_ALLOW_PRIVATE_URL_READS (see Env).
package guard

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// Refusal is a request the guard stopped. Its message names the host, the
// address it stands for and the rule; it never names the escape hatch.
type Refusal struct {
	Host string     // the host as the URL gives it
	Addr netip.Addr // the refused address; invalid when the host itself was refused
	Rule string     // why: "loopback address (127.0.0.0/8)", "loopback name"
	// Resolved is set when Addr is one of Host's DNS answers.
	Resolved bool
}

func (r *Refusal) Error() string {
	switch {
	case !r.Addr.IsValid():
		return r.Host + " is a " + r.Rule
	case r.Resolved:
		return r.Host + " resolves to " + r.Addr.String() + ", a " + r.Rule
	case r.Addr.WithZone("").String() == strings.Trim(r.Host, "[]"):
		return r.Host + " is a " + r.Rule
	}
	return r.Host + " is " + r.Addr.String() + ", a " + r.Rule
}

// Options configure a guarded client. The zero value is what the tools use.
type Options struct {
	// Policy returns the policy for each connection; nil reads
	// ATOMIC_ALLOW_PRIVATE_URL_READS each time (PolicyFromEnv).
	Policy func() (Policy, error)
	// Resolve looks a host name up; nil uses the system resolver. Tests
	// give names their answers here, since no test may use DNS.
	Resolve func(ctx context.Context, host string) ([]netip.Addr, error)
	// RootCAs replaces the system's trusted roots (tests trust their
	// httptest servers' certificates with it).
	RootCAs *x509.CertPool
	// MaxRedirects is how many redirects a request follows (default 10).
	MaxRedirects int
}

// Guard is a guarded HTTP client and the URL check it applies. Safe for
// concurrent use.
type Guard struct {
	// Client reaches only what the policy allows, follows at most
	// MaxRedirects redirects, each checked, and uses no proxy. It has no
	// timeout of its own: requests carry their deadline in their context.
	Client *http.Client
	dialer *Dialer
}

// CheckURL refuses what can be refused before any lookup: schemes other
// than http and https, credentials in the URL, and hosts that are
// non-public addresses or localhost names. Names are checked when dialled.
func (g *Guard) CheckURL(u *url.URL) error { return g.dialer.CheckURL(u) }

// New returns a guard configured by opts.
func New(opts Options) *Guard {
	d := &Dialer{policy: opts.Policy, resolve: opts.Resolve}
	max := opts.MaxRedirects
	if max <= 0 {
		max = 10
	}
	tr := &http.Transport{
		Proxy:                  nil, // never HTTP(S)_PROXY: the proxy would resolve and connect past the check
		DialContext:            d.DialContext,
		ForceAttemptHTTP2:      true,
		TLSClientConfig:        &tls.Config{RootCAs: opts.RootCAs, MinVersion: tls.VersionTLS12},
		TLSHandshakeTimeout:    15 * time.Second,
		MaxIdleConns:           32,
		MaxIdleConnsPerHost:    4,
		IdleConnTimeout:        30 * time.Second,
		MaxResponseHeaderBytes: 256 << 10,
	}
	return &Guard{dialer: d, Client: &http.Client{
		Transport: tr,
		CheckRedirect: func(req *http.Request, via []*http.Request) error {
			if len(via) > max { // via holds the first request and every hop so far
				return &RedirectError{Msg: fmt.Sprintf("stopped after %d redirects (the last to %s)", max, redacted(req.URL))}
			}
			for _, v := range via {
				if v.URL.String() == req.URL.String() && v.Method == req.Method {
					return &RedirectError{Msg: fmt.Sprintf("redirect loop: %s redirects back to %s", redacted(via[len(via)-1].URL), redacted(req.URL))}
				}
			}
			if err := d.CheckURL(req.URL); err != nil {
				return &RedirectError{Msg: "redirect from " + redacted(via[len(via)-1].URL) + " to " + redacted(req.URL) + " refused", Err: err}
			}
			return nil
		},
	}}
}

// RedirectError is a redirect the client would not follow.
type RedirectError struct {
	Msg string
	Err error // the Refusal or scheme error, if that was why
}

func (e *RedirectError) Error() string {
	if e.Err != nil {
		return e.Msg + ": " + e.Err.Error()
	}
	return e.Msg
}
func (e *RedirectError) Unwrap() error { return e.Err }

// SchemeError is a URL the web tools do not fetch (file://, ftp://, a URL
// with credentials).
type SchemeError struct{ Msg string }

func (e *SchemeError) Error() string { return e.Msg }

// redacted is a URL for messages, without credentials.
func redacted(u *url.URL) string { return u.Redacted() }

// Dialer makes the client's connections: resolve once, check every answer,
// dial the checked address. Safe for concurrent use.
type Dialer struct {
	policy  func() (Policy, error)
	resolve func(ctx context.Context, host string) ([]netip.Addr, error)
	dialer  net.Dialer
}

func (d *Dialer) currentPolicy() (Policy, error) {
	if d.policy == nil {
		return PolicyFromEnv()
	}
	return d.policy()
}

// CheckURL refuses what can be refused before any lookup: schemes other
// than http and https, credentials in the URL, and hosts that are non-public
// addresses or localhost names. Names are checked when they are dialled.
func (d *Dialer) CheckURL(u *url.URL) error {
	switch strings.ToLower(u.Scheme) {
	case "http", "https":
	default:
		return &SchemeError{Msg: fmt.Sprintf("%s:// URLs are not fetched; only http:// and https://", u.Scheme)}
	}
	if u.User != nil {
		return &SchemeError{Msg: "URLs with credentials (user@host) are not fetched"}
	}
	if u.Hostname() == "" {
		return &SchemeError{Msg: "the URL has no host"}
	}
	pol, err := d.currentPolicy()
	if err != nil {
		return err
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)]
	}
	_, _, err = d.literal(pol, u.Hostname(), port)
	return err
}

// literal checks host without DNS. It returns the canonical host, and the
// address when the host is one (in any spelling); a refusal when the
// address or name may not be reached.
func (d *Dialer) literal(pol Policy, host, port string) (canon string, addr netip.Addr, err error) {
	canon, err = canonicalHost(host)
	if err != nil {
		return "", netip.Addr{}, &Refusal{Host: host, Rule: "malformed host: it " + err.Error()}
	}
	if a, ok, _ := ParseHost(canon); ok {
		if b := Classify(a); b != nil && !pol.allows(canon, a, port, b) {
			return "", netip.Addr{}, &Refusal{Host: host, Addr: a, Rule: b.Rule}
		}
		return canon, a, nil
	}
	if isLocalhostName(canon) && !pol.allows(canon, netip.Addr{}, port, &Blocked{}) {
		return "", netip.Addr{}, &Refusal{Host: host, Rule: "loopback name (localhost)"}
	}
	return canon, netip.Addr{}, nil
}

// DialContext is the transport's dialer: address is the host:port of the
// URL (IDNA already applied by net/http).
func (d *Dialer) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	targets, err := d.Targets(ctx, address)
	if err != nil {
		return nil, err
	}
	var errs []error
	for _, t := range targets {
		c, err := d.dialer.DialContext(ctx, network, t.String())
		if err == nil {
			return c, nil
		}
		errs = append(errs, err)
		if ctx.Err() != nil {
			break
		}
	}
	return nil, errors.Join(errs...)
}

// Targets resolves address (host:port) once and returns the addresses to
// dial, every one of them checked; a Refusal when any is not allowed.
func (d *Dialer) Targets(ctx context.Context, address string) ([]netip.AddrPort, error) {
	host, port, err := net.SplitHostPort(address)
	if err != nil {
		return nil, err
	}
	pn, err := strconv.ParseUint(port, 10, 16)
	if err != nil {
		return nil, fmt.Errorf("invalid port %q in %s", port, address)
	}
	pol, err := d.currentPolicy()
	if err != nil {
		return nil, err
	}
	canon, addr, err := d.literal(pol, host, port)
	if err != nil {
		return nil, err
	}
	if addr.IsValid() {
		return []netip.AddrPort{netip.AddrPortFrom(addr, uint16(pn))}, nil
	}
	answers, err := d.lookup(ctx, canon)
	if err != nil {
		return nil, err
	}
	if len(answers) == 0 {
		return nil, &net.DNSError{Err: "no addresses", Name: canon, IsNotFound: true}
	}
	out := make([]netip.AddrPort, 0, len(answers))
	for _, a := range answers {
		a = a.Unmap()
		if b := Classify(a); b != nil && !pol.allows(canon, a, port, b) {
			return nil, &Refusal{Host: host, Addr: a, Rule: b.Rule, Resolved: true}
		}
		out = append(out, netip.AddrPortFrom(a, uint16(pn)))
	}
	return out, nil
}

func (d *Dialer) lookup(ctx context.Context, host string) ([]netip.Addr, error) {
	if d.resolve != nil {
		return d.resolve(ctx, host)
	}
	return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
}

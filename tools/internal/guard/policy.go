package guard

import (
	"fmt"
	"net"
	"net/netip"
	"os"
	"strings"

	"golang.org/x/net/idna"
)

// Env is the environment variable that lets the web tools reach non-public
// targets, for tests and development servers: "1" allows every private
// target (cloud metadata endpoints excepted), a comma-separated list of
// host:port allows exactly those. Only the environment sets it; no settings
// file or tool argument can.
const Env = "ATOMIC_ALLOW_PRIVATE_URL_READS"

// Policy says which non-public targets may be reached. The zero Policy
// allows none. Policies are immutable and safe for concurrent use.
type Policy struct {
	private bool            // every non-public target except metadata endpoints
	allow   map[string]bool // canonical "host:port" entries
}

// PolicyFromEnv reads the policy from ATOMIC_ALLOW_PRIVATE_URL_READS.
func PolicyFromEnv() (Policy, error) { return ParsePolicy(os.Getenv(Env)) }

// ParsePolicy parses a value of ATOMIC_ALLOW_PRIVATE_URL_READS: "" or "0"
// (none), "1" (private targets), or "host:port,host:port". A malformed entry
// is an error, so a typo fails closed instead of allowing something else.
func ParsePolicy(v string) (Policy, error) {
	switch strings.ToLower(strings.TrimSpace(v)) {
	case "", "0", "false", "no":
		return Policy{}, nil
	case "1", "true", "yes":
		return Policy{private: true}, nil
	}
	p := Policy{allow: map[string]bool{}}
	for _, e := range strings.Split(v, ",") {
		e = strings.TrimSpace(e)
		if e == "" {
			continue
		}
		host, port, err := net.SplitHostPort(e)
		if err != nil || host == "" || port == "" || strings.Trim(port, "0123456789") != "" {
			return Policy{}, fmt.Errorf("%s: entry %q is not host:port; give 1, or a comma-separated list such as 127.0.0.1:8080,[::1]:8080", Env, e)
		}
		h, err := canonicalHost(host)
		if err != nil {
			return Policy{}, fmt.Errorf("%s: entry %q: %s %v", Env, e, host, err)
		}
		p.allow[net.JoinHostPort(h, port)] = true
	}
	return p, nil
}

// allows reports whether the policy lets a connection to addr:port through,
// for a URL whose canonical host is host.
func (p Policy) allows(host string, addr netip.Addr, port string, b *Blocked) bool {
	if p.private && !b.Metadata {
		return true
	}
	return p.allow[net.JoinHostPort(host, port)] || addr.IsValid() && p.allow[net.JoinHostPort(addr.WithZone("").String(), port)]
}

// canonicalHost is the form hosts are compared in: IDNA ASCII (as net/http
// dials it), lower case, no trailing dot, IP addresses in their canonical
// spelling ("127.1" is "127.0.0.1").
func canonicalHost(host string) (string, error) {
	if !strings.Contains(host, ":") {
		if a, err := idna.Lookup.ToASCII(host); err == nil {
			host = a
		}
	}
	host = strings.TrimSuffix(strings.ToLower(host), ".")
	a, ok, err := ParseHost(host)
	switch {
	case err != nil:
		return "", err
	case ok:
		return a.String(), nil
	}
	return host, nil
}

// isLocalhostName reports the names that mean this machine whatever DNS
// says (RFC 6761): localhost and everything below it.
func isLocalhostName(host string) bool {
	return host == "localhost" || strings.HasSuffix(host, ".localhost")
}

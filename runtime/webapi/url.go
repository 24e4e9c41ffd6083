package webapi

import (
	"regexp"
	"strings"

	whatwg "github.com/nlnwa/whatwg-url/url"
)

// newURLParser is the WHATWG URL parser for one parse (and the setters of
// the URL it makes). The library follows the standard as of May 2023;
// since then the path percent-encode set gained U+005E (^), which is added
// here, an opaque path keeps a space before ? or # as %20 (see
// fixOpaquePath), and hosts go through the standard's current domain to
// ASCII (idna.go).
func newURLParser() (whatwg.Parser, *hostHook) {
	h := &hostHook{}
	return whatwg.NewParser(whatwg.WithPathPercentEncodeSet(whatwg.PathPercentEncodeSet.Set('^')),
		whatwg.WithPreParseHostFunc(h.pre)), h
}

// hasScheme reports whether input starts with a scheme (after the C0
// control or space the parser strips): then it is an absolute URL, and a
// failure is not for want of a base.
var hasScheme = regexp.MustCompile(`^[\x00-\x20]*[A-Za-z][A-Za-z0-9+.\-]*:`)

// urlParse parses input against base (when hasBase) as new URL(input,
// base) does and returns its components, or a TypeError.
func urlParse(input, base string, hasBase bool) (string, error) {
	p, h := newURLParser()
	var u *whatwg.Url
	var err error
	if hasBase {
		var b *whatwg.Url
		if b, err = p.Parse(base); err != nil {
			return "", typeError("Invalid base URL: %q", base)
		}
		u, err = p.BasicParser(input, b, nil, whatwg.NoState)
	} else {
		u, err = p.Parse(input)
	}
	switch {
	case err == nil:
		return components(u, h), nil
	case hasBase:
		return "", typeError("Invalid URL: %q against base %q", input, base)
	case hasScheme.MatchString(input):
		return "", typeError("Invalid URL: %q", input)
	}
	return "", typeError("Invalid URL: %q (a relative URL needs a base: new URL(path, base))", input)
}

// urlSet applies the setter prop with value to the URL href and returns
// the new components. Only href reports a failure (a TypeError); the other
// setters leave a URL unchanged where the standard says so.
func urlSet(href, prop, value string) (string, error) {
	p, h := newURLParser()
	if prop == "href" {
		u, err := p.Parse(value)
		if err != nil {
			return "", typeError("Invalid URL: %q", value)
		}
		return components(u, h), nil
	}
	u, err := p.Parse(href)
	if err != nil {
		return "", typeError("Invalid URL: %q", href)
	}
	switch prop {
	case "protocol":
		u.SetProtocol(value)
	case "username":
		u.SetUsername(value)
	case "password":
		u.SetPassword(value)
	case "host":
		u.SetHost(value)
	case "hostname":
		u.SetHostname(value)
	case "port":
		u.SetPort(value)
	case "pathname":
		u.SetPathname(value)
	case "search":
		u.SetSearch(value)
	case "hash":
		u.SetHash(value)
	default:
		return "", typeError("URL has no setter %q", prop)
	}
	return components(u, h), nil
}

// components are href, origin, protocol, username, password, host,
// hostname, port, pathname, search and hash joined by NUL (a serialized URL
// never holds a raw NUL: it is percent-encoded).
func components(u *whatwg.Url, h *hostHook) string {
	href, pathname := fixOpaquePath(u)
	parts := []string{
		href, origin(u), u.Protocol(), u.Username(), u.Password(),
		u.Host(), u.Hostname(), u.Port(), pathname, u.Search(), u.Hash(),
	}
	h.restore(parts, u.Hostname())
	return strings.Join(parts, "\x00")
}

// fixOpaquePath returns the href and pathname of u with the current
// standard's opaque-path rule: a space that ends an opaque path followed by
// a query or fragment is serialized as %20, so that the URL survives
// reparsing ("sc:a ?q" is "sc:a%20?q"). Every URL the shim holds went
// through here, so setters that reparse its href see the fixed path.
func fixOpaquePath(u *whatwg.Url) (href, pathname string) {
	href, pathname = u.Href(false), u.Pathname()
	prefix := u.Protocol() + pathname
	if !u.OpaquePath() || !strings.HasSuffix(pathname, " ") || len(href) == len(prefix) || !strings.HasPrefix(href, prefix) {
		return href, pathname
	}
	pathname = pathname[:len(pathname)-1] + "%20"
	return u.Protocol() + pathname + href[len(prefix):], pathname
}

// origin serializes the URL's origin: scheme://host[:port] for the
// special network schemes, the origin of the inner URL for a blob: URL of
// http(s), and "null" (an opaque origin) for everything else.
func origin(u *whatwg.Url) string {
	switch u.Scheme() {
	case "http", "https", "ws", "wss", "ftp":
		return u.Protocol() + "//" + u.Host()
	case "blob":
		p, _ := newURLParser()
		inner, err := p.Parse(u.Pathname())
		if err == nil && (inner.Scheme() == "http" || inner.Scheme() == "https") {
			return origin(inner)
		}
	}
	return "null"
}

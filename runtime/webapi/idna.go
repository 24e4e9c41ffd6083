package webapi

import (
	"strconv"
	"strings"
	"unicode/utf8"

	whatwg "github.com/nlnwa/whatwg-url/url"
	"golang.org/x/net/idna"
)

// The URL Standard's host parsing for special URLs, before the URL
// library's own: github.com/nlnwa/whatwg-url sets UseSTD3ASCIIRules where
// the standard does not (so "≠" was refused, not xn--1ch), runs IDNA on
// ASCII domains (so "xn--" labels that must pass through were refused) and
// has no option for either. Its pre-parse hook gets every host first.

// whatwgIDNA is the standard's domain to ASCII: UTS #46 processing,
// non-transitional, CheckHyphens false, CheckBidi true, CheckJoiners true,
// UseSTD3ASCIIRules false, VerifyDnsLength false. Forbidden domain code
// points are the host parser's to refuse.
var whatwgIDNA = idna.New(
	idna.MapForLookup(),
	idna.BidiRule(),
	idna.StrictDomainName(false),
	idna.ValidateLabels(true),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.Transitional(false),
	idna.VerifyDNSLength(false),
)

// noBidiIDNA is whatwgIDNA without CheckBidi.
var noBidiIDNA = idna.New(
	idna.MapForLookup(),
	idna.StrictDomainName(false),
	idna.ValidateLabels(true),
	idna.CheckHyphens(false),
	idna.CheckJoiners(true),
	idna.Transitional(false),
	idna.VerifyDNSLength(false),
)

// domainToASCII is the standard's domain to ASCII of a percent-decoded
// host. An ASCII domain is only lowercased: IDNA cannot fail it, "xn--"
// labels included (WHATWG URL, 2026; the WPT URL data expects
// https://xn--/ to parse). A label of ASCII digits is left out of
// CheckBidi, as the standard's tests require ("1.\u064A" is 1.xn--mhb;
// x/net/idna's rule refuses any label that starts with a digit).
func domainToASCII(domain string) (string, bool) {
	if isASCII(domain) {
		return strings.ToLower(domain), true
	}
	if a, err := whatwgIDNA.ToASCII(domain); err == nil {
		return a, a != ""
	}
	a, err := noBidiIDNA.ToASCII(domain)
	if err != nil {
		return "", false
	}
	mapped, err := noBidiIDNA.ToUnicode(domain)
	if err != nil {
		return "", false
	}
	labels := strings.Split(mapped, ".")
	kept := labels[:0]
	for _, l := range labels {
		if l == "" || strings.Trim(l, "0123456789") != "" {
			kept = append(kept, l)
		}
	}
	if _, err := whatwgIDNA.ToASCII(strings.Join(kept, ".")); err != nil {
		return "", false
	}
	return a, a != ""
}

// refusedHost is what the hook hands the library for a host whose domain
// to ASCII failed: a forbidden domain code point, so the parse fails.
const refusedHost = "%"

// hostHook is the library's pre-parse host function for one parse (and
// the setters of the URLs it makes): it does the domain to ASCII and
// hands the library a host its own pass leaves as it is — the ASCII
// domain, or, where that has an "xn--" label the library would check
// again, a placeholder that real names, substituted back in components.
// A placeholder holds "{", which is valid in a domain but percent-encoded
// in userinfo and paths, so its first occurrence after "//" is the host.
type hostHook struct{ real map[string]string }

func (h *hostHook) pre(u *whatwg.Url, input string) string {
	if !u.IsSpecialScheme() || input == "" || input[0] == '[' {
		return input
	}
	domain := string(percentDecode(input, false))
	if !utf8.ValidString(domain) {
		return input // the library says why
	}
	ascii, ok := domainToASCII(domain)
	if !ok {
		return refusedHost
	}
	if strings.ContainsAny(ascii, forbiddenDomain) {
		return refusedHost // "％４１" maps to "%41": refused, not decoded again
	}
	if !strings.Contains(ascii, "xn--") || endsInNumber(ascii) {
		return ascii
	}
	if h.real == nil {
		h.real = map[string]string{}
	}
	p := "{ace" + strconv.Itoa(len(h.real)) + "}"
	h.real[p] = ascii
	return p
}

// restore puts the real host in place of a placeholder in href, host,
// hostname and origin.
func (h *hostHook) restore(parts []string, hostname string) {
	real, ok := h.real[hostname]
	if !ok {
		return
	}
	if i := strings.Index(parts[0], "//"); i >= 0 {
		parts[0] = parts[0][:i] + strings.Replace(parts[0][i:], hostname, real, 1)
	}
	for _, i := range []int{1, 5, 6} { // origin, host, hostname
		parts[i] = strings.Replace(parts[i], hostname, real, 1)
	}
}

// forbiddenDomain are the forbidden domain code points that can be in an
// ASCII domain.
const forbiddenDomain = "\x00\x01\x02\x03\x04\x05\x06\x07\x08\t\n\x0b\x0c\r\x0e\x0f\x10\x11\x12\x13\x14\x15\x16\x17\x18\x19\x1a\x1b\x1c\x1d\x1e\x1f #%/:<>?@[\\]^|\x7f"

// endsInNumber is the standard's "ends in a number" of an ASCII domain
// (then the host is an IPv4 address or invalid: the library decides).
func endsInNumber(domain string) bool {
	labels := strings.Split(domain, ".")
	if labels[len(labels)-1] == "" && len(labels) > 1 {
		labels = labels[:len(labels)-1]
	}
	last := labels[len(labels)-1]
	if last != "" && strings.Trim(last, "0123456789") == "" {
		return true
	}
	hex, ok := strings.CutPrefix(strings.ToLower(last), "0x")
	return ok && strings.Trim(hex, "0123456789abcdef") == ""
}

func isASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return false
		}
	}
	return true
}

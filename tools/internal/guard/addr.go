package guard

import (
	"errors"
	"net/netip"
	"strconv"
	"strings"
)

// rule is one range of addresses the web tools do not reach.
type rule struct {
	prefix   netip.Prefix
	name     string // "loopback address (127.0.0.0/8)"
	metadata bool   // a cloud metadata endpoint: refused even when private targets are allowed
}

func rules(specs ...string) []rule {
	out := make([]rule, 0, len(specs)/2)
	for i := 0; i < len(specs); i += 2 {
		p := netip.MustParsePrefix(specs[i])
		out = append(out, rule{prefix: p, name: specs[i+1], metadata: strings.HasPrefix(specs[i+1], "cloud metadata")})
	}
	return out
}

// The ranges are checked in order, so the metadata endpoints come before
// the ranges that hold them.
var (
	v4Rules = rules(
		"169.254.169.254/32", "cloud metadata endpoint (169.254.169.254)",
		"169.254.170.2/32", "cloud metadata endpoint (169.254.170.2)",
		"100.100.100.200/32", "cloud metadata endpoint (100.100.100.200)",
		"0.0.0.0/8", `"this network" address (0.0.0.0/8)`,
		"10.0.0.0/8", "private address (10.0.0.0/8)",
		"100.64.0.0/10", "carrier-grade NAT address (100.64.0.0/10)",
		"127.0.0.0/8", "loopback address (127.0.0.0/8)",
		"169.254.0.0/16", "link-local address (169.254.0.0/16)",
		"172.16.0.0/12", "private address (172.16.0.0/12)",
		"192.0.0.0/24", "IETF protocol address (192.0.0.0/24)",
		"192.0.2.0/24", "documentation address (192.0.2.0/24)",
		"192.88.99.0/24", "6to4 relay address (192.88.99.0/24)",
		"192.168.0.0/16", "private address (192.168.0.0/16)",
		"198.18.0.0/15", "benchmarking address (198.18.0.0/15)",
		"198.51.100.0/24", "documentation address (198.51.100.0/24)",
		"203.0.113.0/24", "documentation address (203.0.113.0/24)",
		"224.0.0.0/4", "multicast address (224.0.0.0/4)",
		"240.0.0.0/4", "reserved address (240.0.0.0/4)",
	)
	v6Rules = rules(
		"fd00:ec2::254/128", "cloud metadata endpoint (fd00:ec2::254)",
		"::/128", "unspecified address (::)",
		"::1/128", "loopback address (::1)",
		"100::/64", "discard-only address (100::/64)",
		"64:ff9b:1::/48", "local-use NAT64 address (64:ff9b:1::/48)",
		"2001:db8::/32", "documentation address (2001:db8::/32)",
		"fc00::/7", "unique-local address (fc00::/7)",
		"fe80::/10", "link-local address (fe80::/10)",
		"fec0::/10", "site-local address (fec0::/10)",
		"ff00::/8", "multicast address (ff00::/8)",
	)
	// IPv6 ranges that carry an IPv4 address: the embedded address decides.
	mapped     = netip.MustParsePrefix("::ffff:0:0/96")
	translated = netip.MustParsePrefix("::ffff:0:0:0/96")
	compatible = netip.MustParsePrefix("::/96")
	nat64      = netip.MustParsePrefix("64:ff9b::/96")
	sixToFour  = netip.MustParsePrefix("2002::/16")
	teredo     = netip.MustParsePrefix("2001::/32")
)

// Blocked is the reason an address is not public.
type Blocked struct {
	Rule string // "loopback address (127.0.0.0/8)", or for an IPv6 form "IPv4-mapped form of 127.0.0.1, a loopback address (127.0.0.0/8)"
	// Metadata is set for cloud metadata endpoints, which stay refused
	// when private targets are allowed.
	Metadata bool
}

// Classify returns why a is not a public address, or nil when it is.
// IPv6 forms that embed an IPv4 address (IPv4-mapped, -compatible and
// -translated, NAT64, 6to4, Teredo) are judged by that address; a zone is
// ignored.
func Classify(a netip.Addr) *Blocked {
	a = a.WithZone("")
	if a.Is4() {
		return match(a, v4Rules)
	}
	if !a.Is6() {
		return &Blocked{Rule: "invalid address"}
	}
	if b := match(a, v6Rules); b != nil {
		return b
	}
	b16 := a.As16()
	v4 := func(i int) netip.Addr { return netip.AddrFrom4([4]byte{b16[i], b16[i+1], b16[i+2], b16[i+3]}) }
	embedded := func(form string, e netip.Addr) *Blocked {
		if b := Classify(e); b != nil {
			return &Blocked{Rule: form + " of " + e.String() + ", a " + b.Rule, Metadata: b.Metadata}
		}
		return nil
	}
	switch {
	case mapped.Contains(a):
		return embedded("IPv4-mapped form", v4(12))
	case translated.Contains(a):
		return embedded("IPv4-translated form", v4(12))
	case compatible.Contains(a):
		if b := embedded("IPv4-compatible form", v4(12)); b != nil {
			return b
		}
		return &Blocked{Rule: "deprecated IPv4-compatible address (::/96)"}
	case nat64.Contains(a):
		return embedded("NAT64 form", v4(12))
	case sixToFour.Contains(a):
		return embedded("6to4 form", v4(2))
	case teredo.Contains(a):
		if b := embedded("Teredo server", v4(4)); b != nil {
			return b
		}
		c := v4(12).As4()
		return embedded("Teredo client", netip.AddrFrom4([4]byte{^c[0], ^c[1], ^c[2], ^c[3]}))
	}
	return nil
}

func match(a netip.Addr, rs []rule) *Blocked {
	for _, r := range rs {
		if r.prefix.Contains(a) {
			return &Blocked{Rule: r.name, Metadata: r.metadata}
		}
	}
	return nil
}

// errBadNumber is a host that ends in a number but is no IPv4 address, which
// a browser refuses too ("1.2.3.4.5", "256.1.1.1", "0x.1g").
var errBadNumber = errors.New("ends in a number but is not a valid IPv4 address")

// ParseHost reads a URL host (brackets and port removed) as an IP address
// in every spelling a browser or a C resolver accepts: IPv6 with or without
// a zone ("fe80::1%eth0"), and IPv4 as the WHATWG URL standard parses it —
// one to four parts, each decimal, octal ("0177") or hex ("0x7f"), the
// last filling the remaining bytes ("127.1", "2130706433", "0x7f.1",
// "017700000001", "0"), a trailing dot allowed. ok is false for a host
// name; err is set for a host that ends in a number but is no address.
func ParseHost(host string) (addr netip.Addr, ok bool, err error) {
	if strings.Contains(host, ":") {
		a, err := netip.ParseAddr(host)
		if err != nil {
			return netip.Addr{}, false, errors.New("is not a valid IPv6 address")
		}
		return a, true, nil
	}
	parts := strings.Split(host, ".")
	if len(parts) > 1 && parts[len(parts)-1] == "" {
		parts = parts[:len(parts)-1]
	}
	if !endsInNumber(parts) {
		return netip.Addr{}, false, nil
	}
	if len(parts) > 4 {
		return netip.Addr{}, false, errBadNumber
	}
	var nums []uint64
	for _, p := range parts {
		n, ok := ipv4Number(p)
		if !ok {
			return netip.Addr{}, false, errBadNumber
		}
		nums = append(nums, n)
	}
	last := nums[len(nums)-1]
	if last >= 1<<(8*(5-len(nums))) {
		return netip.Addr{}, false, errBadNumber
	}
	v := last
	for i, n := range nums[:len(nums)-1] {
		if n > 255 {
			return netip.Addr{}, false, errBadNumber
		}
		v += n << (8 * (3 - i))
	}
	return netip.AddrFrom4([4]byte{byte(v >> 24), byte(v >> 16), byte(v >> 8), byte(v)}), true, nil
}

// endsInNumber is the WHATWG "ends in a number" check: the host is meant as
// an IPv4 address when its last label is decimal digits or a 0x number.
func endsInNumber(parts []string) bool {
	last := parts[len(parts)-1]
	if last == "" {
		return false
	}
	if strings.Trim(last, "0123456789") == "" {
		return true
	}
	_, ok := ipv4Number(last)
	return ok && (strings.HasPrefix(last, "0x") || strings.HasPrefix(last, "0X"))
}

// ipv4Number parses one part of an IPv4 host: decimal, 0-prefixed octal or
// 0x-prefixed hex (an empty hex part is 0). Values past 2^32 fail.
func ipv4Number(s string) (uint64, bool) {
	base := 10
	switch {
	case len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'):
		s, base = s[2:], 16
		if s == "" {
			return 0, true
		}
	case len(s) > 1 && s[0] == '0':
		s, base = s[1:], 8
	case s == "":
		return 0, false
	}
	s = strings.TrimLeft(s, "0")
	if s == "" {
		return 0, true
	}
	if len(s) > 11 {
		return 0, false
	}
	n, err := strconv.ParseUint(s, base, 64)
	if err != nil || n > 1<<32-1 {
		return 0, false
	}
	return n, true
}

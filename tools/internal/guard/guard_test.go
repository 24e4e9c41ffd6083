package guard

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
)

func TestParseHost(t *testing.T) {
	for _, c := range []struct{ host, want string }{
		{"127.0.0.1", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"127.0.1", "127.0.0.1"},
		{"2130706433", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"0x7f.1", "127.0.0.1"},
		{"0X7F.0.0.1", "127.0.0.1"},
		{"017700000001", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"127.000.000.001", "127.0.0.1"},
		{"0", "0.0.0.0"},
		{"0x", "0.0.0.0"},
		{"127.0.0.1.", "127.0.0.1"},
		{"169.254.43518", "169.254.169.254"},
		{"0xa9fea9fe", "169.254.169.254"},
		{"4294967295", "255.255.255.255"},
		{"::1", "::1"},
		{"0:0:0:0:0:0:0:1", "::1"},
		{"::ffff:127.0.0.1", "::ffff:127.0.0.1"},
		{"fe80::1%eth0", "fe80::1%eth0"},
		{"example.com", "name"},
		{"localhost", "name"},
		{"0x7f.example", "name"},
		{"1.2.3.example", "name"},
		{"xn--nxasmq6b", "name"},
		{"4294967296", "error"},
		{"1.2.3.4.5", "error"},
		{"256.1.1.1", "error"},
		{"1.2.3.256", "error"},
		{"1.2.65536", "error"},
		{"08.1.1.1", "error"},
		{"0x1g", "name"},
		{"1..1", "error"},
		{"example.123", "error"},
		{"::1::2", "error"},
		{"99999999999999999999", "error"},
	} {
		a, ok, err := ParseHost(c.host)
		got := "name"
		switch {
		case err != nil:
			got = "error"
		case ok:
			got = a.String()
		}
		if got != c.want {
			t.Errorf("ParseHost(%q) = %s, want %s", c.host, got, c.want)
		}
	}
}

func TestClassify(t *testing.T) {
	for _, c := range []struct{ addr, want string }{
		{"127.0.0.1", "loopback address (127.0.0.0/8)"},
		{"127.255.255.254", "loopback address"},
		{"10.1.2.3", "private address (10.0.0.0/8)"},
		{"172.16.0.1", "private address (172.16.0.0/12)"},
		{"172.31.255.255", "private address (172.16.0.0/12)"},
		{"192.168.1.1", "private address (192.168.0.0/16)"},
		{"100.64.0.1", "carrier-grade NAT"},
		{"100.127.255.255", "carrier-grade NAT"},
		{"169.254.1.1", "link-local address (169.254.0.0/16)"},
		{"169.254.169.254", "cloud metadata endpoint"},
		{"100.100.100.200", "cloud metadata endpoint"},
		{"0.0.0.0", `"this network"`},
		{"224.0.0.1", "multicast"},
		{"255.255.255.255", "reserved"},
		{"::1", "loopback address (::1)"},
		{"::", "unspecified"},
		{"fe80::1", "link-local address (fe80::/10)"},
		{"fe80::1%eth0", "link-local address (fe80::/10)"},
		{"febf:ffff::1", "link-local address (fe80::/10)"},
		{"fec0::1", "site-local"},
		{"fd00::1", "unique-local address (fc00::/7)"},
		{"fc00::1", "unique-local address (fc00::/7)"},
		{"fd00:ec2::254", "cloud metadata endpoint (fd00:ec2::254)"},
		{"ff02::1", "multicast"},
		{"::ffff:127.0.0.1", "IPv4-mapped form of 127.0.0.1, a loopback address"},
		{"::ffff:7f00:1", "IPv4-mapped form of 127.0.0.1, a loopback address"},
		{"::ffff:a9fe:a9fe", "IPv4-mapped form of 169.254.169.254, a cloud metadata endpoint"},
		{"::ffff:0:7f00:1", "IPv4-translated form of 127.0.0.1"},
		{"::127.0.0.1", "IPv4-compatible form of 127.0.0.1"},
		{"::8.8.8.8", "deprecated IPv4-compatible address"},
		{"64:ff9b::7f00:1", "NAT64 form of 127.0.0.1, a loopback address"},
		{"64:ff9b::10.0.0.1", "NAT64 form of 10.0.0.1, a private address"},
		{"64:ff9b:1::1", "local-use NAT64"},
		{"2002:7f00:1::1", "6to4 form of 127.0.0.1, a loopback address"},
		{"2002:c0a8:101::", "6to4 form of 192.168.1.1, a private address"},
		{"2002:a9fe:a9fe::", "6to4 form of 169.254.169.254, a cloud metadata endpoint"},
		{"2001:0:7f00:1::", "Teredo server of 127.0.0.1"},
		{"2001:0:4136:e378:8000:63bf:f5ff:fffe", "Teredo client of 10.0.0.1"},
		{"8.8.8.8", "public"},
		{"93.184.216.34", "public"},
		{"2606:4700::1111", "public"},
		{"64:ff9b::808:808", "public"},
		{"2002:808:808::", "public"},
		{"::ffff:8.8.8.8", "public"},
	} {
		b := Classify(netip.MustParseAddr(c.addr))
		got := "public"
		if b != nil {
			got = b.Rule
		}
		if !strings.Contains(got, c.want) {
			t.Errorf("Classify(%s) = %q, want %q", c.addr, got, c.want)
		}
	}
	if b := Classify(netip.MustParseAddr("2002:a9fe:a9fe::")); b == nil || !b.Metadata {
		t.Errorf("the 6to4 form of the metadata endpoint must count as metadata: %+v", b)
	}
}

func TestParsePolicy(t *testing.T) {
	for _, c := range []struct{ v, err string }{
		{"", ""}, {"0", ""}, {"1", ""}, {"true", ""},
		{"127.0.0.1:8080", ""}, {"127.0.0.1:8080, [::1]:8080,localhost:3000", ""},
		{"localhost", "is not host:port"},
		{"127.0.0.1:", "is not host:port"},
		{"127.0.0.1:http", "is not host:port"},
		{"1.2.3.4.5:80", "is not a valid IPv4 address"},
	} {
		_, err := ParsePolicy(c.v)
		if (err == nil) != (c.err == "") || err != nil && !strings.Contains(err.Error(), c.err) {
			t.Errorf("ParsePolicy(%q) = %v, want error containing %q", c.v, err, c.err)
		}
	}
	p, _ := ParsePolicy("127.1:8080")
	if !p.allows("127.0.0.1", netip.MustParseAddr("127.0.0.1"), "8080", Classify(netip.MustParseAddr("127.0.0.1"))) {
		t.Error("an entry in another spelling of the same address must match")
	}
}

// target is a loopback server that counts the requests it gets.
type target struct {
	*httptest.Server
	hits atomic.Int64
	port string
}

func newTarget(t *testing.T, network string, h http.Handler) *target {
	t.Helper()
	addr := "127.0.0.1:0"
	if network == "tcp6" {
		addr = "[::1]:0"
	}
	l, err := net.Listen(network, addr)
	if err != nil {
		t.Skipf("no %s loopback: %v", network, err)
	}
	tg := &target{}
	if h == nil {
		h = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "reached") })
	}
	tg.Server = &httptest.Server{Listener: l, Config: &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tg.hits.Add(1)
		h.ServeHTTP(w, r)
	})}}
	tg.Start()
	t.Cleanup(tg.Close)
	_, tg.port, _ = net.SplitHostPort(l.Addr().String())
	return tg
}

// resolver answers the test names and fails every other lookup, so no test
// sends a DNS query. It records the names it was asked.
type resolver struct {
	mu      sync.Mutex
	answers map[string][]string
	asked   []string
}

func (r *resolver) resolve(ctx context.Context, host string) ([]netip.Addr, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.asked = append(r.asked, host)
	as, ok := r.answers[host]
	if !ok {
		return nil, &net.DNSError{Err: "no such host (test resolver)", Name: host, IsNotFound: true}
	}
	var out []netip.Addr
	for _, a := range as {
		out = append(out, netip.MustParseAddr(a))
	}
	return out, nil
}

func (r *resolver) askedFor(name string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, a := range r.asked {
		if a == name {
			n++
		}
	}
	return n
}

func client(t *testing.T, policy string, r *resolver) *http.Client {
	t.Helper()
	pol, err := ParsePolicy(policy)
	if err != nil {
		t.Fatal(err)
	}
	return New(Options{Policy: func() (Policy, error) { return pol, nil }, Resolve: r.resolve}).Client
}

func get(c *http.Client, u string) (string, error) {
	resp, err := c.Get(u)
	if err != nil {
		return "", err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return string(b), err
}

// TestHostileURLs: every spelling of a loopback, private, link-local or
// metadata target is refused with its rule, with no policy and with an
// allowlist naming something else, and the loopback servers those
// spellings stand for get no request.
func TestHostileURLs(t *testing.T) {
	v4 := newTarget(t, "tcp4", nil)
	p := v4.port
	r := &resolver{answers: map[string][]string{
		"127.0.0.1.nip.io": {"127.0.0.1"},
		"mixed.test":       {"127.0.0.1", "10.99.99.99"},
		"mapped.test":      {"::ffff:127.0.0.1"},
		"metadata.test":    {"169.254.169.254"},
		"v6private.test":   {"fd00::1"},
	}}
	cases := []struct{ url, rule string }{
		{"http://localhost:" + p + "/", "loopback name"},
		{"http://LOCALHOST.:" + p + "/", "loopback name"},
		{"http://api.localhost:" + p + "/", "loopback name"},
		{"http://127.0.0.1:" + p + "/", "loopback address (127.0.0.0/8)"},
		{"http://127.1:" + p + "/", "127.1 is 127.0.0.1, a loopback address"},
		{"http://2130706433:" + p + "/", "2130706433 is 127.0.0.1, a loopback"},
		{"http://0x7f.1:" + p + "/", "0x7f.1 is 127.0.0.1, a loopback"},
		{"http://0x7f000001:" + p + "/", "loopback"},
		{"http://017700000001:" + p + "/", "017700000001 is 127.0.0.1"},
		{"http://0177.0.0.1:" + p + "/", "loopback"},
		{"http://127.0.0.1.:" + p + "/", "loopback"},
		{"http://\uff11\uff12\uff17\u3002\uff10\u3002\uff10\u3002\uff11:" + p + "/", "loopback"},
		{"http://0:" + p + "/", `0 is 0.0.0.0, a "this network" address`},
		{"http://0.0.0.0:" + p + "/", `"this network"`},
		{"http://[::1]:" + p + "/", "loopback address (::1)"},
		{"http://[0:0:0:0:0:0:0:1]:" + p + "/", "loopback address (::1)"},
		{"http://[::ffff:127.0.0.1]:" + p + "/", "IPv4-mapped form of 127.0.0.1"},
		{"http://[::ffff:7f00:1]:" + p + "/", "IPv4-mapped form of 127.0.0.1"},
		{"http://[::127.0.0.1]:" + p + "/", "IPv4-compatible form of 127.0.0.1"},
		{"http://[64:ff9b::7f00:1]:" + p + "/", "NAT64 form of 127.0.0.1"},
		{"http://[64:ff9b::a9fe:a9fe]/", "NAT64 form of 169.254.169.254, a cloud metadata"},
		{"http://[2002:7f00:1::]:" + p + "/", "6to4 form of 127.0.0.1"},
		{"http://[2002:c0a8:101::1]/", "6to4 form of 192.168.1.1"},
		{"http://[fe80::1%25lo]:" + p + "/", "link-local address (fe80::/10)"},
		{"http://[fe80::1%25eth0]/", "link-local address (fe80::/10)"},
		{"http://[febf::1]/", "link-local address (fe80::/10)"},
		{"http://[fd00::1]/", "unique-local address"},
		{"http://[fd00:ec2::254]/latest/meta-data/", "cloud metadata endpoint"},
		{"http://169.254.169.254/latest/meta-data/", "cloud metadata endpoint (169.254.169.254)"},
		{"http://0xa9fea9fe/", "169.254.169.254, a cloud metadata endpoint"},
		{"http://169.254.43518/", "cloud metadata endpoint"},
		{"http://[::ffff:a9fe:a9fe]/", "cloud metadata endpoint"},
		{"http://100.100.100.200/", "cloud metadata endpoint"},
		{"http://10.0.0.1/", "private address (10.0.0.0/8)"},
		{"http://172.16.5.4/", "private address (172.16.0.0/12)"},
		{"http://192.168.0.1/", "private address (192.168.0.0/16)"},
		{"http://100.64.0.1/", "carrier-grade NAT"},
		{"http://127.0.0.1.nip.io:" + p + "/", "127.0.0.1.nip.io resolves to 127.0.0.1, a loopback address"},
		{"http://mixed.test:" + p + "/", "mixed.test resolves to 127.0.0.1"},
		{"http://mapped.test:" + p + "/", "resolves to 127.0.0.1"},
		{"http://metadata.test/", "resolves to 169.254.169.254, a cloud metadata endpoint"},
		{"http://v6private.test/", "resolves to fd00::1, a unique-local address"},
		{"http://1.2.3.4.5/", "malformed host"},
	}
	for _, policy := range []string{"", "unrelated.test:1,127.0.0.1:1"} {
		c := client(t, policy, r)
		for _, tc := range cases {
			_, err := get(c, tc.url)
			var ref *Refusal
			if !errors.As(err, &ref) {
				t.Errorf("policy %q: GET %s: %v, want a refusal (%s)", policy, tc.url, err, tc.rule)
				continue
			}
			if !strings.Contains(ref.Error(), tc.rule) {
				t.Errorf("policy %q: GET %s refused with %q, want %q", policy, tc.url, ref.Error(), tc.rule)
			}
			if strings.Contains(ref.Error(), Env) {
				t.Errorf("a refusal must not name the escape hatch: %q", ref.Error())
			}
		}
	}
	if n := r.askedFor("localhost"); n != 0 {
		t.Errorf("localhost was looked up %d times; it is refused by name", n)
	}
	if n := v4.hits.Load(); n != 0 {
		t.Errorf("the loopback target got %d requests; want none", n)
	}
}

// TestIPv6Loopback: the spellings of ::1 never reach a server on [::1].
func TestIPv6Loopback(t *testing.T) {
	v6 := newTarget(t, "tcp6", nil)
	c := client(t, "", &resolver{})
	for _, u := range []string{"http://[::1]:" + v6.port + "/", "http://[0::1]:" + v6.port + "/", "http://[::0:1]:" + v6.port + "/"} {
		if _, err := get(c, u); err == nil {
			t.Errorf("GET %s succeeded", u)
		}
	}
	if n := v6.hits.Load(); n != 0 {
		t.Errorf("the [::1] target got %d requests", n)
	}
}

// TestPolicies: "1" opens private targets but not metadata endpoints; an
// allowlist opens exactly its host:port entries, in any spelling.
func TestPolicies(t *testing.T) {
	a := newTarget(t, "tcp4", nil)
	b := newTarget(t, "tcp4", nil)
	r := &resolver{answers: map[string][]string{"app.test": {"127.0.0.1"}, "metadata.test": {"169.254.169.254"}, "localhost": {"127.0.0.1"}, "mixed.test": {"127.0.0.1", "10.99.99.99"}}}

	all := client(t, "1", r)
	for _, u := range []string{"http://127.0.0.1:" + a.port + "/", "http://localhost:" + a.port + "/", "http://127.1:" + b.port + "/", "http://app.test:" + b.port + "/"} {
		if body, err := get(all, u); err != nil || body != "reached" {
			t.Errorf("policy 1: GET %s = %q, %v", u, body, err)
		}
	}
	for _, u := range []string{"http://169.254.169.254/", "http://metadata.test/", "http://[fd00:ec2::254]/", "http://[::ffff:169.254.169.254]/"} {
		if _, err := get(all, u); !isRefusal(err, "cloud metadata endpoint") {
			t.Errorf("policy 1: GET %s = %v, want the metadata refusal", u, err)
		}
	}

	list := client(t, "127.0.0.1:"+a.port, r)
	for _, u := range []string{"http://127.0.0.1:" + a.port + "/", "http://127.1:" + a.port + "/", "http://2130706433:" + a.port + "/", "http://app.test:" + a.port + "/"} {
		if body, err := get(list, u); err != nil || body != "reached" {
			t.Errorf("allowlist: GET %s = %q, %v", u, body, err)
		}
	}
	hitsA, hitsB := a.hits.Load(), b.hits.Load()
	// Every answer is checked: one allowed answer does not carry another.
	if _, err := get(list, "http://mixed.test:"+a.port+"/"); !isRefusal(err, "mixed.test resolves to 10.99.99.99, a private address") {
		t.Errorf("allowlist: GET mixed.test = %v, want the refusal of its private answer", err)
	}
	if a.hits.Load() != hitsA {
		t.Error("a name with a refused answer was dialled at its allowed one")
	}
	for _, u := range []string{"http://127.0.0.1:" + b.port + "/", "http://localhost:" + a.port + "/", "http://[::1]:" + a.port + "/", "http://10.0.0.1:" + a.port + "/"} {
		if _, err := get(list, u); !isRefusal(err, "") {
			t.Errorf("allowlist: GET %s = %v, want a refusal", u, err)
		}
	}
	if b.hits.Load() != hitsB {
		t.Error("a server outside the allowlist was reached")
	}
	names := client(t, "localhost:"+b.port, r)
	if body, err := get(names, "http://localhost:"+b.port+"/"); err != nil || body != "reached" {
		t.Errorf("allowlist by name: %q, %v", body, err)
	}
}

func isRefusal(err error, rule string) bool {
	var ref *Refusal
	return errors.As(err, &ref) && strings.Contains(ref.Error(), rule)
}

// TestRedirects: each hop is checked again; redirects cannot leave the
// allowlist, change scheme to anything but http(s), loop, or go on past 10.
func TestRedirects(t *testing.T) {
	private := newTarget(t, "tcp4", nil)
	origin := newTarget(t, "tcp4", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/to-private":
			http.Redirect(w, r, "http://127.0.0.1:"+private.port+"/secret", http.StatusFound)
		case r.URL.Path == "/to-private-spelling":
			http.Redirect(w, r, "http://2130706433:"+private.port+"/secret", http.StatusMovedPermanently)
		case r.URL.Path == "/to-name":
			http.Redirect(w, r, "http://inside.test:"+private.port+"/secret", http.StatusTemporaryRedirect)
		case r.URL.Path == "/to-metadata":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		case r.URL.Path == "/to-file":
			http.Redirect(w, r, "file:///etc/passwd", http.StatusFound)
		case r.URL.Path == "/to-gopher":
			http.Redirect(w, r, "gopher://127.0.0.1:"+private.port+"/", http.StatusFound)
		case r.URL.Path == "/loop-a":
			http.Redirect(w, r, "/loop-b", http.StatusFound)
		case r.URL.Path == "/loop-b":
			http.Redirect(w, r, "/loop-a", http.StatusFound)
		case strings.HasPrefix(r.URL.Path, "/chain/"):
			var n int
			fmt.Sscanf(r.URL.Path, "/chain/%d", &n)
			if n > 0 {
				http.Redirect(w, r, fmt.Sprintf("/chain/%d", n-1), http.StatusFound)
				return
			}
			io.WriteString(w, "end of chain")
		default:
			io.WriteString(w, "origin")
		}
	}))
	r := &resolver{answers: map[string][]string{"inside.test": {"127.0.0.1"}}}
	c := client(t, "127.0.0.1:"+origin.port, r)
	base := "http://127.0.0.1:" + origin.port
	for _, tc := range []struct{ path, want string }{
		{"/to-private", "loopback address"},
		{"/to-private-spelling", "2130706433 is 127.0.0.1"},
		{"/to-name", "inside.test resolves to 127.0.0.1"},
		{"/to-metadata", "cloud metadata endpoint"},
		{"/to-file", "file:// URLs are not fetched"},
		{"/to-gopher", "gopher:// URLs are not fetched"},
		{"/loop-a", "redirect loop"},
		{"/chain/11", "stopped after 10 redirects"},
	} {
		_, err := get(c, base+tc.path)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("GET %s: %v, want %q", tc.path, err, tc.want)
		}
	}
	if body, err := get(c, base+"/chain/10"); err != nil || body != "end of chain" {
		t.Errorf("10 redirects must be followed: %q, %v", body, err)
	}
	if n := private.hits.Load(); n != 0 {
		t.Errorf("the private target got %d requests through redirects", n)
	}
}

// TestProxyFromEnvironmentIgnored: HTTP_PROXY and friends are not used, so
// a proxy cannot connect to what the guard refuses (nor see what it
// allows).
func TestProxyFromEnvironmentIgnored(t *testing.T) {
	proxy := newTarget(t, "tcp4", nil)
	app := newTarget(t, "tcp4", nil)
	for _, k := range []string{"HTTP_PROXY", "HTTPS_PROXY", "ALL_PROXY", "http_proxy", "https_proxy", "all_proxy"} {
		t.Setenv(k, "http://127.0.0.1:"+proxy.port)
	}
	t.Setenv("NO_PROXY", "")
	t.Setenv("no_proxy", "")
	r := &resolver{answers: map[string][]string{"app.test": {"127.0.0.1"}}}
	c := client(t, "app.test:"+app.port, r)
	// ProxyFromEnvironment reads the environment once per process, so the
	// requests below alone would not catch a proxy set up by an earlier test.
	if c.Transport.(*http.Transport).Proxy != nil {
		t.Fatal("the guarded transport has a proxy function")
	}
	if body, err := get(c, "http://app.test:"+app.port+"/"); err != nil || body != "reached" {
		t.Fatalf("GET app.test: %q, %v", body, err)
	}
	if _, err := get(c, "http://10.1.1.1/"); !isRefusal(err, "private address") {
		t.Errorf("GET 10.1.1.1: %v, want a refusal", err)
	}
	if n := proxy.hits.Load(); n != 0 {
		t.Errorf("the environment's proxy got %d requests", n)
	}
}

// TestResolveOnce: a name is looked up once per connection and the checked
// answer is dialled, so a second answer (DNS rebinding to a private
// address) is never asked for.
func TestResolveOnce(t *testing.T) {
	app := newTarget(t, "tcp4", nil)
	r := &resolver{answers: map[string][]string{"rebind.test": {"127.0.0.1"}}}
	pol, _ := ParsePolicy("127.0.0.1:" + app.port)
	calls := 0
	c := New(Options{Policy: func() (Policy, error) { return pol, nil }, Resolve: func(ctx context.Context, host string) ([]netip.Addr, error) {
		calls++
		if calls > 1 {
			return []netip.Addr{netip.MustParseAddr("10.0.0.1")}, nil
		}
		return r.resolve(ctx, host)
	}}).Client
	c.Transport.(*http.Transport).DisableKeepAlives = true
	if body, err := get(c, "http://rebind.test:"+app.port+"/"); err != nil || body != "reached" {
		t.Fatalf("GET: %q, %v", body, err)
	}
	if calls != 1 {
		t.Errorf("rebind.test was looked up %d times for one request; want 1", calls)
	}
	if _, err := get(c, "http://rebind.test:"+app.port+"/"); !isRefusal(err, "resolves to 10.0.0.1") {
		t.Errorf("the second connection's lookup must be checked again: %v", err)
	}
}

// TestCheckURL: what is refused before any connection.
func TestCheckURL(t *testing.T) {
	d := &Dialer{policy: func() (Policy, error) { return Policy{}, nil }}
	for _, c := range []struct{ url, want string }{
		{"https://example.com/", ""},
		{"http://example.com:8080/x", ""},
		{"file:///etc/passwd", "file:// URLs are not fetched"},
		{"ftp://example.com/", "ftp:// URLs are not fetched"},
		{"javascript:alert(1)", "javascript:// URLs are not fetched"},
		{"http://user:pw@example.com/", "credentials"},
		{"http:///path", "no host"},
		{"http://127.1/", "127.1 is 127.0.0.1, a loopback address"},
		{"http://localhost/", "loopback name"},
	} {
		u, err := url.Parse(c.url)
		if err != nil {
			t.Fatal(err)
		}
		err = d.CheckURL(u)
		if (err == nil) != (c.want == "") || err != nil && !strings.Contains(err.Error(), c.want) {
			t.Errorf("CheckURL(%s) = %v, want %q", c.url, err, c.want)
		}
	}
}

// FuzzParseHost: any host parses to an address, a name or an error without
// panicking; an address's canonical spelling parses back to itself, and a
// dotted-decimal address agrees with netip.
func FuzzParseHost(f *testing.F) {
	for _, s := range []string{"127.1", "0x7f.1", "017700000001", "0", "1.2.3.4.5", "::ffff:127.0.0.1", "fe80::1%eth0", "example.com", "0x", "4294967295", "08"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, host string) {
		a, ok, err := ParseHost(host)
		if err != nil || !ok {
			return
		}
		b, ok2, err2 := ParseHost(a.String())
		if !ok2 || err2 != nil || b != a {
			t.Fatalf("ParseHost(%q) = %s, but %s parses to %v, %v, %v", host, a, a, b, ok2, err2)
		}
		if n, err := netip.ParseAddr(host); err == nil && n.Is4() && n != a {
			t.Fatalf("ParseHost(%q) = %s, netip says %s", host, a, n)
		}
	})
}

package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/guard"
)

func webfetch(t *testing.T, c *Client, env *tools.Env, args map[string]any) (tools.Result, error) {
	t.Helper()
	raw, _ := json.Marshal(args)
	return c.webfetchTool().Run(context.Background(), env, raw)
}

func TestWebfetchFormats(t *testing.T) {
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		io.WriteString(w, docsPage)
	})
	c := testClient(t, []string{srv.hostPort()}, nil)
	env := testEnv(t)
	for _, tc := range []struct {
		format    string
		want, not []string
	}{
		{"", []string{"Title: Config - Widget\nURL: " + srv.URL + "/docs\n\n", "## Keys", "- port: the development server's port", "```js\nconst config = load();", "`widget.json`"}, []string{"SECRET-TRACKER", "Home", "\n1:"}},
		{"markdown", []string{"## Keys", "- plugins"}, nil},
		{"text", []string{"Keys\n", "- port", "Widget reads widget.json from", "const config = load();"}, []string{"## ", "```", "`widget.json`"}},
		{"html", []string{`<script>var tracking = "SECRET-TRACKER"</script>`, "<h1>Configuration</h1>"}, []string{"Title: "}},
	} {
		t.Run("format="+tc.format, func(t *testing.T) {
			args := map[string]any{"url": srv.URL + "/docs"}
			if tc.format != "" {
				args["format"] = tc.format
			}
			res, err := webfetch(t, c, env, args)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range tc.want {
				if !strings.Contains(res.Text, w) {
					t.Errorf("missing %q in\n%s", w, short(res.Text))
				}
			}
			for _, n := range tc.not {
				if strings.Contains(res.Text, n) {
					t.Errorf("unexpected %q in\n%s", n, short(res.Text))
				}
			}
		})
	}
}

// TestWebfetchUpgrade: http:// is fetched over https when the host answers
// there, and over http when it does not.
func TestWebfetchUpgrade(t *testing.T) {
	secure := newTLSServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "over tls")
	})
	plain := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		io.WriteString(w, "over plain http")
	})
	other := newServer(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "not tls") })
	c := testClient(t, []string{secure.hostPort(), plain.hostPort(), other.hostPort()}, nil, secure.Server)
	env := testEnv(t)
	for _, tc := range []struct {
		name, httpsAt, want string
		upgraded            bool
	}{
		{"the host speaks TLS", secure.hostPort(), "over tls", true},
		{"the host does not", other.hostPort(), "over plain http", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c.upgrade = func(u *url.URL) (string, bool) { return tc.httpsAt, true }
			res, err := webfetch(t, c, env, map[string]any{"url": plain.URL + "/x"})
			if err != nil {
				t.Fatal(err)
			}
			d := res.Details.(*FetchDetails)
			if res.Text != tc.want || d.Download.Upgraded != tc.upgraded || tc.upgraded != strings.HasPrefix(d.FinalURL, "https://") {
				t.Errorf("text %q, details %+v", res.Text, d)
			}
		})
	}
	u, _ := url.Parse("http://example.com/a")
	if h, ok := defaultUpgrade(u); !ok || h != "example.com" {
		t.Errorf("defaultUpgrade(%s) = %q, %v", u, h, ok)
	}
	u, _ = url.Parse("http://example.com:8080/a")
	if _, ok := defaultUpgrade(u); ok {
		t.Error("a URL with its own port must not be upgraded")
	}
}

func TestWebfetchLimitsAndErrors(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	private := newServer(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "internal admin page") })
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/big":
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, strings.Repeat("a line of text\n", 100_000)) // 1.5 MB
		case "/wide":
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, strings.Repeat("0123456789abcdef\n", 6000)) // 102 KB
		case "/slow":
			select {
			case <-release:
			case <-r.Context().Done():
			}
		case "/trickle":
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, "the first part\n")
			w.(http.Flusher).Flush()
			select {
			case <-release:
			case <-r.Context().Done():
			}
		case "/to-private":
			http.Redirect(w, r, private.URL+"/admin", http.StatusFound)
		case "/to-metadata":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/iam/", http.StatusMovedPermanently)
		}
	})
	c := testClient(t, []string{srv.hostPort()}, nil)
	c.upgrade = func(*url.URL) (string, bool) { return "", false }
	env := testEnv(t)

	res, err := webfetch(t, c, env, map[string]any{"url": srv.URL + "/big"})
	if err != nil || !strings.HasSuffix(res.Text, "[truncated: download exceeded ~1MB]") || !res.Details.(*FetchDetails).Download.Truncated {
		t.Errorf("big: %v %s", err, short(res.Text))
	}
	if len(res.Text) > FetchOutput+512 || res.FullOutputPath == "" {
		t.Errorf("big: %d bytes of output, full output %q", len(res.Text), res.FullOutputPath)
	}
	res, err = webfetch(t, c, env, map[string]any{"url": srv.URL + "/wide"})
	if err != nil || !strings.Contains(res.Text, "[Output truncated at 64 KiB of 99 KiB. Full output saved to: ") {
		t.Fatalf("wide: %v %s", err, short(res.Text))
	}
	if data, err := os.ReadFile(res.FullOutputPath); err != nil || len(data) != 6000*17 {
		t.Errorf("the saved output has %d bytes (%v), want all %d", len(data), err, 6000*17)
	}

	start := time.Now()
	_, err = webfetch(t, c, env, map[string]any{"url": srv.URL + "/slow", "timeout": 1})
	if tools.CodeOf(err) != tools.ErrTimeout || !strings.Contains(err.Error(), "no answer within 1s") {
		t.Errorf("slow: %v", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("slow: took %s with a 1s timeout", d)
	}
	res, err = webfetch(t, c, env, map[string]any{"url": srv.URL + "/trickle", "timeout": 1})
	if err != nil || !strings.HasPrefix(res.Text, "the first part") || !strings.Contains(res.Text, "[truncated: the server was still sending after 1s; this is the 15 B that arrived]") {
		t.Errorf("trickle: %v %q", err, res.Text)
	}

	for _, tc := range []struct {
		args map[string]any
		code tools.Code
		want string
	}{
		{map[string]any{"url": srv.URL + "/to-private"}, tools.ErrNotAllowed, "redirect from " + srv.URL + "/to-private to " + private.URL + "/admin refused: 127.0.0.1 is a loopback address (127.0.0.0/8). The web tools reach public addresses only; use a public URL."},
		{map[string]any{"url": srv.URL + "/to-metadata"}, tools.ErrNotAllowed, "169.254.169.254 is a cloud metadata endpoint (169.254.169.254)"},
		{map[string]any{"url": private.URL + "/admin"}, tools.ErrNotAllowed, private.URL + "/admin was not fetched: 127.0.0.1 is a loopback address"},
		{map[string]any{"url": "http://[::ffff:127.0.0.1]:" + strings.Split(private.hostPort(), ":")[1] + "/"}, tools.ErrNotAllowed, "IPv4-mapped form of 127.0.0.1"},
		{map[string]any{"url": "file:///etc/passwd"}, tools.ErrInvalidArgs, "file:// URLs are not fetched; only http:// and https://"},
		{map[string]any{"url": "gopher://example.com/"}, tools.ErrInvalidArgs, "gopher:// URLs are not fetched"},
		{map[string]any{"url": "example.com/page"}, tools.ErrInvalidArgs, "not an absolute URL"},
		{map[string]any{"url": srv.URL, "format": "pdf"}, tools.ErrInvalidArgs, `format "pdf": give markdown, text or html`},
		{map[string]any{"url": srv.URL, "timeout": 500}, tools.ErrInvalidArgs, "timeout 500: give seconds from 1 to 120"},
	} {
		_, err := webfetch(t, c, env, tc.args)
		if tools.CodeOf(err) != tc.code || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("webfetch %v: %v (%s), want %s %q", tc.args, err, tools.CodeOf(err), tc.code, tc.want)
		}
		if err != nil && strings.Contains(err.Error(), guard.Env) {
			t.Errorf("a refusal names the escape hatch: %v", err)
		}
	}
	if n := private.hits.Load(); n != 0 {
		t.Errorf("the private server got %d requests", n)
	}
}

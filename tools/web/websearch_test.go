package web

import (
	"context"
	"encoding/json"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// ddgServer serves the results pages in testdata/duckduckgo, made in
// DuckDuckGo's HTML layout (its html endpoint cannot be reached from
// here): page1 (an ad, ten results, a Next form), page2 (the Next page),
// noresults and a bot check. It records the forms it was sent.
type ddgServer struct {
	*server
	mu    sync.Mutex
	forms []map[string]string
}

func newDDG(t *testing.T) *ddgServer {
	page := func(name string) []byte {
		b, err := os.ReadFile("testdata/duckduckgo/" + name)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	d := &ddgServer{}
	d.server = newServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost || r.ParseForm() != nil {
			http.Error(w, "post the form", http.StatusBadRequest)
			return
		}
		f := map[string]string{}
		for k := range r.PostForm {
			f[k] = r.PostForm.Get(k)
		}
		d.mu.Lock()
		d.forms = append(d.forms, f)
		d.mu.Unlock()
		w.Header().Set("Content-Type", "text/html; charset=UTF-8")
		switch {
		case strings.HasPrefix(f["q"], "nothing"):
			w.Write(page("noresults.html"))
		case strings.HasPrefix(f["q"], "bot"):
			w.WriteHeader(http.StatusAccepted)
			w.Write(page("botcheck.html"))
		case f["s"] == "10" && f["vqd"] != "":
			w.Write(page("page2.html"))
		default:
			w.Write(page("page1.html"))
		}
	})
	return d
}

func websearch(t *testing.T, c *Client, env *tools.Env, args map[string]any) (SearchOutput, string, error) {
	t.Helper()
	raw, _ := json.Marshal(args)
	res, err := c.websearchTool(DuckDuckGo{}).Run(context.Background(), env, raw)
	if err != nil {
		return SearchOutput{}, "", err
	}
	return res.Structured.(SearchOutput), res.Text, nil
}

func TestWebsearch(t *testing.T) {
	ddg := newDDG(t)
	t.Setenv(SearchEndpointEnv, ddg.URL+"/html/")
	c := testClient(t, []string{ddg.hostPort()}, nil)
	env := testEnv(t)

	out, text, err := websearch(t, c, env, map[string]any{"query": "golang context timeout", "numResults": 3})
	if err != nil {
		t.Fatal(err)
	}
	want := `1. context package - context - Go Packages
   https://pkg.go.dev/context
   Package context defines the Context type, which carries deadlines, cancellation signals, and other request-scoped values across API boundaries and between processes.

2. Go Concurrency Patterns: Context - The Go Programming Language
   https://go.dev/blog/context
   In Go servers, each incoming request is handled in its own goroutine. Request handlers often start additional goroutines to access backends such as databases and RPC services.

3. go - Context with timeout in golang - Stack Overflow
   https://stackoverflow.com/questions/43321894/context-with-timeout-in-golang
   I am using context.WithTimeout and the function keeps running after the deadline & I don't understand why.`
	if text != want {
		t.Errorf("text:\n%s\nwant:\n%s", text, want)
	}
	if out.Provider != "DuckDuckGo" || out.Query != "golang context timeout" || len(out.Results) != 3 {
		t.Errorf("structured %+v", out)
	}

	out, _, err = websearch(t, c, env, map[string]any{"query": "golang context timeout"})
	if err != nil || len(out.Results) != SearchDefault {
		t.Fatalf("default count: %d results, %v", len(out.Results), err)
	}
	if got := out.Results[3].URL; got != "https://www.example.org/go/context-timeouts?utm_source=ddg&x=1" {
		t.Errorf("redirect link decoded to %q", got)
	}
	for _, r := range out.Results {
		if strings.Contains(r.URL, "duckduckgo.com") || strings.Contains(r.Title, "Hosting") {
			t.Errorf("an ad or an undecoded link: %+v", r)
		}
	}

	ddg.mu.Lock()
	ddg.forms = nil
	ddg.mu.Unlock()
	out, _, err = websearch(t, c, env, map[string]any{"query": "golang context timeout", "numResults": 20})
	if err != nil {
		t.Fatal(err)
	}
	// Page 1 has 10, page 2 one repeat and 10 new: 20 distinct, in order.
	if len(out.Results) != 20 || out.Results[10].URL != "https://example.com/more/1" || out.Results[19].URL != "https://example.com/more/10" {
		t.Errorf("two pages: %d results, %+v", len(out.Results), out.Results[9:])
	}
	ddg.mu.Lock()
	forms := ddg.forms
	ddg.mu.Unlock()
	if len(forms) != 2 || forms[1]["s"] != "10" || forms[1]["dc"] != "11" || forms[1]["q"] != "golang context timeout" {
		t.Errorf("the Next form was not followed as posted: %v", forms)
	}

	out, _, err = websearch(t, c, env, map[string]any{"query": "context", "site": "https://go.dev/", "numResults": 1})
	if err != nil || out.Query != "context site:go.dev" {
		t.Errorf("site: %q, %v", out.Query, err)
	}
	ddg.mu.Lock()
	last := ddg.forms[len(ddg.forms)-1]["q"]
	ddg.mu.Unlock()
	if last != "context site:go.dev" {
		t.Errorf("the engine got q=%q", last)
	}

	if out, text, err := websearch(t, c, env, map[string]any{"query": "nothing matches this"}); err != nil || text != "No results." || len(out.Results) != 0 || out.Results == nil {
		t.Errorf("no results: %q %+v %v", text, out, err)
	}
	if _, _, err := websearch(t, c, env, map[string]any{"query": "bot please"}); err == nil || !strings.Contains(err.Error(), "bot check instead of results (HTTP 202)") {
		t.Errorf("bot check: %v", err)
	}

	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{"query": "  "}, "query is empty"},
		{map[string]any{"query": strings.Repeat("é", 501)}, "query is 501 characters; at most 500"},
		{map[string]any{"query": "x", "numResults": 21}, "numResults 21: give 1 to 20"},
		{map[string]any{"query": "x", "site": "not a host"}, `site "not a host": give a host name`},
	} {
		if _, _, err := websearch(t, c, env, tc.args); tools.CodeOf(err) != tools.ErrInvalidArgs || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

// TestWebsearchEndpointFromSettings: with no environment variable, the
// settings' endpoint is used; the guard still applies to it.
func TestWebsearchEndpointFromSettings(t *testing.T) {
	ddg := newDDG(t)
	t.Setenv(SearchEndpointEnv, "")
	env := testEnv(t)
	env.Settings.WebSearchEndpoint = ddg.URL + "/html/"
	c := testClient(t, []string{ddg.hostPort()}, nil)
	if out, _, err := websearch(t, c, env, map[string]any{"query": "golang", "numResults": 2}); err != nil || len(out.Results) != 2 {
		t.Fatalf("%+v %v", out, err)
	}
	closed := testClient(t, nil, nil)
	if _, _, err := websearch(t, closed, env, map[string]any{"query": "golang"}); tools.CodeOf(err) != tools.ErrNotAllowed {
		t.Errorf("a loopback endpoint outside the allowlist: %v", err)
	}
}

func TestResultURL(t *testing.T) {
	for _, c := range []struct{ href, want string }{
		{"//duckduckgo.com/l/?uddg=https%3A%2F%2Fgo.dev%2Fdoc%2F&rut=abc", "https://go.dev/doc/"},
		{"https://duckduckgo.com/l/?uddg=http%3A%2F%2Fexample.com%2Fa%3Fb%3D1%26c%3D2", "http://example.com/a?b=1&c=2"},
		{"https://duckduckgo.com/y.js?ad_domain=x&u3=https%3A%2F%2Fbing.com", ""},
		{"//duckduckgo.com/l/?uddg=javascript%3Aalert(1)", ""},
		{"https://example.com/direct", "https://example.com/direct"},
		{"/relative", ""},
		{"", ""},
	} {
		if got := resultURL(c.href); got != c.want {
			t.Errorf("resultURL(%q) = %q, want %q", c.href, got, c.want)
		}
	}
}

// FuzzParseDuckDuckGo: any page parses without panicking, and every result
// has a title and an http(s) URL that is not DuckDuckGo's.
func FuzzParseDuckDuckGo(f *testing.F) {
	for _, name := range []string{"page1.html", "noresults.html", "botcheck.html"} {
		b, _ := os.ReadFile("testdata/duckduckgo/" + name)
		f.Add(b)
	}
	f.Add([]byte(`<div class="result"><a class="result__a" href="//duckduckgo.com/l/?uddg=https%3A%2F%2Fa.b">t</a></div>`))
	f.Fuzz(func(t *testing.T, page []byte) {
		results, _, err := parseDuckDuckGo(page)
		if err != nil {
			return
		}
		for _, r := range results {
			if r.Title == "" || !(strings.HasPrefix(r.URL, "https://") || strings.HasPrefix(r.URL, "http://")) || strings.Contains(r.URL, "duckduckgo.com/l/") {
				t.Fatalf("bad result %+v", r)
			}
		}
	})
}

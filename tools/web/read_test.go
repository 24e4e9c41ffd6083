package web

import (
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/bombs"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/document/fixture"
)

const docsPage = `<!doctype html><html><head><title>Config - Widget</title><script>var tracking = "SECRET-TRACKER"</script><style>.x{color:red}</style></head>
<body><nav><a href="/a">Home</a> <a href="/b">Blog</a></nav>
<main><h1>Configuration</h1>
<p>Widget reads <code>widget.json</code> from the project root. Every key is optional and a missing file means the defaults described on this page, which covers each of them in turn.</p>
<h2>Keys</h2>
<ul><li>port: the development server's port</li><li>plugins: the plugins to load, in order</li></ul>
<pre><code class="language-js">const config = load();
console.log(config.port);
</code></pre>
<p>Restart the server after a change, because the keys are read only once, at start; a running server never sees a new value.</p>
</main><footer>© Widget</footer></body></html>`

func numbered(n int) string {
	var b strings.Builder
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "line %d\n", i)
	}
	return b.String()
}

func TestReadURL(t *testing.T) {
	hiddenXLSX := bombs.XLSX(3 << 30)
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/docs":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			io.WriteString(w, docsPage)
		case "/lines.txt":
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, numbered(1000))
		case "/wide":
			w.Header().Set("Content-Type", "text/plain")
			for i := 1; i <= 200; i++ {
				fmt.Fprintf(w, "%d %s\n", i, strings.Repeat("x", 1000))
			}
		case "/moved":
			http.Redirect(w, r, "/docs#keys", http.StatusFound)
		case "/latin1":
			w.Header().Set("Content-Type", "text/html; charset=iso-8859-1")
			w.Write([]byte("<html><body><p>caf\xe9 cr\xe8me</p></body></html>"))
		case "/meta-charset":
			w.Header().Set("Content-Type", "text/html")
			w.Write([]byte("<html><head><meta charset=\"windows-1251\"></head><body><p>\xcf\xf0\xe8\xe2\xe5\xf2</p></body></html>"))
		case "/bad-utf8":
			w.Header().Set("Content-Type", "text/plain; charset=utf-8")
			w.Write([]byte("good \xff\xfe bad \xc3 end\n"))
		case "/sniffed":
			w.Header()["Content-Type"] = nil
			io.WriteString(w, "<!DOCTYPE html><html><body><h2>Sniffed heading</h2><p>from bytes</p></body></html>")
		case "/page.html":
			w.Header().Set("Content-Type", "application/octet-stream")
			io.WriteString(w, "<html><body><h2>By extension</h2></body></html>")
		case "/report":
			w.Header().Set("Content-Type", "application/pdf")
			w.Write(fixture.PDF([][]string{{"Quarterly report", "Revenue rose."}, {"Page two text"}}, true))
		case "/broken.pdf":
			w.Header().Set("Content-Type", "application/octet-stream")
			io.WriteString(w, "%PDF-1.7\nnot really a pdf")
		case "/notes.docx":
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Write(fixture.DOCX(fixture.Para("Heading1", "Minutes") + fixture.Para("", "We agreed on the plan.")))
		case "/huge":
			w.Header().Set("Content-Type", "application/pdf")
			w.Write([]byte("%PDF-1.7\n"))
			w.Write(make([]byte, ReadDocument))
		case "/hidden.xlsx":
			w.Header().Set("Content-Type", "application/octet-stream")
			w.Write(hiddenXLSX)
		case "/old.doc":
			w.Header().Set("Content-Type", "application/msword")
			io.WriteString(w, "\xd0\xcf\x11\xe0 legacy")
		case "/logo":
			w.Header().Set("Content-Type", "image/png")
			w.Write([]byte("\x89PNG\r\n\x1a\n...."))
		case "/data":
			w.Header().Set("Content-Type", "application/json")
			io.WriteString(w, "{\n  \"a\": 1\n}\n")
		case "/crlf":
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, "one\r\ntwo\r\n")
		case "/gone":
			http.Error(w, "gone", http.StatusNotFound)
		case "/broken":
			http.Error(w, "oops", http.StatusInternalServerError)
		default:
			http.NotFound(w, r)
		}
	})
	c := testClient(t, []string{srv.hostPort()}, nil)
	env := testEnv(t)
	for _, tc := range []struct {
		name, arg  string
		want, not  []string
		code       tools.Code
		fullOutput bool
	}{
		{name: "html renders its main content as markdown", arg: "/docs",
			want: []string{"[" + srv.URL + "/docs] Config - Widget", "\n1:", ":## Keys", ":- port: the development server's port", ":```js", ":console.log(config.port);", "`widget.json`"},
			not:  []string{"SECRET-TRACKER", "color:red", "Home", "© Widget"}},
		{name: "a bounded selector widens by one line before and three after", arg: "/lines.txt:10-12",
			want: []string{"\n9:line 9\n10:line 10", "15:line 15", "[985 more lines on the page. Continue with " + srv.URL + "/lines.txt:16.]"},
			not:  []string{"\n8:", "\n16:"}},
		{name: "two ranges", arg: "/lines.txt:2-2,900-901", want: []string{"\n1:line 1\n2:line 2\n3:line 3\n4:line 4\n5:line 5\n899:line 899"}},
		{name: "an unselected read shows 300 lines and how to go on", arg: "/lines.txt",
			want: []string{"\n300:line 300", "[Showing lines 1-300 of 1000. Continue with " + srv.URL + "/lines.txt:301. Full output saved to: "}, not: []string{"\n301:"}, fullOutput: true},
		{name: "an open selector pages on by 300", arg: "/lines.txt:301",
			want: []string{"\n301:line 301", "\n600:line 600", "Continue with " + srv.URL + "/lines.txt:601."}, not: []string{"\n601:"}, fullOutput: true},
		{name: "the byte cap", arg: "/wide", want: []string{"\n51:51 x", "[Showing lines 1-51 of 200 (50 KiB limit). Continue with " + srv.URL + "/wide:52."}, not: []string{"\n52:"}, fullOutput: true},
		{name: "raw is the body unchanged", arg: "/docs:raw", want: []string{`<script>var tracking = "SECRET-TRACKER"</script>`, "<h1>Configuration</h1>"}, not: []string{"\n1:"}},
		{name: "redirects are followed and the final URL shown without fragment", arg: "/moved", want: []string{"[" + srv.URL + "/docs] Config"}, not: []string{"#keys]"}},
		{name: "charset from the header", arg: "/latin1", want: []string{"café crème"}},
		{name: "charset from a meta tag", arg: "/meta-charset", want: []string{"Привет"}},
		{name: "invalid UTF-8 is replaced and counted", arg: "/bad-utf8", want: []string{"1:good \uFFFD\uFFFD bad \uFFFD end", "[3 invalid UTF-8 sequence(s) in the body are shown as U+FFFD.]"}},
		{name: "no content type: sniffed", arg: "/sniffed", want: []string{"## Sniffed heading"}},
		{name: "octet-stream: by extension", arg: "/page.html", want: []string{"## By extension"}},
		{name: "json is shown as it is", arg: "/data", want: []string{"1:{\n2:  \"a\": 1\n3:}"}},
		{name: "CRLF lines", arg: "/crlf", want: []string{"1:one\n2:two"}, not: []string{"\r"}},
		{name: "beyond the end", arg: "/lines.txt:2000", code: tools.ErrInvalidArgs, want: []string{"Requested line 2000 is beyond the end of " + srv.URL + "/lines.txt (1000 rendered lines). Use " + srv.URL + "/lines.txt:1000"}},
		{name: "cell selectors are for notebooks", arg: "/docs:cell:1", code: tools.ErrInvalidArgs, want: []string{"line selectors"}},
		{name: "an extensionless PDF by its Content-Type, through the document reader", arg: "/report", want: []string{"] PDF, 2 pages\n", ":Quarterly report", ":Revenue rose.", ":Page two text"}},
		{name: "a DOCX by its extension", arg: "/notes.docx", want: []string{"] Word document", "1:# Minutes", ":We agreed on the plan."}},
		{name: "a PDF that is not one", arg: "/broken.pdf", code: tools.ErrInvalidArgs, want: []string{"broken.pdf is not a readable PDF"}},
		{name: "a document over the cap", arg: "/huge", code: tools.ErrLimit, want: []string{"is a PDF document over 16.0 MiB; a document cannot be read in part"}},
		{name: "a 3 MB workbook whose hidden part inflates to 3 GiB (issue 29)", arg: "/hidden.xlsx", code: tools.ErrLimit, want: []string{"hidden.xlsx: its parts expand past 256.0MB", "the cap of one document"}},
		{name: "a legacy Office document", arg: "/old.doc", code: tools.ErrInvalidArgs, want: []string{"docx"}},
		{name: "binary", arg: "/logo", code: tools.ErrBinary, want: []string{"is image/png", "not text"}},
		{name: "404", arg: "/gone", code: tools.ErrNotFound, want: []string{"returned HTTP 404 Not Found. Check the URL."}},
		{name: "500", arg: "/broken", code: tools.ErrTool, want: []string{"returned HTTP 500 Internal Server Error. The server failed"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := c.Read(context.Background(), env, srv.URL+tc.arg)
			got := res.Text
			if err != nil {
				got = err.Error()
			}
			if tools.CodeOf(err) != tc.code {
				t.Fatalf("code %q (%v), want %q", tools.CodeOf(err), err, tc.code)
			}
			for _, w := range tc.want {
				if !strings.Contains(got, w) {
					t.Errorf("missing %q in\n%s", w, short(got))
				}
			}
			for _, n := range tc.not {
				if strings.Contains(got, n) {
					t.Errorf("unexpected %q in\n%s", n, short(got))
				}
			}
			if tc.fullOutput {
				data, err := os.ReadFile(res.FullOutputPath)
				if err != nil || !strings.HasPrefix(string(data), "line 1") && !strings.HasPrefix(string(data), "1 x") {
					t.Errorf("full output %q: %v, %.40q", res.FullOutputPath, err, data)
				}
			}
			if err == nil {
				meta := res.Details.(ReadDetails).Meta
				if meta.Source != "url" || meta.SourcePath == "" || meta.URL != srv.URL+strings.SplitN(tc.arg, ":", 2)[0] {
					t.Errorf("meta %+v", meta)
				}
			}
		})
	}
}

func TestSplitURLSelector(t *testing.T) {
	for _, c := range []struct{ in, url, sel string }{
		{"https://h/p:5-8", "https://h/p", "5-8"},
		{"https://h/p:raw", "https://h/p", "raw"},
		{"https://h:8080", "https://h:8080", ""},
		{"https://h:8080/p", "https://h:8080/p", ""},
		{"https://h:8080:5-8", "https://h:8080", "5-8"},
		{"https://h:5", "https://h:5", ""},
		{"http://[::1]:8080", "http://[::1]:8080", ""},
		{"http://[::1]:8080:40", "http://[::1]:8080", "40"},
		{"http://[::1]:40", "http://[::1]:40", ""},
		{"https://h/wiki/Special:Random", "https://h/wiki/Special:Random", ""},
		{"https://h/p?x=1:2", "https://h/p?x=1", "2"},
	} {
		u, s, err := splitURLSelector(c.in)
		if err != nil || u != c.url || s != c.sel {
			t.Errorf("splitURLSelector(%q) = %q, %q, %v; want %q, %q", c.in, u, s, err, c.url, c.sel)
		}
	}
}

// TestReadBadInput: hostile and broken servers end in a precise error or a
// cut result, within the deadline and the download cap.
func TestReadBadInput(t *testing.T) {
	release := make(chan struct{})
	t.Cleanup(func() { close(release) })
	srv := newServer(t, func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/slow":
			select {
			case <-release:
			case <-r.Context().Done():
			}
		case "/endless":
			w.Header().Set("Content-Type", "text/plain")
			chunk := []byte(strings.Repeat("endless ", 8<<10))
			for {
				if _, err := w.Write(chunk); err != nil {
					return
				}
			}
		case "/one-line":
			w.Header().Set("Content-Type", "text/html")
			io.WriteString(w, "<html><body><p>")
			io.WriteString(w, strings.Repeat("word ", 1<<20)) // 5 MB, one line
			io.WriteString(w, "</p></body></html>")
		case "/loop":
			http.Redirect(w, r, "/loop2", http.StatusFound)
		case "/loop2":
			http.Redirect(w, r, "/loop", http.StatusFound)
		case "/cut":
			w.Header().Set("Content-Length", "1000")
			w.Header().Set("Content-Type", "text/plain")
			io.WriteString(w, "only the start\n")
			w.(http.Flusher).Flush()
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
		}
	})
	closed, _ := net.Listen("tcp", "127.0.0.1:0")
	closedAddr := closed.Addr().String()
	closed.Close()
	tlsSrv := newTLSServer(t, func(w http.ResponseWriter, r *http.Request) { io.WriteString(w, "secret over tls") })
	c := testClient(t, []string{srv.hostPort(), closedAddr, tlsSrv.hostPort()}, nil)
	env := testEnv(t)

	t.Run("slow server: the run's deadline", func(t *testing.T) {
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		start := time.Now()
		_, err := c.Read(ctx, env, srv.URL+"/slow")
		if tools.CodeOf(err) != tools.ErrTimeout || !strings.Contains(err.Error(), "deadline passed") {
			t.Errorf("err = %v (%s)", err, tools.CodeOf(err))
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("took %s", d)
		}
	})
	t.Run("endless body: cut at the download cap", func(t *testing.T) {
		res, err := c.Read(context.Background(), env, srv.URL+"/endless")
		if err != nil {
			t.Fatal(err)
		}
		meta := res.Details.(ReadDetails).Meta
		if !meta.Download.Truncated || meta.Download.Bytes != ReadDownload {
			t.Errorf("download %+v", meta.Download)
		}
		if !strings.Contains(res.Text, "[Download stopped at 2.0 MiB: the page is longer, and this is its beginning.]") {
			t.Errorf("no download note in %s", short(res.Text))
		}
	})
	t.Run("a 5 MB single-line page", func(t *testing.T) {
		start := time.Now()
		res, err := c.Read(context.Background(), env, srv.URL+"/one-line")
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Text) > ReadBytes+2048 {
			t.Errorf("result is %d bytes", len(res.Text))
		}
		for _, w := range []string{"\n1:word word", "[Line 1 is ", "shown up to 50 KiB.]", "[Download stopped at 2.0 MiB"} {
			if !strings.Contains(res.Text, w) {
				t.Errorf("missing %q in %s", w, short(res.Text))
			}
		}
		if d := time.Since(start); d > 20*time.Second {
			t.Errorf("took %s", d)
		}
	})
	for _, tc := range []struct{ name, url, want string }{
		{"redirect loop", srv.URL + "/loop", "redirect loop"},
		{"nothing listening", "http://" + closedAddr + "/", "connection refused by " + closedAddr},
		{"untrusted certificate", tlsSrv.URL + "/", "TLS certificate not accepted: it is signed by an authority this machine does not trust"},
		{"https to a plain server", "https://" + srv.hostPort() + "/endless", "the server did not answer with TLS"},
		{"unknown host", "http://no-such-host.invalid/", "host no-such-host.invalid not found (DNS)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := c.Read(context.Background(), env, tc.url)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("err = %v, want %q", err, tc.want)
			}
		})
	}
	t.Run("a connection closed mid-body keeps what came and says it is cut", func(t *testing.T) {
		res, err := c.Read(context.Background(), env, srv.URL+"/cut")
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(res.Text, "1:only the start") || !strings.Contains(res.Text, "[Download stopped") {
			t.Errorf("%s", short(res.Text))
		}
	})
}

// short is s for a failure message: its start and end when it is long.
func short(s string) string {
	if len(s) <= 1200 {
		return s
	}
	return s[:600] + "\n…\n" + s[len(s)-600:]
}

// FuzzSplitURLSelector: a split never loses or moves a byte (the URL, a
// colon and the selector are the input), and never takes the port for a
// selector when no port precedes it.
func FuzzSplitURLSelector(f *testing.F) {
	for _, s := range []string{"https://h/p:5-8", "https://h:8080", "http://[::1]:8080:40", "https://h/p:raw", "http://h:1:2:3", "https://h/a:b:c:1+2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, arg string) {
		if !IsURL(arg) {
			return
		}
		base, sel, err := splitURLSelector(arg)
		if err != nil {
			return
		}
		if sel == "" {
			if base != arg {
				t.Fatalf("splitURLSelector(%q) = %q with no selector", arg, base)
			}
			return
		}
		if base+":"+sel != arg {
			t.Fatalf("splitURLSelector(%q) = %q + %q", arg, base, sel)
		}
		scheme := strings.Index(base, "://") + 3
		if !strings.ContainsAny(base[scheme:], "/?#") && !hasPort(base[scheme:]) && strings.Contains(arg[scheme:], ":") && strings.Count(arg[scheme:], ":") == 1 && !strings.Contains(arg, "]") {
			t.Fatalf("splitURLSelector(%q) took the port for a selector: %q + %q", arg, base, sel)
		}
	})
}

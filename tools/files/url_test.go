package files

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools/internal/guard"
)

// TestReadURL: read hands http(s) URLs, selector included, to the web
// reader, which fetches through the guard: with the escape hatch naming
// the test server the page is read, without it the loopback server is
// refused and gets no request. Write never takes a URL.
func TestReadURL(t *testing.T) {
	hits := 0
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits++
		w.Header().Set("Content-Type", "text/html")
		io.WriteString(w, "<html><head><title>T</title></head><body><main><h2>Heading</h2><ul><li>one</li><li>two</li></ul><p>text</p></main></body></html>")
	}))
	defer srv.Close()
	env := newEnv(t)
	read := func(path string) (string, error) {
		args, _ := json.Marshal(ReadArgs{Path: path})
		res, err := readTool().Run(context.Background(), env, args)
		return res.Text, err
	}

	t.Setenv(guard.Env, "")
	if _, err := read(srv.URL + "/page"); err == nil || !strings.Contains(err.Error(), "loopback address") || hits != 0 {
		t.Fatalf("without the hatch: %v, %d requests", err, hits)
	}
	t.Setenv(guard.Env, strings.TrimPrefix(srv.URL, "http://"))
	got, err := read(" '" + srv.URL + "/page:2-2' ")
	if err != nil {
		t.Fatal(err)
	}
	want := "[" + srv.URL + "/page] T\n1:## Heading\n2:\n3:- one\n4:- two\n5:\n\n[1 more lines on the page. Continue with " + srv.URL + "/page:6.]"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	args, _ := json.Marshal(WriteArgs{Path: srv.URL + "/page", Content: ptr("x")})
	if _, err := writeTool().Run(context.Background(), env, args); err == nil || !strings.Contains(err.Error(), "URLs are not supported here") {
		t.Errorf("write to a URL: %v", err)
	}
}

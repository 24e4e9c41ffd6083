package mcpclient

import (
	"context"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/internal/settings"
	"github.com/atomic-script/atomic-script/tools"
)

func TestValidate(t *testing.T) {
	for _, c := range []struct {
		cfg  settings.MCPServer
		want string // "" for valid
	}{
		{settings.MCPServer{Command: "npx", Args: []string{"-y", "x"}}, ""},
		{settings.MCPServer{URL: "https://example.com/mcp"}, ""},
		{settings.MCPServer{URL: "http://127.0.0.1:9/mcp", Disabled: true}, ""},
		{settings.MCPServer{}, `mcpServers.s: give "command" (a stdio server) or "url" (a streamable HTTP server)`},
		{settings.MCPServer{Command: "x", URL: "http://a/"}, `give either "command" or "url", not both`},
		{settings.MCPServer{URL: "ftp://a/"}, `url "ftp://a/" is not an http(s) URL`},
		{settings.MCPServer{URL: "localhost:8080"}, `is not an http(s) URL`},
	} {
		err := Validate(map[string]settings.MCPServer{"s": c.cfg})
		if (err == nil) != (c.want == "") || (err != nil && !strings.Contains(err.Error(), c.want)) {
			t.Errorf("%+v: %v, want %q", c.cfg, err, c.want)
		}
	}
}

func TestEntriesAndExplain(t *testing.T) {
	cfgs := map[string]settings.MCPServer{
		"git-hub": {Command: "gh-mcp", Args: []string{"--stdio"}, Description: "GitHub API."},
		"docs":    {URL: "http://127.0.0.1:1/mcp", Disabled: true},
	}
	es, err := Entries(cfgs)
	if err != nil {
		t.Fatal(err)
	}
	if len(es) != 2 || es[0].Name() != "docs" || es[1].Name() != "git-hub" {
		t.Fatalf("entries %v", es)
	}
	if got := es[1].Description(); got != "MCP server: GitHub API (gh-mcp --stdio). Scripts call its tools as tools.git_hub.<tool>." {
		t.Errorf("description %q", got)
	}
	for _, e := range es {
		if tools.ScriptCallable(e) || !IsEntry(e) {
			t.Errorf("%s: entries are host-only", e.Name())
		}
		if _, err := e.Run(context.Background(), nil, nil); tools.CodeOf(err) != tools.ErrNotAllowed {
			t.Errorf("%s: Run = %v", e.Name(), err)
		}
	}
	_, st := tools.Select(tools.NewRegistry(es...))
	Explain(&st, cfgs)
	if len(st.Active) != 1 || st.Active[0].Name != "git-hub" || len(st.Inactive) != 1 ||
		st.Inactive[0].Reason != `disabled in settings ("disabled": true under mcpServers.docs)` || !strings.Contains(st.Inactive[0].Enable, `"+docs"`) {
		t.Errorf("status %+v", st)
	}
	h := New(cfgs, Options{})
	if ns := h.Namespaces(nil); len(ns) != 1 || ns[0].Name != "git-hub" || ns[0].Description != "GitHub API." {
		t.Errorf("namespaces %+v", ns)
	}
	if err := h.Close(); err != nil {
		t.Errorf("closing an idle hub: %v", err)
	}
}

func TestScriptValue(t *testing.T) {
	for _, c := range []struct {
		res        *mcp.CallToolResult
		structured bool
		want, err  string
	}{
		{&mcp.CallToolResult{Meta: mcp.Meta{"x": 1}, Content: []mcp.Content{&mcp.TextContent{Text: "hi"}}}, false, `"hi"`, ""},
		{&mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "a"}, &mcp.TextContent{Text: "b"}}}, false, `"a\nb"`, ""},
		{&mcp.CallToolResult{Content: []mcp.Content{}}, false, `""`, ""},
		{&mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: `{"a":1}`}}, StructuredContent: map[string]any{"a": 1}}, true, `{"a":1}`, ""},
		// An outputSchema tool that sent no structuredContent: its text.
		{&mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "plain"}}}, true, `"plain"`, ""},
		{&mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "t"}, &mcp.ImageContent{MIMEType: "image/png", Data: []byte{1}, Annotations: &mcp.Annotations{Priority: 1}}}}, false,
			`["t",{"data":"AQ==","mimeType":"image/png","type":"image"}]`, ""},
		{&mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "bad"}}, StructuredContent: map[string]any{"a": 1}}, true, "", "ERR_TOOL: bad"},
		{&mcp.CallToolResult{IsError: true, Meta: mcp.Meta{"code": "E_X"}}, false, "", "E_X: s.t: the MCP server reported an error without a message"},
	} {
		got, err := scriptValue("s.t", c.res, c.structured)
		if c.err != "" {
			if err == nil || string(tools.CodeOf(err))+": "+err.Error() != c.err {
				t.Errorf("%+v: error %v, want %s", c.res, err, c.err)
			}
			continue
		}
		if err != nil || string(got) != c.want {
			t.Errorf("%+v: got %s %v, want %s", c.res, got, err, c.want)
		}
	}
}

func TestPrefixWriter(t *testing.T) {
	var b strings.Builder
	w := newPrefixWriter(&b, "[mcp x] ")
	for _, part := range []string{"one\ntw", "o\n", "three"} {
		w.Write([]byte(part))
	}
	w.Write([]byte("\n"))
	if b.String() != "[mcp x] one\n[mcp x] two\n[mcp x] three\n" {
		t.Errorf("got %q", b.String())
	}
}

func TestTailWriter(t *testing.T) {
	var w tailWriter
	w.Write([]byte("first\n\n  npm ERR! code E404\n"))
	w.Write([]byte("npm ERR! 404 Not Found\n"))
	if got := w.String(); got != "first | npm ERR! code E404 | npm ERR! 404 Not Found" {
		t.Errorf("got %q", got)
	}
	w.Write([]byte(strings.Repeat("x", 5000) + "\nlast line\n"))
	if got := w.String(); got != "last line" {
		t.Errorf("after a long line: %q", got)
	}
}

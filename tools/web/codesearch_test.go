package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type askInput struct {
	RepoName string `json:"repoName"`
	Question string `json:"question"`
}

// deepWiki is an MCP server on loopback with DeepWiki's ask_question tool,
// answering from a script of repository names.
type deepWiki struct {
	*server
	mu    sync.Mutex
	asked []askInput
}

func newDeepWiki(t *testing.T) *deepWiki {
	d := &deepWiki{}
	release := make(chan struct{})
	srv := mcp.NewServer(&mcp.Implementation{Name: "deepwiki-test"}, nil)
	mcp.AddTool(srv, &mcp.Tool{Name: "ask_question", Description: "Ask any question about a GitHub repository"}, func(ctx context.Context, req *mcp.CallToolRequest, in askInput) (*mcp.CallToolResult, any, error) {
		d.mu.Lock()
		d.asked = append(d.asked, in)
		d.mu.Unlock()
		text := func(s string) *mcp.CallToolResult {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: s}}}
		}
		switch in.RepoName {
		case "facebook/react":
			return text("useEffect cleanup runs before the effect runs again and when the component unmounts."), nil, nil
		case "big/answer":
			return text(strings.Repeat("word ", 20_000)), nil, nil
		case "empty/answer":
			return text("  "), nil, nil
		case "missing/repo":
			return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "Repository not found. Visit https://deepwiki.com to index it."}}}, nil, nil
		case "slow/repo":
			select {
			case <-ctx.Done():
			case <-release:
			}
			return nil, nil, ctx.Err()
		}
		return text("?"), nil, nil
	})
	h := mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return srv }, nil)
	d.server = newServer(t, h.ServeHTTP)
	t.Cleanup(func() { close(release) }) // before the server closes: a handler still waiting would hold it
	return d
}

func codeSearch(ctx context.Context, c *Client, env *tools.Env, args map[string]any) (tools.Result, error) {
	raw, _ := json.Marshal(args)
	return c.codeSearchTool().Run(ctx, env, raw)
}

func TestCodeSearch(t *testing.T) {
	dw := newDeepWiki(t)
	t.Setenv(CodeSearchEndpointEnv, dw.URL+"/mcp")
	c := testClient(t, []string{dw.hostPort()}, nil)
	env := testEnv(t)
	bg := context.Background()

	res, err := codeSearch(bg, c, env, map[string]any{"repoName": "facebook/react", "query": "How does useEffect cleanup work?"})
	if err != nil || res.Text != "useEffect cleanup runs before the effect runs again and when the component unmounts." {
		t.Fatalf("%q %v", res.Text, err)
	}
	dw.mu.Lock()
	got := dw.asked[len(dw.asked)-1]
	dw.mu.Unlock()
	if got != (askInput{"facebook/react", "How does useEffect cleanup work?"}) {
		t.Errorf("DeepWiki was asked %+v; the question goes verbatim", got)
	}

	res, err = codeSearch(bg, c, env, map[string]any{"repoName": "big/answer", "query": "everything", "maxTokens": 1000})
	if err != nil {
		t.Fatal(err)
	}
	body, notice, _ := strings.Cut(res.Text, "\n\n[")
	if len(body) != 4000 || notice != "Answer truncated at about 1000 tokens (maxTokens); ask a narrower question or raise maxTokens (at most 50000).]" {
		t.Errorf("cut answer: %d characters, notice %q", len(body), notice)
	}
	if res, err := codeSearch(bg, c, env, map[string]any{"repoName": "big/answer", "query": "everything"}); err != nil || len(res.Text) < 20000 || len(res.Text) > 20000+200 {
		t.Errorf("default maxTokens 5000: %d characters, %v", len(res.Text), err)
	}

	for _, tc := range []struct {
		args map[string]any
		code tools.Code
		want string
	}{
		{map[string]any{"repoName": "missing/repo", "query": "q"}, tools.ErrTool, "DeepWiki could not answer about missing/repo: Repository not found. Visit https://deepwiki.com to index it.. Check the repository name"},
		{map[string]any{"repoName": "empty/answer", "query": "q"}, tools.ErrNotFound, "empty answer about empty/answer. Check the repository name"},
		{map[string]any{"repoName": "https://github.com/facebook/react", "query": "q"}, tools.ErrInvalidArgs, "is a URL; give owner/repo: facebook/react"},
		{map[string]any{"repoName": "github.com/facebook/react.git", "query": "q"}, tools.ErrInvalidArgs, "give owner/repo: facebook/react"},
		{map[string]any{"repoName": "facebook/react, vuejs/core", "query": "q"}, tools.ErrInvalidArgs, "names more than one thing"},
		{map[string]any{"repoName": "react", "query": "q"}, tools.ErrInvalidArgs, `"react" is not owner/repo`},
		{map[string]any{"repoName": "", "query": "q"}, tools.ErrInvalidArgs, "repoName is empty"},
		{map[string]any{"repoName": "facebook/react", "query": "  "}, tools.ErrInvalidArgs, "query is empty"},
		{map[string]any{"repoName": "facebook/react", "query": "q", "maxTokens": 999}, tools.ErrInvalidArgs, "maxTokens 999: give 1000 to 50000"},
		{map[string]any{"repoName": "facebook/react", "query": "q", "maxTokens": 50001}, tools.ErrInvalidArgs, "maxTokens 50001"},
	} {
		_, err := codeSearch(bg, c, env, tc.args)
		if tools.CodeOf(err) != tc.code || err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: %v (%s), want %s %q", tc.args, err, tools.CodeOf(err), tc.code, tc.want)
		}
	}

	// Cancellation ends the call at once, and the server sees it.
	ctx, cancel := context.WithCancel(bg)
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err = codeSearch(ctx, c, env, map[string]any{"repoName": "slow/repo", "query": "q"})
	if tools.CodeOf(err) != tools.ErrCancelled || time.Since(start) > 5*time.Second {
		t.Errorf("cancelled after 200ms: %v (%s) after %s", err, tools.CodeOf(err), time.Since(start))
	}

	// The endpoint passes the guard like any URL.
	closed := testClient(t, nil, nil)
	if _, err := codeSearch(bg, closed, env, map[string]any{"repoName": "facebook/react", "query": "q"}); tools.CodeOf(err) != tools.ErrNotAllowed || !strings.Contains(err.Error(), "loopback") {
		t.Errorf("a loopback endpoint outside the allowlist: %v", err)
	}
}

package mcpclient_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/mcpclient"
	"github.com/atomic-script/atomic-script/internal/settings"
	"github.com/atomic-script/atomic-script/tools"
)

// External tools are classed by their annotations: readOnlyHint runs like
// read, anything else (here a tool that says it runs shell commands, and
// one that says nothing) is in the write class and asks.
func TestExternalToolApprovalClasses(t *testing.T) {
	s := mcp.NewServer(&mcp.Implementation{Name: "ops", Version: "1"}, nil)
	ran := map[string]bool{}
	add := func(name string, ann *mcp.ToolAnnotations) {
		mcp.AddTool(s, &mcp.Tool{Name: name, Description: name, Annotations: ann},
			func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
				ran[name] = true
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "done"}}}, nil, nil
			})
	}
	add("status", &mcp.ToolAnnotations{ReadOnlyHint: true})
	add("run-command", &mcp.ToolAnnotations{DestructiveHint: ptr(true), OpenWorldHint: ptr(true)})
	add("plain", nil)
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)

	t.Setenv("TMPDIR", t.TempDir())
	h := mcpclient.New(map[string]settings.MCPServer{"ops": {URL: srv.URL}}, mcpclient.Options{Root: t.TempDir()})
	t.Cleanup(func() { h.Close() })
	policy := engine.ApprovalPolicy{Layers: []engine.ApprovalLayer{{Source: "settings", Rules: map[engine.ApprovalClass]engine.ApprovalRule{
		engine.ClassWrite: {Action: engine.ActionAsk}, engine.ClassBash: {Action: engine.ActionDeny},
	}}}}
	eng, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithTools(tools.NewRegistry()), engine.WithNamespaces(h.Namespaces(nil)...), engine.WithApprovals(policy))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	r := runScript(t, eng, `
		const out = [await tools.ops.status({})];
		for (const f of [tools.ops.run_command, tools.ops.plain]) { try { out.push(await f({})) } catch (e) { out.push(e.code) } }
		return out`)
	if !r.OK || string(r.Value) != `["done","ERR_DENIED","ERR_DENIED"]` {
		t.Fatalf("got %s\n%s", r.Value, r.Text)
	}
	if !ran["status"] || ran["run-command"] || ran["plain"] {
		t.Errorf("ran %v", ran)
	}
	if c := r.Calls[1]; c.Approval != engine.Denied || c.ApprovalRule != "nothing can ask; approvals.write: ask (settings)" {
		t.Errorf("record %+v", c)
	}
	if c := r.Calls[0]; c.Approval != "" {
		t.Errorf("the read-only tool has an approval record: %+v", c)
	}
}

func ptr[T any](v T) *T { return &v }

package mcpclient_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/mcpclient"
	"github.com/atomic-script/atomic-script/internal/settings"
	"github.com/atomic-script/atomic-script/tools"
)

// tinyPNG is a 1×1 PNG.
var tinyPNG, _ = base64.StdEncoding.DecodeString("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=")

// calcServer is a small MCP server over streamable HTTP: hyphenated tool
// names, one tool with an outputSchema, one whose result has isError (with
// and without a code), one that returns an image between two texts.
func calcServer(t *testing.T) string {
	t.Helper()
	s := mcp.NewServer(&mcp.Implementation{Name: "calc", Version: "1"}, nil)
	type sumIn struct {
		A float64 `json:"a"`
		B float64 `json:"b"`
	}
	type sumOut struct {
		Sum float64 `json:"sum"`
	}
	mcp.AddTool(s, &mcp.Tool{Name: "get-sum", Description: "Add two numbers."},
		func(ctx context.Context, req *mcp.CallToolRequest, in sumIn) (*mcp.CallToolResult, sumOut, error) {
			return nil, sumOut{Sum: in.A + in.B}, nil
		})
	type echoIn struct {
		Text string `json:"text"`
	}
	mcp.AddTool(s, &mcp.Tool{Name: "echo-text", Description: "Echo text in two parts."},
		func(ctx context.Context, req *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: in.Text}, &mcp.TextContent{Text: "(echoed)"}}}, nil, nil
		})
	type failIn struct {
		Code string `json:"code,omitempty"`
	}
	mcp.AddTool(s, &mcp.Tool{Name: "always-fails", Description: "Report a tool error."},
		func(ctx context.Context, req *mcp.CallToolRequest, in failIn) (*mcp.CallToolResult, any, error) {
			res := &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: "the disk is full"}}}
			if in.Code != "" {
				res.StructuredContent = map[string]any{"code": in.Code}
			}
			return res, nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "tiny-image", Description: "Return a tiny image."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{
				&mcp.TextContent{Text: "here:"}, &mcp.ImageContent{MIMEType: "image/png", Data: tinyPNG}, &mcp.TextContent{Text: "done"},
			}}, nil, nil
		})
	srv := httptest.NewServer(mcp.NewStreamableHTTPHandler(func(*http.Request) *mcp.Server { return s }, nil))
	t.Cleanup(srv.Close)
	return srv.URL
}

func scriptEngine(t *testing.T, cfgs map[string]settings.MCPServer) *engine.Engine {
	t.Helper()
	t.Setenv("TMPDIR", t.TempDir())
	h := mcpclient.New(cfgs, mcpclient.Options{Root: t.TempDir()})
	t.Cleanup(func() { h.Close() })
	eng, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithTools(tools.NewRegistry()), engine.WithNamespaces(h.Namespaces(nil)...))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng
}

func runScript(t *testing.T, eng *engine.Engine, code string) *engine.Result {
	t.Helper()
	r, err := eng.Run(context.Background(), code)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestExternalToolsInScripts: every name ALL_TOOLS lists is callable as
// listed (tools.ns["get-sum"] and the alias tools.ns.get_sum), names are
// relative to their namespace in ALL_TOOLS, searchTools and describeTool;
// an outputSchema tool resolves to its structuredContent, the others to
// their text (content items when they hold an image); isError throws.
func TestExternalToolsInScripts(t *testing.T) {
	eng := scriptEngine(t, map[string]settings.MCPServer{"my-calc": {URL: calcServer(t)}})
	for _, c := range []struct{ code, want string }{
		{`return ALL_TOOLS.map(t => [t.namespace, t.name])`,
			`[["my-calc","always-fails"],["my-calc","echo-text"],["my-calc","get-sum"],["my-calc","tiny-image"]]`},
		{`return ALL_TOOLS.map(t => typeof tools[t.namespace][t.name])`, `["function","function","function","function"]`},
		{`return [await tools["my-calc"]["get-sum"]({a: 2, b: 3}), await tools.my_calc.get_sum({a: 1, b: 1})]`, `[{"sum":5},{"sum":2}]`},
		{`return tools.my_calc.get_sum === tools["my-calc"]["get-sum"]`, `true`},
		{`return await tools.my_calc.echo_text({text: "hi"})`, `"hi\n(echoed)"`},
		{`const r = await tools.my_calc.tiny_image(); image(r[1]); return [r[0], r[1].type, r[1].mimeType, r[2]]`, `["here:","image","image/png","done"]`},
		{`return searchTools("add numbers").map(t => [t.namespace, t.name])[0]`, `["my-calc","get-sum"]`},
		{`const d = describeTool("my-calc.get-sum"); return [d.name, d.namespace, d === undefined]`, `["get-sum","my-calc",false]`},
		{`return [describeTool("tools.my_calc.get_sum").name, describeTool('tools["my-calc"]["get-sum"]')?.name ?? null, describeTool('my-calc["get-sum"]').name]`, `["get-sum","get-sum","get-sum"]`},
		{`return describeNamespace("my-calc").tools.map(t => t.name)`, `["always-fails","echo-text","get-sum","tiny-image"]`},
		// Arguments are checked against the server's schema before the call,
		// as a built-in tool's are, and the error says what the tool takes.
		{`try { await tools.my_calc.get_sum({a: 1, c: 2}); } catch (e) { return [e.message, e.code] }`,
			`["my-calc.get-sum: invalid arguments: additional properties 'c' not allowed (did you mean 'b'?); missing property 'b'. my-calc.get-sum takes: a, b (describeTool(\"my-calc.get-sum\") gives the types)","ERR_INVALID_ARGS"]`},
		{`try { await tools.my_calc.get_sum({a: "1", b: 2}); } catch (e) { return [e.message, e.code] }`,
			`["my-calc.get-sum: invalid arguments: at \"a\": got string, want number (describeTool(\"my-calc.get-sum\") gives the types)","ERR_INVALID_ARGS"]`},
		{`try { await tools.my_calc.always_fails({}); } catch (e) { return [e.name, e.message, e.code] }`, `["ToolError","the disk is full","ERR_TOOL"]`},
		{`try { await tools.my_calc.always_fails({code: "E_FULL"}); } catch (e) { return [e.message, e.code] }`, `["the disk is full","E_FULL"]`},
	} {
		r := runScript(t, eng, c.code)
		if !r.OK || string(r.Value) != c.want {
			t.Errorf("%s:\n got %s (%v)\nwant %s", c.code, r.Value, r.Error, c.want)
		}
	}
	// Declarations name the identifier, the original name and the result.
	var decl string
	json.Unmarshal(runScript(t, eng, `const d = describeTool("my-calc.get-sum"), e = describeTool("my-calc.echo-text"); return [d.description, d.declaration, e.declaration].join("\n")`).Value, &decl)
	for _, want := range []string{`Also tools.my_calc["get-sum"].`, "get_sum(args: {", "): Promise<{\n  sum: number;\n}>;", "echo_text(args: {", "): Promise<McpResult>;"} {
		if !strings.Contains(decl, want) {
			t.Errorf("declarations lack %q:\n%s", want, decl)
		}
	}
	if dts := eng.DTS(); !strings.Contains(dts, "declare namespace tools.my_calc {") || !strings.Contains(dts, "type McpResult =") {
		t.Errorf("DTS:\n%s", dts)
	}
	// A failed call is recorded as failed, with the server's message.
	r := runScript(t, eng, `await tools.my_calc.always_fails({})`)
	if r.OK || len(r.Calls) != 1 || r.Calls[0].Status != "error" || r.Calls[0].Error != "the disk is full" || r.Calls[0].Name != "my-calc.always-fails" {
		t.Errorf("failed call: %+v %+v", r.Error, r.Calls)
	}
	if r.Error == nil || r.Error.Message != "the disk is full" || r.Error.CallID != r.Calls[0].ID {
		t.Errorf("script error %+v", r.Error)
	}
}

// TestUnknownNamesAndDeadServers: a misspelt tool or namespace names the
// nearest ones; a configured server that cannot start says why, in the
// error a script gets and in the run's warnings.
func TestUnknownNamesAndDeadServers(t *testing.T) {
	eng := scriptEngine(t, map[string]settings.MCPServer{
		"calc":  {URL: calcServer(t)},
		"ghost": {Command: "atomic-script-no-such-command"},
	})
	for code, want := range map[string]string{
		`await tools.calc.get_summ({})`: `ToolError: tools.calc.get_summ is not a tool of "calc"; did you mean get_sum? describeNamespace("calc").tools lists its tools`,
		`await tools.clac.get_sum({})`:  `ToolError: tools.clac is not a tool; did you mean calc? ALL_TOOLS lists every tool (and "name" in tools tests for one)`,
	} {
		r := runScript(t, eng, code)
		if r.OK || r.Error.Error() != want || r.Error.Code != "ERR_UNKNOWN_TOOL" {
			t.Errorf("%s: %v\nwant %s", code, r.Error, want)
		}
	}
	r := runScript(t, eng, `await tools.ghost.anything()`)
	const why = `tools.ghost is unavailable: MCP server ghost (atomic-script-no-such-command) could not be started: exec: "atomic-script-no-such-command": executable file not found in $PATH`
	if r.OK || !strings.HasPrefix(r.Error.Message, why) {
		t.Errorf("dead server: %v", r.Error)
	}
	if len(r.Warnings) != 1 || !strings.HasPrefix(r.Warnings[0], why) {
		t.Errorf("warnings %q", r.Warnings)
	}
	// ALL_TOOLS lists what could be listed, and the run says what is missing.
	r = runScript(t, eng, `return ALL_TOOLS.length`)
	if !r.OK || string(r.Value) != "4" || len(r.Warnings) != 1 || !strings.Contains(r.Warnings[0], "missing from ALL_TOOLS") || !strings.Contains(r.Text, why) {
		t.Errorf("ALL_TOOLS with a dead server: %s %q\n%s", r.Value, r.Warnings, r.Text)
	}
	var v []string
	r = runScript(t, eng, `return Object.keys(describeNamespace("ghost")).includes("error") ? [describeNamespace("ghost").error] : []`)
	if json.Unmarshal(r.Value, &v); len(v) != 1 || !strings.HasPrefix(v[0], why) {
		t.Errorf("describeNamespace: %s", r.Value)
	}
}

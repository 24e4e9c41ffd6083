package mcpserver

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/tools"
)

// detailsKey is the _meta key under which a direct call's Result.Details
// travel: metadata for programs, never text for the model.
const detailsKey = "atomic-script/details"

// directDescriptor is the MCP form of a built-in tool: its description
// and its input and output schemas.
func directDescriptor(t tools.Tool) *mcp.Tool {
	in := t.InputSchema()
	if in == nil || (in.Type != "object" && in.Type != "") {
		in = &jsonschema.Schema{Type: "object"}
	} else if in.Type == "" {
		c := *in
		c.Type = "object"
		in = &c
	}
	d := &mcp.Tool{Name: t.Name(), Description: t.Description(), InputSchema: in, Annotations: annotations("", t)}
	if out := t.OutputSchema(); out != nil {
		d.OutputSchema = withOmitted(out)
	}
	return d
}

// annotations are t's behaviour hints for MCP, all four stated: a host
// decides from them which calls need the user's approval.
func annotations(title string, t tools.Tool) *mcp.ToolAnnotations {
	a := tools.AnnotationsOf(t)
	return &mcp.ToolAnnotations{Title: title, ReadOnlyHint: a.ReadOnly, DestructiveHint: ptr(a.Destructive),
		IdempotentHint: a.Idempotent, OpenWorldHint: ptr(a.OpenWorld)}
}

// directHandler runs one built-in tool for the model through Engine.Call,
// so validation and error codes are those a script sees. A failure is a
// result with isError, never a protocol error.
func (ss *session) directHandler(t tools.Tool) mcp.ToolHandler {
	return func(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		ss.watch(req.Session)
		args, bad := decodeArgs(t.Name(), req.Params.Arguments)
		if bad != nil {
			return bad, nil
		}
		eng, err := ss.engine()
		if err != nil {
			return errorResult(tools.Errorf(tools.ErrTool, "%s: %v", t.Name(), err)), nil
		}
		ctx, stop := ss.runContext(ctx)
		defer stop()
		if token := req.Params.GetProgressToken(); token != nil {
			p := startProgress(ctx, req.Session, token, ss.srv.cfg.ProgressInterval)
			defer p.stop()
			ctx = tools.WithProgress(ctx, func(pr tools.Progress) { p.toolProgress(t.Name(), pr) })
		}
		res, err := eng.Call(ctx, t.Name(), args)
		if err != nil {
			return errorResult(err), nil
		}
		return bound(toolResult(t, res), ss.srv.responseLimit(), func(data []byte) (string, error) {
			return eng.SaveOutput(t.Name()+"-result-*.json", data)
		}), nil
	}
}

// toolResult renders a tool Result for MCP: its text (and images) as
// content, its structured value as structuredContent when the tool has an
// output schema (within the text's size: fitStructured), its details in
// _meta.
func toolResult(t tools.Tool, res tools.Result) *mcp.CallToolResult {
	out := &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: res.Text}}}
	for _, img := range res.Images {
		out.Content = append(out.Content, &mcp.ImageContent{MIMEType: img.MIMEType, Data: img.Data})
	}
	if t.OutputSchema() != nil && res.Structured != nil {
		out.StructuredContent = fitStructured(res.Structured, res.Text)
	}
	if res.Details != nil {
		if data, err := json.Marshal(res.Details); err == nil {
			out.Meta = mcp.Meta{detailsKey: json.RawMessage(data)}
		}
	}
	return out
}

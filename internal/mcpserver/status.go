package mcpserver

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/ask"
)

// GetTools is the name of the status tool (the spec's get_tools).
const GetTools = "get_tools"

// StatusURI is the resource holding the same report as JSON.
const StatusURI = "atomic-script://tools/status"

// statusTool describes get_tools: the /tools report, the same tools.Status
// `atomic-script tools` prints.
func statusTool() *mcp.Tool {
	return &mcp.Tool{
		Name:         GetTools,
		Description:  "Report which tools are active, why each other tool is off and how to turn it on, and selected names that match no tool (e.g. a misspelled defaultTools entry).",
		InputSchema:  &jsonschema.Schema{Type: "object", AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}},
		OutputSchema: tools.MustSchemaFor[tools.Status](),
		Annotations:  &mcp.ToolAnnotations{Title: "Tool status", ReadOnlyHint: true, DestructiveHint: ptr(false), IdempotentHint: true, OpenWorldHint: ptr(false)},
	}
}

func (ss *session) handleGetTools(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	if _, bad := decodeArgs(GetTools, req.Params.Arguments); bad != nil {
		return bad, nil
	}
	st := normalized(questionsFor(ss.srv.cfg.Status, req.Session))
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: st.String()}}, StructuredContent: st}, nil
}

func statusResource() *mcp.Resource {
	return &mcp.Resource{URI: StatusURI, Name: "tool-status", Title: "Tool status (/tools)",
		Description: "The get_tools report as JSON: active tools, inactive ones with why and how to enable, unknown names.",
		MIMEType:    "application/json"}
}

func (ss *session) readStatus(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
	data, err := json.MarshalIndent(normalized(questionsFor(ss.srv.cfg.Status, req.Session)), "", "  ")
	if err != nil {
		return nil, err
	}
	return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: StatusURI, MIMEType: "application/json", Text: string(data)}}}, nil
}

// questionsFor moves the question tools to the inactive list when this
// client cannot be asked (no elicitation): scripts of its session do not
// have them.
func questionsFor(st tools.Status, ms *mcp.ServerSession) tools.Status {
	why := canElicit(ms)
	if why == nil {
		return st
	}
	var active []tools.ToolStatus
	inactive := slices.Clone(st.Inactive)
	for _, t := range st.Active {
		if t.Name == ask.Name || t.Name == ask.Alias {
			inactive = append(inactive, tools.ToolStatus{Name: t.Name, Description: t.Description,
				Reason: why.Error() + ", so no one can answer a script's questions", Enable: "connect with an MCP client that supports form elicitation"})
			continue
		}
		active = append(active, t)
	}
	st.Active, st.Inactive = active, inactive
	return st
}

// normalized replaces nil lists with empty ones: the output schema says
// arrays.
func normalized(st tools.Status) tools.Status {
	if st.Active == nil {
		st.Active = []tools.ToolStatus{}
	}
	if st.Inactive == nil {
		st.Inactive = []tools.ToolStatus{}
	}
	if st.Unknown == nil {
		st.Unknown = []tools.UnknownName{}
	}
	return st
}

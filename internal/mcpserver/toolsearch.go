package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/meta"
)

// defaultSearchLimit is how many tools tool_search activates by default.
const defaultSearchLimit = 5

// handleToolSearch ranks the tools scripts can call (the session's catalog:
// built-in tools, deferred ones included, and the MCP servers' tools) with
// the same searchTools() a script uses, and activates the built-in matches
// that are not on this session's tool list yet: the client gets
// notifications/tools/list_changed and can call them directly. It never
// adds a tool the selection turned off.
func (ss *session) handleToolSearch(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ss.watch(req.Session)
	raw, bad := decodeArgs(meta.ToolSearch, req.Params.Arguments)
	if bad != nil {
		return bad, nil
	}
	if err := tools.Validate(meta.ToolSearchTool(), raw); err != nil {
		return errorResult(err), nil
	}
	var args meta.ToolSearchArgs
	if err := json.Unmarshal(raw, &args); err != nil {
		return errorResult(tools.Errorf(tools.ErrInvalidArgs, "tool_search: %v", err)), nil
	}
	if args.Limit == 0 {
		args.Limit = defaultSearchLimit
	}
	eng, err := ss.engine()
	if err != nil {
		return errorResult(tools.Errorf(tools.ErrTool, "tool_search: %v", err)), nil
	}
	ctx, stop := ss.runContext(ctx)
	defer stop()
	q, _ := json.Marshal(args.Query)
	res, err := eng.Run(ctx, fmt.Sprintf("const r = searchTools(%s, {limit: %d}); return {results: [...r], total: r.total}", q, args.Limit))
	if err != nil || !res.OK {
		msg := "the search failed"
		if err != nil {
			msg = err.Error()
		} else if res.Error != nil {
			msg = res.Error.Error()
		}
		return errorResult(tools.Errorf(tools.ErrTool, "tool_search: %s", msg)), nil
	}
	var found struct {
		Results []struct {
			Name        string `json:"name"`
			Description string `json:"description"`
			Namespace   string `json:"namespace"`
		} `json:"results"`
		Total int `json:"total"`
	}
	if err := json.Unmarshal(res.Value, &found); err != nil {
		return errorResult(tools.Errorf(tools.ErrTool, "tool_search: %v", err)), nil
	}
	type match struct {
		Name        string `json:"name"`
		Description string `json:"description"`
		Namespace   string `json:"namespace,omitempty"`
		Status      string `json:"status"` // activated | already active | codemode only
	}
	var out []match
	var b strings.Builder
	fmt.Fprintf(&b, "%d tool(s) match %q", found.Total, args.Query)
	if found.Total > len(found.Results) {
		fmt.Fprintf(&b, " (best %d shown)", len(found.Results))
	}
	b.WriteString(":\n")
	for _, r := range found.Results {
		m := match{Name: r.Name, Description: r.Description, Namespace: r.Namespace}
		t, builtin := ss.srv.cfg.Enabled.Get(r.Name)
		switch {
		case !builtin:
			m.Status = "codemode only"
		case ss.isShown(r.Name):
			m.Status = "already active"
		default:
			ss.addDirect(t)
			m.Status = "activated"
		}
		out = append(out, m)
		fmt.Fprintf(&b, "- %s (%s): %s\n", r.Name, m.Status, r.Description)
	}
	if len(out) == 0 {
		b.WriteString("(none; try other words, or get_tools to see what is enabled)\n")
	} else if ss.srv.codemode != nil {
		b.WriteString("Every match can also be called from codemode as tools.NAME (MCP server tools as tools.SERVER.TOOL).\n")
	}
	if out == nil {
		out = []match{}
	}
	return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: b.String()}},
		StructuredContent: map[string]any{"matches": out, "total": found.Total}}, nil
}

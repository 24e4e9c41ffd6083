package mcpclient

import (
	"encoding/json"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/tools"
)

// scriptValue is what a script receives for one MCP tool result, the way a
// built-in tool's result reaches it:
//   - isError: no value; the call fails with the result's text as its
//     message and the server's code (a string "code" in structuredContent
//     or _meta) when it sends one, else ERR_TOOL;
//   - a tool with an outputSchema: its structuredContent;
//   - any other tool: its text content joined by newlines, or, when the
//     content holds anything but text (images, audio, resources), the
//     content items in order with each text item as a string and the
//     others as MCP content objects (an image item can be passed to
//     image()).
func scriptValue(full string, res *mcp.CallToolResult, structured bool) (json.RawMessage, error) {
	if res.IsError {
		msg := joinedText(res.Content)
		if msg == "" {
			msg = full + ": the MCP server reported an error without a message"
		}
		return nil, &tools.Error{Code: serverCode(res), Msg: msg}
	}
	if structured && res.StructuredContent != nil {
		data, err := json.Marshal(res.StructuredContent)
		if err != nil {
			return nil, tools.Errorf(tools.ErrTool, "%s: the MCP server's structuredContent is not JSON: %v", full, err)
		}
		return data, nil
	}
	if onlyText(res.Content) {
		return json.Marshal(joinedText(res.Content))
	}
	items := make([]any, 0, len(res.Content))
	for _, c := range res.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			items = append(items, t.Text)
			continue
		}
		data, err := json.Marshal(c)
		if err != nil {
			return nil, tools.Errorf(tools.ErrTool, "%s: encoding the MCP result: %v", full, err)
		}
		items = append(items, json.RawMessage(withoutKeys(data, "_meta", "annotations")))
	}
	return json.Marshal(items)
}

func onlyText(content []mcp.Content) bool {
	for _, c := range content {
		if _, ok := c.(*mcp.TextContent); !ok {
			return false
		}
	}
	return true
}

func joinedText(content []mcp.Content) string {
	var parts []string
	for _, c := range content {
		if t, ok := c.(*mcp.TextContent); ok {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, "\n")
}

// serverCode is the error code a failed result carries, or ERR_TOOL.
func serverCode(res *mcp.CallToolResult) tools.Code {
	if m, ok := res.StructuredContent.(map[string]any); ok {
		if c, ok := m["code"].(string); ok && c != "" {
			return tools.Code(c)
		}
	}
	if c, ok := res.Meta["code"].(string); ok && c != "" {
		return tools.Code(c)
	}
	return tools.ErrTool
}

// withoutKeys drops top-level keys of a JSON object (data unchanged when
// it is not one or has none of them).
func withoutKeys(data []byte, keys ...string) []byte {
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return data
	}
	n := len(m)
	for _, k := range keys {
		delete(m, k)
	}
	if len(m) == n {
		return data
	}
	out, err := json.Marshal(m)
	if err != nil {
		return data
	}
	return out
}

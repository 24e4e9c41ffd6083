package mcpserver

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/tools"
)

// maxQuoted bounds how much of the original arguments an error quotes.
const maxQuoted = 64 << 10

// decodeArgs returns a tool call's arguments as one JSON object, or the
// error result a malformed call gets. MCP sends arguments as an object; a
// host that forwards a model's raw argument text sends it as a JSON string
// instead. A string holding one complete JSON object is accepted; one that
// is malformed or was cut off is rejected, quoting it, and nothing runs.
func decodeArgs(tool string, raw json.RawMessage) (json.RawMessage, *mcp.CallToolResult) {
	trimmed := bytes.TrimSpace(raw)
	if len(trimmed) == 0 || string(trimmed) == "null" {
		return json.RawMessage("{}"), nil
	}
	switch trimmed[0] {
	case '{':
		return trimmed, nil
	case '"':
		var text string
		if err := json.Unmarshal(trimmed, &text); err != nil {
			return nil, malformed(tool, string(trimmed), err)
		}
		inner := bytes.TrimSpace([]byte(text))
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(inner, &obj); err != nil {
			return nil, malformed(tool, text, err)
		}
		if obj == nil {
			return nil, malformed(tool, text, fmt.Errorf("the arguments are null, not an object"))
		}
		return inner, nil
	}
	return nil, errorResult(tools.Errorf(tools.ErrInvalidArgs,
		"%s: the arguments must be a JSON object, got %s; nothing was run.\nOriginal arguments:\n%s", tool, jsonKind(trimmed), quote(string(trimmed))))
}

// malformed is the result of a call whose argument text is not one JSON
// object: the model reads its original arguments and can retry.
func malformed(tool, original string, cause error) *mcp.CallToolResult {
	why := cause.Error()
	var se *json.SyntaxError
	switch {
	case strings.Contains(why, "unexpected end of JSON input"):
		why = "they end before the JSON is complete (cut off?)"
	case errors.As(cause, &se):
		why = fmt.Sprintf("%s at byte %d", se.Error(), se.Offset)
	}
	return errorResult(tools.Errorf(tools.ErrInvalidArgs,
		"%s: the arguments are not valid JSON: %s. Nothing was run; send them again as one complete JSON object.\nOriginal arguments:\n%s", tool, why, quote(original)))
}

func jsonKind(v []byte) string {
	switch v[0] {
	case '[':
		return "an array"
	case 't', 'f':
		return "a boolean"
	case 'n':
		return "null"
	}
	return "a number"
}

// quote returns s, cut in the middle when it is over maxQuoted bytes.
func quote(s string) string {
	if len(s) <= maxQuoted {
		return s
	}
	head, tail := s[:maxQuoted/2], s[len(s)-maxQuoted/2:]
	for !utf8.ValidString(head) {
		head = head[:len(head)-1]
	}
	for !utf8.ValidString(tail) {
		tail = tail[1:]
	}
	return head + fmt.Sprintf("\n…[%d bytes omitted]…\n", len(s)-len(head)-len(tail)) + tail
}

// errorResult is a tool failure as the model reads it: the message and its
// stable code.
func errorResult(err error) *mcp.CallToolResult {
	msg := err.Error()
	if code := tools.CodeOf(err); code != "" {
		// The code ends the first line: later lines may quote arguments.
		first, rest, multi := strings.Cut(msg, "\n")
		msg = first + " [" + string(code) + "]"
		if multi {
			msg += "\n" + rest
		}
	}
	return &mcp.CallToolResult{IsError: true, Content: []mcp.Content{&mcp.TextContent{Text: msg}}}
}

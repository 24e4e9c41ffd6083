package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxResponseBytes is the most one tool result may take on the wire by
// default (its JSON), so that no single call floods a model's context;
// a host that raises --max-output-tokens past it raises it too.
const MaxResponseBytes = 128 << 10

// responseLimit is the budget of one result under cfg.
func (s *Server) responseLimit() int {
	return max(MaxResponseBytes, s.cfg.MaxOutputTokens*charsPerToken*2)
}

// bound returns res within limit bytes of JSON. Tools bound their own
// results; this is the last guard. What does not fit is the
// structuredContent: its long strings are cut (each ends in "…(N more
// characters)") and its long lists shortened, tighter until the result
// fits, so it still matches the tool's output schema, and a note in the
// text says what was cut and where the whole result was saved (save may
// fail: then the note says so).
func bound(res *mcp.CallToolResult, limit int, save func([]byte) (string, error)) *mcp.CallToolResult {
	data, err := json.Marshal(res)
	if err != nil || len(data) <= limit || res.StructuredContent == nil {
		return res
	}
	where := "it could not be saved"
	if path, err := save(data); err == nil {
		where = "the whole result is in " + path
	} else {
		where += " (" + err.Error() + ")"
	}
	var v any
	if raw, err := json.Marshal(res.StructuredContent); err == nil {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		_ = dec.Decode(&v)
	}
	out := *res
	for chars, items := 4096, 256; ; chars, items = chars/2, items/2 {
		out.StructuredContent = shrink(v, max(chars, 32), max(items, 1))
		note := fmt.Sprintf("\n\n[This result was over the %d KB limit of one response: in its structuredContent, strings over %d characters were cut (each ends in \"…(N more characters)\") and lists over %d items keep their first %d; %s.]",
			limit>>10, max(chars, 32), max(items, 1), max(items, 1), where)
		out.Content = withNote(res.Content, note)
		if data, err := json.Marshal(&out); err != nil || len(data) <= limit || chars <= 32 && items <= 1 {
			return &out
		}
	}
}

// withNote appends note to the first text item (or adds one).
func withNote(content []mcp.Content, note string) []mcp.Content {
	out := append([]mcp.Content(nil), content...)
	for i, c := range out {
		if t, ok := c.(*mcp.TextContent); ok {
			cp := *t
			cp.Text += note
			out[i] = &cp
			return out
		}
	}
	return append(out, &mcp.TextContent{Text: note})
}

// shrink returns v with strings over chars characters cut and arrays over
// items items shortened.
func shrink(v any, chars, items int) any {
	switch x := v.(type) {
	case string:
		if utf8.RuneCountInString(x) <= chars {
			return x
		}
		r := []rune(x)
		return fmt.Sprintf("%s…(%d more characters)", string(r[:chars]), len(r)-chars)
	case []any:
		if len(x) > items {
			x = x[:items]
		}
		out := make([]any, len(x))
		for i := range x {
			out[i] = shrink(x[i], chars, items)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = shrink(e, chars, items)
		}
		return out
	}
	return v
}

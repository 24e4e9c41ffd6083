package mcpserver

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
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
// results; this is the last guard. What does not fit is cut from the
// _meta details first (metadata for programs: an edit's diff and patch,
// which no model reads), then from the structuredContent too: their long
// strings are cut (each ends in "…(N more characters)") and their long
// lists shortened, tighter until the result fits, so the structuredContent
// still matches the tool's output schema, and a note in the text says what
// was cut and where the whole result was saved (save may fail: then the
// note says so).
func bound(res *mcp.CallToolResult, limit int, save func([]byte) (string, error)) *mcp.CallToolResult {
	data, err := json.Marshal(res)
	details, hasDetails := res.Meta[detailsKey]
	if err != nil || len(data) <= limit || res.StructuredContent == nil && !hasDetails {
		return res
	}
	where := "it could not be saved"
	if path, err := save(data); err == nil {
		where = "the whole result is in " + path
	} else {
		where += " (" + err.Error() + ")"
	}
	structured, meta := decodeJSON(res.StructuredContent), decodeJSON(details)
	out := *res
	for _, cutStructured := range []bool{false, true} {
		if !cutStructured && !hasDetails || cutStructured && res.StructuredContent == nil {
			continue
		}
		what := "structuredContent"
		switch {
		case !cutStructured:
			what = "_meta details"
		case hasDetails:
			what = "structuredContent and _meta details"
		}
		for chars, items := 4096, 256; ; chars, items = chars/2, items/2 {
			chars, items = max(chars, 32), max(items, 1)
			if hasDetails {
				out.Meta = maps.Clone(res.Meta)
				out.Meta[detailsKey] = shrink(meta, chars, items)
			}
			if cutStructured {
				out.StructuredContent = shrink(structured, chars, items)
			}
			note := fmt.Sprintf("\n\n[This result was over the %d KB limit of one response: in its %s, strings over %d characters were cut (each ends in \"…(N more characters)\") and lists over %d items keep their first %d; %s.]",
				limit>>10, what, chars, items, items, where)
			out.Content = withNote(res.Content, note)
			data, err := json.Marshal(&out)
			if err != nil || len(data) <= limit {
				return &out
			}
			if chars == 32 && items == 1 {
				break
			}
		}
	}
	return &out
}

// decodeJSON is v as plain JSON values (numbers kept as written), or nil.
func decodeJSON(v any) any {
	var out any
	if raw, err := json.Marshal(v); err == nil {
		dec := json.NewDecoder(bytes.NewReader(raw))
		dec.UseNumber()
		_ = dec.Decode(&out)
	}
	return out
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

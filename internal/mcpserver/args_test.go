package mcpserver

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

func resultText(r *mcp.CallToolResult) string {
	var b strings.Builder
	for _, c := range r.Content {
		if t, ok := c.(*mcp.TextContent); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

func TestDecodeArgs(t *testing.T) {
	for _, c := range []struct {
		raw  string
		want string // the decoded object, or "!" + a fragment of the error
	}{
		{``, `{}`},
		{`null`, `{}`},
		{` {"code":"return 1"} `, `{"code":"return 1"}`},
		{`"{\"code\":\"return 1\"}"`, `{"code":"return 1"}`},
		{`" {\"a\":1} "`, `{"a":1}`},
		{`"{\"code\": \"ret"`, "!they end before the JSON is complete (cut off?). Nothing was run; send them again as one complete JSON object. [ERR_INVALID_ARGS]\nOriginal arguments:\n{\"code\": \"ret"},
		{`"{\"code\": 1,}"`, "!invalid character '}' looking for beginning of object key string at byte 12"},
		{`"null"`, "!the arguments are null"},
		{`"[1]"`, "!cannot unmarshal array"},
		{`"return 1"`, "!Original arguments:\nreturn 1"},
		{`[1,2]`, "!must be a JSON object, got an array; nothing was run. [ERR_INVALID_ARGS]\nOriginal arguments:\n[1,2]"},
		{`42`, "!got a number"},
		{`true`, "!got a boolean"},
	} {
		got, bad := decodeArgs("codemode", json.RawMessage(c.raw))
		if strings.HasPrefix(c.want, "!") {
			if bad == nil {
				t.Errorf("%s: accepted as %s, want an error", c.raw, got)
				continue
			}
			text := resultText(bad)
			if !bad.IsError || !strings.Contains(text, c.want[1:]) || !strings.Contains(text, "[ERR_INVALID_ARGS]") {
				t.Errorf("%s: error %q, want it to contain %q and the code", c.raw, text, c.want[1:])
			}
			continue
		}
		if bad != nil {
			t.Errorf("%s: rejected: %s", c.raw, resultText(bad))
		} else if string(got) != c.want {
			t.Errorf("%s: got %s, want %s", c.raw, got, c.want)
		}
	}
}

func TestQuoteKeepsHeadAndTail(t *testing.T) {
	long := strings.Repeat("é", maxQuoted) + "END"
	q := quote(long)
	if len(q) > maxQuoted+100 || !strings.HasSuffix(q, "END") || !strings.HasPrefix(q, "éé") || !strings.Contains(q, "bytes omitted") {
		t.Errorf("quote: %d bytes, head %q tail %q", len(q), q[:10], q[len(q)-10:])
	}
	if !json.Valid([]byte(`"` + strings.ReplaceAll(q, "\n", `\n`) + `"`)) {
		t.Error("quote cut a UTF-8 sequence")
	}
}

func FuzzDecodeArgs(f *testing.F) {
	for _, s := range []string{`{"code":"x"}`, `"{\"code\":\"x"`, `"{}"`, `[]`, `null`, `"\u0000"`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, raw string) {
		if !json.Valid([]byte(raw)) {
			return // the SDK only hands over valid JSON
		}
		got, bad := decodeArgs("codemode", json.RawMessage(raw))
		if bad != nil {
			if !bad.IsError || resultText(bad) == "" {
				t.Fatalf("error result without text for %q", raw)
			}
			return
		}
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(got, &obj); err != nil || obj == nil {
			t.Fatalf("accepted %q as %q, which is not an object", raw, got)
		}
	})
}

package mcpserver_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/internal/testutil/openaifake"
)

// TestCodemodeModels: `serve` with a models block in the user settings
// gives codemode scripts models.*: the description says so, classify
// answers one of the labels, generated images reach the MCP result as
// image content, and the tokens are in the text and structured results.
func TestCodemodeModels(t *testing.T) {
	srv := openaifake.New()
	defer srv.Close()
	srv.Key = "sk-serve"
	settings, _ := json.Marshal(map[string]any{
		"defaultTools": []string{"+codemode"},
		"models":       map[string]any{"baseURL": srv.BaseURL(), "apiKeyEnv": "SERVE_TEST_KEY"},
	})
	t.Setenv("SERVE_TEST_KEY", "sk-serve")
	c := newWorkspace(t, string(settings), "").serve(t)
	if d := toolDescription(t, c, "codemode"); !strings.Contains(d, "models.classify({input, labels, instructions?})") {
		t.Errorf("the codemode description has no models line:\n%s", d)
	}
	res := c.run(t, `const [c, imgs] = await Promise.all([
  models.classify({input: "the build is broken: a bug", labels: ["feature", "bug"]}),
  models.generateImages({prompt: "a red square"}),
]);
image(imgs[0]);
return c.label;`)
	var r struct {
		runResult
		Usage struct{ Calls, InputTokens, OutputTokens, TotalTokens int } `json:"usage"`
	}
	structured(t, res, &r)
	if res.IsError || !r.OK || string(r.Value) != `"bug"` {
		t.Fatalf("script failed: %s", text(res))
	}
	if !strings.Contains(text(res), "Model calls 2, tokens ") {
		t.Errorf("text has no usage line:\n%s", text(res))
	}
	st := srv.Stats()
	if r.Usage.Calls != 2 || r.Usage.InputTokens != st.PromptTokens || r.Usage.OutputTokens != st.CompletionTokens {
		t.Errorf("usage %+v, the server counted %+v", r.Usage, st)
	}
	images := 0
	for _, item := range res.Content {
		if im, ok := item.(*mcp.ImageContent); ok && im.MIMEType == "image/png" && len(im.Data) > 0 {
			images++
		}
	}
	if images != 1 {
		t.Errorf("%d image items in the MCP result, want 1: %+v", images, res.Content)
	}
}

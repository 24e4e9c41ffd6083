package meta_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/meta"
)

func TestMetaToolsAreHostOnlyAndOffByDefault(t *testing.T) {
	for _, tool := range meta.Tools() {
		if tools.ScriptCallable(tool) || tools.DefaultEnabled(tool) || !tools.HasTag(tool, tools.TagHostOnly) {
			t.Errorf("%s: tags %v", tool.Name(), tool.(tools.Tagged).Tags())
		}
		if _, err := tool.Run(context.Background(), nil, nil); tools.CodeOf(err) != tools.ErrNotAllowed {
			t.Errorf("%s: Run = %v, want ERR_NOT_ALLOWED", tool.Name(), err)
		}
	}
	for _, c := range []struct {
		tool tools.Tool
		args string
		ok   bool
	}{
		{meta.CodemodeTool(), `{"code":"return 1"}`, true},
		{meta.CodemodeTool(), `{"code":""}`, false},
		{meta.CodemodeTool(), `{}`, false},
		{meta.ToolSearchTool(), `{"query":"files"}`, true},
		{meta.ToolSearchTool(), `{"query":"files","limit":21}`, false},
	} {
		if err := tools.Validate(c.tool, json.RawMessage(c.args)); (err == nil) != c.ok {
			t.Errorf("%s %s: %v", c.tool.Name(), c.args, err)
		}
	}
	// Selected, they are active (the host serves them) yet never in a
	// script's catalog.
	enabled, st := tools.Select(tools.NewRegistry(meta.Tools()...), tools.Layer{Source: "test", Entries: []string{"+codemode"}})
	if _, ok := enabled.Get(meta.Codemode); !ok || len(st.Active) != 1 || st.Inactive[0].Name != meta.ToolSearch {
		t.Errorf("selection %+v", st)
	}
}

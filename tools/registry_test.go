package tools_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// TestInvokeRecoversPanics: a tool that panics fails its call with
// ERR_TOOL; the caller (an MCP server with other sessions) carries on.
func TestInvokeRecoversPanics(t *testing.T) {
	boom := tools.New(tools.Spec{Name: "boom", Description: "Panic."}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
		panic("unexpected state")
	})
	_, err := tools.Invoke(context.Background(), boom, &tools.Env{}, json.RawMessage(`{}`))
	want := "boom: internal error (a bug in atomic-script; please report it): unexpected state"
	if err == nil || err.Error() != want || tools.CodeOf(err) != tools.ErrTool {
		t.Fatalf("err = %v (%s), want %q", err, tools.CodeOf(err), want)
	}
}

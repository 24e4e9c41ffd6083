package engine_test

import (
	"context"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// whereTool answers where it ran: "worker" on a call worker goroutine,
// "script" on the goroutine that runs the script.
func whereTool(name string, tags ...tools.Tag) tools.Tool {
	return tools.New(tools.Spec{Name: name, Description: "Say where it ran.", Tags: tags}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
		if strings.Contains(string(debug.Stack()), "bindings.worker") {
			return tools.Result{Text: "worker"}, nil
		}
		return tools.Result{Text: "script"}, nil
	})
}

// An instant tool that needs no approval runs on the script's goroutine,
// alone and under Promise.all; one that would need approval (it is not
// read-only) still runs on a worker, since an approval may wait. goja makes
// its promises in JavaScript and keeps every call on a worker.
func TestInstantCallsRunOnTheScriptGoroutine(t *testing.T) {
	reg := testTools(nil)
	reg.Add(whereTool("where", tools.TagInstant, tools.TagReadOnly))
	reg.Add(whereTool("where_write", tools.TagInstant))
	reg.Add(whereTool("where_plain", tools.TagReadOnly))
	code := `const all = await Promise.all([tools.where(), tools.where(), tools.where_plain()]);
		return [await tools.where(), await tools.where_write(), await tools.where_plain(), all.join()].join(" ")`
	for _, c := range []struct {
		js   engine.JSEngine
		want string
	}{
		{engine.QuickJS, "script worker worker script,script,worker"},
		{engine.Goja, "worker worker worker worker,worker,worker"},
	} {
		t.Setenv("TMPDIR", t.TempDir())
		eng, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithTools(reg), engine.WithJSEngine(c.js))
		if err != nil {
			t.Fatal(err)
		}
		r := run(t, eng, code)
		eng.Close()
		if !r.OK || string(r.Value) != `"`+c.want+`"` {
			t.Errorf("%s: %s (ok %v), want %q", c.js, r.Value, r.OK, c.want)
		}
		if len(r.Calls) != 6 {
			t.Errorf("%s: %d calls recorded, want 6", c.js, len(r.Calls))
		}
		for _, call := range r.Calls {
			if call.Status != "ok" {
				t.Errorf("%s: call %s %s: status %s", c.js, call.ID, call.Name, call.Status)
			}
		}
	}
}

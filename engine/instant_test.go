package engine_test

import (
	"context"
	"encoding/json"
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

// An instant tool's failure reads as any tool's: the same error, stack and
// script error, not one made among the script's frames.
func TestInstantFailureReadsAsAnyToolFailure(t *testing.T) {
	reg := testTools(nil)
	for name, tags := range map[string][]tools.Tag{"fail_instant": {tools.TagInstant, tools.TagReadOnly}, "fail_plain": {tools.TagReadOnly}} {
		reg.Add(tools.New(tools.Spec{Name: name, Description: "Fail.", Tags: tags}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
			return tools.Result{}, tools.Errorf(tools.ErrNotFound, "nothing here")
		}))
	}
	eng, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithTools(reg))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	caught := run(t, eng, `const out = [];
		for (const f of [tools.fail_instant, tools.fail_plain]) {
			try { await f() } catch (e) { out.push([e.name, e.code, e.message, e.stack].join("|")) }
		}
		return out`)
	var got []string
	if err := json.Unmarshal(caught.Value, &got); err != nil || len(got) != 2 {
		t.Fatalf("value %s: %v", caught.Value, err)
	}
	if got[0] != got[1] {
		t.Errorf("instant failure %q, other tool's %q", got[0], got[1])
	}
	uncaught := map[string]engine.ScriptError{}
	for _, name := range []string{"fail_instant", "fail_plain"} {
		r := run(t, eng, `await tools.`+name+`()`)
		if r.OK || r.Error == nil {
			t.Fatalf("%s: the script did not fail", name)
		}
		e := *r.Error
		e.Stack = strings.ReplaceAll(e.Stack, name, "TOOL")
		uncaught[name] = e
	}
	if uncaught["fail_instant"] != uncaught["fail_plain"] {
		t.Errorf("uncaught instant failure:\n%+v\nother tool's:\n%+v", uncaught["fail_instant"], uncaught["fail_plain"])
	}
}

package engine_test

import (
	"context"
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/builtin"
)

// probe counts what the test tools saw.
type probe struct {
	started   atomic.Int64
	cancelled atomic.Int64
	finished  atomic.Int64
}

type sleepArgs struct {
	Ms int `json:"ms"`
}

// testTools are the built-in tools plus:
//   - sleep({ms}): waits ms milliseconds or until cancelled;
//   - noop(): returns "ok" at once;
//   - echo({value}): returns its argument as structured content.
func testTools(p *probe) *tools.Registry {
	r := builtin.Registry()
	r.Add(tools.New(tools.Spec{Name: "sleep", Description: "Wait ms milliseconds."}, func(ctx context.Context, env *tools.Env, in sleepArgs) (tools.Result, error) {
		p.started.Add(1)
		select {
		case <-time.After(time.Duration(in.Ms) * time.Millisecond):
			p.finished.Add(1)
			return tools.Result{Text: "slept"}, nil
		case <-ctx.Done():
			p.cancelled.Add(1)
			return tools.Result{}, ctx.Err()
		}
	}))
	r.Add(tools.New(tools.Spec{Name: "noop", Description: "Do nothing."}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
		return tools.Result{Text: "ok"}, nil
	}))
	type echoArgs struct {
		Value any `json:"value"`
	}
	type echoOut struct {
		Value any `json:"value"`
	}
	r.Add(tools.NewStructured(tools.Spec{Name: "echo", Description: "Return the value."}, func(ctx context.Context, env *tools.Env, in echoArgs) (echoOut, error) {
		return echoOut(in), nil
	}, func(o echoOut) string { return "echo" }))
	return r
}

func newEngine(t testing.TB, p *probe, opts ...engine.Option) *engine.Engine {
	t.Helper()
	if p == nil {
		p = &probe{}
	}
	t.Setenv("TMPDIR", t.TempDir())
	base := []engine.Option{engine.WithRoot(t.TempDir()), engine.WithTools(testTools(p))}
	eng, err := engine.New(append(base, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng
}

func run(t testing.TB, eng *engine.Engine, code string, opts ...engine.RunOption) *engine.Result {
	t.Helper()
	r, err := eng.Run(context.Background(), code, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// jsString is s as a JavaScript string literal (a Windows path's
// backslashes escaped), for splicing into a script's source.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}

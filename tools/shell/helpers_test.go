package shell

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/spill"
)

// newEnv returns an Env on a fresh workspace with a real session and spill
// directory, closed when the test ends.
func newEnv(t testing.TB) *tools.Env {
	t.Helper()
	sp, err := spill.OpenIn(t.TempDir(), "test")
	if err != nil {
		t.Fatal(err)
	}
	env := &tools.Env{Root: t.TempDir(), Session: tools.NewSession("test"), Owner: "run-1", Files: tools.DirectFiles{}, Spill: sp}
	t.Cleanup(func() {
		if err := env.Session.Close(); err != nil {
			t.Errorf("Session.Close: %v", err)
		}
		sp.Close()
	})
	return env
}

func invoke(t testing.TB, env *tools.Env, tool tools.Tool, args any) (tools.Result, error) {
	t.Helper()
	return invokeCtx(context.Background(), t, env, tool, args)
}

func invokeCtx(ctx context.Context, t testing.TB, env *tools.Env, tool tools.Tool, args any) (tools.Result, error) {
	t.Helper()
	raw, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	return tools.Invoke(ctx, tool, env, raw)
}

// runBashOK runs bash and fails the test on an error.
func runBashOK(t testing.TB, env *tools.Env, args map[string]any) (BashResult, tools.Result) {
	t.Helper()
	res, err := invoke(t, env, Bash(), args)
	if err != nil {
		t.Fatalf("bash %v: %v", args, err)
	}
	return res.Structured.(BashResult), res
}

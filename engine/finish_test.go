package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// TestUnawaitedCallRecordMatchesWhatHappened: a call already running when
// the script returns is waited for, and the record says what it did: a
// call that did its work (it ignores cancellation, as a file write does
// once started) is recorded ok and the warning says it finished after the
// script returned; one that stopped on the cancellation is recorded
// cancelled; a call still queued never starts.
func TestUnawaitedCallRecordMatchesWhatHappened(t *testing.T) {
	root := t.TempDir()
	reg := testTools(&probe{})
	started := make(chan struct{})
	reg.Add(tools.New(tools.Spec{Name: "started", Description: "Returns once stubborn has started."}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
		<-started
		return tools.Result{}, nil
	}))
	reg.Add(tools.New(tools.Spec{Name: "stubborn", Description: "Writes a marker after 200 ms, whatever happens."}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
		close(started)
		time.Sleep(200 * time.Millisecond)
		return tools.Result{Text: "done"}, os.WriteFile(filepath.Join(root, "marker"), []byte("x"), 0o644)
	}))
	eng, err := engine.New(engine.WithRoot(root), engine.WithTools(reg))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	// 64 calls run at once: the 65th is queued.
	r := run(t, eng, `tools.stubborn({}); await tools.started({}); for (let i = 0; i < 64; i++) tools.sleep({ms: 60000}); return 1`)
	if !r.OK || len(r.Calls) != 66 {
		t.Fatalf("ok %v, %d calls: %+v", r.OK, len(r.Calls), r.Error)
	}
	if _, err := os.Stat(filepath.Join(root, "marker")); err != nil {
		t.Fatalf("the stubborn call did not run: %v", err)
	}
	if c := r.Calls[0]; c.Status != "ok" || c.Error != "" {
		t.Errorf("stubborn call recorded %s %q", c.Status, c.Error)
	}
	for _, c := range r.Calls[2:] {
		if c.Status != "cancelled" {
			t.Errorf("call %s recorded %s", c.ID, c.Status)
		}
	}
	if c := r.Calls[65]; !strings.Contains(c.Error, "before this call started") {
		t.Errorf("queued call: %q", c.Error)
	}
	warn := strings.Join(r.Warnings, "\n")
	for _, w := range []string{
		"1 tool call still running when the script returned finished after it (1); its result was not used",
		"64 tool calls still running or queued when the script returned were cancelled (3, 4, ",
	} {
		if !strings.Contains(warn, w) {
			t.Errorf("warnings %q lack %q", warn, w)
		}
	}
}

// TestUnawaitedWriteRecordMatchesDisk: with the real write tool, whether
// an unawaited write happened or not is what its record says (it may or
// may not have started when the script returned).
func TestUnawaitedWriteRecordMatchesDisk(t *testing.T) {
	for i := range 20 {
		eng := newEngine(t, nil)
		r := run(t, eng, `tools.write({path: "w.txt", content: "x"}); return 1`)
		if !r.OK || len(r.Calls) != 1 {
			t.Fatalf("ok %v, %d calls", r.OK, len(r.Calls))
		}
		_, err := os.Stat(filepath.Join(eng.Root(), "w.txt"))
		if written, ok := err == nil, r.Calls[0].Status == "ok"; written != ok {
			t.Fatalf("run %d: file written %v, record says %s %q", i, written, r.Calls[0].Status, r.Calls[0].Error)
		}
	}
}

// TestRawReadWholeInScriptsBoundedDirect: a :raw read past the 50 KB
// budget reaches a script whole (it parses it), and a direct call, whose
// text goes to a model, gets the budget: head, tail and the saved file.
func TestRawReadWholeInScriptsBoundedDirect(t *testing.T) {
	eng := newEngine(t, nil)
	content := strings.Repeat("0123456789abcdef\n", 8000) // 136,000 bytes
	if err := os.WriteFile(filepath.Join(eng.Root(), "wide.txt"), []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	r := run(t, eng, `return (await tools.read({path: "wide.txt:raw"})).length`)
	if !r.OK || string(r.Value) != "136000" {
		t.Fatalf("script: %s %+v", r.Value, r.Error)
	}
	res, err := eng.Call(context.Background(), "read", []byte(`{"path":"wide.txt:raw"}`))
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Text) > tools.MaxResultText || res.FullOutputPath == "" || !strings.Contains(res.Text, "Full output saved to: "+res.FullOutputPath) {
		t.Fatalf("direct: %d bytes, saved to %q", len(res.Text), res.FullOutputPath)
	}
	if saved, err := os.ReadFile(res.FullOutputPath); err != nil || string(saved) != content {
		t.Fatalf("saved file: %d bytes, %v", len(saved), err)
	}
}

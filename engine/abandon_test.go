package engine_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
	"github.com/atomic-script/atomic-script/tools"
)

// stuckBuiltin keeps QuickJS inside one builtin the interrupt cannot stop
// (sorting 2e7 doubles: seconds), so the run is abandoned at its deadline.
const stuckBuiltin = `
const c = new Float64Array(1000); for (let i = 0; i < c.length; i++) c[i] = Math.random();
const a = new Float64Array(2e7); for (let o = 0; o < a.length; o += 1000) a.set(c, o);
a.sort();
`

// TestDeadlineAbandonCancelsCalls: when Run gives up on a stuck VM, the
// calls in flight are cancelled and have returned before Run does (a CLI
// exits next: a bash call's processes must not outlive it), and nothing is
// emitted after run_end.
func TestDeadlineAbandonCancelsCalls(t *testing.T) {
	if racecheck.Enabled {
		// Twentyfold slower, the setup can pass the deadline (a plain
		// timeout) and the abandoned sort burns a core for a minute.
		t.Skip("needs the engine's real speed: make timing runs it")
	}
	// The VM must be inside the sort at the deadline. On a loaded machine
	// the setup before it can pass a short deadline (a plain timeout, the
	// interrupt stops the setup loop): then try a longer one. The script
	// waits for the sleep to have started before it gets stuck: the call
	// could otherwise still be on its way to the tool when the run is
	// abandoned.
	var (
		p      *probe
		mu     sync.Mutex
		events []string
		r      *engine.Result
	)
	for _, timeout := range []time.Duration{500 * time.Millisecond, 2 * time.Second, 5 * time.Second} {
		p = &probe{}
		mu.Lock()
		events = nil
		mu.Unlock()
		sleeps := p
		reg := testTools(p)
		reg.Add(tools.New(tools.Spec{Name: "until_started", Description: "Returns once a sleep has started."}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
			for sleeps.started.Load() == 0 && ctx.Err() == nil {
				time.Sleep(time.Millisecond)
			}
			return tools.Result{}, ctx.Err()
		}))
		eng := newEngine(t, p, engine.WithTools(reg), engine.WithTimeout(timeout), engine.WithEvents(func(ev engine.Event) {
			mu.Lock()
			events = append(events, ev.Type)
			mu.Unlock()
		}))
		r = run(t, eng, `tools.sleep({ms: 60000}); await tools.until_started({});`+stuckBuiltin+`return 1`)
		if r.Error == nil || r.Error.Kind != engine.KindTimeout || strings.Contains(r.Error.Message, "abandoned") {
			break
		}
		t.Logf("the setup passed the %v deadline before the sort began; trying a longer one", timeout)
	}
	if r.Error == nil || r.Error.Kind != engine.KindTimeout || !strings.Contains(r.Error.Message, "abandoned") {
		t.Fatalf("want an abandoned run, got %+v", r.Error)
	}
	if p.started.Load() != 1 || p.cancelled.Load() != 1 {
		t.Fatalf("when Run returned: started %d, cancelled %d", p.started.Load(), p.cancelled.Load())
	}
	// The stuck VM finishes its sort in the background; what its owner
	// records then must not follow the result.
	time.Sleep(3 * time.Second)
	mu.Lock()
	defer mu.Unlock()
	if n := len(events); n == 0 || events[n-1] != "run_end" {
		t.Errorf("events: %v", events)
	}
}

// TestDeadlineSlowCancelIsNotAbandoned: a VM that stopped at its deadline
// is a plain timeout with its calls listed, even when a cancelled call
// takes longer than the abandonment grace to return (bash draining a pipe
// held open by an escaped process takes up to 2 s).
func TestDeadlineSlowCancelIsNotAbandoned(t *testing.T) {
	reg := testTools(&probe{})
	reg.Add(tools.New(tools.Spec{Name: "slowcancel", Description: "Takes 1 s to stop."}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
		<-ctx.Done()
		time.Sleep(time.Second)
		return tools.Result{}, ctx.Err()
	}))
	eng, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithTools(reg), engine.WithTimeout(300*time.Millisecond))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	r := run(t, eng, `await tools.slowcancel({}); return 1`)
	if r.Error == nil || r.Error.Kind != engine.KindTimeout || strings.Contains(r.Error.Message, "abandoned") || len(r.Calls) != 1 {
		t.Fatalf("error %+v, %d calls listed", r.Error, len(r.Calls))
	}
}

package engine_test

import (
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
)

// TestJobQueueDrainsAfterSettle: after the script's body settles, the run
// drains the job queue to empty before it computes its outcome, as node
// and plain QuickJS do: a .then chain the script started but did not await
// runs to its end (its console output and store() writes kept); its failure
// is an unhandled rejection; exit() from such a job decides the run; a
// tool call made from one is refused and says why. Both engines.
func TestJobQueueDrainsAfterSettle(t *testing.T) {
	cases := []struct {
		name, code string
		strict     bool
		ok         bool
		exit       int
		value      string
		logs       string   // the console lines, joined by |
		warn       []string // in the warnings
		errName    string
	}{
		{name: "chain not awaited runs to its end",
			code: `Promise.resolve().then(() => console.log("A")).then(() => console.log("B")).then(() => console.log("C"))`,
			ok:   true, logs: "A|B|C"},
		{name: "chain after a returned value",
			code: `const seen = []; Promise.resolve().then(() => seen.push(1)).then(() => seen.push(2)).then(() => seen.push(3)).then(() => console.log(seen.join())); return "v"`,
			ok:   true, value: `"v"`, logs: "1,2,3"},
		{name: "async functions not awaited finish",
			code: `async function step(n) { await null; await null; console.log("step " + n) } step(1); step(2); return 0`,
			ok:   true, value: "0", logs: "step 1|step 2"},
		{name: "queueMicrotask after the body",
			code: `queueMicrotask(() => queueMicrotask(() => console.log("late")))`,
			ok:   true, logs: "late"},
		{name: "failure of a chain not awaited is an unhandled rejection",
			code: "Promise.resolve()\n  .then(() => 1)\n  .then(() => { throw new Error(\"deep\") });\nreturn 1",
			ok:   true, value: "1", warn: []string{"Unhandled promise rejection", "Error: deep"}},
		{name: "strict fails on it",
			code:   "Promise.resolve().then(() => 1).then(() => { throw new Error(\"deep\") });\nreturn 1",
			strict: true, ok: false, exit: engine.ExitScript, errName: "UnhandledRejection", warn: []string{"Error: deep"}},
		{name: "exit from a job after the body settled decides the run",
			code: `Promise.resolve().then(() => 0).then(() => 0).then(() => 0).then(() => exit(3)); return 1`,
			ok:   false, exit: 3, errName: "Exit"},
		{name: "exit(0) from a job after a failure",
			code: `Promise.resolve().then(() => 0).then(() => 0).then(() => 0).then(() => exit(0)); throw new Error("x")`,
			ok:   true},
		{name: "a tool call from a job after the body settled is refused, and says so",
			code: `Promise.resolve().then(() => 0).then(() => 0).then(() => tools.noop({})); return 1`,
			ok:   true, value: "1", warn: []string{"calls made after it settles are not run"}},
	}
	for _, js := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		t.Run(string(js), func(t *testing.T) {
			plain := newEngine(t, nil, engine.WithJSEngine(js))
			strict := newEngine(t, nil, engine.WithJSEngine(js), engine.WithStrict())
			for _, c := range cases {
				eng := plain
				if c.strict {
					eng = strict
				}
				r := run(t, eng, c.code)
				if r.OK != c.ok || r.ExitCode != c.exit {
					t.Errorf("%s: ok %v exit %d, want ok %v exit %d (error %+v)", c.name, r.OK, r.ExitCode, c.ok, c.exit, r.Error)
				}
				if c.ok && string(r.Value) != c.value {
					t.Errorf("%s: value %s, want %s", c.name, r.Value, c.value)
				}
				if got := strings.Join(r.Logs, "|"); c.logs != "" && got != c.logs {
					t.Errorf("%s: logs %q, want %q", c.name, got, c.logs)
				}
				warnings := strings.Join(r.Warnings, "\n")
				for _, w := range c.warn {
					if !strings.Contains(warnings, w) {
						t.Errorf("%s: warnings %q lack %q", c.name, warnings, w)
					}
				}
				if c.warn == nil && strings.Contains(warnings, "Unhandled") {
					t.Errorf("%s: unexpected warnings %q", c.name, warnings)
				}
				if c.errName != "" && (r.Error == nil || r.Error.Name != c.errName) {
					t.Errorf("%s: error %+v, want %s", c.name, r.Error, c.errName)
				}
			}
		})
	}
}

// TestJobQueueDrainKeepsStoreWrites: a store() made by a job after the body
// settled is committed with the run.
func TestJobQueueDrainKeepsStoreWrites(t *testing.T) {
	for _, js := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		eng := newEngine(t, nil, engine.WithJSEngine(js))
		r := run(t, eng, `Promise.resolve().then(() => 0).then(() => 0).then(() => store("late", 7)); return 1`)
		if !r.OK {
			t.Fatalf("%s: %+v", js, r.Error)
		}
		if r = run(t, eng, `return load("late")`); string(r.Value) != "7" {
			t.Errorf("%s: load after a late store gave %s, want 7", js, r.Value)
		}
	}
}

// TestDeadlineStopsJobStormAfterSettle: a job queue that never empties
// after the body settled ends at the deadline, as one before it does.
func TestDeadlineStopsJobStormAfterSettle(t *testing.T) {
	deadline := 500 * time.Millisecond
	if racecheck.Enabled {
		deadline *= 4
	}
	for _, js := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		eng := newEngine(t, nil, engine.WithJSEngine(js), engine.WithTimeout(deadline))
		start := time.Now()
		r := run(t, eng, `function again() { Promise.resolve().then(again) } again(); return 1`)
		if r.Error == nil || r.Error.Kind != engine.KindTimeout {
			t.Errorf("%s: want a timeout, got ok %v %+v", js, r.OK, r.Error)
		}
		if strings.Contains(strings.Join(r.Warnings, "\n"), "Unhandled") {
			t.Errorf("%s: the interrupt is no script rejection: %q", js, r.Warnings)
		}
		if took := time.Since(start); !racecheck.Enabled && took > deadline+300*time.Millisecond {
			t.Errorf("%s: returned after %v, deadline %v", js, took, deadline)
		}
	}
}

// TestHostEntryPointsInvisible: the wrapper's __as_main and the host's
// __as_settle are not globals a script can see, name or call. Both engines.
func TestHostEntryPointsInvisible(t *testing.T) {
	for _, js := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		eng := newEngine(t, nil, engine.WithJSEngine(js))
		r := run(t, eng, `await tools.noop({});
			return [typeof __as_main, typeof __as_settle, "__as_main" in globalThis, "__as_settle" in globalThis,
				Object.getOwnPropertyNames(globalThis).filter(n => n.startsWith("__")).length].join()`)
		if !r.OK || string(r.Value) != `"undefined,undefined,false,false,0"` {
			t.Errorf("%s: %s %+v", js, r.Value, r.Error)
		}
	}
}

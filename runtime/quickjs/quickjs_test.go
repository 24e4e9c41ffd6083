package quickjs

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
	"github.com/atomic-script/atomic-script/runtime"
)

func newVM(t *testing.T) runtime.VM {
	t.Helper()
	vm, err := New(runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { vm.Close() })
	return vm
}

func TestPromptInterruptSupported(t *testing.T) {
	if !PromptInterruptSupported() {
		t.Fatal("the modernc.org/quickjs field layout changed: Interrupt can no longer cut through loops of expensive builtins; update contextPointer")
	}
}

// TestDeadlineHoldsForExpensiveBuiltins is the interrupt-poll pitfall of
// RATIONALE.md ("The deadline holds even for loops of expensive builtins"):
// loops whose body is one expensive builtin must still stop within 250 ms
// of the deadline.
func TestDeadlineHoldsForExpensiveBuiltins(t *testing.T) {
	for _, src := range []string{
		`while(true){}`,
		`for(;;) "x".repeat(1e6)`,
		`var big = new Array(1e5).fill(1); for(;;) big.slice()`,
		`var s = "x".repeat(1e5); for(;;) s.split("")`,
		`for(;;) JSON.parse(JSON.stringify(new Array(1e4).fill({a:1})))`,
		`/(a+)+b/.test("a".repeat(40))`,
		`try { for(;;) "x".repeat(1e6) } catch (e) {} for(;;){}`,
	} {
		t.Run(src, func(t *testing.T) {
			// A stall of the loaded machine can hold one run past the
			// bound; a deadline that does not hold misses it every time.
			var over time.Duration
			for range 2 {
				vm := newVM(t)
				loop := runtime.NewLoop(vm)
				const budget = 300 * time.Millisecond
				start := time.Now()
				err := loop.Run(context.Background(), start.Add(budget), func() error { return vm.Eval(src) }, func() bool { return false })
				over = time.Since(start) - budget
				if !errors.Is(err, runtime.ErrTimeout) {
					t.Fatalf("err = %v, want ErrTimeout", err)
				}
				if over <= 250*time.Millisecond || racecheck.Enabled {
					return
				}
			}
			t.Fatalf("stopped %v after the deadline twice, want ≤ 250ms", over)
		})
	}
}

func TestAbortInterrupts(t *testing.T) {
	vm := newVM(t)
	loop := runtime.NewLoop(vm)
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	err := loop.Run(ctx, time.Time{}, func() error { return vm.Eval(`for(;;) "x".repeat(1e6)`) }, func() bool { return false })
	if !errors.Is(err, runtime.ErrAborted) {
		t.Fatalf("err = %v, want ErrAborted", err)
	}
	if d := time.Since(start); d > 400*time.Millisecond && !racecheck.Enabled {
		t.Fatalf("abort took %v", d)
	}
}

func TestMemoryLimit(t *testing.T) {
	for _, src := range []string{
		`let a=[]; for(;;) a.push("x".repeat(1e6))`,
		`let a=[]; for(;;) a.push({a:1,b:2,c:[1,2,3]})`,
		`let a=[]; for(;;) a.push(new Uint8Array(1e6))`,
		`let m=new Map(); for(let i=0;;i++) m.set(i, "k"+i)`,
		`new ArrayBuffer(1<<30)`,
	} {
		t.Run(src, func(t *testing.T) {
			vm, err := New(runtime.Options{MemoryLimit: memoryLimitUnderTest()})
			if err != nil {
				t.Fatal(err)
			}
			defer vm.Close()
			err = vm.Eval(src)
			if err == nil {
				t.Fatal("no error")
			}
			if !vm.MemoryExhausted() {
				t.Fatalf("MemoryExhausted = false after %v", err)
			}
		})
	}
	// The process survives and a new VM runs.
	vm := newVM(t)
	if v, err := vm.Call("String", "ok"); err != nil || v != "ok" {
		t.Fatalf("after bombs: %q %v", v, err)
	}
}

// memoryLimitUnderTest is the limit TestMemoryLimit fills. The race detector
// instruments every byte QuickJS's transpiled C writes, so filling 64 MiB
// took minutes of CI under -race; 8 MiB reaches the same limit check, and
// the run without -race (make timing) fills the full 64 MiB.
func memoryLimitUnderTest() int64 {
	if racecheck.Enabled {
		return 8 << 20
	}
	return 64 << 20
}

func TestStackOverflowIsCatchable(t *testing.T) {
	for _, src := range []string{
		`function f(){ return f() } try { f() } catch (e) { globalThis.r = e.name }`,
		`try { JSON.parse("[".repeat(1e5)) } catch (e) { globalThis.r = e.name }`,
		`try { new RegExp("(".repeat(1e5)) } catch (e) { globalThis.r = e.name }`,
	} {
		vm := newVM(t)
		if err := vm.Eval(src); err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		r, err := vm.Call("String", "") // keep the VM usable
		if err != nil {
			t.Fatal(err)
		}
		_ = r
		got, _ := vm.Call("eval", "globalThis.r")
		if got == "" {
			t.Fatalf("%s: nothing caught", src)
		}
	}
}

func TestNoAmbientCapabilities(t *testing.T) {
	vm := newVM(t)
	for _, name := range []string{"print", "console", "setTimeout", "setInterval", "require", "process", "fetch", "std", "os", "scriptArgs", "XMLHttpRequest", "Deno", "Bun"} {
		got, err := vm.Call("eval", "typeof "+name)
		if err != nil || got != "undefined" {
			t.Errorf("typeof %s = %q, %v", name, got, err)
		}
	}
	for _, mod := range []string{"std", "os", "/etc/passwd", "./x.js", "data:text/javascript,export default 1"} {
		src := `import(` + quote(mod) + `).then(() => { globalThis.r = "loaded" }, (e) => { globalThis.r = String(e) })`
		if err := vm.Eval(src); err != nil {
			t.Fatal(err)
		}
		if err := vm.RunJobs(); err != nil {
			t.Fatal(err)
		}
		got, _ := vm.Call("eval", "globalThis.r")
		if !strings.Contains(got, "could not load module") {
			t.Errorf("import(%q): %q", mod, got)
		}
	}
}

func quote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `\"`) + `"` }

// TestAsyncPromises: promises made in Go resolve with parsed JSON, reject
// with Errors carrying the given properties, and unsettled ones are
// released at Close without harm.
func TestAsyncPromises(t *testing.T) {
	vm, err := New(runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	loop := runtime.NewLoop(vm)
	av, ok := vm.(runtime.AsyncVM)
	if !ok {
		t.Fatal("the QuickJS VM does not implement AsyncVM")
	}
	var secondErr error
	if err := av.DefineAsync("hp", func(args []string, p runtime.Promise) error {
		switch args[0] {
		case "refuse":
			return errors.New(`{"name":"ToolError","message":"refused at once","code":"ERR_NOPE"}`)
		case "never":
			return nil
		case "now":
			// Settled while the call runs: an already-resolved promise.
			if err := p.Resolve(`{"v":"now"}`); err != nil {
				return err
			}
			secondErr = p.Resolve(`{"v":"again"}`)
			return nil
		}
		post := loop.Register()
		go post(func() error {
			if args[0] == "bad" {
				return p.Reject(`{"name":"ToolError","message":"nope","code":"ERR_X","callId":"7"}`)
			}
			return p.Resolve(`{"v":` + strconv.Quote(args[0]) + `,"n":[1,2]}`)
		})
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	var result string
	vm.Define("done", func(a []string) string { result = a[0]; return "" })
	src := `(async () => {
		const r = await hp("x");
		const all = await Promise.all([hp("a"), hp("b")]);
		const errs = [];
		for (const k of ["bad", "refuse"]) {
			try { await hp(k) } catch (e) { errs.push([e instanceof Error, e.name, e.message, e.code, e.callId]) }
		}
		hp("never"); hp("never");
		// A script's Promise.resolve is not what settles them.
		const resolve = Promise.resolve;
		Promise.resolve = () => ({v: "forged"});
		const now = hp("now");
		Promise.resolve = resolve; // Promise.all calls it
		const nows = [now instanceof Promise, (await now).v, (await Promise.all([hp("now"), hp("a")])).map(x => x.v).join()];
		done(JSON.stringify({r, all: all.map(x => x.v), errs, nows}));
	})().catch(e => done("threw " + e))`
	err = loop.Run(context.Background(), time.Time{}, func() error { return vm.Eval(src) }, func() bool { return result != "" })
	if err != nil {
		t.Fatal(err)
	}
	want := `{"r":{"v":"x","n":[1,2]},"all":["a","b"],"errs":[[true,"ToolError","nope","ERR_X","7"],[true,"ToolError","refused at once","ERR_NOPE",null]],"nows":[true,"now","now,a"]}`
	if result != want {
		t.Fatalf("got  %s\nwant %s", result, want)
	}
	if secondErr == nil {
		t.Error("a promise resolved while its call ran could be resolved again")
	}
	if err := vm.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestRunJobsDrainsPastBindingCap: modernc.org/quickjs gives up on a drain
// after 1<<20 jobs with a plain error; RunJobs drains to empty, as the
// runtime contract says (the loop's deadline is what stops a storm).
func TestRunJobsDrainsPastBindingCap(t *testing.T) {
	if racecheck.Enabled {
		t.Skip("runs a million jobs: make timing runs it")
	}
	vm := newVM(t)
	const src = `var n = 0; (function f() { if (++n < 1100000) Promise.resolve().then(f) })()`
	if err := vm.Eval(src); err != nil {
		t.Fatal(err)
	}
	if err := vm.RunJobs(); err != nil {
		t.Fatalf("RunJobs: %v", err)
	}
	if got, err := vm.Call("eval", "String(n)"); err != nil || got != "1100000" {
		t.Fatalf("n = %q (%v), want 1100000: the drain stopped early", got, err)
	}
}

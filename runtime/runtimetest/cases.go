package runtimetest

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/webapi"
)

// promptness is how late after a deadline or interrupt a VM may stop:
// 250 ms. The race detector slows the engines far too much for the real bound; under
// -race the cases check the outcome, and the run without it checks timing.
var promptness = func() time.Duration {
	if racecheck.Enabled {
		return 10 * time.Second
	}
	return 250 * time.Millisecond
}()

var cases = []Case{
	{Name: "arithmetic and strings", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			return all(
				expect(vm, "1 + 2 * 3", "7"),
				expect(vm, "7 / 2", "3.5"),
				expect(vm, "(0.1 + 0.2).toFixed(2)", "0.30"),
				expect(vm, "2 ** 10", "1024"),
				expect(vm, "-5 % 3", "-2"),
				expect(vm, `"ab".repeat(3) + "é€😀"`, "abababé€😀"),
				expect(vm, `"😀".length`, "2"),
				expect(vm, `[3, 1, 2].sort().join("-")`, "1-2-3"),
				expect(vm, `typeof 1n + (2n ** 64n)`, "bigint18446744073709551616"),
				expect(vm, `"a,b,,c".split(",").length`, "4"),
				expect(vm, `/(\d+)-(\d+)/.exec("10-20")[2]`, "20"),
				expect(vm, `new Map([[1, "x"]]).get(1)`, "x"),
				expect(vm, `String(Symbol.iterator in [])`, "true"),
			)
		})
	}},

	{Name: "JSON round trip", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			if err := vm.Eval(`function roundTrip(s) { return JSON.stringify(JSON.parse(s)) }`); err != nil {
				return err
			}
			for _, in := range []string{
				`{"a":[1,2.5,{"b":"c\"d"}],"e":null,"f":true,"g":"é😀"}`,
				`[]`, `"s"`, `-0.125`, `{"nested":{"deeper":{"deepest":[[[]]]}}}`,
			} {
				got, err := vm.Call("roundTrip", in)
				if err != nil {
					return fmt.Errorf("roundTrip(%s): %w", in, err)
				}
				if got != in {
					return fmt.Errorf("roundTrip(%s) = %s", in, got)
				}
			}
			_, err := vm.Call("roundTrip", `{"a":`)
			return wantException(err, "SyntaxError", "")
		})
	}},

	{Name: "host function gets string arguments", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			var calls [][]string
			err := vm.Define("host", func(args []string) string {
				calls = append(calls, slices.Clone(args))
				return "r" + strconv.Itoa(len(args)) + ":" + strings.Join(args, "|")
			})
			if err != nil {
				return err
			}
			if err := vm.Eval(`globalThis.a = host("x", "y z", "", "é😀"); globalThis.b = host(); globalThis.t = typeof host("q")`); err != nil {
				return err
			}
			want := [][]string{{"x", "y z", "", "é😀"}, {}, {"q"}}
			if fmt.Sprint(calls) != fmt.Sprint(want) {
				return fmt.Errorf("host saw %q, want %q", calls, want)
			}
			return all(expect(vm, "a", "r4:x|y z||é😀"), expect(vm, "b", "r0:"), expect(vm, "t", "string"))
		})
	}},

	{Name: "host function refuses non-string arguments", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			called := false
			if err := vm.Define("host", func([]string) string { called = true; return "" }); err != nil {
				return err
			}
			err := vm.Eval(`try { host(1) } catch (e) { globalThis.r = e.name }`)
			if err != nil {
				return err
			}
			if called {
				return errors.New("the host function ran with a number argument")
			}
			return expect(vm, "r", "TypeError")
		})
	}},

	{Name: "call returns the string form of its result", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			for i, c := range []struct{ body, want string }{
				{`return "x"`, "x"},
				{`return ""`, ""},
				{`return 42`, "42"},
				{`return -7`, "-7"},
				{`return 1.5`, "1.5"},
				{`return 1/3`, "0.3333333333333333"},
				{`return NaN`, "NaN"},
				{`return true`, "true"},
				{`return undefined`, ""},
				{`return null`, ""},
				{`return`, ""},
				{`return 2n ** 64n`, "18446744073709551616"},
				{`return {a: [1, "b"], c: null, d: undefined}`, `{"a":[1,"b"],"c":null}`},
				{`return [1, "two", {three: 3}]`, `[1,"two",{"three":3}]`},
				{`return new Date(0)`, `"1970-01-01T00:00:00.000Z"`},
				{`return {toJSON() { return "custom" }}`, `"custom"`},
				{`return Symbol("s")`, ""},
				{`return "é😀\u0000"`, "é😀\x00"},
			} {
				// A new name each time: see "call sees a redefined global function".
				name := "f" + strconv.Itoa(i)
				if err := vm.Eval("function " + name + "() { " + c.body + " }"); err != nil {
					return err
				}
				got, err := vm.Call(name)
				if err != nil {
					return fmt.Errorf("%s: %w", c.body, err)
				}
				if got != c.want {
					return fmt.Errorf("%s: got %q, want %q", c.body, got, c.want)
				}
			}
			// Objects use the real JSON.stringify, whatever the script did.
			if err := vm.Eval(`JSON.stringify = () => "hijacked"; function g() { return {ok: 1} }`); err != nil {
				return err
			}
			return expectCall(vm, `{"ok":1}`, "g")
		})
	}},

	{Name: "call sees a redefined global function", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			for _, src := range []string{
				`function f() { return "first" }`,
				`function f() { return "declared again" }`,
				`globalThis.f = () => "assigned"`,
			} {
				if err := vm.Eval(src); err != nil {
					return err
				}
				want, err := get(vm, "f()")
				if err != nil {
					return err
				}
				if err := expectCall(vm, want, "f"); err != nil {
					return fmt.Errorf("after %s: %w", src, err)
				}
			}
			return nil
		})
	}},

	{Name: "call passes string arguments", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			if err := vm.Eval(`function cat(...xs) { return xs.map(x => typeof x + ":" + x).join(",") }`); err != nil {
				return err
			}
			return all(
				expectCall(vm, "string:a,string:,string:é😀", "cat", "a", "", "é😀"),
				expectCall(vm, "", "cat"),
			)
		})
	}},

	{Name: "call reports exceptions", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			if err := vm.Eval(`function bad() { throw new RangeError("nope") }`); err != nil {
				return err
			}
			_, err := vm.Call("bad")
			if err := wantException(err, "RangeError", "nope"); err != nil {
				return err
			}
			_, err = vm.Call("missing")
			if err := wantException(err, "ReferenceError", ""); err != nil {
				return err
			}
			// The VM is still usable.
			return expect(vm, "1 + 1", "2")
		})
	}},

	{Name: "a sealed function is out of the script's reach and still callable", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			if err := vm.Eval(`var n = 0; Object.defineProperty(globalThis, "hidden", {value: function (x) { n++; return x + n }, configurable: true})`); err != nil {
				return err
			}
			if err := vm.Seal("hidden"); err != nil {
				return err
			}
			if err := expect(vm, `typeof hidden + ("hidden" in globalThis) + Object.getOwnPropertyNames(globalThis).includes("hidden")`, "undefinedfalsefalse"); err != nil {
				return err
			}
			if err := expectCall(vm, "a1", "hidden", "a"); err != nil {
				return err
			}
			// A script's own global of that name changes nothing.
			if err := vm.Eval(`globalThis.hidden = function () { return "forged" }`); err != nil {
				return err
			}
			if err := expectCall(vm, "b2", "hidden", "b"); err != nil {
				return err
			}
			// A global that cannot be deleted cannot be sealed.
			if err := vm.Eval(`Object.defineProperty(globalThis, "fixed", {value: function () {}})`); err != nil {
				return err
			}
			if err := vm.Seal("fixed"); err == nil {
				return fmt.Errorf("sealing a non-configurable global succeeded")
			}
			return nil
		})
	}},

	{Name: "exceptions carry name, message and stack lines", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			err := vm.Eval("\nfunction g() { throw new TypeError(\"boom\") }\nfunction h() { g() }\nh()")
			if err := wantException(err, "TypeError", "boom"); err != nil {
				return err
			}
			frames := stackFrames(err.(*runtime.Exception).Stack)
			want := []frame{{"g", 2}, {"h", 3}, {"", 4}}
			if len(frames) != len(want) {
				return fmt.Errorf("frames %v, want %v", frames, want)
			}
			for i, f := range frames {
				if f.line != want[i].line || want[i].name != "" && f.name != want[i].name {
					return fmt.Errorf("frame %d is %v, want %v (stack %q)", i, f, want[i], err.(*runtime.Exception).Stack)
				}
			}
			return nil
		})
	}},

	{Name: "thrown values of any kind", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			for _, c := range []struct{ src, name, message string }{
				{`throw 42`, "", ""},
				{`throw "s"`, "", ""},
				{`throw null`, "", ""},
				{`throw undefined`, "", ""},
				{`throw {code: 42}`, "", ""},
				{`throw {name: "N", message: "M"}`, "N", "M"},
				{`{ const e = new Error("m"); e.name = "Custom"; throw e }`, "Custom", "m"},
				{`throw new (class MyError extends Error {})("sub")`, "Error", "sub"},
				{`{ const e = new Error("g"); Object.defineProperty(e, "name", {get() { throw 1 }}); throw e }`, "", "g"},
			} {
				if err := wantException(vm.Eval(c.src), c.name, c.message); err != nil {
					return fmt.Errorf("%s: %w", c.src, err)
				}
			}
			return nil
		})
	}},

	{Name: "syntax errors", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			err := vm.Eval("let ok = 1;\nlet = ;")
			if err := wantException(err, "SyntaxError", ""); err != nil {
				return err
			}
			if stack := err.(*runtime.Exception).Stack; !regexp.MustCompile(`(?m)^    at <eval>:2:\d+$`).MatchString(stack) {
				return fmt.Errorf("stack %q does not locate line 2", stack)
			}
			// Nothing of the failed script ran.
			return expect(vm, "typeof ok", "undefined")
		})
	}},

	{Name: "sloppy-mode global code", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			err := vm.Eval(`
				implicit = 5;
				var declared = 6;
				function declaredFn() { return "fn" }
				globalThis.topThis = this === globalThis;
				globalThis.fnThis = (function () { return this === globalThis })();
				with ({w: "with"}) { globalThis.viaWith = w }
				globalThis.octal = 010;`)
			if err != nil {
				return err
			}
			return all(
				expect(vm, "implicit", "5"),
				expect(vm, "globalThis.declared", "6"),
				expectCall(vm, "fn", "declaredFn"),
				expect(vm, "topThis && fnThis", "true"),
				expect(vm, "viaWith", "with"),
				expect(vm, "octal", "8"),
			)
		})
	}},

	{Name: "global declarations persist across Eval", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			if err := vm.Eval(`let counter = 1; function bump() { return ++counter }`); err != nil {
				return err
			}
			if err := vm.Eval(`counter += 10`); err != nil {
				return err
			}
			return expectCall(vm, "12", "bump")
		})
	}},

	{Name: "direct eval sees locals", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			if err := vm.Eval(`function f() { const secret = 7; return eval("secret * 6") }`); err != nil {
				return err
			}
			return expectCall(vm, "42", "f")
		})
	}},

	{Name: "no ambient globals", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			for _, name := range []string{"print", "console", "setTimeout", "setInterval", "setImmediate",
				"require", "module", "exports", "process", "Buffer", "fetch", "Intl",
				"XMLHttpRequest", "WebSocket", "navigator", "std", "os", "scriptArgs", "Deno", "Bun",
				"GoError", "__as_web", "__as_webapi_init"} {
				if err := expect(vm, "typeof "+name, "undefined"); err != nil {
					return err
				}
			}
			names, err := get(vm, `Object.getOwnPropertyNames(globalThis).join(" ")`)
			if err != nil {
				return err
			}
			have := map[string]bool{}
			for _, name := range strings.Fields(names) {
				have[name] = true
				if !standardGlobals[name] && !slices.Contains(webapi.Globals, name) {
					return fmt.Errorf("global %q is neither an ECMAScript nor a web global", name)
				}
			}
			for _, name := range webapi.Globals {
				if !have[name] {
					return fmt.Errorf("the web global %q is missing", name)
				}
			}
			return nil
		})
	}},

	{Name: "import() rejects", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			for _, spec := range []string{"std", "os", "/etc/passwd", "./x.js", "node:fs", "data:text/javascript,export default 1"} {
				src := `globalThis.r = "pending"; import(` + strconv.Quote(spec) + `).then(() => { r = "loaded" }, e => { r = e.name + ": " + e.message })`
				if err := vm.Eval(src); err != nil {
					return fmt.Errorf("import(%q): %w", spec, err)
				}
				if err := vm.RunJobs(); err != nil {
					return err
				}
				// QuickJS normalises the name in the message ("./x.js" → "x.js").
				if err := expect(vm, `r.startsWith("ReferenceError: could not load module '")`, "true"); err != nil {
					r, _ := get(vm, "r")
					return fmt.Errorf("import(%q): %s", spec, r)
				}
			}
			// From eval too, and inside an async function.
			err := vm.Eval(`globalThis.r2 = "pending";
				(async () => { try { await eval('import("std")'); r2 = "loaded" } catch (e) { r2 = e.name } })()`)
			if err != nil {
				return err
			}
			if err := vm.RunJobs(); err != nil {
				return err
			}
			return expect(vm, "r2", "ReferenceError")
		})
	}},

	{Name: "promise reactions run by RunJobs", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			if err := vm.Eval(`globalThis.r = []; Promise.resolve(1).then(v => r.push(v)).then(() => r.push(2)); queueMicrotaskLike(); function queueMicrotaskLike() { Promise.reject(new Error("x")).catch(e => r.push(e.message)) }`); err != nil {
				return err
			}
			if err := vm.RunJobs(); err != nil {
				return err
			}
			return expect(vm, `r.join()`, "1,x,2")
		})
	}},

	{Name: "promise settled from the host", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			err := vm.Eval(`
				let settle;
				globalThis.r = "pending";
				new Promise(res => { settle = res }).then(v => { r = "got " + v });
				function settleIt(v) { settle(v) }`)
			if err != nil {
				return err
			}
			if _, err := vm.Call("settleIt", "done"); err != nil {
				return err
			}
			if err := vm.RunJobs(); err != nil {
				return err
			}
			return expect(vm, "r", "got done")
		})
	}},

	{Name: "an unhandled rejection is not an error", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			if err := vm.Eval(`Promise.reject(new Error("ignored")); Promise.resolve().then(() => { throw new Error("in a job") })`); err != nil {
				return err
			}
			if err := vm.RunJobs(); err != nil {
				return err
			}
			return expect(vm, "1", "1")
		})
	}},

	{Name: "rejections no handler took are tracked", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			rt, ok := vm.(runtime.RejectionTracker)
			if !ok {
				return fmt.Errorf("%T does not track promise rejections", vm)
			}
			err := vm.Eval(`Promise.reject(new Error("lost"));
				Promise.reject(new Error("caught")).catch(() => {});
				Promise.resolve().then(() => { throw new TypeError("in a job") });
				globalThis.late = Promise.reject(new RangeError("late"));
				(async () => { await null; throw "a string" })();
				Promise.all([Promise.reject(new Error("in all"))]).catch(() => {});`)
			if err != nil {
				return err
			}
			if err := vm.RunJobs(); err != nil {
				return err
			}
			if err := vm.Eval(`late.catch(() => {})`); err != nil {
				return err
			}
			if err := vm.RunJobs(); err != nil {
				return err
			}
			var got []string
			for _, e := range rt.UnhandledRejections() {
				got = append(got, e.Name+": "+e.Message)
				if e.Name != "" && !strings.Contains(e.Stack, ":") {
					return fmt.Errorf("%s: no location in stack %q", e.Message, e.Stack)
				}
			}
			if w := "Error: lost|TypeError: in a job|: a string"; strings.Join(got, "|") != w {
				return fmt.Errorf("unhandled %q, want %q", strings.Join(got, "|"), w)
			}
			return nil
		})
	}},

	{Name: "async functions await the host through the loop", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			h, err := newAsyncHost(vm)
			if err != nil {
				return err
			}
			err = h.run(context.Background(), time.Now().Add(10*time.Second), `
				(async () => {
					let sum = 0;
					for (let i = 0; i < 100; i++) sum += Number(await op(i, i % 10 ? "ok" : "slow"));
					const all = await Promise.all(Array.from({length: 100}, (_, i) => op(i)));
					let failed = "";
					try { await op("went wrong", "fail") } catch (e) { failed = e.message }
					globalThis.result = sum + "/" + all.length + "/" + all[99] + "/" + failed;
					finish();
				})()`)
			if err != nil {
				return err
			}
			return expect(vm, "result", "4950/100/99/went wrong")
		})
	}},

	{Name: "Interrupt stops an endless loop", Check: func(newVM runtime.New) error {
		return interruptCase(newVM, `while (true) {}`)
	}},

	{Name: "Interrupt stops a loop of expensive builtins", Check: func(newVM runtime.New) error {
		return interruptCase(newVM, `for (;;) "x".repeat(1e6)`)
	}},

	{Name: "Interrupt is uncatchable", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			var marks []string
			if err := vm.Define("mark", func(a []string) string { marks = append(marks, a...); return "" }); err != nil {
				return err
			}
			time.AfterFunc(50*time.Millisecond, vm.Interrupt)
			err := vm.Eval(`try { while (true) {} } catch (e) { mark("caught") } finally { mark("finally") }`)
			if !errors.Is(err, runtime.ErrInterrupted) {
				return fmt.Errorf("err = %v, want ErrInterrupted", err)
			}
			if len(marks) > 0 {
				return fmt.Errorf("the script saw the interrupt: %q", marks)
			}
			return nil
		})
	}},

	{Name: "Interrupt before a call is sticky", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			vm.Interrupt()
			vm.Interrupt() // twice is fine
			return stickyInterrupt(vm)
		})
	}},

	{Name: "SetTimeout bounds each call and is not sticky", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			const d = 100 * time.Millisecond
			vm.SetTimeout(d)
			for i := 0; i < 2; i++ { // re-armed for every call
				start := time.Now()
				err := vm.Eval(`while (true) {}`)
				if !errors.Is(err, runtime.ErrInterrupted) {
					return fmt.Errorf("err = %v, want ErrInterrupted", err)
				}
				if over := time.Since(start) - d; over > promptness {
					return fmt.Errorf("stopped %v after the timeout", over)
				}
			}
			// Short calls within the bound run, and a bound does not
			// carry over idle time.
			time.Sleep(d + d/2)
			if err := expect(vm, "1 + 1", "2"); err != nil {
				return err
			}
			vm.SetTimeout(0)
			return vm.Eval(`for (let i = 0; i < 1e5; i++) {}`)
		})
	}},

	{Name: "loop deadline ends an endless loop", Check: func(newVM runtime.New) error {
		return deadlineCase(newVM, `while (true) {}`)
	}},

	{Name: "loop deadline ends a loop of expensive builtins", Check: func(newVM runtime.New) error {
		return deadlineCase(newVM, `for (;;) "x".repeat(1e6)`)
	}},

	{Name: "loop deadline ends a wait for the host", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			h, err := newAsyncHost(vm)
			if err != nil {
				return err
			}
			const budget = 200 * time.Millisecond
			start := time.Now()
			err = h.run(context.Background(), start.Add(budget), `op("x", "never").then(finish)`)
			if !errors.Is(err, runtime.ErrTimeout) {
				return fmt.Errorf("err = %v, want ErrTimeout", err)
			}
			if over := time.Since(start) - budget; over > promptness {
				return fmt.Errorf("stopped %v after the deadline", over)
			}
			return nil
		})
	}},

	{Name: "loop context cancel aborts", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			h, err := newAsyncHost(vm)
			if err != nil {
				return err
			}
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(100*time.Millisecond, cancel)
			start := time.Now()
			err = h.run(ctx, time.Time{}, `for (;;) "x".repeat(1e6)`)
			if !errors.Is(err, runtime.ErrAborted) {
				return fmt.Errorf("err = %v, want ErrAborted", err)
			}
			if d := time.Since(start); d > 100*time.Millisecond+promptness {
				return fmt.Errorf("abort took %v", d)
			}
			return nil
		})
	}},

	{Name: "loop reports a script stuck on a promise", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			h, err := newAsyncHost(vm)
			if err != nil {
				return err
			}
			err = h.run(context.Background(), time.Now().Add(5*time.Second), `
				(async () => { await op("first"); await new Promise(() => {}); finish() })()`)
			if !errors.Is(err, runtime.ErrStuck) {
				return fmt.Errorf("err = %v, want ErrStuck", err)
			}
			return nil
		})
	}},

	{Name: "stack overflow ends the call and the VM survives", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			for _, src := range []string{
				`function f() { return f() } f()`,
				`function g() { return [1].map(g) } g()`,
				`const o = {get x() { return this.x }}; o.x`,
				`const p = new Proxy({}, {get(t, k, r) { return r[k] }}); p.x`,
			} {
				err := vm.Eval(src)
				var ex *runtime.Exception
				if !errors.As(err, &ex) || !strings.Contains(ex.Error(), "stack overflow") {
					return fmt.Errorf("%s: err = %v, want a stack overflow exception", src, err)
				}
				if err := expect(vm, "1 + 1", "2"); err != nil {
					return fmt.Errorf("after %s: %w", src, err)
				}
			}
			return nil
		})
	}},

	{Name: "stack overflow is catchable", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			err := vm.Eval(`function f() { return f() } try { f() } catch (e) { globalThis.r = "caught " + e.message }`)
			if err != nil {
				return err
			}
			if err := expect(vm, "r", "caught stack overflow"); err != nil {
				return err
			}
			// Every way a script recurses; the error is a RangeError, as
			// node's is, named as QuickJS names it; the VM goes on.
			for _, src := range []string{
				`function f() { return f() } f()`,
				`const a = () => a(); a()`,
				`const a = async () => { await 0; return a() }; (function b() { b() })()`,
				`function g() { return [1].map(g) } g()`,
				`const o = {get x() { return this.x }}; o.x`,
				`const p = new Proxy({}, {get(t, k, r) { return r[k] }}); p.x`,
				`class C { m() { return this.m() } } new C().m()`,
				`class D { constructor() { new D() } } new D()`,
				`function s() { "use strict"; return s() } s()`,
				`function h(n) { try { return h(n + 1) } catch (e) { return n } } if (h(0) < 1000) throw new Error("shallow")`,
			} {
				err := vm.Eval(`globalThis.r = (() => { try { ` + src + `; return "no overflow" } catch (e) { return [e instanceof RangeError, e instanceof Error, e.name, e.message].join() } })()`)
				if err != nil {
					return fmt.Errorf("%s: %w", src, err)
				}
				if err := expect(vm, "r", "true,true,InternalError,stack overflow"); err != nil && !strings.Contains(src, "shallow") {
					return fmt.Errorf("%s: %w", src, err)
				} else if err == nil && strings.Contains(src, "shallow") {
					return fmt.Errorf("%s: the catch at every level still overflowed", src)
				}
			}
			return expect(vm, "1 + 1", "2")
		})
	}},

	{Name: "a catch handler that recurses again ends at the deadline", Check: func(newVM runtime.New) error {
		// Each overflow's handler recurses again: exponential, but the
		// deadline stops it, the VM's heap stays bounded, and the call
		// ends with the interrupt, not a crash.
		return withVM(newVM, runtime.Options{MemoryLimit: 256 << 20}, func(vm runtime.VM) error {
			loop := runtime.NewLoop(vm)
			const budget = 500 * time.Millisecond
			start := time.Now()
			err := loop.Run(context.Background(), start.Add(budget), func() error {
				return vm.Eval(`function h() { try { h() } catch (e) { h() } } h()`)
			}, func() bool { return false })
			if !errors.Is(err, runtime.ErrTimeout) {
				return fmt.Errorf("err = %v, want ErrTimeout", err)
			}
			if over := time.Since(start) - budget; over > promptness {
				return fmt.Errorf("stopped %v after the deadline, want ≤ %v", over, promptness)
			}
			if vm.MemoryExhausted() {
				return errors.New("the recursion exhausted the heap")
			}
			return nil
		})
	}},

	{Name: "deep nesting is a catchable error", Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
			for _, c := range []struct{ expr, want string }{
				{`JSON.parse("[".repeat(1e6))`, "SyntaxError"},
				{`JSON.parse("[".repeat(1e5) + "]".repeat(1e5))`, "SyntaxError"},
				{`eval("(".repeat(1e6) + "1" + ")".repeat(1e6))`, "SyntaxError"},
				{`eval("a=".repeat(1e6) + "1")`, "SyntaxError"},
				{`new Function("return " + "[".repeat(1e6))`, "SyntaxError"},
			} {
				err := vm.Eval(`globalThis.r = "none"; try { ` + c.expr + `; r = "ran" } catch (e) { r = e.name }`)
				if err != nil {
					return fmt.Errorf("%s: %w", c.expr, err)
				}
				if err := expect(vm, "r", c.want); err != nil {
					return err
				}
			}
			// Deep source given to Eval itself is an exception, not a crash.
			return wantException(vm.Eval(strings.Repeat("[", 1e6)), "SyntaxError", "")
		})
	}},

	{Name: "deeply nested arrays are survivable", Slow: true, Check: func(newVM runtime.New) error {
		// A million levels overflowed goja's Go stack before runtime/goja's
		// guards; building them takes more than the default memory limit.
		return withVM(newVM, runtime.Options{MemoryLimit: 1 << 30}, func(vm runtime.VM) error {
			vm.SetTimeout(30 * time.Second)
			if err := vm.Eval(`globalThis.deep = [1]; for (let i = 0; i < 1e6; i++) deep = [deep]; 0`); err != nil {
				return err
			}
			// Each builtin returns or throws a catchable error; which one
			// is the engine's business.
			for _, expr := range []string{`String(deep)`, `deep.join()`, `deep.toLocaleString()`, `deep.flat(Infinity)`} {
				err := vm.Eval(`try { ` + expr + ` } catch (e) { globalThis.caught = e.name }`)
				if err != nil {
					return fmt.Errorf("%s: %w", expr, err)
				}
			}
			return expect(vm, "1 + 1", "2")
		})
	}},

	{Name: "memory bomb exhausts the memory limit", Slow: true, Check: func(newVM runtime.New) error {
		for _, src := range []string{
			`let a = []; for (;;) a.push("x".repeat(1e6))`,
			`let a = []; for (;;) a.push({a: 1, b: [1, 2, 3]})`,
			`let m = new Map(); for (let i = 0; ; i++) m.set(i, "k" + i)`,
		} {
			err := withVM(newVM, runtime.Options{MemoryLimit: 64 << 20}, func(vm runtime.VM) error {
				vm.SetTimeout(60 * time.Second)
				err := vm.Eval(src)
				if err == nil {
					return errors.New("the bomb returned without error")
				}
				if errors.Is(err, runtime.ErrInterrupted) {
					return fmt.Errorf("the bomb ran into the 60 s timeout: %w", err)
				}
				if !vm.MemoryExhausted() {
					return fmt.Errorf("MemoryExhausted = false after %v", err)
				}
				return nil
			})
			if err != nil {
				return fmt.Errorf("%s: %w", src, err)
			}
		}
		// The process survives and a new VM runs.
		return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error { return expect(vm, `"ok"`, "ok") })
	}},

	{Name: "garbage is not a memory bomb", Slow: true, Check: func(newVM runtime.New) error {
		return withVM(newVM, runtime.Options{MemoryLimit: 64 << 20}, func(vm runtime.VM) error {
			err := vm.Eval(`let n = 0; for (let i = 0; i < 200; i++) { const s = "x".repeat(1e6) + i; n += s.length }`)
			if err != nil {
				return err
			}
			if vm.MemoryExhausted() {
				return errors.New("200 MB of short-lived strings tripped a 64 MiB limit")
			}
			return expect(vm, "n", "200000490")
		})
	}},
}

// standardGlobals are the global names an ECMAScript engine may have; an
// engine must not have any other (QuickJS's InternalError included).
var standardGlobals = map[string]bool{}

func init() {
	for _, name := range strings.Fields(`
		globalThis Infinity NaN undefined eval isFinite isNaN parseFloat parseInt
		decodeURI decodeURIComponent encodeURI encodeURIComponent escape unescape
		AggregateError Array ArrayBuffer Atomics BigInt BigInt64Array BigUint64Array
		Boolean DataView Date Error EvalError FinalizationRegistry Float16Array
		Float32Array Float64Array Function Int8Array Int16Array Int32Array Iterator
		JSON Map Math Number Object Promise Proxy RangeError ReferenceError Reflect
		RegExp Set SharedArrayBuffer String Symbol SyntaxError TypeError URIError
		Uint8Array Uint8ClampedArray Uint16Array Uint32Array WeakMap WeakRef WeakSet
		InternalError`) {
		standardGlobals[name] = true
	}
}

func interruptCase(newVM runtime.New, src string) error {
	return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
		const after = 100 * time.Millisecond
		start := time.Now()
		time.AfterFunc(after, vm.Interrupt)
		err := vm.Eval(src)
		if !errors.Is(err, runtime.ErrInterrupted) {
			return fmt.Errorf("err = %v, want ErrInterrupted", err)
		}
		if over := time.Since(start) - after; over > promptness {
			return fmt.Errorf("stopped %v after Interrupt, want ≤ %v", over, promptness)
		}
		return stickyInterrupt(vm)
	})
}

// stickyInterrupt checks that every call into an interrupted VM refuses.
func stickyInterrupt(vm runtime.VM) error {
	if err := vm.Eval("1"); !errors.Is(err, runtime.ErrInterrupted) {
		return fmt.Errorf("eval after Interrupt: %v, want ErrInterrupted", err)
	}
	if _, err := vm.Call("eval", "1"); !errors.Is(err, runtime.ErrInterrupted) {
		return fmt.Errorf("call after Interrupt: %v, want ErrInterrupted", err)
	}
	if err := vm.RunJobs(); !errors.Is(err, runtime.ErrInterrupted) {
		return fmt.Errorf("RunJobs after Interrupt: %v, want ErrInterrupted", err)
	}
	return nil
}

func deadlineCase(newVM runtime.New, src string) error {
	return withVM(newVM, runtime.Options{}, func(vm runtime.VM) error {
		loop := runtime.NewLoop(vm)
		const budget = 300 * time.Millisecond
		start := time.Now()
		err := loop.Run(context.Background(), start.Add(budget), func() error { return vm.Eval(src) }, func() bool { return false })
		if !errors.Is(err, runtime.ErrTimeout) {
			return fmt.Errorf("err = %v, want ErrTimeout", err)
		}
		if over := time.Since(start) - budget; over > promptness {
			return fmt.Errorf("stopped %v after the deadline, want ≤ %v", over, promptness)
		}
		return nil
	})
}

func expectCall(vm runtime.VM, want, name string, args ...string) error {
	got, err := vm.Call(name, args...)
	if err != nil {
		return fmt.Errorf("%s(%q): %w", name, args, err)
	}
	if got != want {
		return fmt.Errorf("%s(%q) = %q, want %q", name, args, got, want)
	}
	return nil
}

// wantException checks that err is an *runtime.Exception with the given
// name and message ("" message: any).
func wantException(err error, name, message string) error {
	var ex *runtime.Exception
	if !errors.As(err, &ex) {
		return fmt.Errorf("err = %v (%T), want an exception %s", err, err, name)
	}
	if ex.Name != name || message != "" && ex.Message != message {
		return fmt.Errorf("exception %q/%q, want %q/%q", ex.Name, ex.Message, name, message)
	}
	return nil
}

type frame struct {
	name string
	line int
}

var frameRE = regexp.MustCompile(`^    at (\S+) \(<eval>:(\d+):\d+\)$`)

// stackFrames parses frames of the QuickJS format the contract uses.
func stackFrames(stack string) []frame {
	var out []frame
	for _, line := range strings.Split(strings.TrimRight(stack, "\n"), "\n") {
		m := frameRE.FindStringSubmatch(line)
		if m == nil {
			out = append(out, frame{name: "unparsable: " + line})
			continue
		}
		n, _ := strconv.Atoi(m[2])
		out = append(out, frame{m[1], n})
	}
	return out
}

package engine_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"

	"github.com/atomic-script/atomic-script/engine"
)

// TestHostileScripts runs scripts that try to escape the sandbox or break
// the engine. Each must end with the right error kind, and nothing the host
// holds (a secret file, an environment variable) may appear in the result.
func TestHostileScripts(t *testing.T) {
	secretDir := t.TempDir()
	secretFile := filepath.Join(secretDir, "secret.txt")
	const secret = "TOP-SECRET-7f3a9c"
	if err := os.WriteFile(secretFile, []byte(secret), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ATOMIC_TEST_SECRET", secret)
	q := func(s string) string { return `"` + s + `"` }

	cases := []struct {
		name     string
		code     string
		kind     engine.Kind // "" = the script succeeds
		contains string      // a substring the rendered text must contain
		maxWall  time.Duration
		timeout  time.Duration // default 1s
	}{
		{name: "read host file through globals", code: `
			const tries = [];
			const attempt = (label, f) => { try { tries.push(label + "=" + String(f())) } catch (e) { tries.push(label + "!" + e.name) } };
			attempt("std", () => std.loadFile(` + q(secretFile) + `));
			attempt("os", () => os.open(` + q(secretFile) + `));
			attempt("require", () => require("fs").readFileSync(` + q(secretFile) + `));
			attempt("process", () => process.binding("fs"));
			attempt("Deno", () => Deno.readTextFileSync(` + q(secretFile) + `));
			attempt("ctor", () => (function(){}).constructor("return this")().std);
			attempt("scriptArgs", () => scriptArgs);
			attempt("print", () => print("x"));
			return tries.join("\n")`, contains: "std!ReferenceError"},
		{name: "import of std, os and paths", code: `
			const out = [];
			for (const m of ["std", "os", ` + q(secretFile) + `, "./x.js", "data:text/javascript,export default 1", "node:fs"]) {
				try { await import(m); out.push(m + " loaded") } catch (e) { out.push(String(e)) }
			}
			return out.join("\n")`, contains: "could not load module"},
		{name: "fetch", code: `return await fetch("http://127.0.0.1/")`, kind: engine.KindScript, contains: "ReferenceError"},
		{name: "XMLHttpRequest and WebSocket", code: `return [typeof XMLHttpRequest, typeof WebSocket, typeof navigator].join()`, contains: "undefined,undefined,undefined"},
		{name: "timers", code: `return [typeof setTimeout, typeof setInterval, typeof setImmediate, typeof queueMicrotask === "function" ? "qm" : "none"].join()`, contains: "undefined,undefined,undefined"},
		{name: "process and require", code: `return [typeof process, typeof require, typeof module, typeof exports, typeof globalThis.Buffer].join()`, contains: "undefined,undefined,undefined,undefined,undefined"},
		{name: "environment", code: `
			const seen = [];
			for (const k of Object.getOwnPropertyNames(globalThis)) seen.push(k);
			return seen.join(",") + "|" + (typeof std !== "undefined" ? std.getenv("ATOMIC_TEST_SECRET") : "no-env")`, contains: "no-env"},
		{name: "memory bomb", code: `let a=[]; for(;;) a.push("x".repeat(1e6))`, kind: engine.KindSandbox, contains: "memory limit of 256 MiB", timeout: 30 * time.Second},
		{name: "one string over the memory limit", code: `const s = "x".repeat(2**28); return s.length`, kind: engine.KindSandbox, contains: "memory limit of 256 MiB"},
		{name: "object memory bomb", code: `let a=[]; for(;;) a.push({a: 1, b: [1, 2, 3]})`, kind: engine.KindSandbox, contains: "memory limit", timeout: 30 * time.Second},
		{name: "infinite loop", code: `while(true){}`, kind: engine.KindTimeout, maxWall: time.Second + 250*time.Millisecond},
		{name: "loop of expensive builtins", code: `const big = new Array(1e5).fill(1); for(;;) big.slice()`, kind: engine.KindTimeout, maxWall: time.Second + 250*time.Millisecond},
		{name: "infinite recursion", code: `function f(){ return f() } f()`, kind: engine.KindScript, contains: "stack overflow"},
		{name: "recursion is catchable", code: `function f(){ return f() } try { f() } catch (e) { return "caught " + e.message }`, contains: "caught stack overflow"},
		{name: "deep JSON.parse", code: `try { JSON.parse("[".repeat(1e6)) } catch (e) { return "caught " + e.name }`, contains: "caught"},
		{name: "regex catastrophe", code: `return /(a+)+$/.test("a".repeat(40) + "!")`, kind: engine.KindTimeout, maxWall: time.Second + 250*time.Millisecond},
		{name: "100,000 pending promises", code: `const ps = []; for (let i = 0; i < 1e5; i++) ps.push(new Promise(() => {})); return ps.length`, contains: "100000", timeout: 30 * time.Second},
		{name: "awaiting 100,000 never-settled promises", code: `await Promise.all(Array.from({length: 1e5}, () => new Promise(() => {})))`, kind: engine.KindScript, contains: "DeadlockError", timeout: 30 * time.Second},
		{name: "100,000 unawaited tool calls", code: `for (let i = 0; i < 1e5; i++) tools.noop(); return "fired"`, contains: "fired", timeout: 30 * time.Second},
		{name: "50 MB text", code: `text("x".repeat(50e6)); return "done"`, contains: "[Full output: ", timeout: 30 * time.Second},
		{name: "70 MB of output is refused", code: `text("x".repeat(50e6)); text("y".repeat(20e6))`, kind: engine.KindScript, contains: "output limit", timeout: 30 * time.Second},
		{name: "throw a number", code: `throw 42`, kind: engine.KindScript, contains: "non-Error value thrown: 42"},
		{name: "throw a string", code: `throw "s"`, kind: engine.KindScript, contains: `non-Error value thrown: s`},
		{name: "throw null", code: `throw null`, kind: engine.KindScript, contains: "non-Error value thrown: null"},
		{name: "throw undefined", code: `throw undefined`, kind: engine.KindScript, contains: "non-Error value thrown: undefined"},
		{name: "throw an object", code: `throw {code: 42}`, kind: engine.KindScript, contains: `non-Error value thrown: {"code":42}`},
		{name: "throw a cyclic object", code: `const o = {}; o.o = o; throw o`, kind: engine.KindScript, contains: "[Circular]"},
		{name: "throw a symbol", code: `throw Symbol("s")`, kind: engine.KindScript, contains: "non-Error value thrown"},
		{name: "reject with null", code: `await Promise.reject(null)`, kind: engine.KindScript, contains: "non-Error value thrown: null"},
		{name: "error with a throwing getter", code: `const e = new Error("m"); Object.defineProperty(e, "stack", {get() { throw 1 }}); throw e`, kind: engine.KindScript, contains: "Error: m"},
		{name: "tampering with bindings globals", code: `
			try { tools = null } catch (e) {}
			try { delete globalThis.tools } catch (e) {}
			try { tools.todo_get = null } catch (e) {}
			try { console.log = null } catch (e) {}
			return typeof (await tools.todo_get()).todos`, contains: "object"},
		{name: "forging the result through the wrapper", code: `__as_main(async () => "forged"); throw new Error("real failure")`, kind: engine.KindScript, contains: "ReferenceError"},
		{name: "forging the result, error caught", code: `try { __as_main(async () => "forged") } catch (e) {} throw new Error("real failure")`, kind: engine.KindScript, contains: "real failure"},
		{name: "overriding JSON does not break settling", code: `JSON.parse = () => { throw new Error("hijacked") }; JSON.stringify = () => "{}"; return (await tools.echo({value: 5})).value`, contains: "5"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			timeout := c.timeout
			if timeout == 0 {
				timeout = time.Second
			}
			if racecheck.Enabled {
				// The race detector slows QuickJS about twentyfold. The
				// heavy cases prove nothing about concurrency and run in
				// `make timing` without it; the rest get room.
				if c.timeout > time.Second {
					t.Skip("heavy case: run without -race (make timing)")
				}
				if c.kind != engine.KindTimeout {
					timeout *= 20
				}
			}
			eng := newEngine(t, nil, engine.WithTimeout(timeout))
			start := time.Now()
			r := run(t, eng, c.code)
			wall := time.Since(start)
			if c.kind == "" {
				if !r.OK {
					t.Fatalf("script failed:\n%s", clip(r.Text))
				}
			} else if r.OK || r.Error.Kind != c.kind {
				t.Fatalf("kind = %v, want %s\n%s", r.Error, c.kind, clip(r.Text))
			}
			if c.contains != "" && !strings.Contains(r.Text, c.contains) {
				t.Errorf("text does not contain %q:\n%s", c.contains, clip(r.Text))
			}
			if strings.Contains(r.Text, secret) || strings.Contains(string(r.Value), secret) {
				t.Fatalf("the secret escaped:\n%s", r.Text)
			}
			if c.maxWall > 0 && wall > c.maxWall && !racecheck.Enabled {
				t.Errorf("took %v, want ≤ %v", wall, c.maxWall)
			}
			// The engine survives: the next script runs.
			if r := run(t, eng, `return 1`); !r.OK {
				t.Fatalf("engine unusable afterwards:\n%s", clip(r.Text))
			}
		})
	}
}

// TestCallAfterScriptReturned: a call made by a continuation that runs after
// the script settled is refused, never run.
func TestCallAfterScriptReturned(t *testing.T) {
	eng := newEngine(t, nil)
	r := run(t, eng, `tools.noop().then(() => tools.todowrite({todos: [{content: "late"}]})); return 1`)
	if !r.OK {
		t.Fatal(r.Text)
	}
	r = run(t, eng, `return (await tools.todo_get()).todos.length`)
	if string(r.Value) != "0" {
		t.Fatalf("the late call ran: %s", r.Value)
	}
}

// clip shortens text for a failure message.
func clip(s string) string {
	if len(s) > 2000 {
		return s[:1000] + "\n…\n" + s[len(s)-1000:]
	}
	return s
}

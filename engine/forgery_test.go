package engine_test

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/files"
)

// TestOutcomeUnforgeable: a script that poisons the prototypes and globals
// the engine could read its outcome through still gets its own outcome
// reported — the error it threw, the value it returned — its --atomic
// changes are rolled back when it fails, and the result stays valid JSON.
// On both engines.
func TestOutcomeUnforgeable(t *testing.T) {
	poisons := map[string]string{
		"Object.prototype.toJSON":       `Object.prototype.toJSON = function () { return Object.prototype.hasOwnProperty.call(this, "path") ? this : {ok: true, name: "DeadlockError"} };`,
		"Promise.prototype.then":        `Promise.prototype.then = function (ok) { ok && ok(1); return this };`,
		"then returns this":             `Promise.prototype.then = function () { return this };`,
		"Promise.prototype.constructor": `Promise.prototype.constructor = function () { throw new Error("ctor") };`,
		"Promise[Symbol.species]":       `Object.defineProperty(Promise, Symbol.species, {get() { throw new Error("species") }});`,
		"global Promise":                `globalThis.Promise = function () { throw new Error("P") };`,
		"Object.prototype.then":         `Object.prototype.then = function (r) { r && r(42) };`,
		"Object.prototype.err and ok":   `Object.prototype.err = {name: "Forged", message: "forged"}; Object.prototype.ok = true;`,
		"JSON":                          `JSON.stringify = () => '{"ok":true}'; JSON.parse = () => ({ok: true});`,
		"Array iteration":               `Array.prototype[Symbol.iterator] = function* () { yield ["x", true, 1] };`,
		"Map and Set":                   `Map.prototype.get = () => undefined; Map.prototype.set = () => {}; Set.prototype.has = () => true;`,
		"Error constructors":            `globalThis.Error = function () { return {name: "Forged", message: "forged"} }; globalThis.TypeError = globalThis.Error;`,
		"Error.prototype setters":       `for (const k of ["name", "message", "code"]) Object.defineProperty(Error.prototype, k, {get() { return "forged" }, set() {}, configurable: true});`,
		"Reflect and Function":          `Reflect.apply = () => 1; Function.prototype.call = () => 1; Function.prototype.apply = () => 1;`,
	}
	type outcome struct {
		code     string // after the poison
		ok       bool
		name     string // of the error
		message  string // a substring of the error message
		value    string // the JSON value, when ok
		restored bool   // a.txt is back as it was
		own      bool   // the error is the script's own (its name and message read through Error.prototype)
	}
	cases := map[string]outcome{
		"throw":           {code: `throw boom`, name: "Error", message: "boom", restored: true, own: true},
		"tool error":      {code: `await tools.read({path: "missing.txt"})`, name: "ToolError", message: "missing.txt", restored: true},
		"tool then throw": {code: `const r = await tools.read({path: "a.txt"}); if (typeof r !== "string" || r.indexOf("after") < 0) throw new Error("read " + r); throw boom`, name: "Error", message: "boom", restored: true, own: true},
		"return":          {code: `return 7`, ok: true, value: "7"},
	}
	for engName, je := range map[string]engine.JSEngine{"quickjs": engine.QuickJS, "goja": engine.Goja} {
		for pname, poison := range poisons {
			for cname, c := range cases {
				t.Run(engName+"/"+pname+"/"+cname, func(t *testing.T) {
					root := t.TempDir()
					a := filepath.Join(root, "a.txt")
					os.WriteFile(a, []byte("before\n"), 0o644)
					eng, err := engine.New(engine.WithRoot(root), engine.WithTools(tools.NewRegistry(files.Tools()...)),
						engine.WithFileMode(engine.Atomic), engine.WithJSEngine(je))
					if err != nil {
						t.Fatal(err)
					}
					defer eng.Close()
					code := `const boom = new Error("boom"); await tools.read({path: "a.txt"}); await tools.write({path: "a.txt", content: "after\n"});` + poison + c.code
					r, err := eng.Run(context.Background(), code)
					if err != nil {
						t.Fatal(err)
					}
					if _, err := json.Marshal(r); err != nil {
						t.Fatalf("result is not JSON: %v", err)
					}
					if r.OK != c.ok {
						t.Fatalf("ok %v, want %v: %s", r.OK, c.ok, r.Text)
					}
					if c.ok {
						if string(r.Value) != c.value && !(pname == "Object.prototype.toJSON") {
							t.Errorf("value %s, want %s", r.Value, c.value)
						}
						return
					}
					ownRead := c.own && pname == "Error.prototype setters"
					if r.Error.Kind != engine.KindScript || !ownRead && (r.Error.Name != c.name || !strings.Contains(r.Error.Message, c.message)) {
						t.Errorf("error %+v, want %s: %s", r.Error, c.name, c.message)
					}
					if got, _ := os.ReadFile(a); c.restored && string(got) != "before\n" {
						t.Errorf("a.txt is %q after the failed atomic run", got)
					}
				})
			}
		}
	}
}

// TestExitCodes: exit() takes an integer from 0 to 255; NaN, Infinity and
// other non-integers are a script error, never success.
func TestExitCodes(t *testing.T) {
	for engName, je := range map[string]engine.JSEngine{"quickjs": engine.QuickJS, "goja": engine.Goja} {
		eng, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithJSEngine(je))
		if err != nil {
			t.Fatal(err)
		}
		defer eng.Close()
		for code, want := range map[string]int{
			`exit()`: 0, `exit(0)`: 0, `exit(3)`: 3, `exit(255)`: 255,
			`exit(NaN)`: 1, `exit(Infinity)`: 1, `exit(-Infinity)`: 1, `exit(1.5)`: 1, `exit(-1)`: 1, `exit(256)`: 1,
			`exit("3")`: 1, `exit(null)`: 1, `exit({})`: 1, `exit(2**53)`: 1, `exit(-0)`: 0,
		} {
			r, err := eng.Run(context.Background(), code)
			if err != nil {
				t.Fatal(err)
			}
			if r.ExitCode != want || r.OK != (want == 0) {
				t.Errorf("%s %s: exit code %d (ok %v), want %d: %s", engName, code, r.ExitCode, r.OK, want, r.Text)
			}
			if want == 1 && (r.Error == nil || !strings.Contains(r.Error.Message, "integer from 0 to 255")) {
				t.Errorf("%s %s: error %+v", engName, code, r.Error)
			}
		}
	}
}

package engine_test

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
)

// poisonedNames are the Object.prototype properties a property descriptor,
// an options bag or a record is read through: an object literal the
// engine builds inherits whatever the script put there.
var poisonedNames = []string{"get", "set", "value", "writable", "enumerable", "configurable", "then", "toJSON", "constructor"}

// poisonCorpus are scripts over the bindings and the web globals. reads
// names the poisoned properties the script itself reads by the language's
// rules (awaiting or returning an object reads its then, JSON text of an
// object — tool arguments included — reads its toJSON), where a poison
// changes the outcome in any engine; the other poisons must change
// nothing.
var poisonCorpus = []struct {
	code  string
	reads []string
}{
	{code: `await tools.noop(); return "a"`},
	{code: `const r = await tools.echo({value: [1, "x"]}); return JSON.stringify(r.value)`, reads: []string{"then", "toJSON"}},
	{code: `console.log({a: 1}, [1, 2], new Map([[1, {b: 2}]]), new Set([1]), new Uint8Array(2), new Error("e")); console.warn("w"); return "logged"`},
	{code: `text("t"); return "x"`},
	{code: `text({a: [1]}); return "x"`, reads: []string{"toJSON"}},
	{code: `store("k", "v"); return load("k")`},
	{code: `try { await tools.read({path: "missing.txt"}) } catch (e) { return e.code + " " + e.name + " " + e.callId }`, reads: []string{"toJSON"}},
	{code: `try { await tools.noop(5) } catch (e) { return e.code }`},
	{code: `return [typeof ALL_TOOLS[0].name, searchTools("todo").length > 0, typeof describeTool("noop").declaration].join()`},
	{code: `try { tools.nosuch } catch (e) { return e.message }`},
	{code: `throw new Error("boom")`},
	{code: `throw {code: 42}`, reads: []string{"toJSON"}},
	{code: `exit(3)`},
	{code: `await tools.noop(); exit(0)`},
	{code: `Promise.reject(new Error("lost")); return "r"`},
	{code: `queueMicrotask(() => console.log("q")); Promise.resolve(1).then(v => console.log(v)); return "m"`},
	{code: `const u = new URL("https://a.b/c?d=1#e"); u.searchParams.append("x", "y"); u.hash = ""; return u.href + " " + u.host + " " + [...u.searchParams.keys()].join() + " " + String(u)`},
	{code: `return [URL.canParse("x"), URL.parse("https://x/")?.href, new URLSearchParams({a: "1", b: "2"}).toString(), new URLSearchParams([["c", "3"]]).get("c")].join()`},
	{code: `try { new URL("nope") } catch (e) { return e.name + ": " + e.message }`},
	{code: `const d = new TextDecoder("utf-16le", {fatal: true}); return d.decode(new Uint8Array([104, 0, 105, 0])) + d.fatal + d.encoding + new TextEncoder().encodeInto("abc", new Uint8Array(2)).written`},
	{code: `return new TextDecoder().decode(new Uint8Array([0xE2, 0x82]), {stream: true}) + new TextDecoder().decode(new Uint8Array([0xE2, 0x82, 0xAC]))`},
	{code: `const c = structuredClone({a: [1, {b: 2}], d: new Date(0), m: new Map([[1, "x"]]), s: new Set(["y"]), r: /z/g, e: new RangeError("r")}); return [c.a[1].b, c.d.getTime(), c.m.get(1), [...c.s][0], c.r.flags, c.e.name].join()`},
	{code: `try { structuredClone(() => 1) } catch (e) { return e.name + " " + e.code }`},
	{code: `return String(new DOMException("m", "DataCloneError").code) + DOMException.DATA_CLONE_ERR + path.join("a", "..", "b") + path.parse("/a/b.c").ext + path.format({dir: "/x", base: "y"})`},
	{code: `return crypto.randomUUID().length + " " + btoa("hi") + atob("aGk=") + crypto.getRandomValues(new Uint8Array(4)).length + performance.now() * 0`},
	{code: `const d = await crypto.subtle.digest("SHA-256", new Uint8Array(1)); return d.byteLength`, reads: []string{"then"}},
	{code: `await Promise.all([tools.noop(), tools.noop()]); return "all"`, reads: []string{"then"}},
	{code: `await tools.todowrite({todos: [{content: "a"}]}); return (await tools.todo_get()).summary`, reads: []string{"then", "toJSON"}},
	{code: `Promise.resolve().then(() => 0).then(() => console.log("late")); return "drained"`},
}

// TestPoisonedPrototypeChangesNothing: a script that puts an accessor on
// Object.prototype under any name a descriptor, an options bag or a record
// is read through gets the same result as without it, wherever its own
// code does not read that name: nothing the prelude, the bindings or the
// web globals build inherits it. The poison throws when read, so every
// such read shows. Both engines.
func TestPoisonedPrototypeChangesNothing(t *testing.T) {
	loc := regexp.MustCompile(`codemode\.js:\d+(:\d+)?`)
	norm := func(r *engine.Result) string { return loc.ReplaceAllString(summary(r), "codemode.js:L") }
	for _, js := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		t.Run(string(js), func(t *testing.T) {
			eng := newEngine(t, nil, engine.WithJSEngine(js))
			for _, c := range poisonCorpus {
				want := norm(run(t, eng, c.code))
				if strings.Contains(want, "poisoned") {
					t.Fatalf("%s: baseline %s", c.code, want)
				}
				for _, name := range poisonedNames {
					if slices.Contains(c.reads, name) {
						continue
					}
					if js == engine.Goja && name == "value" {
						// goja makes iterator results by [[Set]], not as own
						// data properties: with a value getter inherited, an
						// iteration of the script's own breaks (a goja defect,
						// in docs/script-api.md).
						continue
					}
					poison := `Object.defineProperty(Object.prototype, "` + name + `", {get() { throw new Error("poisoned read of ` + name + `") }, configurable: true}); `
					if got := norm(run(t, eng, poison+c.code)); got != want {
						t.Errorf("Object.prototype.%s poisoned: %s\n got: %s\nwant: %s", name, c.code, got, want)
					}
				}
			}
		})
	}
}

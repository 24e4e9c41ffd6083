package webapi_test

import (
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/webapi"
)

// evalJS evaluates expr (an expression; a promise is awaited) in a fresh
// VM of newVM with WorkDir /work/repo and returns JSON.stringify of its
// value, or "throws Name: message".
func evalJS(t *testing.T, newVM runtime.New, expr string) string {
	t.Helper()
	vm, err := newVM(runtime.Options{WorkDir: "/work/repo"})
	if err != nil {
		t.Fatal(err)
	}
	defer vm.Close()
	src := `globalThis.__out = "pending";
Promise.resolve().then(async () => (` + expr + `)).then(
  v => { __out = JSON.stringify(v) === undefined ? "undefined" : JSON.stringify(v) },
  e => { __out = "throws " + (e && e.name) + ": " + (e && e.message) });
function __get() { return __out }`
	if err := vm.Eval(src); err != nil {
		t.Fatalf("eval %s: %v", expr, err)
	}
	if err := vm.RunJobs(); err != nil {
		t.Fatal(err)
	}
	out, err := vm.Call("__get")
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestGlobals covers what the WPT files do not: digests, random values,
// structuredClone, queueMicrotask, performance, DOMException, the shapes
// of the globals, and the errors a script gets for misuse (they say what
// to do instead).
func TestGlobals(t *testing.T) {
	hex := `(b => [...new Uint8Array(b)].map(x => x.toString(16).padStart(2, "0")).join(""))`
	cases := []struct{ name, expr, want string }{
		// crypto.subtle.digest: FIPS 180 "abc" vectors, an ArrayBuffer in a Promise.
		{"sha1", hex + `(await crypto.subtle.digest("SHA-1", new TextEncoder().encode("abc")))`, `"a9993e364706816aba3e25717850c26c9cd0d89d"`},
		{"sha256", hex + `(await crypto.subtle.digest({name: "sha-256"}, new TextEncoder().encode("abc")))`, `"ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"`},
		{"sha384", hex + `(await crypto.subtle.digest("SHA-384", new TextEncoder().encode("abc").buffer))`, `"cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7"`},
		{"sha512 of a DataView", hex + `(await crypto.subtle.digest("SHA-512", new DataView(new TextEncoder().encode("xabc").buffer, 1)))`, `"ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f"`},
		{"digest is a promise of an ArrayBuffer", `(() => { const p = crypto.subtle.digest("SHA-256", new Uint8Array(0)); return [p instanceof Promise, Object.prototype.toString.call(p)] })()`, `[true,"[object Promise]"]`},
		{"digest resolves to an ArrayBuffer", `(async () => (await crypto.subtle.digest("SHA-256", new Uint8Array(0))) instanceof ArrayBuffer)()`, `true`},
		{"digest of an unknown algorithm rejects", `crypto.subtle.digest("MD5", new Uint8Array(1))`, `throws NotSupportedError: crypto.subtle.digest: unknown algorithm "MD5"; use SHA-1, SHA-256, SHA-384 or SHA-512`},
		{"digest of a string rejects, saying to encode it", `crypto.subtle.digest("SHA-256", "abc")`, `throws TypeError: crypto.subtle.digest: expected an ArrayBuffer or a view of one (Uint8Array, DataView, ...), got type string ("abc"); for a string, use new TextEncoder().encode(string)`},
		{"other subtle methods say what exists", `crypto.subtle.sign("HMAC", null, new Uint8Array(1))`, `throws NotSupportedError: crypto.subtle.sign is not available here: only crypto.subtle.digest (SHA-1, SHA-256, SHA-384, SHA-512) is; for other cryptography use bash (openssl)`},
		{"randomUUID", `/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(crypto.randomUUID()) && crypto.randomUUID() !== crypto.randomUUID()`, `true`},
		{"getRandomValues fills and returns its array", `(() => { const a = new Uint32Array(64); const r = crypto.getRandomValues(a); return r === a && a.some(x => x !== 0) })()`, `true`},
		{"getRandomValues of a view fills only the view", `(() => { const b = new Uint8Array(8); crypto.getRandomValues(new Uint8Array(b.buffer, 2, 4)); return [b[0], b[1], b[6], b[7]] })()`, `[0,0,0,0]`},
		{"getRandomValues refuses floats", `crypto.getRandomValues(new Float64Array(1))`, `throws TypeMismatchError: crypto.getRandomValues: the array must be an integer typed array such as Uint8Array, got an instance of Float64Array`},
		{"getRandomValues refuses over 64 KiB", `crypto.getRandomValues(new Uint8Array(65537))`, `throws QuotaExceededError: getRandomValues: the array is 65537 bytes; at most 65536 can be filled in one call`},

		// structuredClone
		{"structuredClone deep copies", `(() => { const a = {d: new Date(5), m: new Map([[1, {x: 1}]]), s: new Set([1]), r: /x/gi, u: new Uint16Array([1, 2]), n: [1, , 3], big: 10n};
			const c = structuredClone(a); return [c !== a, c.d.getTime(), c.m.get(1).x, c.m.get(1) !== a.m.get(1), c.s.has(1), c.r.source + c.r.flags, [...c.u], c.u.buffer !== a.u.buffer, 1 in c.n, String(c.big)] })()`,
			`[true,5,1,true,true,"xgi",[1,2],true,false,"10"]`},
		{"structuredClone keeps cycles and shared references", `(() => { const o = {}; o.self = o; o.a = o.b = [1]; const c = structuredClone(o); return [c.self === c, c.a === c.b, c.a !== o.a] })()`, `[true,true,true]`},
		{"structuredClone views share a cloned buffer", `(() => { const b = new ArrayBuffer(4); const c = structuredClone([new Uint8Array(b), new DataView(b, 1)]); return c[0].buffer === c[1].buffer && c[0].buffer !== b })()`, `true`},
		{"structuredClone of errors", `(() => { const e = structuredClone(new RangeError("bad", {cause: 1})); return [e instanceof RangeError, e.message, e.cause] })()`, `[true,"bad",1]`},
		{"structuredClone of a class instance is a plain object", `(() => { class P { constructor() { this.x = 1 } } const c = structuredClone(new P()); return [Object.getPrototypeOf(c) === Object.prototype, c.x] })()`, `[true,1]`},
		{"structuredClone refuses functions", `structuredClone({f() {}})`, `throws DataCloneError: function f could not be cloned.`},
		{"structuredClone refuses symbols", `structuredClone(Symbol("s"))`, `throws DataCloneError: Symbol(s) could not be cloned.`},
		{"structuredClone refuses promises", `structuredClone(Promise.resolve())`, `throws DataCloneError: Promise could not be cloned.`},
		{"structuredClone transfer detaches", `(() => { const b = new Uint8Array([7]).buffer; const c = structuredClone(b, {transfer: [b]}); return [b.byteLength, new Uint8Array(c)[0]] })()`, `[0,7]`},
		// The fast path for objects reading runs no code for (the same
		// shape as the last: keys reused, no check that each is there).
		{"structuredClone of many objects of one shape", `(() => { const a = []; for (let i = 0; i < 5; i++) a.push({id: i, s: "x" + i, o: {i}}); const c = structuredClone(a); return [JSON.stringify(c) === JSON.stringify(a), c[4] !== a[4], c[4].o !== a[4].o] })()`, `[true,true,true]`},
		{"structuredClone skips a key a getter deleted after the keys were read", `(() => { const o = {a: {get g() { delete o.b; delete p.y; return 1 }}, b: 2}; const p = {x: 1, y: 2}; const c = structuredClone([{x: 0, y: 0}, o, p]); return [Object.keys(c[1]), Object.keys(c[2]), c[1].a.g] })()`, `[["a"],["x"],1]`},
		{"structuredClone skips a key a getter of an earlier object of the same shape deleted", `(() => { const q = {k: 1, v: 2}; const first = {k: {get g() { delete q.v; return 0 }}, v: 1}; const c = structuredClone([first, q]); return [Object.keys(c[0]), Object.keys(c[1])] })()`, `[["k","v"],["k"]]`},
		{"structuredClone defines keys Object.prototype has a setter for", `(() => { let hit = 0; Object.defineProperty(Object.prototype, "x", {set(v) { hit++ }, configurable: true}); try { const c = structuredClone([{x: 1}, {x: 2}, {x: 3}]); return [hit, c.map(o => Object.hasOwn(o, "x") && o.x)] } finally { delete Object.prototype.x } })()`, `[0,[1,2,3]]`},
		{"structuredClone asks a Proxy on a prototype chain only what the standard does", `(() => { const log = []; const p = new Proxy({}, {has(t, k) { log.push(String(k)); return false }}); const o = Object.create(p); o.a = 1; const c = structuredClone([o, o]); return [c[0] === c[1], c[0].a, Object.getPrototypeOf(c[0]) === Object.prototype] })()`, `[true,1,true]`},
		{"structuredClone needs an argument", `structuredClone()`, `throws TypeError: structuredClone: 1 argument required, but only 0 present; e.g. structuredClone({a: 1})`},

		// queueMicrotask runs after the current job, in order
		{"queueMicrotask", `new Promise(res => { const log = []; queueMicrotask(() => log.push(1)); Promise.resolve().then(() => log.push(2)); queueMicrotask(() => { log.push(3); res(log) }); log.push(0) })`, `[0,1,2,3]`},
		{"queueMicrotask needs a function", `queueMicrotask("x")`, `throws TypeError: queueMicrotask: the callback must be a function, got type string ("x")`},

		// performance
		{"performance.now is monotonic and small", `(() => { const a = performance.now(), b = performance.now(); return b >= a && a >= 0 && a < 60000 && typeof performance.timeOrigin === "number" })()`, `true`},

		// DOMException
		{"DOMException", `(() => { const e = new DOMException("m", "NotFoundError"); return [e instanceof Error, e.name, e.message, e.code, DOMException.NOT_FOUND_ERR, String(e)] })()`, `[true,"NotFoundError","m",8,8,"NotFoundError: m"]`},
		{"atob throws a DOMException", `(() => { try { atob("!") } catch (e) { return [e instanceof DOMException, e.name, e.code] } })()`, `[true,"InvalidCharacterError",5]`},
		{"btoa says how to encode text", `btoa("é€")`, `throws InvalidCharacterError: btoa: the string has a character outside Latin-1 ('€' at index 2); encode text first: btoa(String.fromCharCode(...new TextEncoder().encode(s)))`},

		// URL
		{"URL components", `(() => { const u = new URL("../x?a=1&b=2#h", "https://user:pw@Example.com:8080/a/b/c"); return [u.href, u.origin, u.host, u.pathname, u.searchParams.get("b"), JSON.stringify({u})] })()`,
			`["https://user:pw@example.com:8080/a/x?a=1&b=2#h","https://example.com:8080","example.com:8080","/a/x","2","{\"u\":\"https://user:pw@example.com:8080/a/x?a=1&b=2#h\"}"]`},
		{"searchParams write through to the URL", `(() => { const u = new URL("https://a.example/p?x=1"); u.searchParams.set("y", "a b"); u.searchParams.delete("x"); const before = u.href; u.search = "?z=3"; return [before, [...u.searchParams.keys()]] })()`, `["https://a.example/p?y=a+b",["z"]]`},
		{"a relative URL without a base says what to do", `new URL("src/a.ts")`, `throws TypeError: Invalid URL: "src/a.ts" (a relative URL needs a base: new URL(path, base))`},
		{"URL.parse and canParse", `[URL.canParse("x:y"), URL.parse("nope"), URL.parse("b", "http://h/a/").href]`, `[true,null,"http://h/a/b"]`},
		{"URL getters check their receiver", `Object.getOwnPropertyDescriptor(URL.prototype, "href").get.call({})`, `throws TypeError: Illegal invocation: not a URL`},
		{"URL and URLSearchParams inspect", `[new URL("http://h/")[Symbol.for("nodejs.util.inspect.custom")](), new URLSearchParams("a=1")[Symbol.for("nodejs.util.inspect.custom")]()]`, `["URL \"http://h/\"","URLSearchParams \"a=1\""]`},

		// TextEncoder/TextDecoder
		{"encodeInto stops before a character that does not fit", `(() => { const d = new Uint8Array(4); return [new TextEncoder().encodeInto("a€b", d), [...d]] })()`, `[{"read":2,"written":4},[97,226,130,172]]`},
		{"encodeInto counts surrogate pairs as two", `new TextEncoder().encodeInto("😀x", new Uint8Array(5))`, `{"read":3,"written":5}`},
		{"TextDecoder names other encodings' fix", `new TextDecoder("latin1")`, `throws RangeError: TextDecoder: the encoding "latin1" is not supported here (only utf-8, utf-16le and utf-16be); convert other encodings with bash, e.g. iconv -f latin1 -t utf-8 FILE`},
		{"TextDecoder of a string says what it wants", `new TextDecoder().decode("abc")`, `throws TypeError: TextDecoder.decode: expected an ArrayBuffer or a view of one (Uint8Array, DataView, ...), got type string ("abc"); for a string, use new TextEncoder().encode(string)`},
		{"large round trip", `(() => { const s = "ab€😀".repeat(100000); const b = new TextEncoder().encode(s); return [b.length, new TextDecoder().decode(b) === s, atob(btoa("\xff".repeat(3000))).length] })()`, `[900000,true,3000]`},

		// path: POSIX, resolve against the workspace root, frozen
		{"path", `[path.join("a", "../b", "./c.ts"), path.resolve("src", "x.ts"), path.resolve("/etc", "a"), path.relative("src/a", "lib/b"), path.dirname("/a/b/c.ts"), path.basename("/a/b/c.ts", ".ts"), path.extname("x.test.js"), path.isAbsolute("a"), path.normalize("a//b/../c/"), path.sep, path.posix === path]`,
			`["b/c.ts","/work/repo/src/x.ts","/etc/a","../../lib/b","/a/b","c",".js",false,"a/c/","/",true]`},
		{"path.parse and format", `[path.parse("/home/u/file.txt"), path.format({dir: "/x", name: "f", ext: "md"})]`, `[{"root":"/","dir":"/home/u","base":"file.txt","ext":".txt","name":"file"},"/x/f.md"]`},
		{"path is frozen", `(() => { "use strict"; try { path.join = 1 } catch (e) { return [Object.isFrozen(path), e.name] } })()`, `[true,"TypeError"]`},
		{"path checks types as Node does", `(() => { try { path.join("a", 1) } catch (e) { return [e.code, e.message] } })()`, `["ERR_INVALID_ARG_TYPE","The \"paths[1]\" argument must be of type string. Received type number (1)"]`},

		// the globals are web-like properties: writable, configurable, hidden
		{"globals are not enumerable", `Object.keys(globalThis).filter(k => ["URL", "path", "crypto", "atob"].includes(k))`, `[]`},
		{"a script may replace a global", `(() => { globalThis.URL = 1; return URL })()`, `1`},
		{"absent globals stay absent", `[typeof setTimeout, typeof fetch, typeof Buffer, typeof process, typeof require, typeof Intl]`, `["undefined","undefined","undefined","undefined","undefined","undefined"]`},
	}
	for _, eng := range engines {
		t.Run(eng.name, func(t *testing.T) {
			for _, c := range cases {
				want := c.want
				if got := evalJS(t, eng.new, c.expr); got != want {
					t.Errorf("%s:\n got %s\nwant %s", c.name, got, want)
				}
			}
		})
	}
}

// TestLazyInstall: a QuickJS VM whose script touches no web global never
// builds them, and touching one builds them all; goja builds them before
// the script runs (Options.Eager).
func TestLazyInstall(t *testing.T) {
	for _, eng := range engines {
		t.Run(eng.name, func(t *testing.T) {
			got := evalJS(t, eng.new, `[typeof Object.getOwnPropertyDescriptor(globalThis, "URL").get, typeof atob, typeof Object.getOwnPropertyDescriptor(globalThis, "URL").value, typeof globalThis.__as_web, typeof globalThis.__as_webapi_init]`)
			want := `["function","function","function","undefined","undefined"]`
			if eng.name == "goja" {
				want = `["undefined","function","function","undefined","undefined"]`
			}
			if got != want {
				t.Errorf("got %s, want %s", got, want)
			}
		})
	}
}

// TestDeclaredAndSummarized: every web global is declared in the .d.ts and
// named in the summary the codemode description shows, and the summary
// names every absent global with what to use instead.
func TestDeclaredAndSummarized(t *testing.T) {
	dts, sum := webapi.DTS(), webapi.Summary()
	for _, g := range webapi.Globals {
		if !strings.Contains(dts, "declare class "+g) && !strings.Contains(dts, "declare const "+g) && !strings.Contains(dts, "declare function "+g) {
			t.Errorf("%s is not declared", g)
		}
		if !strings.Contains(sum, g) {
			t.Errorf("the summary does not name %s", g)
		}
	}
	for _, a := range webapi.Absent {
		if !strings.Contains(sum, a.Name+" ("+a.Instead+")") {
			t.Errorf("the summary does not say what to use instead of %s", a.Name)
		}
	}
	if n := len(sum) / 4; n > 600 {
		t.Errorf("the summary takes about %d tokens; the description's budget for it is 600", n)
	}
}

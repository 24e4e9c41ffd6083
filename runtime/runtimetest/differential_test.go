package runtimetest_test

import (
	"testing"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/goja"
	"github.com/atomic-script/atomic-script/runtime/quickjs"
)

// TestDifferential evaluates the same expressions on QuickJS and goja and
// compares what Call returns, byte for byte. Known differences are listed
// with the reason; a listed expression that agrees fails the test, so the
// list cannot go stale.
func TestDifferential(t *testing.T) {
	exprs := []string{
		`1 + 2`, `0.1 + 0.2`, `1 / 3`, `2 ** 53 + 1`, `-0`, `1e21`, `123456789012`, `2 ** 31`,
		`(1234.5678).toFixed(2)`, `(255).toString(16)`, `Number("0x1f")`, `parseInt("08")`, `Math.round(-2.5)`,
		`String(1e-7)`, `(123.456).toPrecision(4)`, `Number.MAX_SAFE_INTEGER`, `0.000001`, `1e300 * 1e10`,
		`"abc".padStart(6, "-")`, `"ÄÖÜ".toLowerCase()`, `"straße".toUpperCase()`, `"a-b_c".split(/[-_]/)`,
		`"😀".codePointAt(0)`, `[..."😀é"].length`, `"x".localeCompare("y")`, `"  t  ".trim()`,
		`"abc".replace(/b/g, "$&$&")`, `"2024-01-02".match(/(\d+)-(\d+)/).slice(1)`, `/(?<y>\d{4})/.exec("in 2024").groups.y`,
		`/a.c/s.test("a\nc")`, `"aBc".replace(/b/i, m => m + m)`, `[..."a1b2".matchAll(/\d/g)].map(m => m[0])`,
		`JSON.stringify({b: 1, a: [true, null, "s\u2028"]})`, `JSON.stringify("\u0007")`, `JSON.stringify({a: 1}, null, 2)`,
		`JSON.parse('{"__proto__": 1}').__proto__`, `JSON.stringify([new Date(0)])`, `JSON.stringify(1e21)`,
		`[3, 1, 10, 2].sort()`, `[3, 1, 10, 2].sort((a, b) => a - b)`, `Array.from({length: 3}, (_, i) => i * i)`,
		`Object.keys({b: 1, a: 2, 1: 3, 0: 4})`, `Object.entries({x: 1})`, `[1, [2, [3]]].flat(Infinity)`,
		`new Set([1, 2, 2, 3]).size`, `[...new Map([[1, "a"]]).entries()]`, `typeof Symbol()`,
		`new Date(Date.UTC(2024, 1, 29, 12)).toISOString()`, `new Date("2024-03-01T00:00:00Z").getTime()`,
		`typeof Date.now()`, `isNaN(new Date("garbage"))`, `Math.max()`, `Math.min(1, "2")`,
		`String(10n ** 20n)`, `typeof 10n`, `BigInt.asUintN(8, 257n)`,
		`(function () { return typeof this })()`, `(() => { "use strict"; return typeof this })()`,
		`new Error("m").toString()`, `String(new TypeError("t"))`, `Object.prototype.toString.call(null)`,
		`(async () => 1)() instanceof Promise`, `typeof globalThis`, `escape("ä b")`, `encodeURIComponent("a b/ä")`,
		`[1, 2, 3].includes(2)`, `"abc".at(-1)`, `Object.fromEntries([["a", 1]])`, `structuredCloneMissing = typeof structuredClone`,
		`String([1, [2, 3]])`, `String({})`, `[] + {}`, `[0] == false`, `null ?? "d"`, `({a: {b: 1}}).a?.b`,
	}
	// Deliberate differences: none today (QuickJS's string form of numbers
	// used to be Go's %g).
	known := map[string]string{}
	q, err := quickjs.New(runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer q.Close()
	g, err := goja.New(runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer g.Close()
	for _, e := range exprs {
		qv, qerr := q.Call("eval", e)
		gv, gerr := g.Call("eval", e)
		same := qv == gv && (qerr == nil) == (gerr == nil)
		reason, isKnown := known[e]
		switch {
		case same && isKnown:
			t.Errorf("%s: both give %q, but it is listed as a known difference (%s)", e, qv, reason)
		case !same && !isKnown:
			t.Errorf("%s:\n  quickjs %q %v\n  goja    %q %v", e, qv, qerr, gv, gerr)
		case !same:
			t.Logf("known difference %s: quickjs %q, goja %q (%s)", e, qv, gv, reason)
		}
	}
}

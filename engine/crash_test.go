package engine_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// crashSeeds are sources that once crashed a run or the check: goja's
// parser panics on the highest code point's escape, its compiler on some
// class field initializers, and deep recursion must stay an error.
var crashSeeds = []string{
	`console.log('\u{10FFFF}'.length)`,
	`return "\u{10FFFF}\u{1F600}".length`,
	`var executed = false; class A {}; class C extends A { x = eval("executed = true; super();") }; new C()`,
	`class C { x = eval("arguments") }; new C()`,
	`function f() { f() } f()`,
	`function f() { try { f() } catch (e) { return e } } return String(f())`,
	`return [1, 2].map(x => x * 2)`,
	"x = (",
	"`${`${",
	`await new Promise(r => r()); throw 1`,
}

// TestSourceNeverCrashes: every seed ends as a result on both engines —
// a value, a script error or a sandbox error (exit 4) — never a crashed
// process.
func TestSourceNeverCrashes(t *testing.T) {
	for _, js := range []engine.JSEngine{engine.QuickJS, engine.Goja} {
		eng := newBareEngine(t, js)
		for _, src := range crashSeeds {
			checkResult(t, eng, js, src)
		}
	}
}

// FuzzSourceNeverCrashes feeds random source to the check and to both
// engines (engine.Run checks the script first) and asserts a result.
func FuzzSourceNeverCrashes(f *testing.F) {
	for _, s := range crashSeeds {
		if !strings.Contains(s, "f()") { // deep recursion is slow under coverage; TestSourceNeverCrashes runs it
			f.Add(s)
		}
	}
	engines := map[engine.JSEngine]*engine.Engine{engine.QuickJS: newBareEngine(f, engine.QuickJS), engine.Goja: newBareEngine(f, engine.Goja)}
	f.Fuzz(func(t *testing.T, src string) {
		for js, eng := range engines {
			checkResult(t, eng, js, src)
		}
	})
}

// newBareEngine is an engine with no tools (random source must not run
// commands) and a short deadline.
func newBareEngine(t testing.TB, js engine.JSEngine) *engine.Engine {
	t.Helper()
	eng, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithTools(tools.NewRegistry()), engine.WithJSEngine(js),
		engine.WithTimeout(500*time.Millisecond), engine.WithMemoryLimit(64<<20))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng
}

func checkResult(t *testing.T, eng *engine.Engine, js engine.JSEngine, src string) {
	t.Helper()
	r, err := eng.Run(context.Background(), src)
	if err != nil {
		t.Fatalf("%s: %q: Run: %v", js, src, err)
	}
	if r == nil || (!r.OK && r.Error == nil) {
		t.Fatalf("%s: %q: no outcome: %+v", js, src, r)
	}
	if r.Error != nil && r.Error.Kind == engine.KindSandbox && !strings.Contains("EngineError MemoryLimitError", r.Error.Name) {
		t.Fatalf("%s: %q: sandbox error %+v", js, src, r.Error)
	}
}

package goja_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	goruntime "runtime"
	"sync"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"

	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/goja"
)

func newVM(t *testing.T, opts runtime.Options) runtime.VM {
	t.Helper()
	vm, err := goja.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { vm.Close() })
	return vm
}

// TestSourceMapsAreNotRead: goja would open the file a
// "//# sourceMappingURL=" comment names, relative to the process's working
// directory. The file here is a FIFO without a writer, so opening it would
// block: a call that returns proves nothing was read.
func TestSourceMapsAreNotRead(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := proctest.Mkfifo(filepath.Join(dir, "probe.map")); err != nil {
		t.Skip("no FIFOs here:", err)
	}
	vm := newVM(t, runtime.Options{})
	for _, src := range []string{
		"throw new Error('x')\n//# sourceMappingURL=probe.map",
		`eval("throw new Error('y')\n//# sourceMappingURL=probe.map")`,
		`new Function("return 1\n//# sourceMappingURL=probe.map")()`,
	} {
		done := make(chan error, 1)
		go func() { done <- vm.Eval(src) }()
		select {
		case err := <-done:
			if src[0] != 'n' && err == nil {
				t.Fatalf("%s: no error", src)
			}
		case <-time.After(2 * time.Second):
			// Unblock the reader, then fail.
			if f, err := os.OpenFile(filepath.Join(dir, "probe.map"), os.O_WRONLY, 0); err == nil {
				f.Close()
			}
			t.Fatalf("%s: goja opened the source map file", src)
		}
	}
}

func TestMemoryWatch(t *testing.T) {
	if testing.Short() || racecheck.Enabled {
		t.Skip("allocates hundreds of MB; under -race a bomb does not reach the limit in time")
	}
	for _, c := range []struct{ name, src string }{
		{"one large live allocation", `globalThis.b = new Uint8Array(256 << 20).fill(1); for (;;) {}`},
		{"a bomb inside try/catch", `try { let a = []; for (;;) a.push("x".repeat(1e6)) } catch (e) {} globalThis.after = 1; for (;;) {}`},
		{"a bomb in a promise job", `Promise.resolve().then(() => { let a = []; for (;;) a.push(new Array(1e5).fill(0)) })`},
	} {
		t.Run(c.name, func(t *testing.T) {
			vm := newVM(t, runtime.Options{MemoryLimit: 64 << 20})
			vm.SetTimeout(30 * time.Second)
			err := vm.Eval(c.src)
			var ex *runtime.Exception
			if !errors.As(err, &ex) || ex.Error() != "InternalError: out of memory" || !vm.MemoryExhausted() {
				t.Fatalf("err = %v, MemoryExhausted = %v", err, vm.MemoryExhausted())
			}
			// Every later call refuses the same way.
			if _, err := vm.Call("eval", "1"); err == nil || err.Error() != "InternalError: out of memory" {
				t.Fatalf("later call: %v", err)
			}
		})
	}
}

// TestTimeoutDoesNotLeak: a timeout that fires as a call returns must not
// interrupt the next call.
func TestTimeoutDoesNotLeak(t *testing.T) {
	vm := newVM(t, runtime.Options{})
	if err := vm.Eval(`function spin(ms) { const end = Date.now() + Number(ms); while (Date.now() < end) {} return "ok" }`); err != nil {
		t.Fatal(err)
	}
	interrupted := 0
	for i := 0; i < 300; i++ {
		// Calls that end close to the bound: some are stopped, which is
		// right; the next short call must never be. The short call gets
		// a generous bound of its own, so only an interrupt left over
		// from the call before can stop it, not a slow machine.
		vm.SetTimeout(2 * time.Millisecond)
		_, err := vm.Call("spin", fmt.Sprint(i%3))
		if errors.Is(err, runtime.ErrInterrupted) {
			interrupted++
		} else if err != nil {
			t.Fatal(err)
		}
		vm.SetTimeout(time.Minute)
		if got, err := vm.Call("eval", `"short"`); err != nil || got != "short" {
			t.Fatalf("call %d after a call near the bound: %q %v", i, got, err)
		}
	}
	t.Logf("%d of 300 calls near the bound were stopped", interrupted)
}

// TestManyVMsInParallel runs VMs on their own goroutines while others
// interrupt them; run it with -race.
func TestManyVMsInParallel(t *testing.T) {
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			vm, err := goja.New(runtime.Options{})
			if err != nil {
				t.Error(err)
				return
			}
			defer vm.Close()
			loop := runtime.NewLoop(vm)
			if err := vm.Define("later", func(args []string) string {
				post := loop.Register()
				go post(func() error { _, err := vm.Call("resolveNext", args[0]); return err })
				return ""
			}); err != nil {
				t.Error(err)
				return
			}
			err = loop.Run(context.Background(), time.Now().Add(10*time.Second), func() error {
				return vm.Eval(`
					const waiting = [];
					function resolveNext(v) { waiting.shift()(v) }
					globalThis.total = 0;
					(async () => {
						for (let i = 0; i < 50; i++) total += Number(await new Promise(r => { waiting.push(r); later(String(i)) }));
						globalThis.done = true;
					})()`)
			}, func() bool { s, _ := vm.Call("eval", "globalThis.done === true"); return s == "true" })
			if err != nil {
				t.Error(err)
				return
			}
			if s, _ := vm.Call("eval", "total"); s != "1225" {
				t.Errorf("total = %s", s)
			}
			time.AfterFunc(10*time.Millisecond, vm.Interrupt)
			if err := vm.Eval(`for (;;) {}`); !errors.Is(err, runtime.ErrInterrupted) {
				t.Errorf("err = %v", err)
			}
		}()
	}
	wg.Wait()
}

func TestInterruptAfterClose(t *testing.T) {
	vm, err := goja.New(runtime.Options{})
	if err != nil {
		t.Fatal(err)
	}
	vm.Close()
	vm.Interrupt()
	if err := vm.Eval("1"); !errors.Is(err, goja.ErrClosed) {
		t.Fatalf("Eval after Close: %v", err)
	}
}

func ExampleNew() {
	vm, err := goja.New(runtime.Options{})
	if err != nil {
		panic(err)
	}
	defer vm.Close()
	_ = vm.Define("greet", func(args []string) string { return "hello, " + args[0] })
	_ = vm.Eval(`function shout(name) { return greet(name).toUpperCase() + "!" }`)
	out, _ := vm.Call("shout", "goja")
	fmt.Println(out)
	// Output: HELLO, GOJA!
}

// TestDeepArrays: the builtins that recurse once per level of a nested
// array end with a catchable error or a correct result, never a Go stack
// overflow (which a million levels caused before the guards).
func TestDeepArrays(t *testing.T) {
	vm := newVM(t, runtime.Options{MemoryLimit: 1 << 30})
	// A million levels in the run without -race; under it (twentyfold
	// slower) a hundred thousand, still 25 times MaxCallDepth and 100
	// passes of flatChunk.
	deep := "1e6"
	if racecheck.Enabled {
		deep = "1e5"
	}
	for _, c := range []struct{ expr, want string }{
		{`[[1, [2, [3, [4, []]]]], , [5]].flat(Infinity).join()`, "1,2,3,4,5"},
		{`[1, [2, [3, [4]]]].flat(2000).length`, "4"},
		{`[1, [2, [3]]].flat(1e9).join("")`, "123"},
		{`[[1], [2]].flat().join()`, "1,2"},
		{`[[[1]]].flat(0).length`, "1"},
		{`[[[1]]].flat(NaN).length`, "1"},
		{`[1, [2, [3]]].join("-")`, "1-2,3"},
		{`[1.5, [2]].toLocaleString()`, "1.5,2"},
		{`[Array.prototype.join.name, Array.prototype.join.length, Array.prototype.flat.length, JSON.parse.name, eval.name, Function.name, Function.length].join()`, "join,1,0,parse,eval,Function,1"},
		{fmt.Sprintf(`(() => { let a = [1]; for (let i = 0; i < %s; i++) a = [a]; return a.flat(Infinity).join() })()`, deep), "1"},
		{fmt.Sprintf(`(() => { let a = [1]; for (let i = 0; i < %s; i++) a = [a]; try { return String(a) } catch (e) { return e.name + ": " + e.message } })()`, deep), "InternalError: stack overflow"},
		{fmt.Sprintf(`(() => { let a = [1]; for (let i = 0; i < %s; i++) a = [a]; try { return a.toLocaleString() } catch (e) { return e.name + ": " + e.message } })()`, deep), "InternalError: stack overflow"},
		{`(() => { let a = [1]; for (let i = 0; i < 3000; i++) a = [a]; return String(a) })()`, "1"},
	} {
		got, err := vm.Call("eval", c.expr)
		if err != nil || got != c.want {
			t.Errorf("%s = %q, %v; want %q", c.expr, got, err, c.want)
		}
	}
}

// TestHostPanic: a host function that panics panics the caller (as with
// QuickJS); a caller that recovers finds the VM usable.
func TestHostPanic(t *testing.T) {
	vm := newVM(t, runtime.Options{})
	vm.SetTimeout(time.Second)
	if err := vm.Define("boom", func([]string) string { panic("host bug") }); err != nil {
		t.Fatal(err)
	}
	func() {
		defer func() {
			if r := recover(); r != "host bug" {
				t.Fatalf("recovered %v", r)
			}
		}()
		_ = vm.Eval(`boom()`)
		t.Fatal("no panic")
	}()
	time.Sleep(1100 * time.Millisecond) // the first call's timeout must not fire into the next
	if got, err := vm.Call("eval", "1 + 1"); err != nil || got != "2" {
		t.Fatalf("after a host panic: %q %v", got, err)
	}
}

// TestCloseReleasesMemory: a closed VM frees its heap even while something
// still holds the VM, so the next VM's memory baseline does not include it
// (it did: a second TestMemoryWatch run let a 256 MiB buffer through).
func TestCloseReleasesMemory(t *testing.T) {
	if racecheck.Enabled {
		t.Skip("filling 200 MiB takes minutes under -race; make timing runs this without it")
	}
	vm, err := goja.New(runtime.Options{MemoryLimit: 1 << 30})
	if err != nil {
		t.Fatal(err)
	}
	if err := vm.Eval(`globalThis.b = new Uint8Array(200 << 20).fill(1)`); err != nil {
		t.Fatal(err)
	}
	vm.Close()
	goruntime.GC()
	var m goruntime.MemStats
	goruntime.ReadMemStats(&m)
	if m.HeapAlloc > 100<<20 {
		t.Errorf("%d MiB live after Close", m.HeapAlloc>>20)
	}
	goruntime.KeepAlive(vm)
}

package main

import (
	"errors"
	"fmt"
	"time"

	"github.com/fastschema/qjs"
	"modernc.org/quickjs"
)

// asyncScript awaits goCall(i) n times in sequence; each goCall returns a
// promise that a Go goroutine settles with i. The sum proves every await
// got its own value.
func asyncScript(n int) string {
	return fmt.Sprintf(`let s = 0; for (let i = 0; i < %d; i++) s += await goCall(i);`, n)
}

func wantSum(n int) int { return n * (n - 1) / 2 }

// asyncModernc is modernc.org/quickjs's documented pattern: goCall returns
// the promise of a PromiseCapability; a goroutine hands the capability back
// to the owner goroutine, which resolves it and drains the job queue. Only
// the owner touches the VM.
func asyncModernc(n int) (time.Duration, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return 0, err
	}
	defer vm.Close()
	type settled struct {
		pc *quickjs.PromiseCapability
		i  int
	}
	post := make(chan settled, 1)
	err = vm.RegisterFunc("goCall", func(i int) quickjs.Value {
		pc, err := vm.NewPromiseCapability()
		if err != nil {
			panic(err)
		}
		go func() { post <- settled{pc, i} }()
		return pc.Promise
	}, false)
	if err != nil {
		return 0, err
	}

	start := time.Now()
	p, err := vm.EvalValue("(async () => {"+asyncScript(n)+" return s })()", quickjs.EvalGlobal)
	if err != nil {
		return 0, err
	}
	defer p.Free()
	var sum any
	var failed error
	finished := false
	then, err := p.Then(
		func(v quickjs.Value) { finished = true; sum, _ = v.Any() },
		func(v quickjs.Value) { finished = true; failed = errors.New(fmt.Sprint(v.Any())) },
	)
	if err != nil {
		return 0, err
	}
	defer then.Free()
	for {
		if _, err := vm.ExecutePendingJobs(); err != nil {
			return 0, err
		}
		if finished {
			break
		}
		s := <-post
		if _, err := s.pc.Resolve.Call(quickjs.UndefinedValue, s.i); err != nil {
			return 0, err
		}
		s.pc.Resolve.Free()
		s.pc.Reject.Free()
	}
	elapsed := time.Since(start)
	if failed != nil {
		return 0, failed
	}
	if fmt.Sprint(sum) != fmt.Sprint(wantSum(n)) {
		return 0, fmt.Errorf("sum %v, want %d", sum, wantSum(n))
	}
	return elapsed, nil
}

// asyncQJSOwner uses qjs's SetAsyncFunc, but like modernc hands the promise
// back to the owner goroutine, which resolves it (Value.Resolve) and drains
// the job queue (QJS_Eval runs js_std_loop after every script: the only job
// pump qjs exposes). Only the owner touches the WASM module. The promise
// handle must be cloned to outlive the Go callback: without Clone it
// dangles after a few thousand calls (out-of-bounds access in the module).
func asyncQJSOwner(n int) (time.Duration, error) {
	rt, err := qjs.New(qjs.Option{CacheDir: qjsCacheDir})
	if err != nil {
		return 0, err
	}
	defer rt.Close()
	ctx := rt.Context()
	type settled struct {
		p *qjs.Value
		i int32
	}
	post := make(chan settled, 1)
	ctx.SetAsyncFunc("goCall", func(this *qjs.This) {
		p, i := this.Promise().Clone(), this.Args()[0].Int32()
		go func() { post <- settled{p, i} }()
	})
	finished, sum, failed := false, int64(0), ""
	ctx.SetFunc("finish", func(this *qjs.This) (*qjs.Value, error) {
		finished = true
		if a := this.Args(); a[0].IsNumber() {
			sum = a[0].Int64()
		} else {
			failed = a[0].String()
		}
		return this.Context().NewUndefined(), nil
	})

	start := time.Now()
	v, err := ctx.Eval("async.js", qjs.Code("(async () => {"+asyncScript(n)+
		" finish(s) })().catch(e => finish(String(e))); 0"))
	if err != nil {
		return 0, err
	}
	v.Free()
	for !finished {
		var s settled
		select {
		case s = <-post:
		case <-time.After(5 * time.Second):
			return 0, fmt.Errorf("stalled: the script awaits a goCall that was never made")
		}
		val := ctx.NewInt32(s.i)
		if err := s.p.Resolve(val); err != nil {
			return 0, err
		}
		s.p.Free()
		pump, err := ctx.Eval("pump.js", qjs.Code("0"))
		if err != nil {
			return 0, err
		}
		pump.Free()
	}
	elapsed := time.Since(start)
	if failed != "" {
		return 0, fmt.Errorf("script failed: %s", failed)
	}
	if sum != int64(wantSum(n)) {
		return 0, fmt.Errorf("sum %d, want %d", sum, wantSum(n))
	}
	return elapsed, nil
}

// asyncQJSReadme is the pattern of qjs's README ("Awaiting a promise"): the
// goroutine itself calls this.Promise().Resolve while the owner sits in a
// top-level await (FlagAsync). Two goroutines then call into one WASM
// module at once, which wazero does not support: this measures what the
// documented pattern does, races included.
func asyncQJSReadme(n int) (time.Duration, error) {
	rt, err := qjs.New(qjs.Option{CacheDir: qjsCacheDir})
	if err != nil {
		return 0, err
	}
	defer rt.Close()
	ctx := rt.Context()
	ctx.SetAsyncFunc("goCall", func(this *qjs.This) {
		i := this.Args()[0].Int32()
		go func() {
			this.Promise().Resolve(this.Context().NewInt32(i))
		}()
	})
	start := time.Now()
	v, err := ctx.Eval("async.js", qjs.Code(asyncScript(n)+" s"), qjs.FlagAsync())
	if err != nil {
		return 0, err
	}
	elapsed := time.Since(start)
	defer v.Free()
	if sum := v.Int64(); sum != int64(wantSum(n)) {
		return 0, fmt.Errorf("sum %d, want %d", sum, wantSum(n))
	}
	return elapsed, nil
}

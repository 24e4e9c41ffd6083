package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/fastschema/qjs"
	"modernc.org/quickjs"
)

// config is what a case asks of a binding. Zero values mean "binding default".
type config struct {
	memLimit int           // bytes
	deadline time.Duration // armed per eval; 0: no deadline mechanism at all
	stack    int           // binding's own stack-size unit; 0: default
}

// engine is the little both bindings share: evaluate a global script and
// render its completion value, or fail. One engine is used by one goroutine.
type engine interface {
	eval(src string) (string, error)
	close()
}

// newEngine opens the binding called name ("modernc" or "qjs").
func newEngine(name string, cfg config) (engine, error) {
	switch name {
	case "modernc":
		return newModernc(cfg)
	case "qjs":
		return newQJS(cfg)
	}
	return nil, fmt.Errorf("unknown engine %q (want modernc or qjs)", name)
}

type moderncEngine struct{ vm *quickjs.VM }

func newModernc(cfg config) (*moderncEngine, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, err
	}
	if cfg.memLimit > 0 {
		vm.SetMemoryLimit(uintptr(cfg.memLimit))
	}
	if cfg.stack > 0 {
		vm.SetMaxStackSize(uintptr(cfg.stack))
	}
	// SetEvalTimeout re-arms the deadline at the start of every Eval.
	vm.SetEvalTimeout(cfg.deadline)
	return &moderncEngine{vm: vm}, nil
}

func (e *moderncEngine) eval(src string) (string, error) {
	v, err := e.vm.Eval(src, quickjs.EvalGlobal)
	if err != nil {
		return "", err
	}
	return fmt.Sprint(v), nil
}

func (e *moderncEngine) close() { e.vm.Close() }

// qjsEngine wraps a fastschema/qjs runtime. Its one deadline mechanism is
// wazero's CloseOnContextDone: when the runtime's context ends, wazero
// closes the WASM module under the running code. The context must be given
// at qjs.New, so eval arms a timer that cancels it.
type qjsEngine struct {
	rt       *qjs.Runtime
	cancel   context.CancelFunc
	deadline time.Duration
	broken   error // set once a call panicked: the runtime is unusable
}

// qjsCacheDir is wazero's on-disk compilation cache shared by every qjs
// runtime this process makes, so that only the first one compiles.
var qjsCacheDir = os.Getenv("QJS_CACHE_DIR")

func newQJS(cfg config) (e *qjsEngine, err error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic in qjs.New: %v", p)
		}
		if err != nil {
			cancel()
		}
	}()
	rt, err := qjs.New(qjs.Option{
		Context:            ctx,
		CloseOnContextDone: cfg.deadline > 0,
		CacheDir:           qjsCacheDir,
		MemoryLimit:        cfg.memLimit,
		MaxStackSize:       cfg.stack,
	})
	if err != nil {
		return nil, err
	}
	return &qjsEngine{rt: rt, cancel: cancel, deadline: cfg.deadline}, nil
}

func (e *qjsEngine) eval(src string) (out string, err error) {
	if e.broken != nil {
		return "", fmt.Errorf("runtime unusable after earlier failure: %w", e.broken)
	}
	if e.deadline > 0 {
		t := time.AfterFunc(e.deadline, e.cancel)
		defer t.Stop()
	}
	// qjs reports a WASM trap or a closed module by panicking.
	defer func() {
		if p := recover(); p != nil {
			err = &panicError{p}
			e.broken = err
		}
	}()
	v, err := e.rt.Eval("case.js", qjs.Code(src))
	if err != nil {
		return "", err
	}
	defer v.Free()
	return v.String(), nil
}

func (e *qjsEngine) close() {
	defer func() { recover() }() // closing a trapped runtime may panic too
	e.cancel()
	e.rt.Close()
}

// panicError is a panic that a binding raised instead of returning an error.
type panicError struct{ v any }

func (p *panicError) Error() string { return fmt.Sprintf("panic: %v", p.v) }

func isPanic(err error) bool {
	var p *panicError
	return errors.As(err, &p)
}

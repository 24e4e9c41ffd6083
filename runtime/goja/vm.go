package goja

import (
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/dop251/goja"
	"github.com/dop251/goja/parser"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/webapi"
)

// MaxCallDepth is the deepest JavaScript call stack a VM allows before it
// stops the call with "InternalError: stack overflow" (QuickJS allows about
// 5,000 frames); the stack guard throws a catchable one 200 frames before. goja's frames live on the heap, but a recursion that passes
// through a builtin at every level (Array.prototype.map, a getter, a Proxy
// trap) also grows the Go stack, and unwinding it costs time quadratic in
// the depth, during which the VM cannot be interrupted: ~0.45 s at 4,000
// levels, ~3 s at 10,000 (measured on this project's 2-core machine).
const MaxCallDepth = 4000

// ErrClosed is returned by calls into a closed VM.
var ErrClosed = errors.New("goja: the VM is closed")

// Interrupt reasons, passed to goja's Interrupt and read back from the
// *goja.InterruptedError it returns.
type stopReason int

const (
	stopUser    stopReason = iota + 1 // Interrupt was called; sticky
	stopTimeout                       // SetTimeout's bound passed
	stopMemory                        // the heap watchdog fired; sticky
)

// vm is the goja engine. The owner goroutine calls every method except
// Interrupt; mu orders the owner's entry into and exit from JavaScript
// against the goroutines that interrupt it (Interrupt, the timeout timer,
// the memory watchdog), so an interrupt meant for one call never leaks into
// the next.
type vm struct {
	rt      *goja.Runtime
	limit   int64
	timeout time.Duration

	// Owner-only state.
	depth   int // nesting of calls into JavaScript (host functions may re-enter)
	closed  bool
	calls   map[string]*goja.Program // compiled lookups of Call's names
	sealed  map[string]goja.Callable // functions Seal took out of the script's reach
	toJSON  goja.Callable            // the original JSON.stringify
	memBase uint64                   // heap bytes when the VM was created

	arrayNesting int // nested calls of the guarded join and toLocaleString

	// newOverflow makes the catchable "InternalError: stack overflow" of
	// the stack guard (nil without one; stackguard.go).
	newOverflow func() *goja.Object

	rejected []*goja.Promise // rejected with no handler yet, oldest first

	mu          sync.Mutex
	running     bool   // guarded by mu: the owner is inside JavaScript
	seq         uint64 // guarded by mu: number of the current outermost call
	interrupted atomic.Bool
	exhausted   atomic.Bool
}

// New returns a goja VM with the memory limit of opts. It implements
// runtime.New.
func New(opts runtime.Options) (runtime.VM, error) {
	limit := opts.MemoryLimit
	if limit <= 0 {
		limit = runtime.DefaultMemoryLimit
	}
	rt := goja.New()
	rt.SetParserOptions(parser.WithDisableSourceMaps)
	rt.SetMaxCallStackSize(MaxCallDepth)
	v := &vm{rt: rt, limit: limit, calls: map[string]*goja.Program{}, memBase: heapBaseline()}
	if err := v.install(); err != nil {
		return nil, err
	}
	if err := v.installStackGuard(); err != nil {
		return nil, err
	}
	v.trackRejections()
	err := webapi.Install(webapi.Host{
		Define: func(name string, fn func([]string) string) error { return v.Define(name, fn) },
		Eval: func(src string) error {
			return v.run(func() error {
				prg, err := webapiProgram(src)
				if err != nil {
					return err
				}
				_, err = v.rt.RunProgram(prg)
				return err
			})
		},
		Natives: v.natives,
	}, webapi.Options{WorkDir: opts.WorkDir, Eager: true})
	if err != nil {
		return nil, err
	}
	return v, nil
}

// webapiPrograms caches the compiled webapi sources (source → program),
// shared by every VM. Their frames carry the file name "webapi", which
// stacks drop.
var webapiPrograms sync.Map

func webapiProgram(src string) (*goja.Program, error) {
	if p, ok := webapiPrograms.Load(src); ok {
		return p.(*goja.Program), nil
	}
	p, err := goja.Compile("webapi", src, false)
	if err != nil {
		return nil, err
	}
	webapiPrograms.Store(src, p)
	return p, nil
}

func (v *vm) Define(name string, fn runtime.HostFunc) error {
	if v.closed {
		return ErrClosed
	}
	rt := v.rt
	return rt.Set(name, v.native(name, 0, func(call goja.FunctionCall) goja.Value {
		args := make([]string, len(call.Arguments))
		for i, a := range call.Arguments {
			s, ok := a.(goja.String)
			if !ok {
				// The QuickJS binding refuses non-strings the same way.
				panic(rt.NewTypeError("calling %s: argument %d is not a string", name, i+1))
			}
			args[i] = s.String()
		}
		return rt.ToValue(fn(args))
	}))
}

func (v *vm) SetTimeout(d time.Duration) { v.timeout = d }

func (v *vm) Eval(src string) error {
	return v.run(func() error {
		prg, err := v.compile(src)
		if err != nil {
			return err
		}
		_, err = v.rt.RunProgram(prg)
		return err
	})
}

func (v *vm) Call(name string, args ...string) (string, error) {
	var out string
	err := v.run(func() error {
		fn, err := v.lookup(name)
		if err != nil {
			return err
		}
		vals := make([]goja.Value, len(args))
		for i, a := range args {
			vals[i] = v.rt.ToValue(a)
		}
		r, err := fn(v.rt.GlobalObject(), vals...)
		if err != nil {
			return err
		}
		out, err = v.stringOf(r)
		return err
	})
	return out, err
}

// lookup evaluates name as an expression, as the QuickJS binding does, and
// returns the function it names. Compiled lookups are cached: Call runs
// once per batch of settled promises.
func (v *vm) lookup(name string) (goja.Callable, error) {
	if fn, ok := v.sealed[name]; ok {
		return fn, nil
	}
	prg, ok := v.calls[name]
	if !ok {
		var err error
		if prg, err = v.compile(name); err != nil {
			return nil, err
		}
		v.calls[name] = prg
	}
	val, err := v.rt.RunProgram(prg)
	if err != nil {
		return nil, err
	}
	fn, ok := goja.AssertFunction(val)
	if !ok {
		return nil, &runtime.Exception{Name: "TypeError", Message: "not a function"}
	}
	return fn, nil
}

func (v *vm) Seal(name string) error {
	return v.run(func() error {
		fn, err := v.lookup(name)
		if err != nil {
			return err
		}
		global := v.rt.GlobalObject()
		if err := global.Delete(name); err != nil {
			return err
		}
		if global.Get(name) != nil {
			return fmt.Errorf("goja: cannot seal %s: the global is not configurable", name)
		}
		if v.sealed == nil {
			v.sealed = map[string]goja.Callable{}
		}
		v.sealed[name] = fn
		return nil
	})
}

// emptyProgram drains the job queue when run: goja runs queued jobs as the
// outermost call into JavaScript returns.
var emptyProgram = goja.MustCompile("<eval>", "", false)

func (v *vm) RunJobs() error {
	return v.run(func() error {
		_, err := v.rt.RunProgram(emptyProgram)
		return err
	})
}

// run runs f, which calls into goja, as one call into JavaScript: it refuses
// once the VM was interrupted or ran out of memory, bounds the outermost
// call by the timeout, watches the heap, and converts what goja returns.
func (v *vm) run(f func() error) error {
	if v.closed {
		return ErrClosed
	}
	if v.exhausted.Load() {
		return outOfMemory()
	}
	if v.interrupted.Load() {
		return runtime.ErrInterrupted
	}
	if v.depth > 0 {
		// A host function called back into the VM: the outer call owns
		// the timer and the watchdog.
		v.depth++
		defer func() { v.depth-- }()
		return v.convert(f())
	}

	v.mu.Lock()
	v.depth = 1
	v.running = true
	v.seq++
	seq := v.seq
	v.mu.Unlock()

	var timer *time.Timer
	if v.timeout > 0 {
		timer = time.AfterFunc(v.timeout, func() { v.stop(seq, stopTimeout) })
	}
	watchHeap(v, seq)
	// Deferred, so a host function that panics leaves a consistent VM to
	// a caller that recovers.
	defer func() {
		unwatchHeap(v)
		if timer != nil {
			timer.Stop()
		}
		v.mu.Lock()
		v.depth = 0
		v.running = false
		if !v.interrupted.Load() && !v.exhausted.Load() {
			// An interrupt that arrived as f returned would otherwise
			// stop the next call.
			v.rt.ClearInterrupt()
		}
		v.mu.Unlock()
	}()
	return v.convert(f())
}

// stop interrupts the outermost call seq if it is still running.
func (v *vm) stop(seq uint64, why stopReason) {
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.running && v.seq == seq && v.rt != nil {
		v.rt.Interrupt(why)
	}
}

// Interrupt stops the JavaScript running now and every later call: an
// interrupted VM only closes. Safe from any goroutine, also during and after
// Close.
func (v *vm) Interrupt() {
	v.interrupted.Store(true)
	v.mu.Lock()
	defer v.mu.Unlock()
	if v.rt != nil {
		v.rt.Interrupt(stopUser)
	}
}

// MemoryExhausted reports whether the heap watchdog stopped the VM for
// growing the Go heap past the memory limit. See memoryWatch.
func (v *vm) MemoryExhausted() bool { return v.exhausted.Load() }

func (v *vm) Close() error {
	v.mu.Lock()
	defer v.mu.Unlock()
	v.closed = true
	v.calls = nil
	// Drop the runtime and every value in it now: whoever still holds the
	// closed VM must not keep its heap alive, as that heap would count
	// against the next VM's memory baseline.
	v.rt, v.toJSON, v.rejected, v.newOverflow = nil, nil, nil, nil
	return nil
}

// Deviations names the conformance cases (runtime/runtimetest) this engine
// deliberately does not pass, each with the reason.
func (v *vm) Deviations() map[string]string {
	return map[string]string{
		"direct eval sees locals": "eval is replaced by a nesting-guarded function (a deep source would overflow the Go stack and kill the process), which makes every eval indirect",
	}
}

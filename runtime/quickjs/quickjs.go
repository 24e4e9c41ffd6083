package quickjs

import (
	"encoding/json"
	"fmt"
	"math"
	"math/big"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"modernc.org/libc"
	lib "modernc.org/libquickjs"
	"modernc.org/quickjs"

	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/webapi"
)

// quickjsVM is the QuickJS engine (modernc.org/quickjs, a pure-Go
// translation of the C engine).
//
// Deadline. QuickJS polls its interrupt handler only when a per-context
// counter, decremented every ~10,000 interpreter ticks, reaches zero. A loop
// whose body is one expensive builtin ("x".repeat(1e6), big.slice()) takes
// seconds to spend those ticks, so Interrupt alone overshoots a deadline by
// seconds (RATIONALE.md, "The deadline holds even for loops of expensive builtins"). Interrupt therefore also sets that
// counter to zero, so the very next tick polls, and keeps doing so every
// millisecond while the call runs (the interpreter's decrement can race with
// one store and win; it cannot win them all). The counter lives in the C
// context struct, which the binding does not expose: contextPointer finds it
// by the binding's field layout, checked by reflection at start-up so an
// upgrade that changes the layout fails loudly in tests instead of silently
// losing the deadline.
type quickjsVM struct {
	vm    *quickjs.VM
	limit int64

	// counter is the context's interrupt_counter, nil when the layout check
	// failed.
	counter *int32
	// mallocSize is the C runtime's count of allocated bytes.
	mallocSize *uint64

	inCall      atomic.Int32 // >0 while the owner goroutine is inside JS
	interrupted atomic.Bool  // sticky: Interrupt was called
	exhausted   atomic.Bool  // the heap reached the limit band at some point

	pokeMu sync.Mutex
	poking bool
	closed bool

	// funcs caches the global functions Call has looked up that can never
	// change (non-writable, non-configurable globals, such as the bindings'
	// settle function): evaluating the name would parse and compile it on
	// every call. Other names are evaluated each time.
	funcs map[string]quickjs.Value
	// mutable records names found not to be constant.
	mutable map[string]bool

	// pending are promises made by DefineAsync functions and not settled
	// yet; Close releases them before the engine frees its heap.
	pending map[*qjsPromise]struct{}
	mkError *quickjs.Value
	// resolved is (json) => Promise.resolve(JSON.parse(json)), and
	// settleWith is (f, json) => f(JSON.parse(json)), both captured with
	// mkError before any script runs. A call settled while it is being
	// made gets its promise from resolved instead of a promise capability;
	// a capability is settled through settleWith. Both take the result as
	// a string: handing the binding json.RawMessage would have it
	// json.Marshal (validate and compact) the text again on every call.
	resolved   *quickjs.Value
	settleWith *quickjs.Value
	// rejections are the promises rejected with no handler (nil when the
	// binding's layout is unknown).
	rejections *rejections
	cContext   uintptr
}

// New returns a QuickJS VM with the memory limit of opts. It has only
// the ECMAScript and webapi globals: no module loader, no std/os helpers, no
// blocking.
func New(opts runtime.Options) (runtime.VM, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, errorf("new QuickJS VM: %v", err)
	}
	limit := opts.MemoryLimit
	if limit <= 0 {
		limit = runtime.DefaultMemoryLimit
	}
	vm.SetMemoryLimit(uintptr(limit))
	q := &quickjsVM{vm: vm, limit: limit}
	if ctx := contextPointer(vm); ctx != 0 {
		c := (*lib.TJSContext)(cMemory(ctx))
		q.counter = &c.Finterrupt_counter
		rt := (*lib.TJSRuntime)(cMemory(c.Frt))
		q.mallocSize = (*uint64)(unsafe.Pointer(&rt.Fmalloc_ctx.Fmalloc_state.Fmalloc_size))
		q.cContext, q.rejections = ctx, trackRejections(ctx, &q.interrupted)
		rootInternalError(ctx)
		go q.sampleMemory()
	}
	seedWebAPI()
	err = webapi.Install(webapi.Host{
		Define:  func(name string, fn func([]string) string) error { return q.Define(name, fn) },
		Eval:    func(src string) error { return q.evalCachedAs(src, webapiFile) },
		Natives: q.natives,
	}, webapi.Options{WorkDir: opts.WorkDir})
	if err != nil {
		q.Close()
		return nil, errorf("%v", err)
	}
	return q, nil
}

// rootInternalError puts RangeError.prototype under InternalError's:
// QuickJS throws "InternalError: stack overflow" where node throws a
// RangeError, and scripts test for node's (e instanceof RangeError).
// goja's stack guard throws the same error.
func rootInternalError(ctx uintptr) {
	tls := libc.NewTLS()
	defer tls.Close()
	c := (*lib.TJSContext)(cMemory(ctx))
	lib.XJS_SetPrototype(tls, ctx, c.Fnative_error_proto[lib.EJS_INTERNAL_ERROR], c.Fnative_error_proto[lib.EJS_RANGE_ERROR])
}

// webapiFile is the file name the webapi shim's frames carry, so that
// stacks can tell them from the script's.
const webapiFile = "webapi"

// layoutOnce checks, once, that quickjs.VM is {intr, state{cContext, ...}}.
var (
	layoutOnce   sync.Once
	layoutOffset uintptr // offset of cContext in quickjs.VM; 0 = unknown
)

// contextPointer returns the C JSContext* of vm, or 0 if the binding's
// layout is not the one this code was written against.
func contextPointer(vm *quickjs.VM) uintptr {
	layoutOnce.Do(func() {
		t := reflect.TypeOf(quickjs.VM{})
		if t.NumField() < 2 {
			return
		}
		st := t.Field(1)
		if st.Name != "state" || st.Type.Kind() != reflect.Struct || st.Type.NumField() < 1 {
			return
		}
		cf := st.Type.Field(0)
		if cf.Name != "cContext" || cf.Type.Kind() != reflect.Uintptr {
			return
		}
		layoutOffset = st.Offset + cf.Offset
	})
	if layoutOffset == 0 {
		return 0
	}
	return *(*uintptr)(unsafe.Add(unsafe.Pointer(vm), layoutOffset))
}

// cMemory turns the address of engine memory, which the binding hands out
// as a uintptr, into a pointer. The engine's memory is not Go heap memory, so
// the garbage collector neither moves nor frees it; the VM's lifetime bounds
// every use.
func cMemory(addr uintptr) unsafe.Pointer {
	return *(*unsafe.Pointer)(unsafe.Pointer(&addr))
}

// compileNamed compiles src as global code whose frames name file. The
// binding names every source "<eval>", so this calls the engine itself, in
// a VM of its own that nothing else uses, with a TLS of its own. Where the
// binding's layout is not the one contextPointer knows, or the engine
// refuses, it compiles through the binding (frames then say "<eval>").
func compileNamed(src, file string) ([]byte, error) {
	vm, err := quickjs.NewVM()
	if err != nil {
		return nil, err
	}
	defer vm.Close()
	ctx := contextPointer(vm)
	if ctx == 0 {
		return vm.Compile(src, quickjs.EvalGlobal)
	}
	tls := libc.NewTLS()
	defer tls.Close()
	csrc, err := libc.CString(src)
	if err != nil {
		return nil, err
	}
	defer libc.Xfree(tls, csrc)
	cfile, err := libc.CString(file)
	if err != nil {
		return nil, err
	}
	defer libc.Xfree(tls, cfile)
	fn := lib.XJS_Eval(tls, ctx, csrc, libc.Tsize_t(len(src)), cfile, int32(quickjs.EvalGlobal|lib.MJS_EVAL_FLAG_COMPILE_ONLY))
	if lib.XJS_HasException(tls, ctx) != 0 {
		lib.XFreeValue(tls, ctx, lib.XJS_GetException(tls, ctx))
		return vm.Compile(src, quickjs.EvalGlobal) // reports the error
	}
	defer lib.XFreeValue(tls, ctx, fn)
	size := tls.Alloc(int(unsafe.Sizeof(libc.Tsize_t(0))))
	defer tls.Free(int(unsafe.Sizeof(libc.Tsize_t(0))))
	p := lib.XJS_WriteObject(tls, ctx, size, fn, lib.MJS_WRITE_OBJ_BYTECODE)
	if p == 0 {
		return vm.Compile(src, quickjs.EvalGlobal)
	}
	defer lib.Xjs_free(tls, ctx, p)
	return append([]byte(nil), libc.GoBytes(p, int(*(*libc.Tsize_t)(cMemory(size))))...), nil
}

// PromptInterruptSupported reports whether Interrupt can cut through loops
// of expensive builtins (the layout check passed). Tests assert it.
func PromptInterruptSupported() bool {
	vm, err := quickjs.NewVM()
	if err != nil {
		return false
	}
	defer vm.Close()
	return contextPointer(vm) != 0
}

func (q *quickjsVM) Define(name string, fn runtime.HostFunc) error {
	return q.vm.RegisterFunc(name, func(args ...string) string { return fn(args) }, false)
}

// DefineAsync implements AsyncVM with QuickJS promise capabilities. A
// call that fn settles with a value before it returns (an instant tool)
// gets an already-resolved promise from Promise.resolve instead, which
// costs a third of making a capability and settling it.
func (q *quickjsVM) DefineAsync(name string, fn func(args []string, p runtime.Promise) error) error {
	if _, err := q.errorMaker(); err != nil {
		return err
	}
	return q.vm.RegisterFunc(name, func(args ...string) quickjs.Value {
		p := &qjsPromise{q: q, making: true}
		err := fn(args, p)
		p.making = false
		if p.early != nil {
			// JS takes over this reference.
			v := *p.early
			p.early = nil
			return v
		}
		if !p.capable() {
			// Out of memory: the script sees undefined, and the memory
			// state ends the run.
			return quickjs.UndefinedValue
		}
		// JS takes over this reference; the capability keeps its own until
		// the promise is settled or the VM closes.
		promise := p.pc.Promise.Dup()
		if err != nil {
			_ = p.Reject(err.Error())
		}
		return promise
	}, false)
}

// qjsPromise is a promise waiting for Go. Owned by the VM's goroutine.
type qjsPromise struct {
	q  *quickjsVM
	pc *quickjs.PromiseCapability
	// making is true while the call that made the promise runs; early is
	// the promise when that call resolved it.
	making  bool
	early   *quickjs.Value
	settled bool
}

// capable makes the promise's capability if it has none; false when the VM
// is out of memory.
func (p *qjsPromise) capable() bool {
	if p.pc != nil {
		return true
	}
	pc, err := p.q.vm.NewPromiseCapability()
	if err != nil {
		return false
	}
	p.pc = pc
	if p.q.pending == nil {
		p.q.pending = map[*qjsPromise]struct{}{}
	}
	p.q.pending[p] = struct{}{}
	return true
}

func (p *qjsPromise) Resolve(valueJSON string) error {
	if p.making && p.pc == nil && !p.settled {
		p.settled = true
		if !p.q.enter() {
			return runtime.ErrInterrupted
		}
		defer p.q.leave()
		v, err := p.q.resolved.CallValue(quickjs.UndefinedValue, valueJSON)
		if err != nil {
			return p.q.convertErr(err)
		}
		p.early = &v
		return nil
	}
	return p.settle(func() error {
		_, err := p.q.settleWith.Call(quickjs.UndefinedValue, p.pc.Resolve, valueJSON)
		return err
	})
}

func (p *qjsPromise) Reject(errorJSON string) error {
	return p.settle(func() error {
		mk, err := p.q.errorMaker()
		if err != nil {
			return err
		}
		e, err := mk.CallValue(quickjs.UndefinedValue, json.RawMessage(errorJSON))
		if err != nil {
			return err
		}
		defer e.Free()
		_, err = p.pc.Reject.Call(quickjs.UndefinedValue, e)
		return err
	})
}

// settle calls into JS once and releases the capability, also when the VM
// refuses the call (an interrupted VM): the promise is then left pending.
func (p *qjsPromise) settle(f func() error) error {
	if p.settled {
		return errorf("promise settled twice")
	}
	p.settled = true
	if !p.capable() {
		return errorf("out of memory making a promise")
	}
	defer p.release()
	if !p.q.enter() {
		return runtime.ErrInterrupted
	}
	defer p.q.leave()
	if err := f(); err != nil {
		return p.q.convertErr(err)
	}
	return nil
}

func (p *qjsPromise) release() {
	if p.pc != nil {
		p.pc.Free()
		p.pc = nil
		delete(p.q.pending, p)
	}
}

// mkErrorSource makes the function that builds an Error from a plain object.
// It captures what it uses when it is made — before any script runs — and
// gives the error own properties, so no global or Error.prototype accessor
// a script changes decides what a tool's error reads as.
const mkErrorSource = `(function () {
  var E = Error, S = String, keys = Object.keys, def = Object.defineProperty;
  return function __as_mkerror(i) {
    var e = new E(S(i.message)), ks = keys(i);
    for (var n = 0; n < ks.length; n++) {
      var k = ks[n];
      if (k !== "message") def(e, k, {__proto__: null, value: i[k], writable: true, enumerable: true, configurable: true});
    }
    return e;
  };
})()`

// errorMaker returns the VM's function that builds an Error from a plain
// object, made when DefineAsync installs the first async function. Its name starts with __as_ so that its frame,
// the only one such an error has, leaves the stack a script author reads.
func (q *quickjsVM) errorMaker() (quickjs.Value, error) {
	if q.mkError != nil {
		return *q.mkError, nil
	}
	v, err := q.vm.EvalValue(mkErrorSource, quickjs.EvalGlobal)
	if err != nil {
		return quickjs.Value{}, err
	}
	r, err := q.vm.EvalValue(resolvedSource, quickjs.EvalGlobal)
	if err != nil {
		v.Free()
		return quickjs.Value{}, err
	}
	sw, err := q.vm.EvalValue(settleWithSource, quickjs.EvalGlobal)
	if err != nil {
		v.Free()
		r.Free()
		return quickjs.Value{}, err
	}
	q.mkError, q.resolved, q.settleWith = &v, &r, &sw
	return v, nil
}

// resolvedSource and settleWithSource make the resolved and settleWith
// functions of quickjsVM, from what they capture before any script runs.
// Their names start with __as_, like mkError's.
const (
	resolvedSource = `(function () {
  var resolve = Promise.resolve.bind(Promise), parse = JSON.parse;
  return function __as_resolved(json) { return resolve(parse(json)); };
})()`
	settleWithSource = `(function () {
  var parse = JSON.parse;
  return function __as_settleWith(f, json) { f(parse(json)); };
})()`
)

func (q *quickjsVM) SetTimeout(d time.Duration) { _ = q.vm.SetEvalTimeout(d) }

// enter marks a call into JS; it refuses once the VM was interrupted,
// because each call into the binding clears a pending interrupt.
func (q *quickjsVM) enter() bool {
	q.inCall.Add(1)
	if q.interrupted.Load() {
		q.inCall.Add(-1)
		return false
	}
	return true
}

func (q *quickjsVM) leave() { q.inCall.Add(-1) }

func (q *quickjsVM) Eval(src string) error {
	if !q.enter() {
		return runtime.ErrInterrupted
	}
	defer q.leave()
	// EvalValue, not Eval: the completion value is not needed, and Eval
	// would convert it to Go (a JSON serialisation of any object).
	v, err := q.vm.EvalValue(src, quickjs.EvalGlobal)
	if err != nil {
		return q.convertErr(err)
	}
	v.Free()
	return nil
}

// constantGlobal reports whether name is a global property that can never
// be reassigned or deleted, so its value may be cached.
func (q *quickjsVM) constantGlobal(name string) bool {
	r, err := q.vm.Eval(`(function(){var d=Object.getOwnPropertyDescriptor(globalThis,`+strconv.Quote(name)+`);return !!d&&!d.writable&&!d.configurable&&!d.get})()`, quickjs.EvalGlobal)
	if b, ok := r.(bool); err == nil && ok && b {
		return true
	}
	if q.mutable == nil {
		q.mutable = map[string]bool{}
	}
	q.mutable[name] = true
	return false
}

// bytecodes caches compiled sources for EvalCached: source → bytecode.
// QuickJS bytecode is tied to the engine version, which is fixed per build.
var bytecodes sync.Map

// EvalCached is Eval of a source that the process runs in many VMs.
func (q *quickjsVM) EvalCached(src string) error { return q.evalCachedAs(src, "") }

// evalCachedAs is EvalCached naming the source file in stack frames ("":
// the binding's "<eval>", as scripts have).
func (q *quickjsVM) evalCachedAs(src, file string) error {
	if !q.enter() {
		return runtime.ErrInterrupted
	}
	defer q.leave()
	code, ok := bytecodes.Load(src)
	if !ok {
		var b []byte
		var err error
		if file != "" {
			b, err = compileNamed(src, file)
		} else {
			b, err = q.vm.Compile(src, quickjs.EvalGlobal)
		}
		if err != nil {
			return q.convertErr(err)
		}
		code, _ = bytecodes.LoadOrStore(src, b)
	}
	// EvalBytecodeValue, not EvalBytecode: the completion value (the
	// webapi shim's is a function) is not needed, and converting it to Go
	// would run JSON.stringify over it, reading what the script put on
	// Object.prototype (toJSON).
	v, err := q.vm.EvalBytecodeValue(code.([]byte))
	if err != nil {
		return q.convertErr(err)
	}
	v.Free()
	return nil
}

func (q *quickjsVM) Call(name string, args ...string) (string, error) {
	if !q.enter() {
		return "", runtime.ErrInterrupted
	}
	defer q.leave()
	fn, ok := q.funcs[name]
	if !ok {
		v, err := q.vm.EvalValue(name, quickjs.EvalGlobal)
		if err != nil {
			return "", q.convertErr(err)
		}
		if q.mutable[name] || !q.constantGlobal(name) {
			defer v.Free()
		} else {
			if q.funcs == nil {
				q.funcs = map[string]quickjs.Value{}
			}
			q.funcs[name] = v
		}
		fn = v
	}
	a := make([]any, len(args))
	for i, s := range args {
		a[i] = s
	}
	r, err := fn.Call(quickjs.UndefinedValue, a...)
	if err != nil {
		return "", q.convertErr(err)
	}
	return stringOf(r), nil
}

func (q *quickjsVM) Seal(name string) error {
	if !q.enter() {
		return runtime.ErrInterrupted
	}
	defer q.leave()
	v, err := q.vm.EvalValue(name, quickjs.EvalGlobal)
	if err != nil {
		return q.convertErr(err)
	}
	gone, err := q.vm.Eval("delete globalThis["+strconv.Quote(name)+"]", quickjs.EvalGlobal)
	if err != nil || gone != true {
		v.Free()
		if err != nil {
			return q.convertErr(err)
		}
		return fmt.Errorf("quickjs: cannot seal %s: the global is not configurable", name)
	}
	if q.funcs == nil {
		q.funcs = map[string]quickjs.Value{}
	}
	if old, ok := q.funcs[name]; ok {
		old.Free()
	}
	q.funcs[name] = v
	return nil
}

func (q *quickjsVM) RunJobs() error {
	if !q.enter() {
		return runtime.ErrInterrupted
	}
	defer q.leave()
	for {
		n, err := q.vm.ExecutePendingJobs()
		if err == nil {
			return nil
		}
		// The binding stops a drain after maxDrainJobs jobs so that a
		// self-feeding queue cannot hang a host without a deadline; this
		// VM has one (SetTimeout, Interrupt), and RunJobs drains to empty.
		if _, js := err.(*quickjs.Error); !js && n >= maxDrainJobs && !q.interrupted.Load() {
			continue
		}
		return q.convertErr(err)
	}
}

// maxDrainJobs is how many jobs modernc.org/quickjs's ExecutePendingJobs
// runs before it gives up with a plain error.
const maxDrainJobs = 1 << 20

// sampleMemory watches the heap while JavaScript runs. A bomb that hits
// the limit is usually over by the time Go sees its exception: the engine
// frees the garbage as the exception unwinds, and an object bomb's exception
// can be null. Having seen the heap in the top eighth of the limit is what
// MemoryExhausted then reports.
func (q *quickjsVM) sampleMemory() {
	for {
		time.Sleep(2 * time.Millisecond)
		q.pokeMu.Lock()
		if q.closed {
			q.pokeMu.Unlock()
			return
		}
		if q.inCall.Load() > 0 && q.nearLimit() {
			q.exhausted.Store(true)
		}
		q.pokeMu.Unlock()
	}
}

// convertErr maps a binding error to ErrInterrupted or an *Exception, and
// records whether the memory limit was hit.
func (q *quickjsVM) convertErr(err error) error {
	if q.nearLimit() {
		q.exhausted.Store(true)
	}
	if q.interrupted.Load() {
		return runtime.ErrInterrupted
	}
	e, ok := err.(*quickjs.Error)
	if !ok {
		return &runtime.Exception{Name: "InternalError", Message: err.Error()}
	}
	if e.Name == "InternalError" && e.Message == "interrupted" {
		return runtime.ErrInterrupted
	}
	if e.Name == "InternalError" && e.Message == "out of memory" {
		q.exhausted.Store(true)
	}
	return &runtime.Exception{Name: e.Name, Message: e.Message, Stack: e.Stack}
}

// nearLimit reports whether the heap is within 1/8 of the limit, which is
// how an allocation refused at the limit looks from outside. It may run on
// the sampler goroutine: a word-sized read racing the allocator sees either
// the old or the new size, both fine for a threshold test.
func (q *quickjsVM) nearLimit() bool {
	if q.mallocSize == nil {
		return false
	}
	size := atomic.LoadUint64(q.mallocSize)
	return int64(size) >= q.limit-q.limit/8
}

func (q *quickjsVM) MemoryExhausted() bool {
	if q.nearLimit() {
		q.exhausted.Store(true)
	}
	return q.exhausted.Load()
}

// Interrupt stops running JavaScript and every later call. It is sticky: an
// interrupted VM only closes.
func (q *quickjsVM) Interrupt() {
	q.interrupted.Store(true)
	q.vm.Interrupt()
	q.pokeMu.Lock()
	defer q.pokeMu.Unlock()
	if q.closed || q.poking || q.counter == nil {
		return
	}
	q.poking = true
	go q.pokeLoop()
}

// pokeLoop forces the interpreter to poll its interrupt handler until the
// call in progress has returned.
func (q *quickjsVM) pokeLoop() {
	for {
		q.pokeMu.Lock()
		if q.closed || q.inCall.Load() == 0 {
			q.poking = false
			q.pokeMu.Unlock()
			return
		}
		q.vm.Interrupt()
		atomic.StoreInt32(q.counter, 0)
		q.pokeMu.Unlock()
		time.Sleep(time.Millisecond)
	}
}

func (q *quickjsVM) Close() error {
	q.pokeMu.Lock()
	q.closed = true
	q.pokeMu.Unlock()
	for _, fn := range q.funcs {
		fn.Free()
	}
	for p := range q.pending {
		p.release()
	}
	if q.mkError != nil {
		q.mkError.Free()
		q.resolved.Free()
		q.settleWith.Free()
	}
	if q.cContext != 0 {
		trackers.Delete(q.cContext)
		lastShapes.Delete(q.cContext)
	}
	return q.vm.Close()
}

// jsNumber formats x as JavaScript's Number.prototype.toString does:
// fixed notation for 1e-7 < |x| < 1e21, else an exponent with an explicit
// sign ("1e+21", "1.5e-7"), and Infinity, -Infinity and NaN.
func jsNumber(x float64) string {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "Infinity"
	case math.IsInf(x, -1):
		return "-Infinity"
	case x == 0:
		return "0"
	}
	if a := math.Abs(x); a >= 1e-7 && a < 1e21 {
		return strconv.FormatFloat(x, 'f', -1, 64)
	}
	s := strconv.FormatFloat(x, 'e', -1, 64) // "1e+21", "1.5e-07"
	mant, exp, _ := strings.Cut(s, "e")
	sign, digits := exp[:1], strings.TrimLeft(exp[1:], "0")
	return mant + "e" + sign + digits
}

// stringOf converts a value returned by the binding to the string the
// HostFunc protocol uses. Objects arrive as their JSON text.
func stringOf(v any) string {
	switch x := v.(type) {
	case string:
		return x
	case int:
		return strconv.Itoa(x)
	case float64:
		return jsNumber(x)
	case bool:
		return strconv.FormatBool(x)
	case *big.Int:
		return x.String()
	case *quickjs.Object:
		return x.String()
	}
	return "" // nil (null), Undefined, Unsupported
}

// Package bindings turns a catalog of callable tools into the globals a
// script sees — tools.*, ALL_TOOLS, searchTools, describeTool,
// describeNamespace, store/load, text, image, console, exit, ARGS, models.* —
// and does
// the promise plumbing between the VM's owner goroutine and the goroutines
// that run tool calls.
//
// Its exported API is recorded in internal/archtest's surface golden.
package bindings

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/atomic-script/atomic-script/bindings/internal/prelude"
	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/google/jsonschema-go/jsonschema"
)

// wrapperPrefix goes on the script's first line, so line numbers in errors
// match the script; columns on line 1 are shifted back by its length.
const wrapperPrefix = "__as_main(async () => {"

// Entry is one callable tool as scripts see it.
type Entry struct {
	// Name is the call name, unique in the catalog: "read", or
	// "<server>.<tool>" for an MCP server's tool. Call records use it.
	Name string
	// Local is the tool's own name inside Namespace ("get-sum" for the
	// call name "everything.get-sum"): what ALL_TOOLS, searchTools and
	// describeTool call `name`. Empty means Name.
	Local string
	// Path is where the function sits under `tools`: ["read"] or
	// ["server", "tool"], each segment a valid JS identifier.
	Path        []string
	Namespace   string
	Description string
	Input       *jsonschema.Schema
	Output      *jsonschema.Schema
	// Deferred tools are callable and listed by ALL_TOOLS and searchTools,
	// but left out of inline catalogs.
	Deferred bool
	// Instant tools return in microseconds, do no I/O and never wait (the
	// todo list). On a VM that settles promises from Go, a call of one runs
	// on the script's goroutine and settles before the call returns,
	// without the hand-off to a worker goroutine and back (which costs
	// more than the tool).
	Instant bool
}

// Namespace is a group of tools (an MCP server) in a catalog: the engine's
// record and the identifier scripts reach it by under tools. Its tools are
// listed only when a script first needs them (see Config.LoadNamespace).
type Namespace struct {
	tools.Namespace
	ID string `json:"id"` // the identifier under `tools`
}

// CallFunc runs one tool call and returns the JSON value the script
// receives. It is called on its own goroutine and must honour ctx.
type CallFunc func(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error)

// Store is the session key-value store behind store()/load(). Writes are
// staged; the engine commits them only when the script succeeds. Methods are
// called on the VM's owner goroutine.
type Store interface {
	Load(key string) (value string, ok bool, err error)
	Put(key, value string) error
	Delete(key string) error
}

// Sink receives what a script produces, as it happens. Methods are called on
// the VM's owner goroutine, except Progress, which tool goroutines call.
type Sink interface {
	Log(level, text string)
	Text(text string)
	Image(img tools.Image)
	CallStarted(c tools.Call)
	CallEnded(c tools.Call)
	Progress(callID, name string, p tools.Progress)
}

// Catalog is a set of callable tools with what is derived from it (the
// name index, the searchTools index, the prelude's catalog JSON). It is
// immutable: build it once per tool set and share it between runs.
type Catalog struct {
	Entries    []Entry
	Namespaces []Namespace
	// Inactive names tools that exist but are off in this catalog's tool
	// selection, so tools.<name> can say so. Set it before sharing.
	Inactive []string
	// Unavailable maps tools that are on but cannot work in this run
	// (ask_user_question with no one to answer) to why: tools.<name>
	// throws ERR_UNAVAILABLE with it. Set it before sharing.
	Unavailable map[string]string

	byName map[string]*Entry
	// index is built on the first searchTools: most runs never search, and
	// tokenizing every description is a cold start's cost.
	index func() *searchIndex
	json  json.RawMessage // the "catalog" reply for the prelude
}

// NewCatalog indexes entries and namespaces.
func NewCatalog(entries []Entry, namespaces []Namespace) *Catalog {
	if namespaces == nil {
		namespaces = []Namespace{} // the prelude reads catalog.namespaces.length
	}
	c := &Catalog{Entries: entries, Namespaces: namespaces, byName: map[string]*Entry{}}
	for i := range c.Entries {
		c.byName[c.Entries[i].Name] = &c.Entries[i]
	}
	c.index = sync.OnceValue(func() *searchIndex { return newSearchIndex(c.Entries) })
	c.json, _ = json.Marshal(map[string]any{"tools": scriptEntries(c.Entries), "namespaces": namespaces})
	return c
}

// LocalName is the tool's name inside its namespace.
func (e *Entry) LocalName() string {
	if e.Local != "" {
		return e.Local
	}
	return e.Name
}

// scriptEntry is how the prelude sees a tool: name is relative to the
// namespace, call is the call name the host routes by.
type scriptEntry struct {
	Name        string   `json:"name"`
	Call        string   `json:"call"`
	Path        []string `json:"path"`
	Namespace   string   `json:"namespace"`
	Description string   `json:"description"`
}

func scriptEntries(entries []Entry) []scriptEntry {
	out := make([]scriptEntry, 0, len(entries))
	for i := range entries {
		e := &entries[i]
		out = append(out, scriptEntry{e.LocalName(), e.Name, e.Path, e.Namespace, firstLine(e.Description)})
	}
	return out
}

// Config is what a Binding needs for one run.
type Config struct {
	Catalog *Catalog
	Call    CallFunc
	// LoadNamespace lists a namespace's tools (it may start an MCP server).
	// It is called on the VM's owner goroutine, at most once a run for each
	// namespace, the first time the script needs that namespace.
	LoadNamespace func(ctx context.Context, name string) ([]Entry, error)
	Store         Store // nil: store/load throw
	Sink          Sink
	Args          []string
	// Run is what the read-only RUN global says about the run (its mode).
	Run RunInfo
	// Diff is RUN.diff(): the run's file changes so far as a git diff, so
	// a script can check its own patch (a dry run's bash sees a copy that
	// already has them). nil: "". An error is thrown to the script.
	Diff func() (string, error)
	// CallIDPrefix prefixes nested call ids as "<prefix>/<n>".
	CallIDPrefix string
	// Source names the script in stack frames and maps their positions.
	Source Source
	// MaxInFlight bounds concurrently running calls; more wait in order.
	// 0 means 64.
	MaxInFlight int
	// MaxOutputBytes bounds what text() and console keep; 0 means 64 MiB.
	MaxOutputBytes int
}

// RunInfo is the RUN global: how this run treats files, so a script can
// tell a preview from the real thing.
type RunInfo struct {
	// Mode is "write", "dry-run" or "atomic".
	Mode string `json:"mode"`
	// DryRun: files are not written (changes stay in an overlay; bash runs
	// in a scratch copy). Atomic: a failure rolls every change back.
	DryRun bool `json:"dryRun"`
	Atomic bool `json:"atomic"`
}

// call is one nested tool call: the record the engine reports, and what
// only this side needs to run it.
type call struct {
	tools.Call
	started time.Time
	// late is set on a call that was running when the script ended and
	// returned afterwards, within the grace: its status is what it did
	// (ok or error), and the script never saw its result (LateCalls).
	late bool
	// num is the call's number in the run (records' order).
	num int
	// promise is the call's promise when the VM makes promises in Go
	// (runtime.AsyncVM); nil when the prelude's batch settles it.
	promise runtime.Promise
	// seq is CallInfo.Seq, set at launch.
	seq int
}

// Call statuses.
const (
	StatusRunning   = "running"
	StatusOK        = "ok"
	StatusError     = "error"
	StatusCancelled = "cancelled"
)

// Outcome is how the script settled.
type Outcome struct {
	// Finished is false when the script never settled (timeout, abort, a
	// limit, a stuck await); the loop's error then says why.
	Finished bool
	OK       bool
	// Value is the JSON of the returned value; empty for undefined or a
	// string, which is Text instead (the host quotes it: a large string is
	// not copied into JSON inside the VM).
	Value json.RawMessage
	Text  *string
	// Err is how the script failed, as read in JavaScript (Kind unset: the
	// engine classifies). OutOfMemory is set when it is the engine's own
	// out-of-memory exception (an allocation refused at the heap limit),
	// which the script let escape.
	Err         *tools.ScriptError
	OutOfMemory bool
	// Exit is the code passed to exit(), when the script called it.
	Exit *int
}

// ExitRequested is the loop-stop reason when the script calls exit().
type ExitRequested struct{ Code int }

func (e *ExitRequested) Error() string { return fmt.Sprintf("exit(%d)", e.Code) }

// Binding is the Go half of one run's globals. Apart from Progress
// forwarding, it is used only on the VM's owner goroutine.
type Binding struct {
	cfg       Config
	value     json.RawMessage // the returned value's JSON, until "done"
	valueText *string         // or the returned string
	cat       *Catalog
	vm        runtime.VM
	loop      *runtime.Loop

	ctx    context.Context
	cancel context.CancelFunc

	nextID   int
	launched int // calls launched so far (CallInfo.Seq)
	calls    records
	running  map[int]*call
	queued   []queuedCall
	inFlight int
	wg       sync.WaitGroup
	batch    []any // [id, ok, value] triples waiting for __as_settle

	// Calls run on a pool of worker goroutines, started as needed up to
	// MaxInFlight. A goroutine per call would grow a fresh stack through
	// argument validation and JSON every time.
	jobs    chan func()
	workers int

	// settled is set when the script's body settles (or exit() or a syntax
	// error ends it): its outcome is known and it makes no more calls, but
	// the job queue still drains (a .then chain it did not await runs to
	// its end, its output and store() writes kept). finished is set by
	// Finish, when the run is over.
	settled     bool
	finished    bool
	outcome     Outcome
	outputBytes int
	argBytes    int // argument bytes of calls queued or running

	live atomic.Int64 // tool calls inside cfg.Call; read by WaitIdle from any goroutine
	// returned holds what each call's cfg.Call returned, set by its worker:
	// Finish records a call that returned after the script ended as what
	// it did, not as cancelled.
	returnedMu sync.Mutex
	returned   map[int]callReturn

	ns nsView // namespaces loaded in this run
}

type queuedCall struct {
	id   int
	call *call
	args json.RawMessage
	post func(func() error)
}

// Install defines the host functions on vm, runs the prelude and returns the
// binding. ctx bounds every tool call of the run.
func Install(ctx context.Context, vm runtime.VM, loop *runtime.Loop, cfg Config) (*Binding, error) {
	if cfg.MaxInFlight <= 0 {
		cfg.MaxInFlight = 64
	}
	if cfg.MaxOutputBytes <= 0 {
		cfg.MaxOutputBytes = 64 << 20
	}
	if cfg.Catalog == nil {
		cfg.Catalog = NewCatalog(nil, nil)
	}
	b := &Binding{cfg: cfg, cat: cfg.Catalog, vm: vm, loop: loop, running: map[int]*call{}}
	b.ctx, b.cancel = context.WithCancel(ctx)
	loop.Flush = b.flush
	if err := vm.Define("__as_call", b.hostCall); err != nil {
		return nil, err
	}
	if err := vm.Define("__as_sync", b.hostSync); err != nil {
		return nil, err
	}
	if avm, ok := vm.(runtime.AsyncVM); ok {
		if err := avm.DefineAsync("__as_callp", b.hostCallAsync); err != nil {
			return nil, err
		}
	}
	eval := vm.Eval
	if ce, ok := vm.(runtime.CachedEvaluator); ok {
		prelude.Seed()
		eval = ce.EvalCached
	}
	if err := eval(prelude.Source); err != nil {
		return nil, fmt.Errorf("bindings: prelude: %w", err)
	}
	if err := vm.Seal("__as_settle"); err != nil {
		return nil, fmt.Errorf("bindings: prelude: %w", err)
	}
	return b, nil
}

// Start evaluates the script; the loop then runs it to the end. It is the
// start function for runtime.Loop.Run.
func (b *Binding) Start(src string) func() error {
	return func() error {
		err := b.vm.Eval(wrapperPrefix + src + "\n})")
		var ex *runtime.Exception
		if errors.As(err, &ex) {
			// A syntax error: the script never started.
			b.finish(Outcome{Finished: true, Err: b.scriptError(ex.Name, ex.Message, ex.Stack, "")})
			return nil
		}
		return err
	}
}

// Done reports whether the script has settled (or called exit). The loop
// has drained the job queue by the time it asks.
func (b *Binding) Done() bool { return b.settled }

// Outcome returns how the script settled.
func (b *Binding) Outcome() Outcome { return b.outcome }

// Calls returns the kept records of the calls made so far, in order: the
// first and last calls and the failed ones (see KeepFirstCalls); Stats
// counts them all.
func (b *Binding) Calls() []tools.Call {
	kept := b.calls.kept()
	out := make([]tools.Call, len(kept))
	for i, c := range kept {
		out[i] = c.Call
	}
	return out
}

// LateCalls names, in order, the kept calls that were still running when
// the script settled and finished after it: they did their work, but the
// script never saw their results.
func (b *Binding) LateCalls() []string {
	var ids []string
	for _, c := range b.calls.kept() {
		if c.late {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// Stats counts every call of the run by tool and says how many records
// were folded into the counts.
func (b *Binding) Stats() CallStats { return b.calls.stats(len(b.calls.kept())) }

// Finish cancels every call still queued or running, records it as
// cancelled and waits up to grace for the running ones to return (a bash
// call kills its process group on the way out). Calls made after Finish are
// refused.
func (b *Binding) Finish(grace time.Duration) {
	b.settled, b.finished = true, true
	b.cancel()
	for _, q := range b.queued {
		q.call.Status = StatusCancelled
		q.call.Error = "cancelled: the script ended before this call started"
		q.call.Code = string(tools.ErrCancelled)
		b.calls.ended(q.call)
		b.cfg.Sink.CallEnded(q.call.Call)
	}
	b.queued = nil
	if b.jobs != nil {
		close(b.jobs) // workers drain what was sent and exit
		b.jobs = nil
	}
	done := make(chan struct{})
	go func() { b.wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(grace):
	}
	// What the record says must be what happened: a call that did its work
	// before it saw the cancellation (a write already under way) is
	// recorded as done.
	ids := make([]int, 0, len(b.running))
	for id := range b.running {
		ids = append(ids, id)
	}
	sort.Ints(ids)
	b.returnedMu.Lock()
	defer b.returnedMu.Unlock()
	for _, id := range ids {
		c := b.running[id]
		ret, back := b.returned[id]
		c.Duration = time.Since(c.started)
		if back {
			c.Duration = ret.at.Sub(c.started)
		}
		switch {
		case back && ret.err == nil:
			c.Status, c.late = StatusOK, true
		case back && !errors.Is(ret.err, context.Canceled) && tools.CodeOf(ret.err) != tools.ErrCancelled:
			c.Status, c.late = StatusError, true
			c.Error, c.Code = ret.err.Error(), string(tools.CodeOf(ret.err))
		default:
			c.Status = StatusCancelled
			c.Error = "cancelled: the script ended while this call was running"
			c.Code = string(tools.ErrCancelled)
		}
		b.calls.ended(c)
		b.cfg.Sink.CallEnded(c.Call)
	}
	b.running = map[int]*call{}
}

// callReturn is what one call's cfg.Call returned.
type callReturn struct {
	err error
	at  time.Time
}

// finish records how the script ended. The first outcome stands, except
// that exit() called by a job after the body settled decides the run, as a
// process's exit does.
func (b *Binding) finish(o Outcome) {
	if b.settled && o.Exit == nil {
		return
	}
	b.settled = true
	b.outcome = o
}

// hostCall starts a tool call: it returns the call id, or a JSON error
// object for calls refused at once.
func (b *Binding) hostCall(args []string) string {
	if len(args) != 2 {
		return refusal("TypeError", tools.ErrInvalidArgs, "internal: bad host call")
	}
	id, refused := b.start(args[0], json.RawMessage(args[1]), nil)
	if refused != "" {
		return refused
	}
	return strconv.Itoa(id)
}

// hostCallAsync is hostCall for a VM that makes the promise in Go: the
// call settles p itself, and a refusal rejects it at once.
func (b *Binding) hostCallAsync(args []string, p runtime.Promise) error {
	if len(args) != 2 {
		return errors.New(refusal("TypeError", tools.ErrInvalidArgs, "internal: bad host call"))
	}
	if _, refused := b.start(args[0], json.RawMessage(args[1]), p); refused != "" {
		return errors.New(refused)
	}
	return nil
}

// start records and launches (or queues) a call. refused is the JSON error
// of a call that is not run.
func (b *Binding) start(name string, raw json.RawMessage, p runtime.Promise) (id int, refused string) {
	b.nextID++
	id = b.nextID
	// The record keeps a short form of the arguments for the whole run;
	// the full text lives only as long as the call.
	c := &call{Call: tools.Call{ID: b.callID(id), Name: name, Args: RecordArgs(raw), Status: StatusRunning}, started: time.Now(), promise: p}
	b.calls.add(c)
	if b.settled {
		c.Status = StatusCancelled
		c.Error = "refused: the script had already finished"
		c.Code = string(tools.ErrCancelled)
		b.calls.ended(c)
		return id, refusal("ToolError", tools.ErrCancelled, name+": the script has already finished; calls made after it settles are not run")
	}
	if !IsModelCall(name) && b.entry(name) == nil {
		c.Status = StatusError
		c.Error = "unknown tool"
		c.Code = string(tools.ErrUnknownTool)
		b.calls.ended(c)
		return id, refusal("ToolError", tools.ErrUnknownTool, fmt.Sprintf("unknown tool %q; see ALL_TOOLS or searchTools()", name))
	}
	if msg := b.argsRefused(len(raw)); msg != "" {
		c.Status = StatusError
		c.Error = msg
		c.Code = string(tools.ErrLimit)
		b.calls.ended(c)
		return id, refusal("ToolError", tools.ErrLimit, name+": "+msg)
	}
	b.cfg.Sink.CallStarted(c.Call)
	if p != nil && b.inFlight < b.cfg.MaxInFlight {
		if e := b.entry(name); e != nil && e.Instant {
			b.runInstant(id, c, raw)
			return id, ""
		}
	}
	b.argBytes += len(raw)
	post := b.loop.Register()
	if b.inFlight >= b.cfg.MaxInFlight {
		b.queued = append(b.queued, queuedCall{id: id, call: c, args: raw, post: post})
	} else {
		b.launch(id, c, raw, post)
	}
	return id, ""
}

// ModelCalls are the call names behind the models global. The CallFunc
// receives them like tool names; no catalog lists them, and a namespace
// must not be named "models".
var ModelCalls = []string{"models.list", "models.classify", "models.generateImages"}

// IsModelCall reports whether name is one of ModelCalls.
func IsModelCall(name string) bool {
	switch name {
	case "models.list", "models.classify", "models.generateImages":
		return true
	}
	return false
}

// Caps on the argument text held in Go. The JavaScript heap is bounded by
// the memory limit, but every call copies its arguments out of it, so
// without these a loop of unawaited calls could grow the Go heap without
// bound.
const (
	MaxCallArgBytes     = 64 << 20
	MaxInFlightArgBytes = 256 << 20
)

// argsRefused says why a call with n bytes of arguments cannot start, or "".
func (b *Binding) argsRefused(n int) string {
	switch {
	case n > MaxCallArgBytes:
		return fmt.Sprintf("the arguments are %d bytes of JSON; the limit is %d a call", n, MaxCallArgBytes)
	case b.argBytes+n > MaxInFlightArgBytes:
		return fmt.Sprintf("calls queued or running already hold %d bytes of arguments, and %d more would pass the limit of %d; await earlier calls first", b.argBytes, n, MaxInFlightArgBytes)
	}
	return ""
}

func (b *Binding) callID(n int) string {
	if b.cfg.CallIDPrefix == "" {
		return strconv.Itoa(n)
	}
	return b.cfg.CallIDPrefix + "/" + strconv.Itoa(n)
}

// launch runs call c on its own goroutine; the result comes back through
// post to the owner goroutine.
func (b *Binding) launch(id int, c *call, args json.RawMessage, post func(func() error)) {
	ctx, meta := b.begin(id, c)
	b.wg.Add(1)
	if b.jobs == nil {
		b.jobs = make(chan func(), b.cfg.MaxInFlight)
	}
	if b.workers < b.inFlight {
		b.workers++
		go worker(b.jobs)
	}
	b.live.Add(1)
	b.jobs <- func() {
		defer b.wg.Done()
		value, err := b.cfg.Call(ctx, c.Name, args)
		b.returnedMu.Lock()
		if b.returned == nil {
			b.returned = map[int]callReturn{}
		}
		b.returned[id] = callReturn{err, time.Now()}
		b.returnedMu.Unlock()
		b.live.Add(-1)
		n := len(args)
		post(func() error {
			b.argBytes -= n
			c.Meta = meta.v
			return b.complete(id, c, value, err)
		})
	}
}

// begin marks call c running and returns its context and the holder its
// tool's details are reported into.
func (b *Binding) begin(id int, c *call) (context.Context, *metaHolder) {
	b.inFlight++
	b.running[id] = c
	b.launched++
	c.seq = b.launched
	cc := &callContext{Context: tools.WithProgress(b.ctx, func(p tools.Progress) { b.cfg.Sink.Progress(c.ID, c.Name, p) }), call: c}
	return cc, &cc.meta
}

// callContext is a call's context: its record (CallInfoFrom) and the
// holder of its meta (ReportMeta) in one value, made once a call.
type callContext struct {
	context.Context
	call *call
	meta metaHolder
}

func (c *callContext) Value(key any) any {
	switch key.(type) {
	case callInfoKey:
		return c.call
	case metaKey:
		return &c.meta
	}
	return c.Context.Value(key)
}

// runInstant runs a call of an Instant tool on the owner goroutine. A
// result settles its promise at once (its reactions run as jobs, as after
// any call); a failure is settled from the loop, like a worker's, so its
// Error is made outside the script's frames and reads as every tool
// error does. A settlement that fails (the VM was interrupted) ends the
// run through the loop, as it would for a call that ran on a worker.
func (b *Binding) runInstant(id int, c *call, args json.RawMessage) {
	ctx, meta := b.begin(id, c)
	value, err := b.cfg.Call(ctx, c.Name, args)
	c.Meta = meta.v
	if err != nil {
		b.loop.Register()(func() error { return b.complete(id, c, nil, err) })
		return
	}
	if err := b.complete(id, c, value, nil); err != nil {
		b.loop.Register()(func() error { return err })
	}
}

// CallInfo identifies the call a CallFunc is running.
type CallInfo struct {
	// ID is the call's id in the run's record.
	ID string
	// Seq numbers the run's calls in the order they were launched, from 1
	// with no gaps: every launched call reaches the CallFunc, so a CallFunc
	// may serve calls in this order (approvals ask one at a time, in order).
	Seq int
}

type callInfoKey struct{}

// CallInfoFrom returns the CallInfo of the call whose context ctx is.
func CallInfoFrom(ctx context.Context) (CallInfo, bool) {
	// The call's record: its ID and seq are fixed before it is launched.
	c, ok := ctx.Value(callInfoKey{}).(*call)
	if !ok {
		return CallInfo{}, false
	}
	return CallInfo{ID: c.ID, Seq: c.seq}, true
}

// WaitIdle waits up to d for every tool call to return and reports whether
// they did. Unlike Finish it is safe from any goroutine: the engine uses it
// when it abandons a VM stuck in a builtin, after cancelling the run, so a
// CLI that exits next does not leave a call's processes running.
func (b *Binding) WaitIdle(d time.Duration) bool {
	deadline := time.Now().Add(d)
	for b.live.Load() > 0 {
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(5 * time.Millisecond)
	}
	return true
}

// worker runs jobs until the channel closes.
func worker(jobs <-chan func()) {
	for job := range jobs {
		job()
	}
}

// complete runs on the owner goroutine when a call returns.
func (b *Binding) complete(id int, c *call, value json.RawMessage, err error) error {
	b.inFlight--
	var settleErr error
	if _, live := b.running[id]; live {
		delete(b.running, id)
		c.Duration = time.Since(c.started)
		if err != nil {
			c.Status = StatusError
			c.Error = err.Error()
			c.Code = string(tools.CodeOf(err))
			info := errorInfo(err)
			info["callId"] = c.ID
			if c.promise != nil {
				data, _ := json.Marshal(info)
				settleErr = c.promise.Reject(string(data))
			} else {
				b.batch = append(b.batch, []any{id, false, info})
			}
		} else {
			c.Status = StatusOK
			if len(value) == 0 {
				value = json.RawMessage("null")
			}
			if c.promise != nil {
				settleErr = c.promise.Resolve(string(value))
			} else {
				b.batch = append(b.batch, []any{id, true, value})
			}
		}
		b.calls.ended(c)
		b.cfg.Sink.CallEnded(c.Call)
	}
	for b.inFlight < b.cfg.MaxInFlight && len(b.queued) > 0 && !b.settled {
		q := b.queued[0]
		b.queued = b.queued[1:]
		b.launch(q.id, q.call, q.args, q.post)
	}
	return settleErr
}

// flush settles the batch of finished calls with one call into JS.
func (b *Binding) flush() error {
	if len(b.batch) == 0 || b.settled {
		b.batch = b.batch[:0]
		return nil
	}
	data, err := json.Marshal(b.batch)
	b.batch = b.batch[:0]
	if err != nil {
		return err
	}
	_, err = b.vm.Call("__as_settle", string(data))
	return err
}

func errorInfo(err error) map[string]string {
	return map[string]string{"name": "ToolError", "message": err.Error(), "code": string(tools.CodeOf(err))}
}

func refusal(name string, code tools.Code, msg string) string {
	data, _ := json.Marshal(map[string]string{"name": name, "message": msg, "code": string(code)})
	return string(data)
}

// hostSync answers the prelude's synchronous requests.
func (b *Binding) hostSync(args []string) string {
	if len(args) != 2 {
		return replyErr("TypeError", tools.ErrInvalidArgs, "internal: bad sync call")
	}
	v, err := b.sync(args[0], args[1])
	if err != nil {
		var te *tools.Error
		if errors.As(err, &te) {
			return replyErr(errName(te.Code), te.Code, te.Msg)
		}
		return replyErr("Error", tools.ErrTool, err.Error())
	}
	data, err := json.Marshal(map[string]any{"ok": v})
	if err != nil {
		return replyErr("Error", tools.ErrTool, err.Error())
	}
	return string(data)
}

func errName(c tools.Code) string {
	switch c {
	case tools.ErrInvalidArgs:
		return "TypeError"
	case tools.ErrUnknownTool:
		return "ToolError"
	}
	return "Error"
}

func replyErr(name string, code tools.Code, msg string) string {
	data, _ := json.Marshal(map[string]any{"err": map[string]string{"name": name, "message": msg, "code": string(code)}})
	return string(data)
}

func (b *Binding) sync(op, payload string) (any, error) {
	switch op {
	case "catalog":
		return b.cat.json, nil
	case "run":
		return b.cfg.Run, nil
	case "diff":
		if b.cfg.Diff == nil {
			return "", nil
		}
		return b.cfg.Diff()
	case "args":
		if b.cfg.Args == nil {
			return []string{}, nil
		}
		return b.cfg.Args, nil
	case "log:log", "log:info", "log:debug", "log:warn", "log:error", "text", "image":
		return nil, b.output(op, payload)
	case "exit":
		return nil, b.exit(payload)
	case "value":
		// The returned value's JSON, sent just before "done" on its own
		// (see __as_await); the prelude's JSON.stringify made it.
		b.value = json.RawMessage(payload)
		return nil, nil
	case "valueText":
		// A returned string, as it is.
		b.valueText = &payload
		return nil, nil
	case "done":
		return nil, b.done(payload)
	case "store", "load":
		return b.storeOp(op, payload)
	case "searchTools", "describeTool", "describeNamespace", "loadNamespace", "unknownTool", "allTools":
		return b.discover(op, payload)
	}
	return nil, tools.Errorf(tools.ErrInvalidArgs, "internal: unknown sync op %q", op)
}

// output takes a console line, a text() or an image() within the run's
// output budget; after the script settled it is dropped. A line and a
// text come as they are (no JSON: a large one must not cost its size
// several times over), a line's level in the op ("log:warn").
func (b *Binding) output(op, payload string) error {
	if level, ok := strings.CutPrefix(op, "log:"); ok {
		if b.finished || !b.takeOutput(len(payload)) {
			return nil
		}
		b.cfg.Sink.Log(level, payload)
		return nil
	}
	switch op {
	case "text":
		s := payload // as it is, like a log line's
		if b.finished {
			return nil
		}
		if !b.takeOutput(len(s)) {
			return tools.Errorf(tools.ErrLimit, "text: output limit of %d bytes reached; return less, or write large results to a file with tools.write", b.cfg.MaxOutputBytes)
		}
		b.cfg.Sink.Text(s)
	case "image":
		img, err := decodeImage(json.RawMessage(payload))
		if err != nil {
			return err
		}
		if b.finished {
			return nil
		}
		if !b.takeOutput(len(img.Data)) {
			return tools.Errorf(tools.ErrLimit, "image: output limit of %d bytes reached", b.cfg.MaxOutputBytes)
		}
		b.cfg.Sink.Image(img)
	}
	return nil
}

// exit ends the script with exit(code).
func (b *Binding) exit(payload string) error {
	var code *float64 // null (NaN, Infinity) is no code
	if err := json.Unmarshal([]byte(payload), &code); err != nil || code == nil || *code != float64(int(*code)) || *code < 0 || *code > 255 {
		return tools.Errorf(tools.ErrInvalidArgs, "exit: code must be an integer from 0 to 255, got %s", payload)
	}
	n := int(*code)
	b.finish(Outcome{Finished: true, OK: n == 0, Exit: &n})
	b.loop.Stop(&ExitRequested{Code: n})
	return nil
}

// done records how the script settled, as the prelude reports it.
func (b *Binding) done(payload string) error {
	var d struct {
		OK    bool `json:"ok"`
		Error *struct {
			tools.ScriptError
			OutOfMemory bool `json:"oom"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(payload), &d); err != nil {
		return err
	}
	o := Outcome{Finished: true, OK: d.OK}
	if d.OK {
		o.Value, o.Text = b.value, b.valueText // sent just before (see "value")
	}
	if !d.OK && d.Error != nil {
		o.Err = b.scriptError(d.Error.Name, d.Error.Message, d.Error.Stack, d.Error.Code)
		o.Err.CallID, o.OutOfMemory = d.Error.CallID, d.Error.OutOfMemory
	}
	b.finish(o)
	return nil
}

// discover answers the script's questions about its tools: searchTools,
// describeTool, describeNamespace, ALL_TOOLS, and the prelude's lookups.
func (b *Binding) discover(op, payload string) (any, error) {
	if op == "allTools" {
		b.loadAllNamespaces()
		return scriptEntries(b.allEntries()), nil
	}
	if op == "searchTools" {
		var q struct {
			Query   string `json:"query"`
			Options struct {
				Limit     int    `json:"limit"`
				Namespace string `json:"namespace"`
			} `json:"options"`
		}
		if err := json.Unmarshal([]byte(payload), &q); err != nil {
			return nil, err
		}
		b.loadAllNamespaces()
		results, total := b.searchIndex().search(q.Query, q.Options.Namespace, q.Options.Limit)
		return map[string]any{"results": results, "total": total}, nil
	}
	if op == "unknownTool" {
		var q struct{ Namespace, Name string }
		if err := json.Unmarshal([]byte(payload), &q); err != nil {
			return nil, err
		}
		return nil, b.unknownTool(q.Namespace, q.Name)
	}
	var name string
	if err := json.Unmarshal([]byte(payload), &name); err != nil {
		return nil, err
	}
	switch op {
	case "describeTool":
		e := b.lookup(name)
		if e == nil {
			if d, ok := describeModels(name); ok {
				return d, nil
			}
			return nil, nil
		}
		return DescribeTool(*e), nil
	case "describeNamespace":
		return b.describeNamespace(name), nil
	default: // loadNamespace
		if err := b.loadNamespace(name); err != nil {
			return nil, err
		}
		return scriptEntries(b.ns.entries[name]), nil
	}
}

// lookup finds an entry by call name ("read", "server.get-sum") or by the
// path a script writes ("tools.server.get_sum", `tools["my-server"]["get-sum"]`,
// `server["get-sum"]`), loading the namespace it names.
func (b *Binding) lookup(name string) *Entry {
	name = strings.TrimSpace(name)
	if e := b.entry(name); e != nil {
		return e
	}
	segs := splitJSPath(name)
	if len(segs) > 1 && segs[0] == "tools" {
		segs = segs[1:]
	}
	switch len(segs) {
	case 1:
		for i := range b.cat.Entries {
			if e := &b.cat.Entries[i]; e.Name == segs[0] || e.Path[0] == segs[0] {
				return e
			}
		}
	case 2:
		for _, ns := range b.cat.Namespaces {
			if (ns.Name != segs[0] && ns.ID != segs[0]) || b.loadNamespace(ns.Name) != nil {
				continue
			}
			for _, e := range b.ns.entries[ns.Name] {
				if e.LocalName() == segs[1] || e.Path[1] == segs[1] {
					return b.ns.byName[e.Name]
				}
			}
		}
	}
	return nil
}

// jsPathSegment is one step of a property path: .name, ["name"] or ['name'].
var jsPathSegment = regexp.MustCompile(`^(?:\.?([^.\[\]"']+)|\["((?:[^"\\]|\\.)*)"\]|\['([^']*)'\])`)

// splitJSPath splits `tools.a["b-c"]` into [tools a b-c]; nil when s is
// not such a path.
func splitJSPath(s string) []string {
	var out []string
	for s != "" {
		m := jsPathSegment.FindStringSubmatch(s)
		if m == nil {
			return nil
		}
		seg := m[1] + m[3]
		if m[2] != "" {
			if json.Unmarshal([]byte(`"`+m[2]+`"`), &seg) != nil {
				return nil
			}
		}
		out = append(out, seg)
		s = s[len(m[0]):]
	}
	return out
}

func (b *Binding) takeOutput(n int) bool {
	if b.outputBytes+n > b.cfg.MaxOutputBytes {
		return false
	}
	b.outputBytes += n
	return true
}

func (b *Binding) storeOp(op, payload string) (any, error) {
	if b.cfg.Store == nil {
		return nil, tools.Errorf(tools.ErrNotAllowed, "%s: no store is available in this run", op)
	}
	if op == "load" {
		var key string
		if err := json.Unmarshal([]byte(payload), &key); err != nil {
			return nil, err
		}
		v, ok, err := b.cfg.Store.Load(key)
		if err != nil || !ok {
			return nil, err
		}
		return v, nil
	}
	var kv []string
	if err := json.Unmarshal([]byte(payload), &kv); err != nil || len(kv) == 0 {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "store: bad arguments")
	}
	if b.finished {
		return nil, nil
	}
	if len(kv) == 1 {
		return nil, b.cfg.Store.Delete(kv[0])
	}
	return nil, b.cfg.Store.Put(kv[0], kv[1])
}

func (b *Binding) describeNamespace(name string) any {
	var ns *Namespace
	for i := range b.cat.Namespaces {
		if b.cat.Namespaces[i].Name == name {
			ns = &b.cat.Namespaces[i]
		}
	}
	type toolInfo struct {
		Name        string `json:"name"`
		Description string `json:"description"`
	}
	var list []toolInfo
	var loadErr error
	if ns != nil {
		loadErr = b.loadNamespace(name)
	}
	for _, e := range b.allEntries() {
		if e.Namespace == name {
			list = append(list, toolInfo{e.LocalName(), firstLine(e.Description)})
		}
	}
	if ns == nil && len(list) == 0 {
		return nil
	}
	out := map[string]any{"name": name, "description": "", "instructions": "", "tools": list}
	if loadErr != nil {
		out["error"] = loadErr.Error()
	}
	if ns != nil {
		out["description"] = ns.Description
		out["instructions"] = ns.Instructions
	}
	return out
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

// Package engine runs atomic-script scripts: one JavaScript program in a
// fresh sandboxed QuickJS VM whose tools.* functions drive the coding tools,
// returning one compact, token-capped Result.
//
//	eng, err := engine.New(engine.WithRoot("."))
//	res, err := eng.Run(ctx, `return (await tools.todo_get()).summary`)
//	fmt.Print(res.Text)
//
// A script failure is not an error of Run: Result.OK is false and
// Result.Error says why (script, timeout, aborted or sandbox).
package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/engine/internal/kvstore"
	"github.com/atomic-script/atomic-script/internal/check"
	"github.com/atomic-script/atomic-script/models"
	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/ask"
	"github.com/atomic-script/atomic-script/tools/builtin"
	"github.com/atomic-script/atomic-script/tools/journal"
	"github.com/atomic-script/atomic-script/tools/spill"
)

// DefaultMaxOutputTokens is the output budget when neither host nor script
// sets one.
const DefaultMaxOutputTokens = 10_000

// hardDeadlineGrace is how long past the deadline Run waits for a VM that
// does not stop (one builtin call that runs for seconds) before it returns
// the timeout anyway and lets the VM finish in the background.
const hardDeadlineGrace = 200 * time.Millisecond

// finishGrace bounds the wait for cancelled tool calls to return.
const finishGrace = 5 * time.Second

// Engine runs scripts for one session. Runs may be concurrent; each gets
// its own VM. Close releases the session (background tasks, the store).
type Engine struct {
	cfg     config
	session *tools.Session
	kv      kvBackend
	db      *kvstore.DB
	spill   *spill.Dir
	runs    atomic.Int64

	catalogOnce sync.Once
	cached      *bindings.Catalog
	// noAsk is the catalog of a run with no one to answer questions.
	noAskOnce sync.Once
	noAsk     *bindings.Catalog

	// policy is cfg.approvals compiled for the root.
	policy *policy
}

// New returns an engine. Options are validated here: a bad one is an error
// now, not a surprise during a run.
func New(opts ...Option) (*Engine, error) {
	cfg := defaultConfig()
	for _, o := range opts {
		if err := o(&cfg); err != nil {
			return nil, err
		}
	}
	if cfg.root == "" {
		wd, err := os.Getwd()
		if err != nil {
			return nil, fmt.Errorf("engine: %w", err)
		}
		cfg.root = wd
	}
	root, err := filepath.Abs(cfg.root)
	if err != nil {
		return nil, fmt.Errorf("engine: workspace root: %w", err)
	}
	if fi, err := os.Stat(root); err != nil || !fi.IsDir() {
		return nil, fmt.Errorf("engine: workspace root %s is not a directory", root)
	}
	cfg.root = root
	if cfg.redactor == nil {
		cfg.redactor = NewRedactor()
	}
	cfg.settings.ProtectedPaths = append(append([]string(nil), cfg.settings.ProtectedPaths...), protectedDirs(cfg.storePath)...)
	if cfg.registry == nil {
		cfg.registry = tools.NewRegistry()
	}
	if err := checkNamespaces(cfg.namespaces); err != nil {
		return nil, err
	}
	pol, err := compilePolicy(cfg.approvals, root)
	if err != nil {
		return nil, fmt.Errorf("engine: %w", err)
	}
	e := &Engine{cfg: cfg, policy: pol}
	sid := cfg.sessionID
	if sid == "" {
		sid = fmt.Sprintf("run-%d-%d", os.Getpid(), time.Now().UnixNano())
	}
	e.session = tools.NewSession(sid)
	if cfg.sessionID != "" && !cfg.ephemeralStore {
		path := cfg.storePath
		if path == "" {
			if path, err = kvstore.DefaultPath(); err != nil {
				return nil, err
			}
		}
		db, err := kvstore.Open(path)
		if err != nil {
			return nil, err
		}
		e.db = db
		e.kv = sqliteBackend{db: db, session: cfg.sessionID}
		e.session.Durable = newToolState(db, cfg.sessionID)
	} else {
		e.kv = &memBackend{}
	}
	// Opened when a tool first spills; an unavailable directory says why
	// then.
	e.spill = spill.OpenLazy(sid)
	e.spill.SetRedact(cfg.redactor.Bytes)
	return e, nil
}

// Session returns the engine's session (snapshots, todos, background tasks).
func (e *Engine) Session() *tools.Session { return e.session }

// Tools returns the tools scripts of this engine may call.
func (e *Engine) Tools() *tools.Registry { return e.cfg.registry }

// Root returns the absolute workspace root.
func (e *Engine) Root() string { return e.cfg.root }

// Close ends the session: background tasks are stopped and the store is
// closed.
func (e *Engine) Close() error {
	err := e.session.Close()
	if e.db != nil {
		err = errors.Join(err, e.db.Close())
	}
	if e.spill != nil {
		err = errors.Join(err, e.spill.Close())
	}
	return err
}

// Run runs one script and returns its result. The error is non-nil only
// when the engine itself cannot run (no VM could be made); every script
// failure is reported in the Result.
func (e *Engine) Run(ctx context.Context, code string, opts ...RunOption) (*Result, error) {
	var ro runConfig
	for _, o := range opts {
		o(&ro)
	}
	start := time.Now()
	emit := func(ev Event) {
		if e.cfg.events == nil && ro.events == nil {
			return
		}
		if ev.Type != "run_end" { // its result was redacted when finished
			ev = redactEvent(e.cfg.redactor, ev)
		}
		if e.cfg.events != nil {
			e.cfg.events(ev)
		}
		if ro.events != nil {
			ro.events(ev)
		}
	}
	emit(Event{Type: "run_start", Time: start, Root: e.cfg.root})

	src, sopts, err := prepareScript(code)
	tokenCap := e.cfg.maxOutputTokens
	if tokenCap <= 0 {
		tokenCap = DefaultMaxOutputTokens
	}
	maxTokens, tokensOver := pickLimit(tokenCap, sopts.MaxOutputTokens)
	if err != nil {
		r := &Result{Error: &ScriptError{Kind: KindScript, Name: "OptionsError", Message: err.Error()}, ExitCode: ExitUsage}
		e.finishResult(r, start, maxTokens)
		emit(Event{Type: "run_end", Time: time.Now(), Result: r})
		return r, nil
	}
	prog, diags := e.compile(src, ro.name)
	if prog == nil {
		r := syntaxFailure(diags, scriptName(ro.name, check.LangOf(ro.name)))
		e.finishResult(r, start, maxTokens)
		emit(Event{Type: "run_end", Time: time.Now(), Result: r})
		return r, nil
	}
	timeout, timeoutOver := pickLimit(e.cfg.timeout, time.Duration(sopts.TimeoutMs)*time.Millisecond)
	var deadline time.Time
	if timeout > 0 {
		deadline = start.Add(timeout)
	}

	mode := e.cfg.fileMode
	if ro.fileModeSet {
		mode = ro.fileMode
	}
	hostMode := mode
	if sopts.DryRun {
		mode = journal.DryRun // a script may ask to write nothing, never the reverse
	}
	var rec *recorder
	if e.cfg.events != nil || ro.events != nil {
		rec = newRecorder(emit)
	} else {
		rec = newRecorder(nil)
	}
	run := &scriptRun{engine: e, ro: ro, rec: rec, src: prog.Code, orig: src, source: source(ro.name, prog),
		clock: newRunClock(deadline), budget: timeout, strict: e.cfg.strict || sopts.Strict, files: journal.New(mode), models: e.cfg.models.NewRun()}
	run.warnings = warnings(diags, run.source.Name)
	run.gate = &gate{pol: e.policy, ask: ro.ask, askBy: ro.askBy, dryRun: mode == journal.DryRun,
		scriptDryRun: sopts.DryRun && hostMode != journal.DryRun, stop: run.stop}
	rec.gate = run.gate
	res := run.execute(ctx)
	if tokensOver {
		res.Warnings = append(res.Warnings, fmt.Sprintf("// @options max_output_tokens %d is above this run's cap of %d tokens, which applies: a script can lower the cap, not raise it (the host sets it, e.g. --max-output-tokens)", sopts.MaxOutputTokens, tokenCap))
	}
	if timeoutOver {
		res.Warnings = append(res.Warnings, fmt.Sprintf("// @options timeout_ms %d is above this run's deadline of %v, which applies: a script can shorten the deadline, not extend it (the host sets it, e.g. --timeout)", sopts.TimeoutMs, e.cfg.timeout))
	}
	e.finishFiles(res, run.files)
	if res.OK && res.Changed && e.cfg.failOnChange {
		// ok means exit 0: a check that found work left did not pass.
		res.OK, res.ExitCode = false, ExitChanged
		verb := "changed"
		if res.DryRun {
			verb = "would change"
		}
		res.Warnings = append(res.Warnings, fmt.Sprintf("--fail-on-change: the run %s %s (exit %d).", verb, plural(len(res.Changes), "file"), ExitChanged))
	}
	e.finishResult(res, start, maxTokens)
	emit(Event{Type: "run_end", Time: time.Now(), Result: res})
	return res, nil
}

// pickLimit returns the limit in force: the host's ceiling (0: none)
// lowered by the script's, never raised; over reports a script limit above
// the ceiling.
func pickLimit[T int | time.Duration](ceiling, script T) (limit T, over bool) {
	switch {
	case script <= 0:
		return ceiling, false
	case ceiling > 0 && script > ceiling:
		return ceiling, true
	}
	return script, false
}

// finishResult sets the wall time, exit code and rendered text.
func (e *Engine) finishResult(r *Result, start time.Time, maxTokens int) {
	redactResult(e.cfg.redactor, r)
	r.Wall = time.Since(start)
	r.Version = Version()
	if r.OK {
		r.ExitCode = ExitOK
	} else if r.ExitCode == 0 && r.Error != nil {
		r.ExitCode = exitCodeFor(r.Error.Kind)
	}
	header := renderHeader(r)
	segs := renderSegments(r)
	// The body can be as large as the script's output limit: it is
	// measured and written out piece by piece, never joined whole, so a
	// large output costs its own size once more, not several times.
	if EstimateTokens(header)+estimateSegments(segs) <= maxTokens {
		r.Text = joinSegments(header, segs)
		return
	}
	r.Truncated = true
	r.FullOutputPath = e.saveFullOutput(header, segs)
	full := r.FullOutputPath
	if !e.cfg.endsWithRun { // a later run of the session can read it
		full = e.spill.Label(full)
	}
	r.Text = capText(header, segs, maxTokens, full)
}

// saveFullOutput writes header and segments to a 0600 file in the
// session's owner-only spill directory and returns its path, or "" when it
// cannot.
func (e *Engine) saveFullOutput(header string, segs []segment) string {
	if e.spill == nil {
		return ""
	}
	f, err := e.spill.Create("codemode-output-*.txt")
	if err != nil {
		return ""
	}
	werr := writeString(f, header)
	for _, s := range segs {
		werr = errors.Join(werr, writeString(f, s.text))
	}
	if err := errors.Join(werr, f.Close()); err != nil {
		return ""
	}
	return f.Path()
}

// scriptRun is one execution of a script.
type scriptRun struct {
	engine   *Engine
	ro       runConfig
	rec      *recorder
	src      string // the JavaScript the VM runs
	orig     string // the script as written
	source   bindings.Source
	warnings []string // the check's findings
	// clock is the run's deadline; it stands still while a person
	// answers a question.
	clock  *runClock
	budget time.Duration
	// strict fails the run on an unhandled promise rejection.
	strict bool
	// files is the run's journal: every file mutation of its tools goes
	// through it (see finishFiles).
	files *journal.Journal

	// gate is the run's approval gate.
	gate *gate
	// cuts is what the run's results showed and what limits cut from them.
	cuts cutLog
	// models is the run's model calls: their in-flight cap and usage.
	models *models.Run

	// Set by own for execute: the binding once installed, and loopDone
	// closed when the VM has stopped running the script.
	binding  atomic.Pointer[bindings.Binding]
	loopDone chan struct{}

	// abort cancels the run (set by execute); stopped says why, when an
	// approval answer stopped it.
	abort   context.CancelFunc
	stopped atomic.Pointer[string]
}

// stop aborts the run because an asker said to (StopRun).
func (s *scriptRun) stop(reason string) {
	s.stopped.Store(&reason)
	if s.abort != nil {
		s.abort()
	}
}

// execute runs the script on a goroutine that owns the VM and waits for it,
// but never much past the deadline: a VM stuck in one long builtin is left
// to finish in the background. The grace past the deadline is for the VM
// only; once it has stopped, the wait for cancelled calls (bounded by
// Finish) is not a reason to abandon the run. An abandoned run's calls are
// cancelled and waited for (boundedly) before the result is returned, so a
// CLI exiting next leaves no process of theirs behind, and nothing it
// records afterwards follows the result.
func (s *scriptRun) execute(ctx context.Context) *Result {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	s.abort = cancel
	s.loopDone = make(chan struct{})
	done := make(chan *Result, 1)
	go func() {
		defer func() {
			if r := recover(); r != nil {
				fault := &engineFault{value: r}
				done <- &Result{Error: &ScriptError{Kind: KindSandbox, Name: "EngineError", Message: fault.Error()}}
			}
		}()
		done <- s.own(ctx)
	}()
	var hard <-chan struct{}
	if !s.clock.Deadline().IsZero() {
		hard = s.clock.hard
	}
	defer s.clock.stop()
	select {
	case r := <-done:
		return r
	case <-s.loopDone:
		return <-done
	case <-hard:
	}
	select {
	case r := <-done:
		return r
	case <-s.loopDone:
		return <-done
	default:
	}
	cancel()
	if b := s.binding.Load(); b != nil {
		b.WaitIdle(finishGrace)
	}
	output, logs := s.rec.close()
	return &Result{
		Output:   output,
		Logs:     logs,
		Warnings: s.warnings,
		Usage:    s.modelUsage(),
		Error: &ScriptError{Kind: KindTimeout, Name: "TimeoutError",
			Message: s.timeoutMessage() + " (the engine did not stop in time and was abandoned)"},
	}
}

func (s *scriptRun) timeoutMessage() string {
	return fmt.Sprintf("the script exceeded its deadline of %v", s.budget)
}

// own is the VM's owner goroutine: everything that touches the VM happens
// here.
func (s *scriptRun) own(ctx context.Context) *Result {
	e := s.engine
	vm, err := e.cfg.newVM(runtime.Options{MemoryLimit: e.cfg.memoryLimit, WorkDir: e.cfg.root})
	if err != nil {
		return &Result{Error: &ScriptError{Kind: KindSandbox, Name: "EngineError", Message: err.Error()}}
	}
	// The VM is closed after the result is handed over: freeing a heap of
	// millions of objects (a promise storm) takes a tenth of a second and
	// more, which the caller's deadline must not pay. A VM that panicked
	// may panic again as it closes; the process goes on.
	defer func() {
		go func() {
			defer func() { _ = recover() }()
			vm.Close()
		}()
	}()
	loop := runtime.NewLoop(vm)

	runID := e.runs.Add(1)
	env := &tools.Env{
		Root:     e.cfg.root,
		Session:  e.session,
		Owner:    e.cfg.owner,
		Settings: e.cfg.settings,
		Files:    s.files,
		Spill:    e.spill,
		Enabled:  func(name string) bool { _, ok := e.cfg.registry.Get(name); return ok },
		Routers:  e.cfg.routers,
	}
	if q := s.ro.questions; q != nil {
		env.Questions = pausing{q, s.clock}
	}
	if env.Owner == "" {
		env.Owner = fmt.Sprintf("%s/run-%d", e.session.ID, runID)
	}
	store := newStagedStore(e.kv)
	runCtx, cancel := context.WithCancel(ctx)
	defer cancel()

	calls := &nsCalls{}
	s.gate.classify = func(name string) ApprovalClass {
		if nt, ok := calls.get(name); ok {
			return callTarget{name: name, readOnly: nt.ReadOnly}.class()
		}
		if t, ok := e.cfg.registry.Get(name); ok {
			return classOf(t)
		}
		return ""
	}
	b, err := bindings.Install(runCtx, vm, loop, bindings.Config{
		Catalog: e.catalogFor(s.ro),
		LoadNamespace: func(ctx context.Context, name string) ([]bindings.Entry, error) {
			return e.loadNamespace(ctx, name, calls)
		},
		Call:         e.caller(env, calls, s),
		Store:        store,
		Sink:         s.rec,
		Args:         s.ro.args,
		Run:          bindings.RunInfo{Mode: s.files.Mode().String(), DryRun: s.files.Mode() == journal.DryRun, Atomic: s.files.Mode() == journal.Atomic},
		Diff:         func() (string, error) { return runDiff(s.files, e.cfg.root) },
		CallIDPrefix: s.ro.callIDPrefix,
		Source:       s.source,
	})
	if err != nil {
		return &Result{Error: &ScriptError{Kind: KindSandbox, Name: "EngineError", Message: err.Error()}}
	}
	s.binding.Store(b)
	loopErr := s.runLoop(ctx, loop, b)
	close(s.loopDone)
	b.Finish(finishGrace)

	out := b.Outcome()
	output, logs := s.rec.snapshot()
	r := &Result{Output: output, Logs: logs, Warnings: s.warnings}
	if calls := b.Calls(); len(calls) > 0 {
		r.Calls = calls
		for i := range calls {
			s.rec.gate.annotate(&calls[i])
		}
	}
	r.CallStats = convertStats(b.Stats())
	r.Usage = s.modelUsage()
	s.classify(r, out, loopErr, vm)
	var fault *engineFault
	if !errors.As(loopErr, &fault) { // a VM that panicked is read no more
		s.unhandledRejections(r, vm)
	}
	if r.OK {
		switch {
		case out.Text != nil:
			r.Value = quoteJSON(*out.Text)
			r.Output = append(r.Output, Item{Type: "text", Text: *out.Text})
		case len(out.Value) > 0 && string(out.Value) != "null":
			r.Value = out.Value
			r.Output = append(r.Output, Item{Type: "text", Text: valueText(out.Value)})
		}
		if _, inMemory := e.kv.(*memBackend); inMemory && e.cfg.endsWithRun && store.changed() {
			r.Warnings = append(r.Warnings, "store() values last only for this run: pass --session NAME to keep them for later runs")
		}
		if err := store.commit(); err != nil {
			r.OK = false
			r.Error = &ScriptError{Kind: KindScript, Name: "StoreError", Message: "the script succeeded but its store() writes could not be saved: " + err.Error()}
			var over *kvstore.OverCapError
			var conflict *kvstore.ConflictError
			switch {
			case errors.As(err, &over):
				r.Error.Code = string(tools.ErrLimit)
				r.Error.Message += ". Runs of this session committed in the meantime; delete keys with store(key, undefined)"
			case errors.As(err, &conflict):
				// Compare-and-set failed: saving would overwrite the
				// other run's update with one computed from the old value.
				r.Error.Code = string(tools.ErrConflict)
				r.Error.Message += ". Nothing was saved: run the script again, so it loads the current values"
			}
		}
	}
	r.Warnings = append(r.Warnings, namespaceWarnings(b.NamespaceErrors())...)
	if e.cfg.endsWithRun {
		for _, task := range e.session.Running() {
			r.Warnings = append(r.Warnings, "background task "+task+" is still running and is killed when this run ends (the run's session ends with it); wait for it with bash_output, or use `atomic-script serve` for tasks that outlive a run")
		}
	}
	var cancelled []string
	for _, c := range r.Calls {
		if c.Status == bindings.StatusCancelled && c.Code == string(tools.ErrCancelled) && !strings.HasPrefix(c.Error, "refused") {
			cancelled = append(cancelled, c.ID)
		}
	}
	if w := lateWarning(b.LateCalls(), r.Error); w != "" {
		r.Warnings = append(r.Warnings, w)
	}
	if w := cancelledWarning(r, cancelled); w != "" {
		r.Warnings = append(r.Warnings, w)
	}
	r.Warnings = append(r.Warnings, s.cuts.warnings()...)
	return r
}

// engineFault is a panic of the JavaScript engine (goja's parser and
// compiler have panicked on valid source) or of the bindings, recovered on
// the VM's owner goroutine: the run ends with a sandbox error, not a
// crashed process.
type engineFault struct{ value any }

func (f *engineFault) Error() string {
	return fmt.Sprintf("the JavaScript engine failed on this script (%v); the run was stopped. Try the other engine (--engine quickjs or goja) and report the script", f.value)
}

// runLoop runs the script's event loop, recovering a panic into an
// *engineFault.
func (s *scriptRun) runLoop(ctx context.Context, loop *runtime.Loop, b *bindings.Binding) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &engineFault{value: r}
		}
	}()
	// The clock, not the loop, keeps the deadline: it stops while a
	// person is asked a question. Stop interrupts running JavaScript.
	s.clock.start(func() { loop.Stop(runtime.ErrTimeout) })
	loop.Deadline = s.clock.running
	return loop.Run(ctx, time.Time{}, b.Start(s.src), b.Done)
}

// lateWarning names the calls that were running when the script settled
// and finished afterwards: they did their work (recorded ok or error), but
// the script never saw their results.
func lateWarning(ids []string, stopped *ScriptError) string {
	if len(ids) == 0 {
		return ""
	}
	if stopped != nil && (stopped.Kind == KindAborted || stopped.Kind == KindTimeout) {
		return fmt.Sprintf("%s still running when the run was stopped finished after it (%s): %s did its work, and the script never saw the result.",
			plural(len(ids), "tool call"), strings.Join(ids, ", "), map[bool]string{true: "it", false: "they"}[len(ids) == 1])
	}
	return fmt.Sprintf("%s still running when the script returned finished after it (%s); %s result was not used: await every call whose result you need.",
		plural(len(ids), "tool call"), strings.Join(ids, ", "), map[bool]string{true: "its", false: "their"}[len(ids) == 1])
}

// cancelledWarning says what happened to the calls still running or
// queued when the script settled, which were cancelled: a script that
// returned without awaiting them lost their results; a script that failed
// (an uncaught error, a rejected Promise.all) stopped them by failing.
// Timeouts, aborts and sandbox stops say so in their error instead.
func cancelledWarning(r *Result, ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	calls := plural(len(ids), "tool call")
	list := strings.Join(ids, ", ")
	switch {
	case r.OK:
		return fmt.Sprintf("%s still running or queued when the script returned %s cancelled (%s): await every call whose result you need.", calls, wasWere(len(ids)), list)
	case r.Error.Kind != KindScript:
		return ""
	case r.Error.CallID != "":
		return fmt.Sprintf("The script failed on the error of call %s while %s %s still running or queued; %s cancelled (%s).", r.Error.CallID, calls, wasWere(len(ids)), itThey(len(ids)), list)
	}
	return fmt.Sprintf("The script failed while %s %s still running or queued; %s cancelled (%s).", calls, wasWere(len(ids)), itThey(len(ids)), list)
}

func wasWere(n int) string {
	if n == 1 {
		return "was"
	}
	return "were"
}

func itThey(n int) string {
	if n == 1 {
		return "it was"
	}
	return "they were"
}

// classify turns the loop's end and the script's outcome into OK/Error.
func (s *scriptRun) classify(r *Result, out bindings.Outcome, loopErr error, vm runtime.VM) {
	defer func() { explainNotAFunction(r.Error, s.orig, s.source.Name) }()
	var exit *bindings.ExitRequested
	switch {
	case errors.As(loopErr, &exit) || (loopErr == nil && out.Exit != nil):
		var code int
		if out.Exit != nil {
			code = *out.Exit
		} else if exit != nil {
			code = exit.Code // exit() from a job after the body settled
		}
		r.OK = code == 0
		if code != 0 {
			r.Error = &ScriptError{Kind: KindScript, Name: "Exit", Message: fmt.Sprintf("the script called exit(%d)", code)}
			r.ExitCode = code
		}
		return
	case errors.Is(loopErr, runtime.ErrTimeout):
		r.Error = &ScriptError{Kind: KindTimeout, Name: "TimeoutError", Message: s.timeoutMessage()}
		return
	case errors.Is(loopErr, runtime.ErrAborted):
		msg := "the run was aborted"
		if why := s.stopped.Load(); why != nil {
			msg += ": " + *why
		}
		r.Error = &ScriptError{Kind: KindAborted, Name: "AbortError", Message: msg}
		return
	}
	if (vm.MemoryExhausted() && (loopErr != nil || !out.OK)) || (loopErr == nil && out.Err != nil && out.OutOfMemory) {
		r.Error = &ScriptError{Kind: KindSandbox, Name: "MemoryLimitError",
			Message: fmt.Sprintf("the script exceeded its memory limit of %d MiB", s.engine.cfg.memoryLimitOrDefault()>>20)}
		return
	}
	switch {
	case errors.Is(loopErr, runtime.ErrStuck):
		r.Error = &ScriptError{Kind: KindScript, Name: "DeadlockError",
			Message: "the script awaits a promise that nothing will ever settle: no tool call is running and no job is queued (this sandbox has no timers). Check for a Promise whose resolve is never called."}
		return
	case loopErr != nil:
		var ex *runtime.Exception
		if errors.As(loopErr, &ex) {
			r.Error = &ScriptError{Kind: KindScript, Name: ex.Name, Message: ex.Message, Stack: bindings.CleanStack(ex.Stack, s.source)}
			return
		}
		r.Error = &ScriptError{Kind: KindSandbox, Name: "EngineError", Message: loopErr.Error()}
		return
	}
	if out.OK {
		r.OK = true
		return
	}
	if out.Err != nil {
		r.Error = out.Err
		r.Error.Kind = KindScript
		return
	}
	r.Error = &ScriptError{Kind: KindScript, Name: "Error", Message: "the script failed"}
}

// caller is how a script's tool call reaches the tools: validation and the
// same error codes as every other caller, then the value a script receives
// (structured content for tools with an output schema, else text).
//
// Every call passes the run's approval gate first, in the one place every
// tool call of a script goes through: the policy and its asker are the
// engine's, out of the script's reach.
func (e *Engine) caller(env *tools.Env, calls *nsCalls, s *scriptRun) bindings.CallFunc {
	call := e.call(env, calls, s)
	return func(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
		v, err := call(ctx, name, args)
		return v, withTypesHint(err, name)
	}
}

// withTypesHint points a script whose arguments did not validate at
// describeTool, which gives each parameter's type.
func withTypesHint(err error, name string) error {
	if err == nil {
		return nil // every successful call: errors.As would make te escape
	}
	var te *tools.Error
	if !errors.As(err, &te) || te.Code != tools.ErrInvalidArgs || !strings.HasPrefix(te.Msg, name+": invalid arguments: ") {
		return err
	}
	return &tools.Error{Code: te.Code, Msg: te.Msg + fmt.Sprintf(" (describeTool(%q) gives the types)", name), Err: te.Err}
}

func (e *Engine) call(env *tools.Env, calls *nsCalls, s *scriptRun) bindings.CallFunc {
	g := s.gate
	return func(ctx context.Context, name string, args json.RawMessage) (json.RawMessage, error) {
		if isModelCall(name) {
			// No approval class: a model call changes no file and runs
			// nothing here (it costs the provider's tokens, which the
			// result counts).
			if err := g.admit(ctx, callTarget{name: name, readOnly: true}, env, args); err != nil {
				return nil, err
			}
			return s.callModel(ctx, name, args)
		}
		if nt, ok := calls.get(name); ok {
			// An external tool's arguments are checked here, as a built-in
			// tool's are, so its errors name what it takes (a schema that
			// does not resolve here is left to its server).
			if err := tools.ValidateSchema(name, nt.Input, args); tools.CodeOf(err) == tools.ErrInvalidArgs {
				g.turns.done(callSeq(ctx))
				return nil, err
			}
			if err := g.admit(ctx, callTarget{name: name, readOnly: nt.ReadOnly}, env, args); err != nil {
				return nil, err
			}
			return nt.Call(ctx, args)
		}
		t, ok := e.cfg.registry.Get(name)
		if !ok {
			g.turns.done(callSeq(ctx))
			return nil, tools.Errorf(tools.ErrUnknownTool, "unknown tool %q", name)
		}
		if err := g.admit(ctx, callTarget{name: name, tool: t}, env, args); err != nil {
			return nil, err
		}
		res, err := tools.Invoke(ctx, t, env, args)
		if err != nil {
			return nil, err
		}
		ci, _ := bindings.CallInfoFrom(ctx)
		s.cuts.add(ci.ID, name, ci.Seq, res)
		bindings.ReportMeta(ctx, res.Details)
		if t.OutputSchema() != nil {
			return json.Marshal(res.Structured)
		}
		return json.Marshal(res.Text)
	}
}

// callSeq is the launch number of the call whose context ctx is.
func callSeq(ctx context.Context) int {
	ci, _ := bindings.CallInfoFrom(ctx)
	return ci.Seq
}

// catalog is what scripts of this engine can call: the built-in tools and
// the namespaces by name. It never changes, so it is built once; a
// namespace's tools are listed in a run only when its script first needs
// them (an MCP server starts then, not for every run).
func (e *Engine) catalog() *bindings.Catalog {
	e.catalogOnce.Do(func() { e.cached = e.newCatalog(nil) })
	return e.cached
}

// catalogFor is the catalog of a run: without ask_user_question (and its
// alias) when no one can answer, whose names then throw ERR_UNAVAILABLE.
func (e *Engine) catalogFor(ro runConfig) *bindings.Catalog {
	if ro.questions != nil {
		return e.catalog()
	}
	e.noAskOnce.Do(func() {
		un := map[string]string{}
		for _, n := range []string{ask.Name, ask.Alias} {
			if _, on := e.cfg.registry.Get(n); on {
				un[n] = ask.Unavailable
			}
		}
		if len(un) == 0 {
			e.noAsk = e.catalog()
			return
		}
		e.noAsk = e.newCatalog(un)
	})
	return e.noAsk
}

// newCatalog builds a catalog, leaving out the tools in unavailable.
func (e *Engine) newCatalog(unavailable map[string]string) *bindings.Catalog {
	entries := scriptEntries(e.cfg.registry)
	if len(unavailable) > 0 {
		entries = slices.DeleteFunc(entries, func(en bindings.Entry) bool { _, out := unavailable[en.Name]; return out })
	}
	c := bindings.NewCatalog(entries, e.namespaces())
	c.Unavailable = unavailable
	for _, name := range builtin.ScriptCallable() {
		if _, on := e.cfg.registry.Get(name); !on {
			c.Inactive = append(c.Inactive, name)
		}
	}
	return c
}

// scriptEntries is the catalog entries of the tools of reg that a script
// may call (model-only and host-only tools are left out), named as scripts
// call them. Hosts that describe a script's tools (the codemode tool's
// description) use it so they name tools as the engine does.
func scriptEntries(reg *tools.Registry) []bindings.Entry {
	var names []string
	for _, t := range reg.Tools() {
		if tools.ScriptCallable(t) {
			names = append(names, t.Name())
		}
	}
	ids := bindings.Identifiers(names)
	out := make([]bindings.Entry, len(names))
	for i, n := range names {
		t, _ := reg.Get(n)
		out[i] = bindings.Entry{
			Name: n, Path: []string{ids[i]}, Description: t.Description(),
			Input: t.InputSchema(), Output: t.OutputSchema(), Deferred: tools.HasTag(t, tools.TagDeferred),
			// An instant call runs on the script's goroutine, so it must
			// never wait for an approval.
			Instant: tools.HasTag(t, tools.TagInstant) && classOf(t) == "",
		}
	}
	return out
}

// NamespaceIdentifiers is the identifiers namespaces named names get under
// `tools` next to the tools of reg.
func NamespaceIdentifiers(reg *tools.Registry, names []string) []string {
	var taken []string
	for _, e := range scriptEntries(reg) {
		taken = append(taken, e.Path[0])
	}
	return bindings.Identifiers(append(taken, names...))[len(taken):]
}

// DTS returns the TypeScript declarations of everything a script of this
// engine can call.
// It lists every namespace's tools, starting MCP servers that are not
// running yet.
func (e *Engine) DTS() string {
	entries := scriptEntries(e.cfg.registry)
	for _, ns := range e.cfg.namespaces {
		list, err := e.loadNamespace(context.Background(), ns.Name, nil)
		if err == nil {
			entries = append(entries, list...)
		}
	}
	return bindings.DTS(entries)
}

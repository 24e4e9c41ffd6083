package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/atomic-script/atomic-script/internal/memlimit"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/goja"
	"github.com/atomic-script/atomic-script/runtime/quickjs"
	"github.com/atomic-script/atomic-script/runtime/webapi"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/builtin"
	"github.com/atomic-script/atomic-script/tools/journal"
	"github.com/atomic-script/atomic-script/tools/spill"
)

// JSEngine names the JavaScript engine a script runs on.
type JSEngine string

const (
	// QuickJS is the default engine: modernc.org/quickjs, with a heap limit
	// of its own and catchable stack overflows.
	QuickJS JSEngine = "quickjs"
	// Goja is the pure-Go second engine (no heap limit of its own; the Go
	// heap is sampled instead).
	Goja JSEngine = "goja"
)

// ParseJSEngine maps an engine name ("" means QuickJS) to a JSEngine.
func ParseJSEngine(name string) (JSEngine, error) {
	switch JSEngine(name) {
	case "", QuickJS:
		return QuickJS, nil
	case Goja:
		return Goja, nil
	}
	return "", fmt.Errorf("unknown engine %q: want quickjs or goja", name)
}

func (j JSEngine) constructor() runtime.New {
	if j == Goja {
		return goja.New
	}
	return quickjs.New
}

// FileMode says what the file mutations of a run's scripts do.
type FileMode int

const (
	// WriteFiles writes through and lists the changed files in
	// Result.Changes (the default).
	WriteFiles FileMode = iota
	// DryRun writes nothing: later reads of the run see its pending files,
	// and Result.Diff holds the unified diff of what it would change.
	DryRun
	// Atomic writes through and, when the run fails, times out or is
	// aborted, restores every file it touched (content, mode, modification
	// time; created files removed) and sets Result.RolledBack.
	Atomic
)

func (m FileMode) journalMode() (journal.Mode, error) {
	switch m {
	case WriteFiles:
		return journal.Write, nil
	case DryRun:
		return journal.DryRun, nil
	case Atomic:
		return journal.Atomic, nil
	}
	return 0, fmt.Errorf("engine: unknown file mode %d", int(m))
}

// Builtins returns a new registry of every built-in tool (those off by
// default included; tools.Select picks the enabled ones).
func Builtins() *tools.Registry { return builtin.Registry() }

// Identifier is the JavaScript identifier under `tools` that a tool or
// namespace named name gets (invalid characters become _, a leading digit
// gets a _ prefix, a reserved word a _ suffix).
func Identifier(name string) string { return bindings.Identifier(name) }

// SetMemoryBackstop sets, once at a process's start, the Go runtime's soft
// memory limit and the tools' process-wide decompression budget from the
// room the system leaves the process (an address-space limit, a cgroup,
// the machine's RAM; GOMEMLIMIT wins): the last line behind the tools'
// own caps, so no input makes the process die of memory. It returns the
// limit set, 0 when none was.
func SetMemoryBackstop() int64 { return memlimit.Set() }

// StartSpillReaper removes the persisted-output directories of sessions
// that ended long ago, in the background until ctx ends; the first pass
// starts after delay. Safe to call once per process.
func StartSpillReaper(ctx context.Context, delay time.Duration) {
	spill.StartReaper(ctx, delay, spill.ReapOptions{})
}

// Declarations renders the TypeScript declarations of the script-callable
// tools of reg, grouped by namespace, until budgetChars characters are used
// (0: no budget). It reports how many were declared and the names of those
// left out (deferred ones and those past the budget).
func Declarations(reg *tools.Registry, budgetChars int) (text string, declared int, left []string, total int) {
	entries := scriptEntries(reg)
	text, declared, left = bindings.Declarations(entries, budgetChars)
	return text, declared, left, len(entries)
}

// CompactDeclarations renders short TypeScript declarations of the named
// script-callable tools of reg (in reg's order; names it lacks are
// skipped) for a model's first look: each tool's doc is its first
// sentence, each argument's too, and results are typed without docs. It
// declares tools while the text stays within budgetChars (0: no budget)
// and returns the names declared.
func CompactDeclarations(reg *tools.Registry, budgetChars int, names ...string) (text string, declared []string) {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var entries []bindings.Entry
	for _, e := range scriptEntries(reg) {
		if want[e.Name] {
			e.Deferred = false
			entries = append(entries, e)
		}
	}
	text, _, left := bindings.CompactDeclarations(entries, budgetChars)
	skipped := map[string]bool{}
	for _, n := range left {
		skipped[n] = true
	}
	for _, e := range entries {
		if !skipped[e.Name] {
			declared = append(declared, e.Name)
		}
	}
	return text, declared
}

// SaveOutput saves data in a new 0600 file of the session's owner-only
// spill directory (named by pattern, e.g. "result-*.json") and returns how
// to name it, "PATH (artifact://N)": for a host that must cut a result and
// say where the whole of it is. Files live as long as the session's spill
// directory; artifact://N reads them in this session.
func (e *Engine) SaveOutput(pattern string, data []byte) (string, error) {
	path, err := e.spill.WriteFile(pattern, data)
	if err != nil {
		return "", err
	}
	return e.spill.Label(path), nil
}

// Call runs one tool directly, not from a script (an MCP host's direct
// tool call), through the validation, file rules and error codes a
// script's call gets. Direct calls share the engine's session (snapshots,
// todos, background tasks) and owner, write through without a journal,
// and spill large output into the engine's persisted-output directory.
// Progress reaches fn set with tools.WithProgress on ctx. The approval
// policy's deny rules apply; asking is the host's part (it sees the tool's
// annotations), so ask rules let a direct call run.
func (e *Engine) Call(ctx context.Context, name string, args []byte) (tools.Result, error) {
	t, ok := e.cfg.registry.Get(name)
	if !ok {
		return tools.Result{}, tools.Errorf(tools.ErrNotFound, "%s is not an enabled tool", name)
	}
	env := &tools.Env{
		Root:     e.cfg.root,
		Session:  e.session,
		Owner:    e.cfg.owner,
		Settings: e.cfg.settings,
		Files:    tools.DirectFiles{},
		Spill:    e.spill,
		Enabled:  func(n string) bool { _, ok := e.cfg.registry.Get(n); return ok },
		Direct:   true,
		Routers:  e.cfg.routers,
	}
	if env.Owner == "" {
		env.Owner = e.session.ID
	}
	if err := e.policy.directDenial(ctx, t, env, args); err != nil {
		return tools.Result{}, err
	}
	res, err := tools.Invoke(ctx, t, env, args)
	if err == nil && res.Whole {
		// A script parses a :raw read whole; a model reads the budget.
		res = tools.BoundText(env, t, res)
	}
	return e.redactDirect(res), err
}

// redactDirect is a direct call's result with its secrets replaced: the
// text and the structured content a host gets.
func (e *Engine) redactDirect(res tools.Result) tools.Result {
	rd := e.cfg.redactor
	res.Text = rd.String(res.Text)
	if res.Structured != nil {
		if data, err := json.Marshal(res.Structured); err == nil {
			if clean := rd.JSON(data); string(clean) != string(data) {
				res.Structured = json.RawMessage(clean)
			}
		}
	}
	return res
}

// ScriptGlobals says which web-standard globals a script has besides the
// tools (URL, TextEncoder, crypto.subtle.digest, path, ...) and which
// globals of other runtimes it has not (timers, fetch, require, process,
// Buffer, Intl), each with what to use instead: a few lines for a model-facing
// description.
func ScriptGlobals() string { return webapi.Summary() }

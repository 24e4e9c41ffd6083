package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"runtime/debug"
	"sort"
)

// Registry holds tools by name in registration order. Build it before a run
// starts; after that it is read-only and safe for concurrent use.
type Registry struct {
	order []string
	byKey map[string]Tool
}

// NewRegistry returns a registry holding ts. It panics on a duplicate name:
// that is a programming error.
func NewRegistry(ts ...Tool) *Registry {
	r := &Registry{byKey: map[string]Tool{}}
	for _, t := range ts {
		r.Add(t)
	}
	return r
}

// Add registers t. It panics on a duplicate name.
func (r *Registry) Add(t Tool) {
	if _, dup := r.byKey[t.Name()]; dup {
		panic(fmt.Sprintf("tools: duplicate tool %q", t.Name()))
	}
	r.order = append(r.order, t.Name())
	r.byKey[t.Name()] = t
}

// Get returns the tool named name.
func (r *Registry) Get(name string) (Tool, bool) {
	t, ok := r.byKey[name]
	return t, ok
}

// Names returns the registered names in registration order.
func (r *Registry) Names() []string { return append([]string(nil), r.order...) }

// Tools returns the registered tools in registration order.
func (r *Registry) Tools() []Tool {
	out := make([]Tool, 0, len(r.order))
	for _, n := range r.order {
		out = append(out, r.byKey[n])
	}
	return out
}

// Subset returns a registry with only the named tools, in this registry's
// order. Unknown names are ignored (selection reports them).
func (r *Registry) Subset(names []string) *Registry {
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	out := NewRegistry()
	for _, n := range r.order {
		if want[n] {
			out.Add(r.byKey[n])
		}
	}
	return out
}

// SortedNames returns the registered names sorted.
func (r *Registry) SortedNames() []string {
	n := r.Names()
	sort.Strings(n)
	return n
}

// Invoke validates args against t's input schema and runs t. Every caller
// (script bindings, MCP direct calls) goes through it so validation, error
// codes and the size of a result's text (MaxResultText) are the same
// everywhere.
func Invoke(ctx context.Context, t Tool, env *Env, args json.RawMessage) (Result, error) {
	if err := Validate(t, args); err != nil {
		return Result{}, err
	}
	if err := ctx.Err(); err != nil {
		return Result{}, Errorf(CodeOf(err), "%s: %v", t.Name(), err)
	}
	res, err := runGuarded(ctx, t, env, args)
	if err != nil {
		return res, err
	}
	return boundText(env, t, res), nil
}

// runGuarded runs t and turns a panic into the call's error: a bug in one
// tool fails that call, not every session of an MCP server. The stack goes
// to stderr for the bug report.
func runGuarded(ctx context.Context, t Tool, env *Env, args json.RawMessage) (r Result, err error) {
	ctx, release := withHolding(ctx)
	defer release()
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(os.Stderr, "atomic-script: tool %s panicked: %v\n%s", t.Name(), p, debug.Stack())
			r, err = Result{}, Errorf(ErrTool, "%s: internal error (a bug in atomic-script; please report it): %v", t.Name(), p)
		}
	}()
	return t.Run(ctx, env, args)
}

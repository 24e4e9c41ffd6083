package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/atomic-script/atomic-script/internal/bindings"
	"github.com/google/jsonschema-go/jsonschema"
)

// Namespace is a group of tools from outside the registry (an MCP server)
// that scripts call as tools.<namespace>.<tool>.
type Namespace struct {
	Name         string
	Description  string
	Instructions string
	// Tools lists the namespace's tools. A run calls it only when its script
	// first touches the namespace (tools.<ns>, ALL_TOOLS, searchTools,
	// describeNamespace or a call), so an MCP server starts on first use;
	// an error makes that namespace unavailable to the run.
	Tools func(ctx context.Context) ([]NamespaceTool, error)
}

// NamespaceTool is one tool of a Namespace.
type NamespaceTool struct {
	Name        string
	Description string
	Input       *jsonschema.Schema
	Output      *jsonschema.Schema
	// ReadOnly is set when the server annotates the tool readOnlyHint: it
	// runs like read, without approval. Every other external tool is in
	// the write approval class.
	ReadOnly bool
	// Call runs the tool and returns the JSON value the script receives.
	Call func(ctx context.Context, args json.RawMessage) (json.RawMessage, error)
}

func (e *Engine) namespaces() []bindings.Namespace {
	names := make([]string, len(e.cfg.namespaces))
	for i, ns := range e.cfg.namespaces {
		names[i] = ns.Name
	}
	ids := NamespaceIdentifiers(e.cfg.registry, names)
	out := make([]bindings.Namespace, len(e.cfg.namespaces))
	for i, ns := range e.cfg.namespaces {
		out[i] = bindings.Namespace{Name: ns.Name, ID: ids[i], Description: ns.Description, Instructions: ns.Instructions}
	}
	return out
}

// nsCalls is one run's namespaced tools, filled as the script loads
// namespaces: call name → the function that runs it. Written on the VM's
// goroutine, read on tool goroutines.
type nsCalls struct {
	mu    sync.Mutex
	calls map[string]NamespaceTool
}

func (c *nsCalls) get(name string) (NamespaceTool, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.calls[name]
	return t, ok
}

// loadNamespace lists the tools of the namespace called name as catalog
// entries (tools.<namespace id>.<tool id>), recording their call functions
// in calls when it is not nil.
func (e *Engine) loadNamespace(ctx context.Context, name string, calls *nsCalls) ([]bindings.Entry, error) {
	for i, ns := range e.namespaces() {
		if ns.Name != name {
			continue
		}
		list, err := e.cfg.namespaces[i].Tools(ctx)
		if err != nil {
			return nil, err
		}
		names := make([]string, len(list))
		for j, t := range list {
			names[j] = t.Name
		}
		ids := bindings.Identifiers(names)
		out := make([]bindings.Entry, len(list))
		if calls != nil {
			calls.mu.Lock()
			if calls.calls == nil {
				calls.calls = map[string]NamespaceTool{}
			}
			for _, t := range list {
				calls.calls[ns.Name+"."+t.Name] = t
			}
			calls.mu.Unlock()
		}
		for j, t := range list {
			out[j] = bindings.Entry{
				Name: ns.Name + "." + t.Name, Local: t.Name, Path: []string{ns.ID, ids[j]}, Namespace: ns.Name,
				Description: t.Description, Input: t.Input, Output: t.Output,
			}
		}
		return out, nil
	}
	return nil, fmt.Errorf("no namespace %q", name)
}

// namespaceWarnings says, for each namespace a run needed but could not
// load (a configured MCP server that failed to start), why, and that its
// tools are missing from the run's lists.
func namespaceWarnings(errs map[string]error) []string {
	names := make([]string, 0, len(errs))
	for n := range errs {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]string, 0, len(names))
	for _, n := range names {
		out = append(out, errs[n].Error()+"; its tools are missing from ALL_TOOLS and searchTools in this run")
	}
	return out
}

package engine

import (
	"context"
	"fmt"
	"sort"
	"sync"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/tools"
)

// Namespace is a group of tools from outside the registry (an MCP server)
// that scripts call as tools.<namespace>.<tool>; NamespaceTool is one of
// its tools. Both are defined in tools, so the bindings' catalog holds
// the same record.
type (
	Namespace     = tools.Namespace
	NamespaceTool = tools.NamespaceTool
)

func (e *Engine) namespaces() []bindings.Namespace {
	names := make([]string, len(e.cfg.namespaces))
	for i, ns := range e.cfg.namespaces {
		names[i] = ns.Name
	}
	ids := NamespaceIdentifiers(e.cfg.registry, names)
	out := make([]bindings.Namespace, len(e.cfg.namespaces))
	for i, ns := range e.cfg.namespaces {
		out[i] = bindings.Namespace{Namespace: ns, ID: ids[i]}
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

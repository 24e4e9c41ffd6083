package engine

import (
	"context"
	"encoding/json"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/google/jsonschema-go/jsonschema"
)

// Namespace is a group of tools from outside the registry (an MCP server)
// that scripts call as tools.<namespace>.<tool>.
type Namespace struct {
	Name         string
	Description  string
	Instructions string
	// Tools lists the namespace's tools. It is called when a run starts
	// (an MCP server may be started then) and its error fails the run's
	// catalog for that namespace only.
	Tools func(ctx context.Context) ([]NamespaceTool, error)
}

// NamespaceTool is one tool of a Namespace.
type NamespaceTool struct {
	Name        string
	Description string
	Input       *jsonschema.Schema
	Output      *jsonschema.Schema
	// Call runs the tool and returns the JSON value the script receives.
	Call func(ctx context.Context, args json.RawMessage) (json.RawMessage, error)
}

func (e *Engine) namespaces() []bindings.Namespace {
	out := make([]bindings.Namespace, 0, len(e.cfg.namespaces))
	for _, ns := range e.cfg.namespaces {
		out = append(out, bindings.Namespace{Name: ns.Name, Description: ns.Description, Instructions: ns.Instructions})
	}
	return out
}

// namespaceCall returns the call function of a namespaced tool name
// ("server.tool"), or nil.
func (e *Engine) namespaceCall(name string) func(context.Context, json.RawMessage) (json.RawMessage, error) {
	for _, ns := range e.cfg.namespaces {
		if len(name) <= len(ns.Name)+1 || name[:len(ns.Name)] != ns.Name || name[len(ns.Name)] != '.' {
			continue
		}
		list, err := ns.Tools(context.Background())
		if err != nil {
			return nil
		}
		for _, t := range list {
			if ns.Name+"."+t.Name == name {
				return t.Call
			}
		}
	}
	return nil
}

// namespaceEntries lists namespaced tools for the catalog.
func (e *Engine) namespaceEntries() []bindings.Entry {
	var out []bindings.Entry
	nsNames := make([]string, 0, len(e.cfg.namespaces))
	for _, ns := range e.cfg.namespaces {
		nsNames = append(nsNames, ns.Name)
	}
	nsIDs := NamespaceIdentifiers(e.cfg.registry, nsNames)
	for i, ns := range e.cfg.namespaces {
		list, err := ns.Tools(context.Background())
		if err != nil {
			continue
		}
		names := make([]string, len(list))
		for j, t := range list {
			names[j] = t.Name
		}
		ids := bindings.Identifiers(names)
		for j, t := range list {
			out = append(out, bindings.Entry{
				Name: ns.Name + "." + t.Name, Path: []string{nsIDs[i], ids[j]}, Namespace: ns.Name,
				Description: t.Description, Input: t.Input, Output: t.Output,
			})
		}
	}
	return out
}

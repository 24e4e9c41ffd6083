package bindings

import (
	"strings"

	"github.com/atomic-script/atomic-script/tools"
)

// nsView is the namespaces one run has loaded, on top of the catalog.
// Owner goroutine only.
type nsView struct {
	entries map[string][]Entry // namespace name → its tools
	errs    map[string]error   // namespace name → why it could not load
	byName  map[string]*Entry
	extra   []Entry      // every loaded namespaced tool, in load order
	index   *searchIndex // over catalog + extra; nil until needed
}

// entry finds a tool by call name, loading its namespace ("server.tool")
// the first time one of its tools is named.
func (b *Binding) entry(name string) *Entry {
	if e, ok := b.cat.byName[name]; ok {
		return e
	}
	if e, ok := b.ns.byName[name]; ok {
		return e
	}
	for _, ns := range b.cat.Namespaces {
		if strings.HasPrefix(name, ns.Name+".") {
			if b.loadNamespace(ns.Name) == nil {
				return b.ns.byName[name]
			}
		}
	}
	return nil
}

// loadNamespace lists a namespace's tools once a run. A namespace that is
// not in the catalog, or that failed to load, reports why.
func (b *Binding) loadNamespace(name string) error {
	if _, ok := b.ns.entries[name]; ok {
		return nil
	}
	if err, ok := b.ns.errs[name]; ok {
		return err
	}
	known := false
	for _, ns := range b.cat.Namespaces {
		known = known || ns.Name == name
	}
	if !known {
		return tools.Errorf(tools.ErrNotFound, "no namespace %q; describeNamespace and ALL_TOOLS list the namespaces", name)
	}
	var list []Entry
	var err error
	if b.cfg.LoadNamespace == nil {
		err = tools.Errorf(tools.ErrTool, "namespace %q: no loader configured", name)
	} else {
		list, err = b.cfg.LoadNamespace(b.ctx, name)
	}
	if b.ns.entries == nil {
		b.ns.entries, b.ns.errs, b.ns.byName = map[string][]Entry{}, map[string]error{}, map[string]*Entry{}
	}
	if err != nil {
		err = tools.Errorf(tools.CodeOf(err), "%s is unavailable: %v", jsPath("tools", b.nsID(name)), err)
		b.ns.errs[name] = err
		return err
	}
	b.ns.entries[name] = list
	b.ns.extra = append(b.ns.extra, list...)
	b.ns.byName = map[string]*Entry{}
	for i := range b.ns.extra {
		b.ns.byName[b.ns.extra[i].Name] = &b.ns.extra[i]
	}
	b.ns.index = nil
	return nil
}

// nsID is the identifier of the namespace called name under `tools`.
func (b *Binding) nsID(name string) string {
	for _, ns := range b.cat.Namespaces {
		if ns.Name == name {
			return ns.ID
		}
	}
	return name
}

// NamespaceErrors returns why each namespace the run needed could not be
// loaded, by namespace name (nil when every one loaded). Owner goroutine
// only.
func (b *Binding) NamespaceErrors() map[string]error {
	if len(b.ns.errs) == 0 {
		return nil
	}
	out := make(map[string]error, len(b.ns.errs))
	for k, v := range b.ns.errs {
		out[k] = v
	}
	return out
}

// loadAllNamespaces loads every namespace (for ALL_TOOLS and searchTools);
// one that fails is left out.
func (b *Binding) loadAllNamespaces() {
	for _, ns := range b.cat.Namespaces {
		_ = b.loadNamespace(ns.Name)
	}
}

// allEntries is the catalog's tools and every loaded namespaced tool.
func (b *Binding) allEntries() []Entry {
	if len(b.ns.extra) == 0 {
		return b.cat.Entries
	}
	return append(append([]Entry(nil), b.cat.Entries...), b.ns.extra...)
}

// searchIndex ranks over everything loaded so far.
func (b *Binding) searchIndex() *searchIndex {
	if len(b.ns.extra) == 0 {
		return b.cat.index()
	}
	if b.ns.index == nil {
		b.ns.index = newSearchIndex(b.allEntries())
	}
	return b.ns.index
}

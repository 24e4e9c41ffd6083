package bindings

import (
	"encoding/json"
	"strings"

	"github.com/atomic-script/atomic-script/internal/suggest"
	"github.com/atomic-script/atomic-script/tools"
)

// unknownTool is the error for reading tools.<name> (namespace "") or
// tools.<ns>.<name> when there is no such tool: it names the nearest
// names and where the full list is.
func (b *Binding) unknownTool(namespace, name string) error {
	if namespace == "" {
		if why, ok := b.cat.Unavailable[name]; ok {
			return tools.Errorf(tools.ErrUnavailable, "%s: %s", jsPath("tools", name), why)
		}
		for _, n := range b.cat.Inactive {
			if n == name {
				return tools.Errorf(tools.ErrUnknownTool, "%s is off in this run: %s is not in its tool selection (`atomic-script tools` says how to enable it); ALL_TOOLS lists the tools it has",
					jsPath("tools", name), name)
			}
		}
		var names []string
		for _, e := range b.cat.Entries {
			names = append(names, e.Path[0])
		}
		for _, ns := range b.cat.Namespaces {
			names = append(names, ns.ID)
		}
		return tools.Errorf(tools.ErrUnknownTool, "%s is not a tool%s ALL_TOOLS lists every tool (and \"name\" in tools tests for one)",
			jsPath("tools", name), didYouMean(name, names))
	}
	id := namespace
	for _, ns := range b.cat.Namespaces {
		if ns.Name == namespace {
			id = ns.ID
		}
	}
	var names []string
	for _, e := range b.ns.entries[namespace] {
		names = append(names, e.Path[1])
	}
	return tools.Errorf(tools.ErrUnknownTool, "%s is not a tool of %q%s describeNamespace(%s).tools lists its tools",
		jsPath("tools", id, name), namespace, didYouMean(name, names), quoteJS(namespace))
}

// didYouMean is "; did you mean x?" (or "x or y?") naming the candidates
// nearest to name, or ";" when none is near.
func didYouMean(name string, candidates []string) string {
	near := suggest.Nearest(name, candidates, 3)
	if len(near) == 0 {
		return ";"
	}
	if len(near) == 1 {
		return "; did you mean " + near[0] + "?"
	}
	return "; did you mean " + strings.Join(near[:len(near)-1], ", ") + " or " + near[len(near)-1] + "?"
}

// jsPath renders a property path as a script writes it: tools.a.b, or
// tools.a["b-c"] for a segment that is not an identifier.
func jsPath(parts ...string) string {
	var b strings.Builder
	for i, p := range parts {
		switch {
		case i == 0:
			b.WriteString(p)
		case isIdent(p):
			b.WriteString("." + p)
		default:
			b.WriteString("[" + quoteJS(p) + "]")
		}
	}
	return b.String()
}

func quoteJS(s string) string {
	q, _ := json.Marshal(s)
	return string(q)
}

package mcpclient

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/settings"
	"github.com/atomic-script/atomic-script/tools"
)

// Entries returns one selection entry per configured server, so that
// defaultTools and --tools select servers by name ("-github", or an
// allowlist that leaves a server out) and the /tools report lists them
// with the built-in tools. The entries are host-only: the engine never
// shows them to scripts; a selected server becomes a namespace instead. A
// server with "disabled": true is off until a selection adds it.
func Entries(configs map[string]settings.MCPServer) ([]tools.Tool, error) {
	if err := Validate(configs); err != nil {
		return nil, err
	}
	names := make([]string, 0, len(configs))
	for n := range configs {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]tools.Tool, 0, len(names))
	for _, n := range names {
		s := &Server{name: n, cfg: configs[n]}
		desc := fmt.Sprintf("MCP server (%s).", s.origin())
		if d := strings.TrimSpace(configs[n].Description); d != "" {
			desc = fmt.Sprintf("MCP server: %s (%s).", strings.TrimSuffix(d, "."), s.origin())
		}
		out = append(out, &entry{name: n, disabled: configs[n].Disabled,
			desc: desc + " Scripts call its tools as tools." + engine.Identifier(n) + ".<tool>."})
	}
	return out, nil
}

// IsEntry reports whether t is a server's selection entry.
func IsEntry(t tools.Tool) bool {
	_, ok := t.(*entry)
	return ok
}

type entry struct {
	name, desc string
	disabled   bool
}

func (e *entry) Name() string                     { return e.name }
func (e *entry) Description() string              { return e.desc }
func (e *entry) InputSchema() *jsonschema.Schema  { return &jsonschema.Schema{Type: "object"} }
func (e *entry) OutputSchema() *jsonschema.Schema { return nil }
func (e *entry) Tags() []tools.Tag {
	if e.disabled {
		return []tools.Tag{tools.TagHostOnly, tools.TagOffByDefault}
	}
	return []tools.Tag{tools.TagHostOnly}
}

func (e *entry) Run(context.Context, *tools.Env, json.RawMessage) (tools.Result, error) {
	return tools.Result{}, tools.Errorf(tools.ErrNotAllowed, "%s is an MCP server, not a tool: call its tools as tools.%s.<tool>", e.name, e.name)
}

// Explain makes the report's reasons for servers turned off by
// "disabled": true say so, instead of the generic "off by default".
func Explain(st *tools.Status, configs map[string]settings.MCPServer) {
	for i, in := range st.Inactive {
		c, ok := configs[in.Name]
		if !ok || !c.Disabled || in.Reason != "off by default" {
			continue
		}
		st.Inactive[i].Reason = fmt.Sprintf(`disabled in settings ("disabled": true under mcpServers.%s)`, in.Name)
		st.Inactive[i].Enable = fmt.Sprintf(`remove "disabled": true there, add "+%s" to defaultTools, or run with --tools +%s`, in.Name, in.Name)
	}
}

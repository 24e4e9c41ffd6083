// Package meta declares the tools a model host serves itself rather than a
// script: codemode (run a script) and tool_search (find and activate tools).
// They are registered with the built-in tools so that selection (settings,
// --tools) and the /tools report treat them like any other tool, and they
// carry tools.TagHostOnly so the engine leaves them out of every script's
// catalog: a script can never call codemode. `atomic-script serve` gives
// them their behaviour; their Run only explains that.
package meta

import (
	"context"
	"encoding/json"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/google/jsonschema-go/jsonschema"
)

// Names of the meta tools.
const (
	Codemode   = "codemode"
	ToolSearch = "tool_search"
)

// CodemodeArgs is the input of the codemode tool.
type CodemodeArgs struct {
	Code string `json:"code" jsonschema:"the JavaScript (or TypeScript) program; top-level await and return work"`
}

// ToolSearchArgs is the input of the tool_search tool.
type ToolSearchArgs struct {
	Query string `json:"query" jsonschema:"words describing the tool you need"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many matching tools to activate (default 5, at most 20)"`
}

// Tools returns codemode and tool_search, both off by default and host-only.
func Tools() []tools.Tool { return []tools.Tool{CodemodeTool(), ToolSearchTool()} }

// CodemodeTool returns the codemode entry.
func CodemodeTool() tools.Tool {
	in := tools.MustSchemaFor[CodemodeArgs]()
	in.Properties["code"].MinLength = jsonschema.Ptr(1)
	return &hostTool{name: Codemode, in: in,
		desc: "Run a JavaScript program that composes tool calls and returns one compact result (served by `atomic-script serve`)."}
}

// ToolSearchTool returns the tool_search entry.
func ToolSearchTool() tools.Tool {
	in := tools.MustSchemaFor[ToolSearchArgs]()
	in.Properties["query"].MinLength = jsonschema.Ptr(1)
	in.Properties["limit"].Minimum = jsonschema.Ptr(1.0)
	in.Properties["limit"].Maximum = jsonschema.Ptr(20.0)
	return &hostTool{name: ToolSearch, in: in,
		desc: "Find registered tools that are not listed yet (deferred or codemode-only ones) and activate the best matches for the next call."}
}

// hostTool is a tool whose behaviour lives in the host.
type hostTool struct {
	name, desc string
	in         *jsonschema.Schema
}

func (t *hostTool) Name() string                     { return t.name }
func (t *hostTool) Description() string              { return t.desc }
func (t *hostTool) InputSchema() *jsonschema.Schema  { return t.in }
func (t *hostTool) OutputSchema() *jsonschema.Schema { return nil }
func (t *hostTool) Tags() []tools.Tag {
	return []tools.Tag{tools.TagOffByDefault, tools.TagHostOnly}
}

// Run refuses: the host (the MCP server) serves these tools, and scripts
// never see them.
func (t *hostTool) Run(ctx context.Context, env *tools.Env, args json.RawMessage) (tools.Result, error) {
	return tools.Result{}, tools.Errorf(tools.ErrNotAllowed, "%s is served by the model host (atomic-script serve); scripts cannot call it", t.name)
}

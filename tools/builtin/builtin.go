// Package builtin assembles atomic-script's built-in tools into one
// registry, in the order they are listed to models.
package builtin

import (
	"sync"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/ask"
	"github.com/atomic-script/atomic-script/tools/code"
	"github.com/atomic-script/atomic-script/tools/files"
	"github.com/atomic-script/atomic-script/tools/meta"
	"github.com/atomic-script/atomic-script/tools/search"
	"github.com/atomic-script/atomic-script/tools/shell"
	"github.com/atomic-script/atomic-script/tools/todo"
	"github.com/atomic-script/atomic-script/tools/web"
)

// Tools returns a fresh instance of every built-in tool.
func Tools() []tools.Tool {
	var out []tools.Tool
	out = append(out, files.Tools()...) // read, write, edit
	out = append(out, shell.Tools()...) // bash, bash_output, kill
	out = append(out, search.Find(), search.Search(), search.StructuralSearch())
	out = append(out, code.Tools()...) // outline, rewrite, query
	// grep and glob are the 13-tool shapes of search and find: callable
	// when selected, off by default so models see one way to do each.
	out = append(out, tools.WithTags(search.Grep(), tools.TagOffByDefault), tools.WithTags(search.Glob(), tools.TagOffByDefault))
	out = append(out, todo.Tools()...)
	// ask_user_question (and ask_question): a script asks its user; in a
	// run's catalog only when someone can answer.
	out = append(out, ask.Tools()...)
	// webfetch, websearch, code_search: off by default; `--tools
	// +webfetch,+websearch,+code_search` turns them on.
	out = append(out, web.Tools()...)
	// codemode and tool_search: off by default, host-only (never in a
	// script's catalog), served by `atomic-script serve`.
	out = append(out, meta.Tools()...)
	for i, t := range out {
		if tags := hints[t.Name()]; len(tags) > 0 {
			out[i] = tools.WithTags(t, tags...)
		}
	}
	return out
}

// hints are the built-in tools' behaviour hints (MCP annotations), after
// the spec's approval classes: what changes no file and starts no process
// is read-only (read and search record snapshots in the session only; the
// todo tools change only the session's checklist), and needs no approval;
// write, edit and bash change the workspace and do; the web tools change
// nothing but reach the open web. kill stops only a task
// the session started. The todo tools are instant: they only lock the
// session's checklist.
var hints = map[string][]tools.Tag{
	"read":        {tools.TagReadOnly, tools.TagIdempotent},
	"find":        {tools.TagReadOnly, tools.TagIdempotent},
	"search":      {tools.TagReadOnly, tools.TagIdempotent},
	"grep":        {tools.TagReadOnly, tools.TagIdempotent},
	"outline":     {tools.TagReadOnly, tools.TagIdempotent},
	"glob":        {tools.TagReadOnly, tools.TagIdempotent},
	"bash_output": {tools.TagReadOnly},
	"todo_get":    {tools.TagReadOnly, tools.TagIdempotent, tools.TagInstant},
	"todowrite":   {tools.TagReadOnly, tools.TagIdempotent, tools.TagInstant},
	"todo_update": {tools.TagReadOnly, tools.TagIdempotent, tools.TagInstant},
	"write":       {tools.TagDestructive, tools.TagIdempotent},
	"edit":        {tools.TagDestructive},
	"bash":        {tools.TagDestructive, tools.TagOpenWorld},
	"kill":        {tools.TagIdempotent},
	"codemode":    {tools.TagDestructive, tools.TagOpenWorld},
	"tool_search": {tools.TagReadOnly, tools.TagIdempotent},
	// Asking changes nothing; it is user interaction, never approved, and
	// a host has its own way to ask (not a direct tool).
	"ask_user_question": {tools.TagReadOnly, tools.TagScriptOnly},
	"ask_question":      {tools.TagReadOnly, tools.TagScriptOnly},
	"webfetch":          {tools.TagReadOnly, tools.TagIdempotent, tools.TagOpenWorld},
	"websearch":         {tools.TagReadOnly, tools.TagIdempotent, tools.TagOpenWorld},
	"code_search":       {tools.TagReadOnly, tools.TagIdempotent, tools.TagOpenWorld},

	"structural_search": {tools.TagReadOnly, tools.TagIdempotent},
	"query":             {tools.TagReadOnly, tools.TagIdempotent},
	"rewrite":           {tools.TagDestructive},
}

// Registry returns a registry of every built-in tool (enabled or not; use
// tools.Select to apply settings).
func Registry() *tools.Registry { return tools.NewRegistry(Tools()...) }

// ScriptCallable is the names of the built-in tools a script may call
// (model-only and host-only tools left out), in Tools order. It is computed
// once: building every tool infers its schemas, which a cold start should
// pay once, not for each catalog.
var ScriptCallable = sync.OnceValue(func() []string {
	var names []string
	for _, t := range Tools() {
		if tools.ScriptCallable(t) {
			names = append(names, t.Name())
		}
	}
	return names
})

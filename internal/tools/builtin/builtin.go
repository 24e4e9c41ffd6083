// Package builtin assembles atomic-script's built-in tools into one
// registry, in the order they are listed to models.
package builtin

import (
	"github.com/atomic-script/atomic-script/internal/tools/files"
	"github.com/atomic-script/atomic-script/internal/tools/meta"
	"github.com/atomic-script/atomic-script/internal/tools/search"
	"github.com/atomic-script/atomic-script/internal/tools/shell"
	"github.com/atomic-script/atomic-script/internal/tools/todo"
	"github.com/atomic-script/atomic-script/internal/tools/web"
	"github.com/atomic-script/atomic-script/tools"
)

// Tools returns a fresh instance of every built-in tool.
func Tools() []tools.Tool {
	var out []tools.Tool
	out = append(out, files.Tools()...) // read, write, edit
	out = append(out, shell.Tools()...) // bash, bash_output, kill
	out = append(out, search.Find(), search.Search())
	// grep and glob are the 13-tool shapes of search and find: callable
	// when selected, off by default so models see one way to do each.
	out = append(out, tools.WithTags(search.Grep(), tools.TagOffByDefault), tools.WithTags(search.Glob(), tools.TagOffByDefault))
	out = append(out, todo.Tools()...)
	// webfetch, websearch, code_search: off by default; `--tools
	// +webfetch,+websearch,+code_search` turns them on.
	out = append(out, web.Tools()...)
	// codemode and tool_search: off by default, host-only (never in a
	// script's catalog), served by `atomic-script serve`.
	out = append(out, meta.Tools()...)
	for i, t := range out {
		if readOnly[t.Name()] {
			out[i] = tools.WithTags(t, tools.TagReadOnly)
		}
	}
	return out
}

// readOnly names the built-in tools that change no file and start no
// process (read and search record snapshots in the session only).
var readOnly = map[string]bool{"read": true, "find": true, "search": true, "grep": true, "glob": true, "bash_output": true, "todo_get": true,
	"webfetch": true, "websearch": true, "code_search": true}

// Registry returns a registry of every built-in tool (enabled or not; use
// tools.Select to apply settings).
func Registry() *tools.Registry { return tools.NewRegistry(Tools()...) }

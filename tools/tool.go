// Package tools defines the coding tools a script (or a model, through MCP)
// calls: the Tool interface, the Registry that holds them, and the Env every
// call runs in. Tools are plain Go: this package and its subpackages never
// import a JavaScript engine, so each tool is tested without one.
package tools

import (
	"context"
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
)

// Tool is one callable tool. Implementations must be safe for concurrent
// use: a script may run many calls of the same tool at once.
type Tool interface {
	// Name is the tool's registered name, e.g. "read".
	Name() string
	// Description is the model-facing text.
	Description() string
	// InputSchema describes the JSON object Run accepts.
	InputSchema() *jsonschema.Schema
	// OutputSchema describes Result.Structured; nil means the tool returns text.
	OutputSchema() *jsonschema.Schema
	// Run executes one call. args has already been validated against
	// InputSchema when the call came through Invoke. A failure the caller
	// should see is returned as an error, preferably a *Error with a Code.
	Run(ctx context.Context, env *Env, args json.RawMessage) (Result, error)
}

// Result is what one tool call produced.
type Result struct {
	// Text is the model-facing rendering of the result.
	Text string
	// Structured is the value a script receives when the tool has an
	// OutputSchema (and what MCP sends as structuredContent).
	Structured any
	// Images are image contents produced by the call.
	Images []Image
	// Details is metadata for programs (the spec's `details`), never shown
	// to a model as text.
	Details any
	// FullOutputPath names a file holding output that did not fit in Text.
	FullOutputPath string
	// Whole is set when Text is data the caller asked for in full (read's
	// :raw, which caps it itself): Invoke leaves it whole for a script to
	// parse, and BoundText applies MaxResultText where it goes to a model
	// (a direct call).
	Whole bool
	// Shows is what the result shows of things a limit can cut (lines of
	// a file, a search's rows in a file, pages of matching files), and
	// Cuts what a limit, not the request, left out of it: the engine warns
	// a run whose script used a cut result and no other call of the run
	// showed the rest (a script that maps a cut list gets a wrong answer
	// that looks right, and a footer in the text is easy to miss in code).
	Shows []Shown
	Cuts  []Cut
}

// Shown is a stretch of something a result showed: positions First to
// Last (lines of a file, indexes of matching files; Last math.MaxInt: to
// the end) of the thing Key names.
type Shown struct {
	Key         string
	First, Last int
}

// FileLines is the Key of the lines of the file at abs: a read shows
// them, and a cut of them (a read's, a search's long line) is fetched by
// any call that shows the line.
func FileLines(abs string) string { return "lines\x00" + abs }

// Cut is one part a limit left out of a result: position At of the thing
// Key names is where the rest starts, so another call whose result Shows
// it fetched the rest (a result never Shows where its own cuts' rest
// starts: the engine merges every call's Shows). The rest is words for the run's warning, which
// reads "<tool> call <id>: <Lead> <Item>, <Item> (<Limit>), and the
// script <Missed>; <Rest>" for a call's cuts of one Kind.
type Cut struct {
	Key string
	At  int
	// Kind groups a call's cuts into one warning ("rows", "page").
	Kind string
	// Item says what was cut: "20 of 57 matches in README.md".
	Item string
	// Unit counts the items past the ones named ("file": "and 4 more files").
	Unit string
	// Lead, Limit and Missed are said once for the Kind: "showed", "20 rows
	// a file in a multi-file search", "did not fetch the rest".
	Lead, Limit, Missed string
	// Rest says how to get the rest; equal Rests of a Kind are said once.
	Rest string
}

// Image is one image content item.
type Image struct {
	MIMEType string `json:"mimeType"`
	Data     []byte `json:"data"`
}

// Tagged marks tools that belong to a group the selection logic treats
// specially (model-only tools, deferred tools). Tools that do not implement
// it are ordinary.
type Tagged interface {
	Tags() []Tag
}

// Tag is a property of a tool relevant to selection and scripts.
type Tag string

const (
	// TagModelOnly marks tools a script may never call (workflow, subagent,
	// supervisor, user-question).
	TagModelOnly Tag = "model-only"
	// TagDeferred marks tools left out of codemode's inline catalog; scripts
	// find them with searchTools().
	TagDeferred Tag = "deferred"
	// TagOffByDefault marks tools that exist but are inactive until a
	// settings entry or --tools adds them.
	TagOffByDefault Tag = "off-by-default"
	// TagScriptOnly marks tools only a script calls, never a host as a
	// direct tool: ask_user_question, whose host has its own way to ask.
	TagScriptOnly Tag = "script-only"
	// TagHostOnly marks tools the host serves itself (codemode, tool_search,
	// the entries that stand for MCP servers): they are selected and reported
	// like any other tool, but never appear in a script's catalog.
	TagHostOnly Tag = "host-only"
	// TagReadOnly marks tools that change nothing outside the session
	// (no file, no process): an MCP host may run them without asking.
	TagReadOnly Tag = "read-only"
	// TagDestructive marks tools that may overwrite or delete data or
	// stop processes (MCP's destructiveHint).
	TagDestructive Tag = "destructive"
	// TagIdempotent marks tools for which repeating a call with the same
	// arguments has no further effect (MCP's idempotentHint).
	TagIdempotent Tag = "idempotent"
	// TagOpenWorld marks tools that reach beyond the workspace: the
	// network, any program (MCP's openWorldHint).
	TagOpenWorld Tag = "open-world"
	// TagBoundedOutput marks tools that keep their own text to about
	// MaxResultText of content, paging it with a continuation (read,
	// search) or saving the rest themselves (bash).
	TagBoundedOutput Tag = "bounded-output"
	// TagRunsCommands marks tools that run shell commands (bash): their
	// calls are in the "bash" approval class.
	TagRunsCommands Tag = "runs-commands"
	// TagSessionOnly marks tools that change only the session's own state
	// (the todo list, background tasks the session started): like
	// read-only tools they need no approval. (The todo tools also carry
	// TagReadOnly, as the spec's read-only set lists them; kill does not:
	// it stops a process.)
	TagSessionOnly Tag = "session-only"
	// TagInstant marks tools that return in microseconds, do no I/O and
	// never wait (the todo list). A script's call of one that needs no
	// approval runs on the script's own goroutine, without the hand-off to
	// a worker goroutine and back, which costs more than such a tool.
	TagInstant Tag = "instant"
)

// Annotations are a tool's behaviour hints, MCP's ToolAnnotations: what a
// host needs to decide whether a call needs the user's approval.
type Annotations struct {
	ReadOnly    bool // changes no file and starts no process
	Destructive bool // may overwrite or delete data or stop processes
	Idempotent  bool // a repeated call with the same arguments has no further effect
	OpenWorld   bool // reaches beyond the workspace
}

// AnnotationsOf returns t's hints from its tags. A tool that carries any of
// TagReadOnly, TagDestructive, TagIdempotent and TagOpenWorld declares all
// four (a missing one is false); one that carries none gets MCP's cautious
// defaults: not read-only, destructive, not idempotent, open world.
func AnnotationsOf(t Tool) Annotations {
	a := Annotations{ReadOnly: HasTag(t, TagReadOnly), Destructive: HasTag(t, TagDestructive),
		Idempotent: HasTag(t, TagIdempotent), OpenWorld: HasTag(t, TagOpenWorld)}
	if a == (Annotations{}) {
		return Annotations{Destructive: true, OpenWorld: true}
	}
	return a
}

// ScriptCallable reports whether a script may ever call t: model-only and
// host-only tools are left out of every script's catalog.
func ScriptCallable(t Tool) bool {
	return !HasTag(t, TagModelOnly) && !HasTag(t, TagHostOnly)
}

// HasTag reports whether t carries tag.
func HasTag(t Tool, tag Tag) bool {
	tt, ok := t.(Tagged)
	if !ok {
		return false
	}
	for _, x := range tt.Tags() {
		if x == tag {
			return true
		}
	}
	return false
}

// WithTags returns t with extra tags (a registry-level decision, such as
// turning an alias off by default, without changing the tool itself).
func WithTags(t Tool, tags ...Tag) Tool {
	return &taggedTool{Tool: t, tags: append(existingTags(t), tags...)}
}

type taggedTool struct {
	Tool
	tags []Tag
}

func (t *taggedTool) Tags() []Tag  { return t.tags }
func (t *taggedTool) Unwrap() Tool { return t.Tool }

func existingTags(t Tool) []Tag {
	if tt, ok := t.(Tagged); ok {
		return append([]Tag(nil), tt.Tags()...)
	}
	return nil
}

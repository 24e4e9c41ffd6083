package mcpserver

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/ask"
)

// modelsLine is the intro's line for models.*, shown when a provider is
// configured.
const modelsLine = `- models.classify({input, labels, instructions?}) → {label, usage}; models.generateImages({prompt, n?, size?}) → image() items; models.list(); 4 at once.`

// codemodeIntro is the part of codemode's description that says how to
// write a script. The verbs are the caps and the globals summary
// (engine.ScriptGlobals).
const codemodeIntro = `Run one JavaScript program in a sandbox where every tool is an async function; chain, batch and filter calls in code and return only what matters.

- Input {"code": "..."}: JavaScript or TypeScript, run as an async function's body (top-level await and return work; top-level var/function are not globalThis properties); syntax errors and unawaited tool calls are reported with their line before anything runs. The output is the returned value, text(value), console.log(...) and image(dataUrl); exit(code) ends early.
- Call await tools.NAME(args): a typed tool resolves to its result object, others to text. A failure throws an Error with a code (ERR_NOT_FOUND, ERR_INVALID_ARGS, ERR_STALE_ANCHOR, ...). Run independent calls with Promise.all, and await every call.
- Files: read returns hashline rows under a [path#TAG] header; edit takes that header and ops on the rows' line numbers, e.g. "[a.ts#1A2B]\nreplace 3..4:\n+new line".
- Discover: ALL_TOOLS ({name, description, namespace}[]), searchTools(query, {limit?}) (best 5, {name, description: one line}[]), describeTool(name) ({description, declaration}: full types), describeNamespace(name). "NAME" in tools tests for one.
- store(key, value) and load(key) keep JSON values across this session's calls (saved on success).
- Optional first line // @options: {"max_output_tokens": 2000, "timeout_ms": 30000} lowers the caps, never raises them: %s. Past the output cap the head and tail are kept and the whole goes to artifact://N, which read and search page through. {"dry_run": true} writes nothing and returns the diff the script would apply (RUN.diff() is it so far; bash runs in a copy that already has the pending changes): preview big changes with it.
- %s
- Tool calls have real effects; a failed script does not undo them.`

// codemodeCore are the tools a coding model uses most: codemode's
// description declares them inline; every other tool gets one line.
var codemodeCore = []string{"read", "edit", "write", "search", "find", "bash"}

// codemodeDescription is codemode's description: how to write a script,
// compact TypeScript declarations of the core tools within the token
// budget, one line for each other tool, and the MCP servers. asks says
// whether the client can answer ask_user_question (elicitation): the
// tool is named only to a client that can.
func codemodeDescription(cfg Config, asks bool) string {
	var b strings.Builder
	limits := fmt.Sprintf("the output is at most %d tokens", cmp.Or(cfg.MaxOutputTokens, engine.DefaultMaxOutputTokens))
	if cfg.Timeout > 0 {
		limits += " and a script stops after " + seconds(cfg.Timeout)
	}
	fmt.Fprintf(&b, codemodeIntro, limits, strings.ReplaceAll(engine.ScriptGlobals(), "\n", "\n- "))
	if cfg.Models.Configured() {
		b.WriteString("\n" + modelsLine)
	}
	if restricts(cfg.Approvals) {
		b.WriteString("\nApprovals are on: write, edit and bash calls (and external tools not marked read-only) may be shown to the user first, and throw ERR_DENIED when refused; catch it and say so, do not try another way around.")
	}
	b.WriteString("\n\n")
	b.WriteString(declarations(cfg.Enabled, cfg.InlineDeclarationTokens, asks))
	if len(cfg.Namespaces) > 0 {
		b.WriteString("\nMCP servers, tools.SERVER.TOOL (describeNamespace(name) lists their tools; a typed tool resolves to its structuredContent, others to text; isError throws):\n")
		names := make([]string, len(cfg.Namespaces))
		for i, ns := range cfg.Namespaces {
			names[i] = ns.Name
		}
		ids := engine.NamespaceIdentifiers(cfg.Enabled, names)
		for i, ns := range cfg.Namespaces {
			fmt.Fprintf(&b, "- tools.%s: %s\n", ids[i], firstLine(ns.Description))
		}
	}
	return strings.TrimRight(b.String(), "\n")
}

// declarations declares the enabled core tools within budget estimated
// tokens, then lists every other script-callable tool in one line (its
// arguments and first sentence); deferred tools are only counted.
// ask_user_question is listed only when asks (the client can answer).
func declarations(reg *tools.Registry, budget int, asks bool) string {
	decls, declared := engine.CompactDeclarations(reg, budget*charsPerToken, codemodeCore...)
	inline := map[string]bool{}
	for _, n := range declared {
		inline[n] = true
	}
	var b strings.Builder
	if decls != "" {
		fmt.Fprintf(&b, "```ts\n%s```\n", decls)
	}
	var lines []string
	deferred := 0
	for _, t := range reg.Tools() {
		switch {
		case !tools.ScriptCallable(t) || inline[t.Name()] || t.Name() == ask.Alias:
		case t.Name() == ask.Name:
			if asks {
				lines = append(lines, `- ask_user_question({questions: [{header, question, options: [{label, description?}], multiSelect?}]}): ask the user (1-4 questions, 2-4 options each) and wait for {answers: [{header, selected: [labels]}], status} (only "answered" is consent)`)
			}
		case tools.HasTag(t, tools.TagDeferred):
			deferred++
		default:
			lines = append(lines, fmt.Sprintf("- %s(%s): %s", engine.Identifier(t.Name()), argNames(t), tools.Summary(t.Description())))
		}
	}
	switch {
	case decls == "" && len(lines) == 0 && deferred == 0:
		return "No built-in tools are enabled; see get_tools for why.\n"
	case len(lines) > 0:
		b.WriteString("Also on tools (describeTool(name) gives the full type):\n" + strings.Join(lines, "\n") + "\n")
	}
	if deferred > 0 {
		fmt.Fprintf(&b, "%d more tool(s) are callable but not listed here: searchTools(query) finds them.\n", deferred)
	}
	return b.String()
}

// seconds renders d as a model reads it best: "60s", "1.5s", else d.
func seconds(d time.Duration) string {
	if d%(100*time.Millisecond) == 0 {
		return strconv.FormatFloat(d.Seconds(), 'f', -1, 64) + "s"
	}
	return d.String()
}

// argNames is a tool's argument object in brief: {a, b?} (optional ones
// marked), or "" for none.
func argNames(t tools.Tool) string {
	props := tools.Properties(t.InputSchema())
	if len(props) == 0 {
		return ""
	}
	parts := make([]string, 0, len(props))
	for _, p := range props {
		n := p.Name
		if !p.Required {
			n += "?"
		}
		parts = append(parts, n)
	}
	return "{" + strings.Join(parts, ", ") + "}"
}

// charsPerToken is the engine's token estimate.
const charsPerToken = 4

// instructions are the server's instructions to the client.
func instructions(s *Server) string {
	if s.codemode == nil {
		return "atomic-script coding tools. Call get_tools to see which tools are active and how to enable the others."
	}
	return "Prefer the codemode tool: one JavaScript program that calls several tools and returns only what you need. Call get_tools to see which tools are active and how to enable the others."
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	return s
}

// restricts reports whether p can keep a call from running.
func restricts(p engine.ApprovalPolicy) bool {
	for _, l := range p.Layers {
		for _, r := range l.Rules {
			if r.Action != engine.ActionAllow || len(r.Deny) > 0 {
				return true
			}
		}
	}
	return false
}

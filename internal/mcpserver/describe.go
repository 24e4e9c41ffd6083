package mcpserver

import (
	"fmt"
	"strings"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// codemodeIntro is the part of codemode's description that says how to
// write a script.
const codemodeIntro = `Run a JavaScript program in a sandbox where every tool below is an async function, and get back one compact result. Use it to chain, batch and filter tool calls in code and return only what matters: one codemode call instead of many tool calls.

- Input {"code": "..."}: top-level await and return work. The returned value, text(value), console.log(...) and image(dataUrl) make the output; exit(code) ends early.
- Call tools as await tools.NAME(args) (an MCP server's tools: tools.SERVER.TOOL(args)). A tool with a typed result resolves to that object, the others to text. A failed call throws an Error with name, message and code (ERR_NOT_FOUND, ERR_INVALID_ARGS, ...). Run independent calls together with Promise.all.
- Find more: ALL_TOOLS, searchTools(query, {limit, namespace}), describeTool(name), describeNamespace(name).
- store(key, value) and load(key) keep JSON values across codemode calls of this session (saved only when the script succeeds).
- Optional first line: // @options: {"max_output_tokens": 2000, "timeout_ms": 60000}. The output is capped (%s), keeping its head and tail.
- No require/import, fetch, timers, process or filesystem globals: only the tools. Tool calls have real effects, and a failed script does not undo the calls it made.`

// codemodeDescription is codemode's description: how to write a script,
// then TypeScript declarations of the enabled tools grouped by namespace
// within the token budget, then what was left out and where to find it.
func codemodeDescription(cfg Config) string {
	var b strings.Builder
	limits := fmt.Sprintf("%d tokens by default", engine.DefaultMaxOutputTokens)
	if cfg.MaxOutputTokens > 0 {
		limits = fmt.Sprintf("at most %d tokens", cfg.MaxOutputTokens)
	}
	if cfg.Timeout > 0 {
		limits += fmt.Sprintf("; scripts stop after %v", cfg.Timeout)
	}
	fmt.Fprintf(&b, codemodeIntro, limits)
	if restricts(cfg.Approvals) {
		b.WriteString("\nApprovals are on: write, edit and bash calls (and external tools not marked read-only) may be shown to the user first, and throw ERR_DENIED when refused; catch it and say so, do not try another way around.")
	}
	b.WriteString("\n\n")
	b.WriteString(declarations(cfg.Enabled, cfg.InlineDeclarationTokens))
	if len(cfg.Namespaces) > 0 {
		b.WriteString("\nMCP servers (their tools load on first use; describeNamespace(name) lists them, searchTools(query, {namespace}) finds them):\n")
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

// declarations renders entries as `declare namespace tools { ... }` blocks
// until budget estimated tokens are used; deferred entries and those past
// the budget are named at the end, pointing at searchTools and
// describeTool.
func declarations(reg *tools.Registry, budget int) string {
	decls, shown, left, total := engine.Declarations(reg, budget*charsPerToken)
	if total == 0 {
		return "No built-in tools are enabled; see get_tools for why.\n"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Declarations (%d of %d tools):\n```ts\n%s```\n", shown, total, decls)
	if len(left) > 0 {
		fmt.Fprintf(&b, "Also callable, not declared above (describeTool(name) declares one, searchTools(query) ranks them): %s\n", strings.Join(left, ", "))
	}
	return b.String()
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

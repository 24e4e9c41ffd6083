package mcpserver

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/tools/meta"
	"github.com/atomic-script/atomic-script/tools"
)

type wideArgs struct {
	Path  string `json:"path" jsonschema:"the file to work on, relative to the workspace root"`
	Limit int    `json:"limit,omitempty" jsonschema:"how many lines at most"`
}

func wideTool(name string, tags ...tools.Tag) tools.Tool {
	return tools.New(tools.Spec{Name: name, Description: strings.Repeat(name+" does a thing. ", 10), Tags: tags},
		func(ctx context.Context, env *tools.Env, in wideArgs) (tools.Result, error) {
			return tools.Result{}, nil
		})
}

func TestCodemodeDescriptionBudget(t *testing.T) {
	var ts []tools.Tool
	for i := range 10 {
		ts = append(ts, wideTool(fmt.Sprintf("tool%d", i)))
	}
	ts = append(ts, wideTool("later", tools.TagDeferred), wideTool("hidden-name"), meta.CodemodeTool())
	reg := tools.NewRegistry(ts...)
	decl, _, _, _ := engine.Declarations(tools.NewRegistry(ts[0]), 0)
	one := engine.EstimateTokens(strings.TrimPrefix(strings.TrimSuffix(decl, "}\n"), "declare namespace tools {\n"))
	desc := codemodeDescription(Config{Enabled: reg, InlineDeclarationTokens: 3*one + one/2,
		Namespaces: []engine.Namespace{{Name: "git-hub", Description: "GitHub API.\nMore text."}}})
	for _, want := range []string{
		"Declarations (3 of 12 tools):\n```ts\ndeclare namespace tools {\n",
		"  function tool0(args: {\n",
		"  function tool2(args: {\n",
		"Also callable, not declared above (describeTool(name) declares one, searchTools(query) ranks them): tool3, tool4, tool5, tool6, tool7, tool8, tool9, later, hidden-name\n",
		"- tools.git_hub: GitHub API.",
	} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q:\n%s", want, desc)
		}
	}
	if strings.Contains(desc, "function later(") || strings.Contains(desc, "codemode(") {
		t.Errorf("deferred or host-only tools declared:\n%s", desc)
	}
	// A budget that fits everything but the deferred tool.
	desc = codemodeDescription(Config{Enabled: reg, InlineDeclarationTokens: 100 * one})
	if !strings.Contains(desc, "Declarations (11 of 12 tools)") || !strings.Contains(desc, "function hidden_name(") || !strings.Contains(desc, "not declared above (describeTool(name) declares one, searchTools(query) ranks them): later") {
		t.Errorf("large budget:\n%s", desc)
	}
}

// The built-in tools' declarations stay within the default budget.
func TestDefaultBudgetHolds(t *testing.T) {
	reg, _ := tools.Select(engine.Builtins(), tools.Layer{Source: "test", Entries: []string{"+codemode"}})
	desc := codemodeDescription(Config{Enabled: reg, InlineDeclarationTokens: DefaultInlineDeclarationTokens})
	m := regexp.MustCompile("(?s)```ts\n(.*)```").FindStringSubmatch(desc)
	if m == nil {
		t.Fatalf("no declarations:\n%s", desc)
	}
	if n := engine.EstimateTokens(m[1]); n > DefaultInlineDeclarationTokens+50 {
		t.Errorf("declarations take %d tokens, over the %d budget", n, DefaultInlineDeclarationTokens)
	}
	t.Logf("codemode description: %d estimated tokens", engine.EstimateTokens(desc))
}

// With a policy that can refuse calls, codemode's description says so, so
// a model catches ERR_DENIED instead of working around it.
func TestCodemodeDescriptionApprovals(t *testing.T) {
	reg := tools.NewRegistry(wideTool("tool0"))
	const note = "Approvals are on:"
	if desc := codemodeDescription(Config{Enabled: reg}); strings.Contains(desc, note) {
		t.Errorf("no policy, but the description says approvals are on")
	}
	for _, r := range []engine.ApprovalRule{{Action: engine.ActionAsk}, {Action: engine.ActionDeny}, {Action: engine.ActionAllow, Deny: []string{"rm *"}}} {
		p := engine.ApprovalPolicy{Layers: []engine.ApprovalLayer{{Source: "s", Rules: map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: r}}}}
		if desc := codemodeDescription(Config{Enabled: reg, Approvals: p}); !strings.Contains(desc, note+" write, edit and bash calls") || !strings.Contains(desc, "ERR_DENIED") {
			t.Errorf("rule %+v: the description does not say approvals are on", r)
		}
	}
}

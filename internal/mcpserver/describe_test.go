package mcpserver

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/models"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/meta"
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

// TestCodemodeDescriptionStructure: the core tools that fit the budget
// are declared inline, every other tool gets one line (its arguments and
// first sentence), deferred and host-only tools are only counted or left
// out, and the MCP servers are listed.
func TestCodemodeDescriptionStructure(t *testing.T) {
	core := []tools.Tool{wideTool("read"), wideTool("edit"), wideTool("search")}
	var ts []tools.Tool
	ts = append(ts, core...)
	ts = append(ts, wideTool("tool0"), wideTool("later", tools.TagDeferred), wideTool("hidden-name"), meta.CodemodeTool())
	reg := tools.NewRegistry(ts...)
	decl, _ := engine.CompactDeclarations(tools.NewRegistry(core[0]), 0, "read")
	one := engine.EstimateTokens(strings.TrimPrefix(strings.TrimSuffix(decl, "}\n"), "declare namespace tools {\n"))
	desc := codemodeDescription(Config{Enabled: reg, InlineDeclarationTokens: 2*one + one/2, Timeout: 90 * time.Second,
		Namespaces: []engine.Namespace{{Name: "git-hub", Description: "GitHub API.\nMore text."}}}, true)
	for _, want := range []string{
		"```ts\ndeclare namespace tools {\n",
		"  function read(args: {\n",
		"  function edit(args: {\n",
		"Also on tools (describeTool(name) gives the full type):\n- search({path, limit?}): search does a thing.\n- tool0({path, limit?}): tool0 does a thing.\n- hidden_name({path, limit?}): hidden-name does a thing.\n",
		"1 more tool(s) are callable but not listed here: searchTools(query) finds them.",
		"- tools.git_hub: GitHub API.",
		"the output is at most 10000 tokens and a script stops after 90s",
	} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q:\n%s", want, desc)
		}
	}
	for _, bad := range []string{"function search(", "function tool0(", "later", "codemode("} {
		if strings.Contains(desc, bad) {
			t.Errorf("description has %q:\n%s", bad, desc)
		}
	}
}

// descriptionTokens is the most codemode's description with the default
// tools may take, by the engine's estimator; the summary of the
// web-standard globals (#19, engine.ScriptGlobals), which the intro
// includes, may take descriptionReserve of it.
const (
	descriptionTokens  = 2500
	descriptionReserve = 600
)

// TestCodemodeDescriptionTokens: with serve's default tools the
// description declares read, edit, write, search, find and bash inline,
// names every other tool in one line, and stays within the budget.
func TestCodemodeDescriptionTokens(t *testing.T) {
	reg, _ := tools.Select(engine.Builtins(), tools.Layer{Source: "test", Entries: []string{"+codemode"}})
	desc := codemodeDescription(Config{Enabled: reg, InlineDeclarationTokens: DefaultInlineDeclarationTokens, Timeout: DefaultTimeout}, true)
	for _, name := range codemodeCore {
		if !strings.Contains(desc, "  function "+name+"(args: {") {
			t.Errorf("%s is not declared inline", name)
		}
	}
	for _, tl := range reg.Tools() {
		// ask_question is ask_user_question's alias: one line says both.
		if tools.ScriptCallable(tl) && tl.Name() != "ask_question" && !slices.Contains(codemodeCore, tl.Name()) && !strings.Contains(desc, "\n- "+tl.Name()+"(") {
			t.Errorf("%s has no line of its own", tl.Name())
		}
	}
	for _, want := range []string{"searchTools(query, {limit?}) (best 5", "describeTool(name) ({description, declaration}", "ALL_TOOLS ({name, description, namespace}[])", "- bash_output({taskId?, id?, timeoutMs?}): Poll a background task of bash, waiting up to timeoutMs (default 5000: 5 s)", "a script stops after 60s", "Promise.all", "ERR_INVALID_ARGS", `{"dry_run": true}`, "top-level var/function are not globalThis properties"} {
		if !strings.Contains(desc, want) {
			t.Errorf("description lacks %q", want)
		}
	}
	n, g := engine.EstimateTokens(desc), engine.EstimateTokens(engine.ScriptGlobals())
	t.Logf("codemode description: %d estimated tokens, %d of them the globals summary", n, g)
	if !strings.Contains(desc, "URL, URLSearchParams") || !strings.Contains(desc, "Not here: setTimeout") {
		t.Error("the description lacks the globals summary")
	}
	if n > descriptionTokens {
		t.Errorf("the description takes %d tokens, over the budget of %d", n, descriptionTokens)
	}
	if g > descriptionReserve {
		t.Errorf("the globals summary takes %d tokens, over the %d kept for it", g, descriptionReserve)
	}
}

// With a policy that can refuse calls, codemode's description says so, so
// a model catches ERR_DENIED instead of working around it.
func TestCodemodeDescriptionApprovals(t *testing.T) {
	reg := tools.NewRegistry(wideTool("tool0"))
	const note = "Approvals are on:"
	if desc := codemodeDescription(Config{Enabled: reg}, true); strings.Contains(desc, note) {
		t.Errorf("no policy, but the description says approvals are on")
	}
	for _, r := range []engine.ApprovalRule{{Action: engine.ActionAsk}, {Action: engine.ActionDeny}, {Action: engine.ActionAllow, Deny: []string{"rm *"}}} {
		p := engine.ApprovalPolicy{Layers: []engine.ApprovalLayer{{Source: "s", Rules: map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: r}}}}
		if desc := codemodeDescription(Config{Enabled: reg, Approvals: p}, true); !strings.Contains(desc, note+" write, edit and bash calls") || !strings.Contains(desc, "ERR_DENIED") {
			t.Errorf("rule %+v: the description does not say approvals are on", r)
		}
	}
}

// TestCodemodeDescriptionModels: with a model provider configured, the
// intro has one line on models.*, and the description stays within its
// budget; without one, models are not offered.
func TestCodemodeDescriptionModels(t *testing.T) {
	reg, _ := tools.Select(engine.Builtins(), tools.Layer{Source: "test", Entries: []string{"+codemode"}})
	cfg := Config{Enabled: reg, InlineDeclarationTokens: DefaultInlineDeclarationTokens, Timeout: DefaultTimeout}
	if desc := codemodeDescription(cfg, true); strings.Contains(desc, "models.") {
		t.Errorf("no provider, but the description offers models")
	}
	p, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: "http://127.0.0.1:1/v1"})
	if err != nil {
		t.Fatal(err)
	}
	cfg.Models = models.New(p, models.Options{})
	desc := codemodeDescription(cfg, true)
	if !strings.Contains(desc, "\n"+modelsLine+"\n") {
		t.Errorf("the description lacks the models line:\n%s", desc)
	}
	if n := engine.EstimateTokens(modelsLine); n > 60 {
		t.Errorf("the models line takes %d tokens; keep it under 60", n)
	}
	if n := engine.EstimateTokens(desc); n > descriptionTokens {
		t.Errorf("with models the description takes %d tokens, over %d", n, descriptionTokens)
	}
}

package mcpserver_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/proctest"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/meta"
)

// `atomic-script run` reaches configured MCP servers too, and stops them
// when it exits.
func TestRunReachesExternalServer(t *testing.T) {
	w := newWorkspace(t, echoSettings, "")
	out, err := w.command("run", "--json", "-e", `return [await tools.echo.say_hello({name: "run"}), await tools.echo.pid({})]`).Output()
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out)
	}
	var res struct {
		OK    bool     `json:"ok"`
		Value []string `json:"value"`
	}
	if err := json.Unmarshal(out, &res); err != nil || !res.OK || len(res.Value) != 2 || res.Value[0] != "hello run" {
		t.Fatalf("run result %s (%v)", out, err)
	}
	var pid int
	fmt.Sscan(res.Value[1], &pid)
	if pid == 0 || proctest.Alive(pid) {
		t.Errorf("the echo server (pid %d) outlived run", pid)
	}
	// A selection that removes the server never starts it.
	out, _ = w.command("run", "--tools", "-echo", "-e", `return "echo" in tools`).Output()
	if !strings.Contains(string(out), "Output:\nfalse\n") {
		t.Errorf("run --tools -echo: %s", out)
	}
	// A server that cannot start is reported on stderr, to the script that
	// reaches for it and in the run's warnings; the run goes on.
	bad := newWorkspace(t, `{"mcpServers": {"gone": {"command": "/nonexistent/server"}}}`, "")
	cmd := bad.command("run", "-e", `try { tools.gone.x } catch (e) { return ["gone" in tools, e.message] }`)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err = cmd.Output()
	const why = "tools.gone is unavailable: MCP server gone (/nonexistent/server) could not be started: fork/exec /nonexistent/server: no such file or directory"
	if err != nil || !strings.Contains(string(out), "true,\n  \""+why+"\"") || !strings.Contains(string(out), "Warning: "+why) || !strings.Contains(stderr.String(), "MCP server gone (/nonexistent/server) could not be started") {
		t.Errorf("unstartable server: %v\n%s\n%s", err, out, stderr.String())
	}
}

func fakeTool(name string, tags ...tools.Tag) tools.Tool {
	return tools.New(tools.Spec{Name: name, Description: name + " tool", Tags: tags}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
		return tools.Result{Text: name + " ran"}, nil
	})
}

// Model-only and host-only tools never reach a script, even when a registry
// holds them.
func TestScriptsCannotCallModelOrHostOnlyTools(t *testing.T) {
	reg := tools.NewRegistry(fakeTool("plain"), fakeTool("ask_user", tools.TagModelOnly), meta.CodemodeTool(), meta.ToolSearchTool())
	eng, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithTools(reg))
	if err != nil {
		t.Fatal(err)
	}
	defer eng.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	res, err := eng.Run(ctx, `
const out = [ALL_TOOLS.map(t => t.name).join(","), "ask_user" in tools, "codemode" in tools, "tool_search" in tools, describeTool("codemode") ?? null];
for (const name of ["ask_user", "codemode"]) {
  try { await tools[name]({}); out.push("called " + name); } catch (e) { out.push(e.name); }
}
out.push(await tools.plain());
return out`)
	if err != nil {
		t.Fatal(err)
	}
	if want := `["plain",false,false,false,null,"ToolError","ToolError","plain ran"]`; string(res.Value) != want {
		t.Errorf("got %s, want %s\n%s", res.Value, want, res.Text)
	}
	if !strings.Contains(eng.DTS(), "function plain(") || strings.Contains(eng.DTS(), "codemode(") || strings.Contains(eng.DTS(), "ask_user") {
		t.Errorf("declarations list model-only or host-only tools:\n%s", eng.DTS())
	}
}

package mcpserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// A repository's .atomic/settings.json must not run commands: its
// mcpServers start only with --trust-project, and never replace a user
// server of the same name.
func TestProjectServersNeedTrust(t *testing.T) {
	const project = `{"mcpServers": {
		"helper": {"command": "sh", "args": ["-c", "touch $MARKER"]},
		"echo": {"command": "sh", "args": ["-c", "touch $MARKER"]}}}`
	// Everything that loads namespaces: ALL_TOOLS, searchTools,
	// describeNamespace and tools.<ns>.
	const script = `return [ALL_TOOLS.filter(t => t.namespace === "helper").length, searchTools("x").filter(t => t.namespace === "helper").length,
		describeNamespace("helper") ?? null, "helper" in tools, await tools.echo.say_hello({name: "user"})]`
	marker := func(w *workspace) bool {
		_, err := os.Stat(filepath.Join(w.dir, "marker"))
		return err == nil
	}

	w := newWorkspace(t, echoSettings, project)
	c := w.serve(t, "--tools=-bash,-bash_output,-kill,+helper")
	if r := mustRun(t, c, script); string(r.Value) != `[0,0,null,false,"hello user"]` {
		t.Errorf("untrusted: %s", r.Value)
	}
	if marker(w) {
		t.Fatal("an untrusted project server ran")
	}
	if d := toolDescription(t, c, "codemode"); strings.Contains(d, "helper") {
		t.Errorf("codemode description lists the untrusted server:\n%s", d)
	}
	c.Close()

	// Trusted: the project's new server starts on first use (here it only
	// touches the marker and exits); the user's echo still answers.
	c = w.serve(t, "--trust-project")
	res := c.run(t, `searchTools("x"); return await tools.echo.say_hello({name: "user"})`)
	if !strings.Contains(text(res), "hello user") {
		t.Errorf("trusted: %s", text(res))
	}
	waitFor(t, 10*time.Second, func() bool { return marker(w) })
	if !strings.Contains(c.stderr.String(), "mcpServers.echo ignored: your user settings define a server of that name") {
		t.Errorf("no warning about the shadowed server:\n%s", c.stderr)
	}
}

package engine_test

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// asker is an AskFunc for tests: it answers with answer(req) and keeps
// every request; it fails the test if two asks overlap.
type asker struct {
	t      *testing.T
	answer func(req engine.ApprovalRequest) engine.ApprovalAnswer
	mu     sync.Mutex
	reqs   []engine.ApprovalRequest
	busy   atomic.Int32
}

func (a *asker) ask(ctx context.Context, req engine.ApprovalRequest) (engine.ApprovalAnswer, error) {
	if a.busy.Add(1) != 1 {
		a.t.Errorf("two asks at once (%s)", req.CallID)
	}
	defer a.busy.Add(-1)
	a.mu.Lock()
	a.reqs = append(a.reqs, req)
	a.mu.Unlock()
	if a.answer == nil {
		return engine.ApprovalAnswer{Decision: engine.Approve}, nil
	}
	return a.answer(req), nil
}

func (a *asker) asked() []engine.ApprovalRequest {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]engine.ApprovalRequest(nil), a.reqs...)
}

func (a *asker) option() engine.RunOption { return engine.WithAsker("test", a.ask) }

func policy(source string, rules map[engine.ApprovalClass]engine.ApprovalRule) engine.ApprovalPolicy {
	return engine.ApprovalPolicy{Layers: []engine.ApprovalLayer{{Source: source, Rules: rules}}}
}

func ask(allow ...string) engine.ApprovalRule {
	return engine.ApprovalRule{Action: engine.ActionAsk, Allow: allow}
}

// approvalEngine is an engine on a fresh workspace with the built-in tools
// and the policy p.
func approvalEngine(t *testing.T, p engine.ApprovalPolicy, opts ...engine.Option) (*engine.Engine, string) {
	t.Helper()
	root := t.TempDir()
	t.Setenv("TMPDIR", t.TempDir())
	base := []engine.Option{engine.WithRoot(root), engine.WithTools(engine.Builtins()), engine.WithApprovals(p)}
	eng, err := engine.New(append(base, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { eng.Close() })
	return eng, root
}

func callNamed(r *engine.Result, id string) engine.Call {
	for _, c := range r.Calls {
		if c.ID == id {
			return c
		}
	}
	return engine.Call{}
}

func TestApprovalPolicyDeny(t *testing.T) {
	eng, root := approvalEngine(t, policy("settings.json", map[engine.ApprovalClass]engine.ApprovalRule{
		engine.ClassBash: {Action: engine.ActionDeny},
	}))
	r := run(t, eng, `
		try { await tools.bash({command: "touch made"}); return "ran" }
		catch (e) { return e.code + " | " + e.message }`)
	if !r.OK {
		t.Fatalf("script failed: %s", r.Text)
	}
	got := string(r.Value)
	for _, want := range []string{"ERR_DENIED", "bash: touch made", "approvals.bash: deny (settings.json)", "Change that setting"} {
		if !strings.Contains(got, want) {
			t.Errorf("error %s does not contain %q", got, want)
		}
	}
	if _, err := os.Stat(filepath.Join(root, "made")); err == nil {
		t.Error("the denied command ran")
	}
	c := r.Calls[0]
	if c.Approval != engine.Denied || c.ApprovalBy != "policy" || c.Code != "ERR_DENIED" || !strings.Contains(c.ApprovalRule, "settings.json") {
		t.Errorf("record = %+v", c)
	}
	// Reads are in no class: they run.
	r = run(t, eng, `await tools.find({paths: "*"}); return true`)
	if !r.OK || r.Calls[0].Approval != "" {
		t.Errorf("find: ok=%v approval=%q %s", r.OK, r.Calls[0].Approval, r.Text)
	}
}

func TestApprovalAskAnswers(t *testing.T) {
	eng, root := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{
		engine.ClassBash:  ask(),
		engine.ClassWrite: ask(),
	}))
	yes := &asker{t: t}
	r := run(t, eng, `await tools.bash({command: "echo hi > hi.txt", cwd: "."}); return "done"`, yes.option())
	if !r.OK {
		t.Fatalf("%s", r.Text)
	}
	reqs := yes.asked()
	if len(reqs) != 1 || reqs[0].Command != "echo hi > hi.txt" || reqs[0].Class != engine.ClassBash || reqs[0].Cwd != "." || reqs[0].Tool != "bash" {
		t.Fatalf("requests = %+v", reqs)
	}
	if c := r.Calls[0]; c.Approval != engine.AskedAllowed || c.ApprovalBy != "test" {
		t.Errorf("record = %+v", c)
	}

	no := &asker{t: t, answer: func(engine.ApprovalRequest) engine.ApprovalAnswer {
		return engine.ApprovalAnswer{Decision: engine.Decline, Reason: "not today"}
	}}
	r = run(t, eng, `
		try { await tools.write({path: "new.txt", content: "x\n"}) } catch (e) { return e.code + ": " + e.message }`, no.option())
	if got := string(r.Value); !strings.Contains(got, "ERR_DENIED") || !strings.Contains(got, "denied by the test: not today") {
		t.Errorf("declined write: %s", got)
	}
	if _, err := os.Stat(filepath.Join(root, "new.txt")); err == nil {
		t.Error("the declined write happened")
	}
	if reqs := no.asked(); len(reqs) != 1 || reqs[0].Paths[0] != "new.txt" || !strings.Contains(reqs[0].Diff, "+x") || !strings.Contains(reqs[0].Diff, "/dev/null") {
		t.Errorf("write request = %+v", reqs)
	}
	if c := r.Calls[0]; c.Approval != engine.Denied || c.ApprovalBy != "test" || c.ApprovalRule != "not today" {
		t.Errorf("record = %+v", c)
	}
}

// An edit's request carries the diff the edit would make, worked out
// before it runs.
func TestApprovalEditShowsDiff(t *testing.T) {
	eng, root := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassWrite: ask()}))
	if err := os.WriteFile(filepath.Join(root, "a.go"), []byte("package a\n\nvar x = 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	a := &asker{t: t, answer: func(engine.ApprovalRequest) engine.ApprovalAnswer { return engine.ApprovalAnswer{} }}
	r := run(t, eng, `
		const r = await tools.read({path: "a.go"});
		const tag = r.split("\n")[0];
		try { await tools.edit({input: tag + "\nreplace 3..3:\n+var x = 2\n"}) } catch (e) { return e.code }`, a.option())
	if string(r.Value) != `"ERR_DENIED"` {
		t.Fatalf("edit: %s", r.Text)
	}
	reqs := a.asked()
	if len(reqs) != 1 {
		t.Fatalf("asked %d times", len(reqs))
	}
	if d := reqs[0].Diff; !strings.Contains(d, "-var x = 1") || !strings.Contains(d, "+var x = 2") {
		t.Errorf("diff = %q", d)
	}
	if got := fileText(t, root, "a.go"); !strings.Contains(got, "x = 1") {
		t.Errorf("the declined edit was written: %q", got)
	}
}

func TestApprovalPatterns(t *testing.T) {
	eng, root := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{
		engine.ClassBash:  {Action: engine.ActionAsk, Allow: []string{"echo *", "true"}, Deny: []string{"rm *"}},
		engine.ClassWrite: {Action: engine.ActionAsk, Allow: []string{"src/**"}},
	}))
	if err := os.MkdirAll(filepath.Join(root, "src"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if err := os.Symlink(out, filepath.Join(root, "src", "out")); err != nil {
		t.Fatal(err)
	}
	a := &asker{t: t, answer: func(engine.ApprovalRequest) engine.ApprovalAnswer { return engine.ApprovalAnswer{} }}
	r := run(t, eng, `
		const res = [];
		for (const c of ["echo a", "echo a && true", "echo a && ls", "echo $(ls)", "rm -rf x"]) {
			try { await tools.bash({command: c}); res.push("ran") } catch (e) { res.push(e.code) }
		}
		try { await tools.bash({command: "echo a", env: {BASH_ENV: "/tmp/x"}}); res.push("ran") } catch (e) { res.push(e.code) }
		for (const p of ["src/a/b.txt", "top.txt", "src/out/escape.txt"]) {
			try { await tools.write({path: p, content: "x"}); res.push("ran") } catch (e) { res.push(e.code) }
		}
		return res.join(",")`, a.option())
	if want := `"ran,ran,ERR_DENIED,ERR_DENIED,ERR_DENIED,ERR_DENIED,ran,ERR_DENIED,ERR_DENIED"`; string(r.Value) != want {
		t.Errorf("results = %s, want %s", r.Value, want)
	}
	var asked []string
	for _, q := range a.asked() {
		asked = append(asked, q.Summary())
	}
	want := "bash: echo a && ls|bash: echo $(ls)|bash: echo a|write: top.txt|write: src/out/escape.txt"
	if got := strings.Join(asked, "|"); got != want {
		t.Errorf("asked %q, want %q", got, want)
	}
	if c := callNamed(r, "5"); c.Approval != engine.Denied || c.ApprovalBy != "policy" || !strings.Contains(c.ApprovalRule, `approvals.bash.deny "rm *"`) {
		t.Errorf("rm record = %+v", c)
	}
	if c := callNamed(r, "1"); c.Approval != engine.Allowed || !strings.Contains(c.ApprovalRule, "approvals.bash.allow") {
		t.Errorf("echo record = %+v", c)
	}
	if _, err := os.Stat(filepath.Join(out, "escape.txt")); err == nil {
		t.Error("a write through a link out of src/ was allowed by src/**")
	}
}

// Promise.all of many asks asks one at a time, in the order of the calls,
// however long each answer takes.
func TestApprovalAsksInOrder(t *testing.T) {
	eng, _ := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: ask()}))
	a := &asker{t: t, answer: func(req engine.ApprovalRequest) engine.ApprovalAnswer {
		time.Sleep(time.Duration(len(req.Command)%3) * 5 * time.Millisecond)
		return engine.ApprovalAnswer{Decision: engine.Approve}
	}}
	r := run(t, eng, `
		const cmds = [];
		for (let i = 0; i < 12; i++) cmds.push("echo " + "x".repeat(i));
		await Promise.all([tools.todo_get(), ...cmds.map(c => tools.bash({command: c})), tools.todo_get()]);
		return "ok"`, a.option())
	if !r.OK {
		t.Fatalf("%s", r.Text)
	}
	reqs := a.asked()
	if len(reqs) != 12 {
		t.Fatalf("asked %d times, want 12", len(reqs))
	}
	for i, q := range reqs {
		if want := "echo " + strings.Repeat("x", i); q.Command != want {
			t.Errorf("ask %d was %q, want %q", i, q.Command, want)
		}
	}
}

func TestApprovalAlwaysAndStop(t *testing.T) {
	eng, _ := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: ask()}))
	a := &asker{t: t, answer: func(req engine.ApprovalRequest) engine.ApprovalAnswer {
		if strings.HasPrefix(req.Command, "echo") {
			return engine.ApprovalAnswer{Decision: engine.ApproveAlways}
		}
		return engine.ApprovalAnswer{Decision: engine.StopRun}
	}}
	r := run(t, eng, `
		await tools.bash({command: "echo one"});
		await tools.bash({command: "echo two && echo three"});
		try { await tools.bash({command: "ls"}) } catch (e) {}
		await tools.bash({command: "echo never"});
		return "finished"`, a.option())
	if len(a.asked()) != 2 || a.asked()[0].Always[0] != "echo *" {
		t.Fatalf("asked %+v", a.asked())
	}
	if c := callNamed(r, "2"); c.Approval != engine.AskedAllowed || !strings.Contains(c.ApprovalRule, `always "echo *"`) {
		t.Errorf("the second echo: %+v", c)
	}
	if r.OK || r.Error.Kind != engine.KindAborted || !strings.Contains(r.Error.Message, "the test stopped the run at call 3") {
		t.Fatalf("result = %s", r.Text)
	}
	if c := callNamed(r, "3"); c.Approval != engine.Denied {
		t.Errorf("the stopped call: %+v", c)
	}
	if r.ExitCode != engine.ExitAborted {
		t.Errorf("exit code %d", r.ExitCode)
	}
}

func TestApprovalWithoutAsker(t *testing.T) {
	eng, _ := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: ask()}))
	r := run(t, eng, `try { await tools.bash({command: "true"}) } catch (e) { return e.message }`)
	if got := string(r.Value); !strings.Contains(got, "needs approval (approvals.bash: ask (s)), and this run has no way to ask") {
		t.Errorf("no asker: %s", got)
	}
	cannot := func(ctx context.Context, req engine.ApprovalRequest) (engine.ApprovalAnswer, error) {
		return engine.ApprovalAnswer{}, errors.New("there is no terminal; pass --yes")
	}
	r = run(t, eng, `try { await tools.bash({command: "true"}) } catch (e) { return e.message }`, engine.WithAsker("terminal", cannot))
	if got := string(r.Value); !strings.Contains(got, "needs approval (approvals.bash: ask (s)), but there is no terminal; pass --yes") {
		t.Errorf("asker error: %s", got)
	}
	if c := r.Calls[0]; c.Approval != engine.Denied || c.ApprovalBy != "policy" || !strings.HasSuffix(c.ApprovalRule, "the terminal could not be asked") {
		t.Errorf("record %+v", c)
	}
}

func TestApprovalAssumeYesAndDryRun(t *testing.T) {
	p := policy("s", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: ask(), engine.ClassWrite: ask()})
	yes := p
	yes.AssumeYes = "--yes"
	eng, _ := approvalEngine(t, yes)
	r := run(t, eng, `await tools.bash({command: "true"}); return 1`)
	if !r.OK || r.Calls[0].Approval != engine.Allowed || !strings.HasPrefix(r.Calls[0].ApprovalRule, "--yes") {
		t.Errorf("--yes: %s %+v", r.Text, r.Calls)
	}

	dry, root := approvalEngine(t, p, engine.WithFileMode(engine.DryRun))
	never := &asker{t: t, answer: func(req engine.ApprovalRequest) engine.ApprovalAnswer {
		t.Errorf("a dry run asked about %s", req.Summary())
		return engine.ApprovalAnswer{}
	}}
	if os.Getenv("ATOMIC_NO_SANDBOX") != "1" {
		t.Run("without the sandbox", func(t *testing.T) {
			cmd := exec.Command(os.Args[0], "-test.run=^TestApprovalAssumeYesAndDryRun$", "-test.v")
			cmd.Env = append(os.Environ(), "ATOMIC_NO_SANDBOX=1")
			if out, err := cmd.CombinedOutput(); err != nil || !strings.Contains(string(out), "--- PASS: TestApprovalAssumeYesAndDryRun") {
				t.Fatalf("%v\n%s", err, out)
			}
		})
	}
	if !sandboxed(t) {
		// Nothing holds a command in the scratch copy: a dry run's bash is
		// gated as a real one, and a dry run never asks.
		r = run(t, dry, `
			try { await tools.bash({command: "touch c.txt"}); return "ran" } catch (e) { return e.code + ": " + e.message }`, never.option())
		if msg := string(r.Value); !strings.Contains(msg, "ERR_DENIED") || !strings.Contains(msg, "a dry run never asks") {
			t.Errorf("dry-run bash without the sandbox: %s", msg)
		}
		if _, err := os.Stat(filepath.Join(root, "c.txt")); err == nil {
			t.Error("dry run made c.txt")
		}
		return
	}
	// A dry run's bash runs sandboxed in the scratch copy holding the
	// pending changes, so it runs unasked, sees a.txt and its changes join
	// the run's — also one that names the workspace's path, which is the
	// copy there; one that runs in the background is still denied.
	r = run(t, dry, `
		await tools.write({path: "a.txt", content: "x"});
		const b = await tools.bash({command: "cat a.txt > b.txt"});
		const named = await tools.bash({command: `+jsString("touch "+root+"/c.txt")+`});
		let bg;
		try { await tools.bash({command: "touch d.txt", runInBackground: true}) } catch (e) { bg = e.code + ": " + e.message }
		return {exit: b.exitCode, named: named.exitCode, bg}`, never.option())
	var got struct {
		Exit, Named int
		Bg          string
	}
	if err := json.Unmarshal(r.Value, &got); err != nil || !r.OK || got.Exit != 0 || got.Named != 0 {
		t.Fatalf("dry-run bash: %s %s %v", r.Value, r.Text, err)
	}
	if !strings.Contains(got.Bg, "ERR_DENIED") || !strings.Contains(got.Bg, "a dry run never asks") {
		t.Errorf("dry-run bash in the background: %s", got.Bg)
	}
	for i, c := range r.Calls[:3] {
		if c.Approval != engine.Allowed || !strings.Contains(c.ApprovalRule, "--dry-run writes nothing") {
			t.Errorf("dry-run record %d %+v", i, c)
		}
	}
	if len(r.Changes) != 3 || r.Changes[0].Path != "a.txt" || r.Changes[1].Path != "b.txt" || r.Changes[2].Path != "c.txt" || !strings.Contains(r.Diff, "+++ b/b.txt") {
		t.Errorf("changes %+v\n%s", r.Changes, r.Diff)
	}
	for _, f := range []string{"a.txt", "b.txt", "c.txt", "d.txt"} {
		if _, err := os.Stat(filepath.Join(root, f)); err == nil {
			t.Errorf("dry run made %s", f)
		}
	}
}

// sandboxed reports whether a dry run's bash runs in the sandbox here, as
// its result says.
func sandboxed(t *testing.T) bool {
	t.Helper()
	eng := newEngine(t, nil, engine.WithFileMode(engine.DryRun))
	r := run(t, eng, `await tools.bash({command: "true"}); return 1`)
	w := strings.Join(r.Warnings, "\n")
	switch {
	case strings.Contains(w, "the workspace was not touched"):
		return true
	case strings.Contains(w, "the workspace may have been touched"):
		return false
	}
	t.Fatalf("the dry run's warnings say neither: %q", r.Warnings)
	return false
}

// The deadline keeps running while an ask waits: the run times out, and
// the call is recorded as denied.
func TestApprovalDeadlineWhileAsking(t *testing.T) {
	eng, _ := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: ask()}), engine.WithTimeout(time.Second))
	var progress atomic.Value
	waiting := func(ctx context.Context, req engine.ApprovalRequest) (engine.ApprovalAnswer, error) {
		<-ctx.Done()
		return engine.ApprovalAnswer{}, ctx.Err()
	}
	start := time.Now()
	r := run(t, eng, `await tools.bash({command: "true"})`, engine.WithAsker("host", waiting), engine.WithRunEvents(func(ev engine.Event) {
		if ev.Type == "progress" && ev.Progress != nil {
			progress.Store(ev.Progress.Message)
		}
	}))
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("the run took %v", took)
	}
	if r.Error == nil || r.Error.Kind != engine.KindTimeout {
		t.Fatalf("result %s", r.Text)
	}
	if len(r.Calls) == 0 {
		t.Fatalf("the deadline passed before the call was made (a loaded machine?): %s", r.Text)
	}
	if c := r.Calls[0]; c.Approval != engine.Denied || c.ApprovalBy != "host" || !strings.Contains(c.ApprovalRule, "no answer before the run ended") {
		t.Errorf("record %+v", c)
	}
	if msg, _ := progress.Load().(string); !strings.Contains(msg, "waiting for approval (host): bash: true") {
		t.Errorf("progress %q", msg)
	}
}

// Layers are judged separately; the strictest wins, so a later layer (a
// project's settings) cannot lift an earlier one's ask.
func TestApprovalLayersTighten(t *testing.T) {
	p := engine.ApprovalPolicy{Layers: []engine.ApprovalLayer{
		{Source: "user", Rules: map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: ask("echo *")}},
		{Source: "project", Rules: map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: {Action: engine.ActionAllow}, engine.ClassWrite: ask()}},
	}}
	eng, _ := approvalEngine(t, p)
	r := run(t, eng, `
		const out = [];
		for (const c of ["echo a", "ls"]) { try { await tools.bash({command: c}); out.push("ran") } catch (e) { out.push(e.code) } }
		try { await tools.write({path: "x", content: ""}); out.push("ran") } catch (e) { out.push(e.code) }
		return out.join(",")`)
	if string(r.Value) != `"ran,ERR_DENIED,ERR_DENIED"` {
		t.Errorf("got %s", r.Value)
	}
	if c := callNamed(r, "2"); !strings.Contains(c.ApprovalRule, "(user)") {
		t.Errorf("ls record names %q", c.ApprovalRule)
	}
}

func TestApprovalBadPatterns(t *testing.T) {
	for _, p := range []engine.ApprovalPolicy{
		policy("settings.json", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: ask("go test; rm")}),
		policy("settings.json", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassWrite: ask("src/[")}),
		policy("settings.json", map[engine.ApprovalClass]engine.ApprovalRule{"net": ask()}),
		policy("settings.json", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassBash: {Action: "maybe"}}),
	} {
		_, err := engine.New(engine.WithApprovals(p))
		if err == nil || !strings.Contains(err.Error(), "(settings.json)") {
			t.Errorf("policy %+v: err = %v", p, err)
		}
	}
}

// External tools: read-only ones run like read; the others are in the
// write class, and their request carries the arguments.
func TestApprovalExternalTools(t *testing.T) {
	called := map[string]bool{}
	var mu sync.Mutex
	ns := engine.Namespace{Name: "ext", Tools: func(ctx context.Context) ([]engine.NamespaceTool, error) {
		mk := func(name string, ro bool) engine.NamespaceTool {
			return engine.NamespaceTool{Name: name, ReadOnly: ro, Call: func(ctx context.Context, args json.RawMessage) (json.RawMessage, error) {
				mu.Lock()
				called[name] = true
				mu.Unlock()
				return json.RawMessage(`"ok"`), nil
			}}
		}
		return []engine.NamespaceTool{mk("look", true), mk("run_shell", false)}, nil
	}}
	eng, _ := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{engine.ClassWrite: ask()}), engine.WithNamespaces(ns))
	a := &asker{t: t, answer: func(engine.ApprovalRequest) engine.ApprovalAnswer { return engine.ApprovalAnswer{} }}
	r := run(t, eng, `
		await tools.ext.look({});
		try { await tools.ext.run_shell({command: "rm -rf /"}) } catch (e) { return e.code }`, a.option())
	if string(r.Value) != `"ERR_DENIED"` {
		t.Fatalf("%s", r.Text)
	}
	if !called["look"] || called["run_shell"] {
		t.Errorf("called %v", called)
	}
	reqs := a.asked()
	if len(reqs) != 1 || reqs[0].Tool != "ext.run_shell" || !strings.Contains(string(reqs[0].Args), "rm -rf /") || reqs[0].Always[0] != "ext.run_shell" {
		t.Errorf("requests %+v", reqs)
	}
}

// Direct calls (an MCP host's) meet the deny rules; asking is the host's.
func TestApprovalDirectCalls(t *testing.T) {
	eng, root := approvalEngine(t, policy("s", map[engine.ApprovalClass]engine.ApprovalRule{
		engine.ClassBash:  {Action: engine.ActionDeny},
		engine.ClassWrite: ask(),
	}))
	_, err := eng.Call(context.Background(), "bash", []byte(`{"command":"touch x"}`))
	if tools.CodeOf(err) != tools.ErrDenied {
		t.Errorf("direct bash: %v", err)
	}
	if _, err := eng.Call(context.Background(), "write", []byte(`{"path":"y","content":"1"}`)); err != nil {
		t.Errorf("direct write under ask: %v", err)
	}
	if _, err := os.Stat(filepath.Join(root, "x")); err == nil {
		t.Error("denied direct bash ran")
	}
}

// Summary is printed in errors, progress messages and status lines: its
// control characters and bidi overrides are escapes.
func TestApprovalSummaryIsVisible(t *testing.T) {
	for _, c := range []struct {
		req  engine.ApprovalRequest
		want string
	}{
		{engine.ApprovalRequest{Tool: "bash", Command: "(touch x)\r\x1b[2Kgo test\nmore"}, `bash: (touch x)\r\x1b[2Kgo test …`},
		{engine.ApprovalRequest{Tool: "write", Paths: []string{"a", "b\u202ec"}, Moves: []engine.ApprovalMove{{From: "a", To: "b\u202ec"}}}, `write: a → b\u202ec`},
		{engine.ApprovalRequest{Tool: "srv.t\x1b[31m"}, `srv.t\x1b[31m`},
	} {
		if got := c.req.Summary(); got != c.want {
			t.Errorf("Summary() = %q, want %q", got, c.want)
		}
	}
}

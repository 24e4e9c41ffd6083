package shell

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/google/jsonschema-go/jsonschema"
)

func startBG(t *testing.T, env *tools.Env, args map[string]any) BashResult {
	t.Helper()
	args["runInBackground"] = true
	start := time.Now()
	r, _ := runBashOK(t, env, args)
	if el := time.Since(start); el > 5*time.Second {
		t.Errorf("background start took %v", el)
	}
	if r.BackgroundTaskID == "" || r.Status != "running" || r.ExitCode != nil {
		t.Fatalf("background start = %+v", r)
	}
	return r
}

func poll(t *testing.T, env *tools.Env, id string, waitMs int) TaskOutput {
	t.Helper()
	res, err := invoke(t, env, BashOutput(), map[string]any{"taskId": id, "timeoutMs": waitMs})
	if err != nil {
		t.Fatalf("bash_output %s: %v", id, err)
	}
	return res.Structured.(TaskOutput)
}

// waitOutput polls a running task until its output so far contains want,
// and returns that output.
func waitOutput(t *testing.T, env *tools.Env, id, want string) string {
	t.Helper()
	var out string
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out, want) {
		if time.Now().After(deadline) {
			t.Fatalf("task %s never printed %q (output %q)", id, want, out)
		}
		out += poll(t, env, id, 50).Output
	}
	return out
}

func killTask(t *testing.T, env *tools.Env, id string) (KillResult, string) {
	t.Helper()
	res, err := invoke(t, env, Kill(), map[string]any{"id": id})
	if err != nil {
		t.Fatalf("kill %s: %v", id, err)
	}
	return res.Structured.(KillResult), res.Text
}

func TestBackgroundLifecycle(t *testing.T) {
	env := newEnv(t)
	gate := filepath.Join(env.Root, "go")
	r := startBG(t, env, map[string]any{"command": "echo start; while [ ! -e go ]; do sleep 0.02; done; echo end; exit 3"})
	if r.BackgroundTaskID != "bg-1" || r.FullOutputPath == "" {
		t.Fatalf("start = %+v", r)
	}
	first := waitOutput(t, env, "bg-1", "start")
	o := poll(t, env, "bg-1", 0)
	if !o.Running || o.Status != "running" || o.ExitCode != nil || o.Output != "" {
		t.Errorf("poll while running = %+v", o)
	}
	os.WriteFile(gate, nil, 0o644)
	o = poll(t, env, "bg-1", 10000)
	if o.Running || o.Status != "exited" || o.ExitCode == nil || *o.ExitCode != 3 || o.TimedOut {
		t.Fatalf("final poll = %+v", o)
	}
	if first+o.Output != "start\nend\n" {
		t.Errorf("polled output %q + %q, want start, end once each", first, o.Output)
	}
	// Nothing new; the outcome stays.
	res, err := invoke(t, env, BashOutput(), map[string]any{"id": "bg-1", "timeoutMs": 0})
	if err != nil {
		t.Fatal(err)
	}
	o = res.Structured.(TaskOutput)
	if o.Output != "" || *o.ExitCode != 3 || !strings.Contains(res.Text, "(no new output)") || !strings.HasSuffix(res.Text, "Exit code: 3") {
		t.Errorf("repeat poll = %+v\n%s", o, res.Text)
	}
	if b, _ := os.ReadFile(r.FullOutputPath); string(b) != "start\nend\n" {
		t.Errorf("output file = %q", b)
	}
	// Kill after it finished: its outcome stands, and so does the decision.
	for i := 0; i < 2; i++ {
		k, text := killTask(t, env, "bg-1")
		if k.Decision != "already-finished" || k.Repeated != (i == 1) || k.Execution != "exited" || *k.ExitCode != 3 || k.Cleanup != "done" {
			t.Errorf("kill #%d of a finished task = %+v", i+1, k)
		}
		if !strings.HasPrefix(text, "Task bg-1 had already finished (exited); nothing to stop, its outcome stands.") {
			t.Errorf("kill text = %q", text)
		}
	}
}

func TestKillRunningTask(t *testing.T) {
	env := newEnv(t)
	startBG(t, env, map[string]any{"command": "trap 'echo got TERM; exit 5' TERM; echo pgid=$$; sleep 300 & wait"})
	pgid := pgidOf(t, waitOutput(t, env, "bg-1", "pgid="))
	k, text := killTask(t, env, "bg-1")
	if k.Decision != "cancel" || k.Repeated || k.Execution != "killed" || k.ExitCode == nil || *k.ExitCode != 5 || k.Cleanup != "done" {
		t.Errorf("kill = %+v", k)
	}
	if !strings.HasPrefix(text, "Task bg-1 stopped (killed).\nExit code: 5") {
		t.Errorf("kill text = %q", text)
	}
	waitGroupGone(t, pgid)
	// Repeated kill keeps the first decision.
	k2, text := killTask(t, env, "bg-1")
	if k2.Decision != "cancel" || !k2.Repeated || k2.Execution != "killed" || *k2.ExitCode != 5 {
		t.Errorf("repeated kill = %+v", k2)
	}
	if !strings.Contains(text, "An earlier kill request already decided: cancel.") {
		t.Errorf("repeated kill text = %q", text)
	}
	o := poll(t, env, "bg-1", 0)
	if o.Status != "killed" || o.Running || o.Output != "got TERM\n" {
		t.Errorf("poll after kill = %+v", o)
	}
}

func TestKillEscalatesToSIGKILL(t *testing.T) {
	env := newEnv(t)
	startBG(t, env, map[string]any{"command": "trap '' TERM; echo pgid=$$; sleep 300"})
	pgid := pgidOf(t, waitOutput(t, env, "bg-1", "pgid="))
	start := time.Now()
	k, _ := killTask(t, env, "bg-1")
	if el := time.Since(start); el < killGrace || el > killWait+5*time.Second {
		t.Errorf("kill took %v, want the %v grace then SIGKILL", el, killGrace)
	}
	if k.Execution != "killed" || *k.ExitCode != 137 || k.Cleanup != "done" {
		t.Errorf("kill = %+v", k)
	}
	waitGroupGone(t, pgid)
}

func TestTaskOwnership(t *testing.T) {
	env := newEnv(t)
	startBG(t, env, map[string]any{"command": "sleep 300"})
	other := *env
	other.Owner = "run-2"
	_, err := invoke(t, &other, Kill(), map[string]any{"id": "bg-1"})
	if err == nil || tools.CodeOf(err) != tools.ErrNotAllowed || err.Error() != "kill: task bg-1 was started by another run or session; only the run that started a task can kill it" {
		t.Errorf("kill by another owner: %v (%s)", err, tools.CodeOf(err))
	}
	if o := poll(t, &other, "bg-1", 0); !o.Running {
		t.Errorf("the refused kill stopped the task")
	}
	_, err = invoke(t, env, Kill(), map[string]any{"id": "1234"})
	if err == nil || tools.CodeOf(err) != tools.ErrNotFound || err.Error() != `kill: no background task "1234" (known tasks: bg-1). Pass the backgroundTaskId that bash returned, not a pid` {
		t.Errorf("kill of an unknown id: %v", err)
	}
	fresh := newEnv(t)
	_, err = invoke(t, fresh, BashOutput(), map[string]any{"taskId": "bg-9"})
	if err == nil || err.Error() != `bash_output: no background task "bg-9" (there are no background tasks). Pass the backgroundTaskId that bash returned, not a pid` {
		t.Errorf("bash_output of an unknown id: %v", err)
	}
}

func TestBashOutputArguments(t *testing.T) {
	env := newEnv(t)
	for _, tc := range []struct {
		args map[string]any
		want string
	}{
		{map[string]any{}, "bash_output: taskId is required"},
		{map[string]any{"taskId": "bg-1", "timeoutMs": -1}, "bash_output: timeoutMs must be between 0 and 60000, got -1"},
		{map[string]any{"taskId": "bg-1", "timeoutMs": 60001}, "bash_output: timeoutMs must be between 0 and 60000, got 60001"},
	} {
		_, err := invoke(t, env, BashOutput(), tc.args)
		if err == nil || err.Error() != tc.want || tools.CodeOf(err) != tools.ErrInvalidArgs {
			t.Errorf("%v: %v, want %q", tc.args, err, tc.want)
		}
	}
}

func TestBackgroundTimeoutAndOutputCap(t *testing.T) {
	env := newEnv(t)
	startBG(t, env, map[string]any{"command": "seq 1 30000; sleep 300", "timeout": 1})
	o := poll(t, env, "bg-1", 5000)
	if o.Status != "timed-out" || !o.TimedOut || *o.ExitCode != timeoutExitCode {
		t.Errorf("timed-out task = %+v", o)
	}
	lines := strings.Split(strings.TrimSuffix(o.Output, "\n"), "\n")
	if !o.Truncated || len(lines) != resultLines || lines[len(lines)-1] != "30000" || o.FullOutputPath == "" {
		t.Errorf("capped poll: truncated %v, %d lines, last %q", o.Truncated, len(lines), lines[len(lines)-1])
	}
	// Without an explicit timeout a background task keeps running.
	r := startBG(t, env, map[string]any{"command": "sleep 300"})
	if r.TimeoutSeconds != 0 {
		t.Errorf("background start without timeout reports %d s", r.TimeoutSeconds)
	}
}

func TestEvictionAndLimit(t *testing.T) {
	env := newEnv(t)
	var files []string
	for i := 1; i <= maxTasks; i++ {
		r := startBG(t, env, map[string]any{"command": "echo " + strconv.Itoa(i)})
		files = append(files, r.FullOutputPath)
	}
	for i := 1; i <= maxTasks; i++ {
		if o := poll(t, env, "bg-"+strconv.Itoa(i), 5000); o.Running {
			t.Fatalf("bg-%d still running", i)
		}
	}
	startBG(t, env, map[string]any{"command": "sleep 300"})
	tb, _ := tasksOf(env)
	ids := tb.ids()
	if len(ids) != maxTasks || ids[0] != "bg-2" || ids[maxTasks-1] != "bg-21" {
		t.Errorf("ids after eviction = %v", ids)
	}
	if _, err := os.Stat(files[0]); !os.IsNotExist(err) {
		t.Errorf("evicted task's output file remains: %v", err)
	}
	if _, err := os.Stat(files[1]); err != nil {
		t.Errorf("bg-2's output file is gone: %v", err)
	}
	if _, err := invoke(t, env, BashOutput(), map[string]any{"taskId": "bg-1"}); tools.CodeOf(err) != tools.ErrNotFound {
		t.Errorf("evicted bg-1: %v", err)
	}

	// With every record running there is no room: refused, nothing evicted.
	full := newEnv(t)
	for i := 0; i < maxTasks; i++ {
		startBG(t, full, map[string]any{"command": "sleep 300"})
	}
	_, err := invoke(t, full, Bash(), map[string]any{"command": "true", "runInBackground": true})
	if err == nil || tools.CodeOf(err) != tools.ErrLimit || err.Error() != "bash: 20 background tasks are still running; kill one before starting another" {
		t.Errorf("21st running task: %v", err)
	}
}

func TestSessionCloseKillsTasks(t *testing.T) {
	env := newEnv(t)
	r := startBG(t, env, map[string]any{"command": "echo pgid=$$; sleep 300 & sleep 300"})
	pgid := pgidOf(t, waitOutput(t, env, "bg-1", "pgid="))
	r2 := startBG(t, env, map[string]any{"command": "trap '' TERM; echo pgid=$$; sleep 300"})
	pgid2 := pgidOf(t, waitOutput(t, env, "bg-2", "pgid="))
	if err := env.Session.Close(); err != nil {
		t.Fatal(err)
	}
	waitGroupGone(t, pgid)
	waitGroupGone(t, pgid2)
	for _, p := range []string{r.FullOutputPath, r2.FullOutputPath} {
		if _, err := os.Stat(p); !os.IsNotExist(err) {
			t.Errorf("output file %s remains after Close", p)
		}
	}
	_, err := invoke(t, env, Bash(), map[string]any{"command": "true", "runInBackground": true})
	if tools.CodeOf(err) != tools.ErrCancelled {
		t.Errorf("start after Close: %v", err)
	}
}

func TestBackgroundWithoutSpill(t *testing.T) {
	env := newEnv(t)
	env.Spill = nil
	r := startBG(t, env, map[string]any{"command": "echo hi"})
	if r.FullOutputPath != "" || len(r.Notes) != 1 || r.Notes[0] != "no spill file could be made (no spill directory is available for this session); only the last 50 KB of output is kept" {
		t.Errorf("start without spill = %+v", r)
	}
	if o := poll(t, env, r.BackgroundTaskID, 5000); o.Output != "hi\n" {
		t.Errorf("poll = %+v", o)
	}
}

func TestBackgroundPty(t *testing.T) {
	env := newEnv(t)
	r := startBG(t, env, map[string]any{"command": "tty", "pty": true})
	if o := poll(t, env, r.BackgroundTaskID, 5000); !strings.HasPrefix(o.Output, "/dev/pts/") || *o.ExitCode != 0 {
		t.Errorf("background pty: %+v", o)
	}
}

// outputAsInput lets tools.Validate check a structured result against a
// tool's output schema.
type outputAsInput struct{ tools.Tool }

func (o outputAsInput) InputSchema() *jsonschema.Schema { return o.Tool.OutputSchema() }

// TestResultsMatchOutputSchemas: every shape the shell tools return —
// foreground, background start, a running and an ended task, a kill —
// validates against the tool's own output schema (an MCP client checks it,
// and a null exitCode failed it).
func TestResultsMatchOutputSchemas(t *testing.T) {
	env := newEnv(t)
	check := func(tool tools.Tool, args map[string]any) tools.Result {
		t.Helper()
		res, err := invoke(t, env, tool, args)
		if err != nil {
			t.Fatalf("%s %v: %v", tool.Name(), args, err)
		}
		raw, err := json.Marshal(res.Structured)
		if err != nil {
			t.Fatal(err)
		}
		if err := tools.Validate(outputAsInput{tool}, raw); err != nil {
			t.Errorf("%s %v: %v\n%s", tool.Name(), args, err, raw)
		}
		return res
	}
	check(Bash(), map[string]any{"command": "exit 3"})
	bg := check(Bash(), map[string]any{"command": "sleep 30", "runInBackground": true}).Structured.(BashResult)
	check(BashOutput(), map[string]any{"taskId": bg.BackgroundTaskID, "timeoutMs": 100})
	check(Kill(), map[string]any{"id": bg.BackgroundTaskID})
	check(BashOutput(), map[string]any{"taskId": bg.BackgroundTaskID})
}

package shell

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/atomic-script/atomic-script/tools"
)

// bash_output waits: default 5 s, at most 60 s.
const (
	defaultWaitMs = 5000
	maxWaitMs     = 60000
)

// killWait bounds how long kill waits to observe the task ending: long
// enough for SIGTERM, the grace period and SIGKILL.
const killWait = killGrace + time.Second

type outputArgs struct {
	TaskID    string `json:"taskId,omitempty" jsonschema:"The backgroundTaskId bash returned."`
	ID        string `json:"id,omitempty" jsonschema:"Alias of taskId."`
	TimeoutMs *int   `json:"timeoutMs,omitempty" jsonschema:"How long to wait for the task to finish before returning, in milliseconds: default 5000, at most 60000; 0 returns at once."`
}

// TaskOutput is what bash_output returns.
type TaskOutput struct {
	TaskID         string   `json:"taskId"`
	Command        string   `json:"command"`
	Running        bool     `json:"running"`
	Status         string   `json:"status" jsonschema:"running, exited, killed or timed-out."`
	ExitCode       *int     `json:"exitCode,omitempty" jsonschema:"absent while running."`
	TimedOut       bool     `json:"timedOut"`
	Output         string   `json:"output" jsonschema:"Output since the previous bash_output call for this task (its last 50 KB / 2000 lines)."`
	Truncated      bool     `json:"truncated"`
	FullOutputPath string   `json:"fullOutputPath,omitempty" jsonschema:"The task's whole output so far."`
	Artifact       string   `json:"artifact,omitempty" jsonschema:"artifact://N naming fullOutputPath: read and search page through it, selectors and all."`
	WallTimeMs     int64    `json:"wallTimeMs"`
	Notes          []string `json:"notes,omitempty"`
}

func runOutput(ctx context.Context, env *tools.Env, a outputArgs) (tools.Result, error) {
	id := a.TaskID
	if id == "" {
		id = a.ID
	}
	if id == "" {
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "bash_output: taskId is required")
	}
	wait := defaultWaitMs
	if a.TimeoutMs != nil {
		wait = *a.TimeoutMs
		if wait < 0 || wait > maxWaitMs {
			return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "bash_output: timeoutMs must be between 0 and %d, got %d", maxWaitMs, wait)
		}
	}
	tb, err := tasksOf(env)
	if err != nil {
		return tools.Result{}, err
	}
	t, err := tb.find("bash_output", id)
	if err != nil {
		return tools.Result{}, err
	}
	timer := time.NewTimer(time.Duration(wait) * time.Millisecond)
	defer timer.Stop()
	select {
	case <-t.done:
	case <-timer.C:
	case <-ctx.Done():
		return tools.Result{}, tools.Errorf(tools.CodeOf(ctx.Err()), "bash_output: %v (the task keeps running)", ctx.Err())
	}

	t.mu.Lock()
	defer t.mu.Unlock()
	v := t.out.since(t.cursor)
	t.cursor += v.total
	r := TaskOutput{
		TaskID: t.id, Command: t.command, Status: t.state, Running: t.state == stateRunning,
		TimedOut: t.state == stateTimedOut, Output: v.text, Truncated: v.truncated, FullOutputPath: v.path,
		Artifact: env.Spill.URIOf(v.path),
	}
	end := time.Now()
	if !r.Running {
		code := t.exitCode
		r.ExitCode = &code
		end = t.ended
	}
	r.WallTimeMs = end.Sub(t.started).Milliseconds()
	if v.truncated && v.path == "" {
		r.Notes = append(r.Notes, "no spill file could be made: "+v.spillErr.Error())
	}
	if t.cleanupErr != nil && !r.Running {
		r.Notes = append(r.Notes, "cleanup failed: "+t.cleanupErr.Error())
	}
	return tools.Result{Text: renderOutput(r, v), Structured: r, FullOutputPath: r.FullOutputPath}, nil
}

func renderOutput(r TaskOutput, v view) string {
	var b strings.Builder
	fmt.Fprintf(&b, "Task %s: %s after %s\n", r.TaskID, r.Status, time.Duration(r.WallTimeMs)*time.Millisecond)
	if r.Output == "" {
		b.WriteString("(no new output)\n")
	} else {
		b.WriteString(r.Output)
		if !strings.HasSuffix(r.Output, "\n") {
			b.WriteByte('\n')
		}
	}
	if r.Truncated {
		fmt.Fprintf(&b, "[Output truncated: showing the last %d lines (%s) of %s of new output]\n", v.shownLns, size(int64(v.shownLen)), size(v.total))
	}
	if r.FullOutputPath != "" && (r.Truncated || !r.Running) {
		fmt.Fprintf(&b, "Full output: %s\n", label(r.FullOutputPath, r.Artifact))
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "Note: %s\n", n)
	}
	if r.ExitCode != nil {
		fmt.Fprintf(&b, "Exit code: %d\n", *r.ExitCode)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

type killArgs struct {
	ID string `json:"id" jsonschema:"The backgroundTaskId bash returned (not a pid)."`
}

// KillResult is what kill returns: the decision the first request made and
// the task's current execution and cleanup states. A request is not a
// confirmation: execution says whether the task has actually ended.
type KillResult struct {
	TaskID         string `json:"taskId"`
	Decision       string `json:"decision" jsonschema:"cancel (the task was running) or already-finished (its outcome stands); fixed by the first kill request."`
	Repeated       bool   `json:"repeated" jsonschema:"An earlier kill request already decided."`
	Execution      string `json:"execution" jsonschema:"stopping, exited, killed or timed-out."`
	ExitCode       *int   `json:"exitCode,omitempty" jsonschema:"absent until the task has ended."`
	Cleanup        string `json:"cleanup" jsonschema:"pending, done or failed: whether the process group is gone and its output closed."`
	CleanupError   string `json:"cleanupError,omitempty"`
	FullOutputPath string `json:"fullOutputPath,omitempty"`
	Artifact       string `json:"artifact,omitempty" jsonschema:"artifact://N naming fullOutputPath: read and search page through it, selectors and all."`
}

func runKill(ctx context.Context, env *tools.Env, a killArgs) (tools.Result, error) {
	if a.ID == "" {
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "kill: id is required")
	}
	tb, err := tasksOf(env)
	if err != nil {
		return tools.Result{}, err
	}
	t, err := tb.find("kill", a.ID)
	if err != nil {
		return tools.Result{}, err
	}
	if t.owner != env.Owner {
		return tools.Result{}, tools.Errorf(tools.ErrNotAllowed, "kill: task %s was started by another run or session; only the run that started a task can kill it", t.id)
	}
	repeated := t.requestKill()
	timer := time.NewTimer(killWait)
	defer timer.Stop()
	select {
	case <-t.done:
	case <-timer.C:
	case <-ctx.Done():
	}

	t.mu.Lock()
	defer t.mu.Unlock()
	r := KillResult{TaskID: t.id, Decision: t.decision, Repeated: repeated, Execution: t.state, Cleanup: "pending", FullOutputPath: t.out.since(0).path}
	r.Artifact = env.Spill.URIOf(r.FullOutputPath)
	select {
	case <-t.done:
		code := t.exitCode
		r.ExitCode = &code
		r.Cleanup = "done"
		if t.cleanupErr != nil {
			r.Cleanup, r.CleanupError = "failed", t.cleanupErr.Error()
		}
	default:
		r.Execution = "stopping"
	}
	return tools.Result{Text: renderKill(r), Structured: r, FullOutputPath: r.FullOutputPath}, nil
}

func renderKill(r KillResult) string {
	var b strings.Builder
	switch {
	case r.Decision == decisionAlreadyEnded:
		fmt.Fprintf(&b, "Task %s had already finished (%s); nothing to stop, its outcome stands.", r.TaskID, r.Execution)
	case r.Execution == "stopping":
		fmt.Fprintf(&b, "Stop requested for task %s; it has not ended yet (SIGTERM sent, SIGKILL follows). Check again with bash_output.", r.TaskID)
	default:
		fmt.Fprintf(&b, "Task %s stopped (%s).", r.TaskID, r.Execution)
	}
	if r.Repeated {
		fmt.Fprintf(&b, "\nAn earlier kill request already decided: %s.", r.Decision)
	}
	if r.ExitCode != nil {
		fmt.Fprintf(&b, "\nExit code: %d", *r.ExitCode)
	}
	switch r.Cleanup {
	case "failed":
		fmt.Fprintf(&b, "\nCleanup failed: %s", r.CleanupError)
	case "pending":
		b.WriteString("\nCleanup: pending")
	}
	if r.FullOutputPath != "" {
		fmt.Fprintf(&b, "\nFull output: %s", label(r.FullOutputPath, r.Artifact))
	}
	return b.String()
}

// label names a saved output: its path, and its artifact://N when it has
// one.
func label(path, artifact string) string {
	if artifact == "" {
		return path
	}
	return path + " (" + artifact + ")"
}

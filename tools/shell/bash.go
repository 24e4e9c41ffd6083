package shell

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/sandbox"
)

// BashResult is what a script receives from bash. Background starts fill
// BackgroundTaskID and Status and leave ExitCode null.
type BashResult struct {
	Output                  string   `json:"output" jsonschema:"Combined stdout and stderr: the last 50 KB / 2000 lines when truncated, ANSI escapes removed."`
	ExitCode                *int     `json:"exitCode,omitempty" jsonschema:"The exit code (128+signal when killed by a signal); absent for a background start."`
	TimedOut                bool     `json:"timedOut"`
	TimeoutSeconds          int      `json:"timeoutSeconds" jsonschema:"The effective timeout in whole seconds."`
	RequestedTimeoutSeconds float64  `json:"requestedTimeoutSeconds" jsonschema:"The timeout as given (the default when none was)."`
	WallTimeMs              int64    `json:"wallTimeMs"`
	Truncated               bool     `json:"truncated" jsonschema:"The output shown is only the end; the whole output is at fullOutputPath."`
	FullOutputPath          string   `json:"fullOutputPath,omitempty" jsonschema:"A 0600 file holding the whole output (capped at 64 MB)."`
	Artifact                string   `json:"artifact,omitempty" jsonschema:"artifact://N naming fullOutputPath: read and search page through it, selectors and all."`
	BackgroundTaskID        string   `json:"backgroundTaskId,omitempty"`
	Status                  string   `json:"status,omitempty" jsonschema:"For a background start: running."`
	Hint                    string   `json:"hint,omitempty" jsonschema:"For a background start: how to poll and stop it."`
	Notes                   []string `json:"notes,omitempty" jsonschema:"Facts worth knowing: pty fallback, why there is no spill file."`
}

// timeoutExitCode is the exit code reported for a command killed by its
// timeout, as GNU timeout(1) reports it.
const timeoutExitCode = 124

// killGrace is how long a cancelled background task gets after SIGTERM
// before its group is killed outright.
const killGrace = 2 * time.Second

func runBash(ctx context.Context, env *tools.Env, a bashArgs) (tools.Result, error) {
	if sc, ok := env.Files.(tools.Scratch); ok {
		dir, on, err := sc.ScratchRoot(env.Root)
		if err != nil {
			return tools.Result{}, err
		}
		if on {
			// A dry run: the command runs in the scratch copy that holds
			// the pending changes, and what it changes there joins them.
			if a.RunInBackground {
				return tools.Result{}, tools.Errorf(tools.ErrNotAllowed, "bash: a dry run cannot start background tasks (their changes could not join the run's); run the command in the foreground")
			}
			scratchEnv := *env
			scratchEnv.Root = dir
			if a.Cwd != "" && filepath.IsAbs(a.Cwd) {
				if rel, err := filepath.Rel(env.Root, a.Cwd); err == nil && filepath.IsLocal(rel) {
					a.Cwd = rel
				}
			}
			var box *sandbox.Plan
			if iso := sc.ScratchIsolation(); iso.Enforced {
				// The copy is mounted over the workspace's own path: the
				// command sees it there, and nothing else of the real
				// workspace.
				box = &sandbox.Plan{Root: env.Root, Copy: dir}
				for _, b := range iso.ReadOnly {
					box.ReadOnly = append(box.ReadOnly, sandbox.Bind{Source: b.Source, Target: b.Target})
				}
			}
			res, err := runBashIn(ctx, &scratchEnv, a, box)
			if cerr := sc.CollectScratch(); cerr != nil && err == nil {
				res.Text += "\n[dry run: some changes made in the scratch copy could not be collected: " + cerr.Error() + "]"
			}
			return res, err
		}
	}
	return runBashIn(ctx, env, a, nil)
}

// runBashIn runs the command with env's root as the default working
// directory; with box, sandboxed (env's root is then box's copy, which the
// command sees at box's root).
func runBashIn(ctx context.Context, env *tools.Env, a bashArgs, box *sandbox.Plan) (tools.Result, error) {
	c, to, err := prepare(env, a)
	if err != nil {
		return tools.Result{}, err
	}
	if box != nil {
		rel, err := filepath.Rel(box.Copy, c.dir)
		if err != nil || !filepath.IsLocal(rel) && rel != "." {
			return tools.Result{}, tools.Errorf(tools.ErrNotAllowed, "bash: in a dry run the working directory must be inside the workspace (%s is not)", env.Display(c.dir))
		}
		box.Dir = filepath.Join(box.Root, rel)
		c.sandbox, c.warm = box, false
		c.env = setVar(c.env, "PWD", box.Dir)
	}
	if env.Settings.BashInterceptor {
		if msg := intercept(a.Command, a.Cwd, env.IsEnabled); msg != "" {
			return tools.Result{}, tools.Errorf(tools.ErrNotAllowed, "bash: %s", msg)
		}
	}
	if a.RunInBackground {
		return startBackground(env, c, to)
	}
	return runForeground(ctx, env, c, to)
}

// setVar sets name=value in vars.
func setVar(vars []string, name, value string) []string {
	for i, kv := range vars {
		if strings.HasPrefix(kv, name+"=") {
			vars[i] = name + "=" + value
			return vars
		}
	}
	return append(vars, name+"="+value)
}

// previewBash says what a bash call would run: the command exactly as bash
// -c receives it (the interceptor only refuses commands, it never rewrites
// one), where, and the variables the call sets. It is Contained in a dry
// run only where the sandbox holds a foreground command in the scratch
// copy (the copy mounted over the workspace's path: however the command
// spells a path into the workspace, it reaches the copy) and its working
// directory is inside the workspace. Without the sandbox nothing holds a
// command that builds the workspace's path, so it is gated as a real one.
func previewBash(ctx context.Context, env *tools.Env, a bashArgs) (tools.Preview, error) {
	dir := env.Root
	if a.Cwd != "" {
		dir = env.Abs(a.Cwd)
	}
	pv := tools.Preview{Command: a.Command, Cwd: dir, Env: a.Env}
	if sc, ok := env.Files.(tools.Scratch); ok && sc.InScratch() && !a.RunInBackground {
		rel, err := filepath.Rel(env.Root, dir)
		pv.Contained = err == nil && (rel == "." || filepath.IsLocal(rel)) && sc.ScratchIsolation().Enforced
	}
	return pv, nil
}

func runForeground(ctx context.Context, env *tools.Env, c command, to timeouts) (tools.Result, error) {
	begin := time.Now()
	p, done, err := launch(env, c)
	if err != nil {
		return tools.Result{}, tools.Errorf(tools.ErrTool, "bash: could not start the shell: %w", err)
	}
	defer done()
	defer p.group.release()
	out := newCollector(env.Spill, "bash-*.log", false)
	pumped := make(chan error, 1)
	go func() { pumped <- pump(p.out, out) }()

	timer := time.NewTimer(time.Duration(to.seconds) * time.Second)
	defer timer.Stop()
	progress := time.NewTicker(time.Second)
	defer progress.Stop()
	var timedOut bool
	var cancelled error
	var reported int64
wait:
	for {
		select {
		case <-p.exited:
			break wait
		case <-timer.C:
			timedOut = true
			p.kill(syscall.SIGKILL)
			<-p.exited
			break wait
		case <-ctx.Done():
			cancelled = ctx.Err()
			p.kill(syscall.SIGKILL)
			<-p.exited
			break wait
		case <-progress.C:
			if v := out.since(0); v.total != reported {
				reported = v.total
				tools.ReportProgress(ctx, tools.Progress{Message: fmt.Sprintf("bash: %d bytes of output so far", v.total), Data: map[string]any{"output": tailString(v.text, 2048)}})
			}
		}
	}
	// The leader is gone: whatever is left of its group goes too, so the
	// command leaves no orphans behind and the output stream closes.
	p.kill(syscall.SIGKILL)
	p.stopReading()
	pumpErr := <-pumped
	out.close()
	if cancelled != nil {
		return tools.Result{}, tools.Errorf(tools.CodeOf(cancelled), "bash: cancelled (%v); the command's process group was killed", cancelled)
	}

	v := out.since(0)
	code := p.exitCode()
	if timedOut {
		code = timeoutExitCode
	}
	r := BashResult{
		Output:                  v.text,
		ExitCode:                &code,
		TimedOut:                timedOut,
		TimeoutSeconds:          to.seconds,
		RequestedTimeoutSeconds: to.requested,
		WallTimeMs:              time.Since(begin).Milliseconds(),
		Truncated:               v.truncated,
		FullOutputPath:          v.path,
		Artifact:                env.Spill.URIOf(v.path),
	}
	if p.ptyErr != nil {
		r.Notes = append(r.Notes, "pty unavailable, ran with pipes: "+p.ptyErr.Error())
	}
	if v.truncated && v.path == "" {
		r.Notes = append(r.Notes, "no spill file could be made: "+v.spillErr.Error())
	}
	if pumpErr != nil {
		r.Notes = append(r.Notes, pumpErr.Error())
	}
	return tools.Result{Text: renderBash(r, v), Structured: r, FullOutputPath: r.FullOutputPath}, nil
}

// renderBash is the model-facing text: the output, then what was cut and
// where the whole output is, then the timeout or a non-zero exit code.
func renderBash(r BashResult, v view) string {
	var b strings.Builder
	if r.Output == "" {
		b.WriteString("(no output)\n")
	} else {
		b.WriteString(r.Output)
		if !strings.HasSuffix(r.Output, "\n") {
			b.WriteByte('\n')
		}
	}
	if r.Truncated {
		fmt.Fprintf(&b, "[Output truncated: showing the last %d of %d lines (%s of %s)]\n", v.shownLns, v.lines, size(int64(v.shownLen)), size(v.total))
		if r.FullOutputPath != "" {
			fmt.Fprintf(&b, "Full output: %s\n", label(r.FullOutputPath, r.Artifact))
		}
	}
	for _, n := range r.Notes {
		fmt.Fprintf(&b, "Note: %s\n", n)
	}
	switch {
	case r.TimedOut:
		fmt.Fprintf(&b, "Command timed out after %s; its process group was killed\n", plural(r.TimeoutSeconds, "second"))
	case r.ExitCode != nil && *r.ExitCode != 0:
		fmt.Fprintf(&b, "Exit code: %d\n", *r.ExitCode)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// size renders a byte count for people.
func size(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	default:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
}

func tailString(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return strings.ToValidUTF8(s[len(s)-n:], "")
}

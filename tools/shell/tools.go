// Package shell provides the shell tools: bash (foreground commands, with a
// real pty on request, and background tasks), bash_output (poll a
// background task) and kill (stop one), plus the bash interceptor that
// points a model at the first-class tool a shell command stands in for.
//
// Every command runs as `bash -c` would run it, in its own process group
// (its own session in a pty); a timeout, a cancelled call or a kill takes the
// whole group down, and when the shell itself exits whatever it left running
// in its group is killed too, so a command leaves no orphans. A plain call
// (default cwd and environment, no pty, foreground) runs on a warm shell: a
// bash the session started ahead of time, so the call does not wait for
// bash to start (warm.go says what differs; ATOMIC_NO_WARM_SHELL=1 turns it
// off). Start long-lived processes with runInBackground. Output is one
// combined stream; a result shows its last 50 KB / 2000 lines and the whole
// stream goes to a spill file (tools/spill) once it is larger.
//
// Background tasks and warm shells live in the session (tools.Session.State);
// tasks belong to the run or MCP session that started them (tools.Env.Owner).
// Session.Close kills both and removes the tasks' output files. The
// per-system parts (process groups or job objects, pty, pipes) are in
// process_unix.go and process_windows.go.
package shell

import (
	"strings"

	"github.com/atomic-script/atomic-script/tools"
)

// Tools returns bash, bash_output and kill.
func Tools() []tools.Tool { return []tools.Tool{Bash(), BashOutput(), Kill()} }

const bashDescription = `Run a shell command with bash -c in the workspace and return its combined stdout and stderr.
- A non-zero exit is a result (exitCode), not an error. timeout is in seconds (default 300, at most 3600); on timeout the whole process group is killed and timedOut is true.
- Long output keeps its last 50 KB / 2000 lines; the whole output is saved at fullOutputPath.
- pty: true runs the command in a pseudo-terminal, for programs that need a TTY.
- runInBackground: true returns at once with a backgroundTaskId: poll it with bash_output, stop it with kill. Processes left running by a foreground command are killed when it ends, so start servers this way.
- Prefer read, search, find, edit and write over cat, grep, find, sed -i and redirections.`

// ptyLine is bashDescription's line about pty; noPtyLine replaces it where
// there is none (Windows).
const (
	ptyLine   = "- pty: true runs the command in a pseudo-terminal, for programs that need a TTY.\n"
	noPtyLine = "- pty: not available on this system (Windows): commands always run with pipes, and a call asking for a pty says so in notes.\n"
)

// bashDescriptionHere is bashDescription as it holds on this system.
func bashDescriptionHere() string { return bashDescriptionFor(ptySupported) }

// bashDescriptionFor is bashDescription with or without a pty.
func bashDescriptionFor(pty bool) string {
	if pty {
		return bashDescription
	}
	d := strings.Replace(bashDescription, ptyLine, noPtyLine, 1)
	return strings.Replace(d, firstLine, noPtyFirstLine, 1)
}

// firstLine is bashDescription's first sentence, the one `atomic-script
// tools` lists (tools.Summary: at most 100 characters); noPtyFirstLine
// replaces it where there is no pty, so the listing says so.
const (
	firstLine      = "Run a shell command with bash -c in the workspace and return its combined stdout and stderr."
	noPtyFirstLine = "Run a shell command with bash -c (Git Bash, no pty) and return its combined stdout and stderr."
)

// Bash returns the bash tool.
func Bash() tools.Tool {
	return tools.WithPreview(tools.New(tools.Spec{
		Name:        "bash",
		Description: bashDescriptionHere(),
		Input:       tools.MustSchemaFor[bashSchema](),
		Output:      tools.MustSchemaFor[BashResult](),
		Tags:        []tools.Tag{tools.TagRunsCommands, tools.TagBoundedOutput},
	}, runBash), previewBash)
}

// BashOutput returns the bash_output tool.
func BashOutput() tools.Tool {
	return tools.New(tools.Spec{
		Name:        "bash_output",
		Description: `Poll a background task of bash, waiting up to timeoutMs (default 5000: 5 s) for it to end. For a task bash started with runInBackground; returns as soon as it ends or the wait passes (at most 60000), with the output since the previous poll, whether it is still running and its exit code once it has ended.`,
		Output:      tools.MustSchemaFor[TaskOutput](),
		Tags:        []tools.Tag{tools.TagBoundedOutput},
	}, runOutput)
}

// Kill returns the kill tool.
func Kill() tools.Tool {
	return tools.New(tools.Spec{
		Name:        "kill",
		Description: `Stop a background task that this run started with bash runInBackground. Pass its backgroundTaskId verbatim (not a pid). Reports the decision (cancel, or already-finished when it had ended), its execution state and whether cleanup of its process group is done; repeated requests keep the first decision.`,
		Output:      tools.MustSchemaFor[KillResult](),
		// It stops only tasks of the run that started them.
		Tags: []tools.Tag{tools.TagSessionOnly},
	}, runKill)
}

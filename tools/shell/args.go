package shell

import (
	"encoding/json"
	"errors"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
)

// Timeout bounds, in seconds.
const (
	defaultTimeout = 300
	maxTimeout     = 3600
)

// bashArgs is what bash is called with. Timeout stays raw so that invalid
// values get precise messages (the schema says "number").
type bashArgs struct {
	Command         string            `json:"command"`
	Cwd             string            `json:"cwd,omitempty"`
	Env             map[string]string `json:"env,omitempty"`
	Timeout         json.RawMessage   `json:"timeout,omitempty"`
	Pty             bool              `json:"pty,omitempty"`
	RunInBackground bool              `json:"runInBackground,omitempty"`
}

// bashSchema describes bashArgs for models and validation.
type bashSchema struct {
	Command         string            `json:"command" jsonschema:"The shell command to run with bash -c. stdout and stderr are combined in order."`
	Cwd             string            `json:"cwd,omitempty" jsonschema:"Working directory, relative to the workspace root. Default: the workspace root."`
	Env             map[string]string `json:"env,omitempty" jsonschema:"Environment variables to add or override."`
	Timeout         *float64          `json:"timeout,omitempty" jsonschema:"Timeout in seconds (default 300, at most 3600). It must be finite and greater than 0. Fractions round down, with a 1-second floor. The whole process group is killed when it expires."`
	Pty             bool              `json:"pty,omitempty" jsonschema:"Run in a pseudo-terminal (for programs that need a TTY). Falls back to pipes when no pty is available."`
	RunInBackground bool              `json:"runInBackground,omitempty" jsonschema:"Start the command and return at once with a task id; poll with bash_output, stop with kill. A background task has no timeout unless one is given."`
}

// timeouts is the effective and the requested timeout.
type timeouts struct {
	seconds   int     // effective, whole seconds
	requested float64 // as given, or the default
	explicit  bool    // the caller gave one
}

// parseTimeout validates the raw timeout before anything runs.
func parseTimeout(raw json.RawMessage) (timeouts, error) {
	s := strings.TrimSpace(string(raw))
	if s == "" || s == "null" {
		return timeouts{seconds: defaultTimeout, requested: defaultTimeout}, nil
	}
	v, err := strconv.ParseFloat(s, 64)
	switch {
	case errors.Is(err, strconv.ErrRange) || err == nil && (math.IsInf(v, 0) || math.IsNaN(v)):
		return timeouts{}, tools.Errorf(tools.ErrInvalidArgs, "bash: timeout must be a finite number of seconds, got %s", s)
	case err != nil:
		return timeouts{}, tools.Errorf(tools.ErrInvalidArgs, "bash: timeout must be a number of seconds, got %s", s)
	case v <= 0:
		return timeouts{}, tools.Errorf(tools.ErrInvalidArgs, "bash: timeout must be greater than 0 seconds, got %s", s)
	case v > maxTimeout:
		return timeouts{}, tools.Errorf(tools.ErrInvalidArgs, "bash: timeout must be at most %d seconds, got %s", maxTimeout, s)
	}
	return timeouts{seconds: max(1, int(math.Floor(v))), requested: v, explicit: true}, nil
}

// prepare validates args and turns them into a command. Every failure here
// happens before anything runs.
func prepare(env *tools.Env, a bashArgs) (command, timeouts, error) {
	if strings.TrimSpace(a.Command) == "" {
		return command{}, timeouts{}, tools.Errorf(tools.ErrInvalidArgs, "bash: command is empty")
	}
	if strings.IndexByte(a.Command, 0) >= 0 {
		return command{}, timeouts{}, tools.Errorf(tools.ErrInvalidArgs, "bash: command contains a NUL byte")
	}
	to, err := parseTimeout(a.Timeout)
	if err != nil {
		return command{}, timeouts{}, err
	}
	dir := env.Root
	if a.Cwd != "" {
		dir = env.Abs(a.Cwd)
	}
	fi, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return command{}, timeouts{}, tools.Errorf(tools.ErrNotFound, "bash: cwd %s does not exist", env.Display(dir))
	case err != nil:
		return command{}, timeouts{}, tools.Errorf(tools.CodeOf(err), "bash: cwd %s: %w", env.Display(dir), err)
	case !fi.IsDir():
		return command{}, timeouts{}, tools.Errorf(tools.ErrInvalidArgs, "bash: cwd %s is not a directory", env.Display(dir))
	}
	vars, err := environ(a.Env, dir)
	if err != nil {
		return command{}, timeouts{}, err
	}
	c := command{script: a.Command, dir: dir, info: fi, env: vars, pty: a.Pty}
	c.warm = dir == env.Root && len(a.Env) == 0 && !a.Pty && !a.RunInBackground && warmable(a.Command, vars)
	return c, to, nil
}

// nonInteractive are variables set for every command unless the
// environment or the call sets them: nothing may wait for a person. Pagers
// print (`git log`), git's editor accepts the message as it stands (`git
// commit` without -m fails at once on an empty message instead of opening
// vi), and git never prompts for credentials.
var nonInteractive = [...]struct{ name, value string }{
	{"PAGER", "cat"},
	{"GIT_PAGER", "cat"},
	{"GIT_EDITOR", "true"},
	{"GIT_TERMINAL_PROMPT", "0"},
}

// environ is the inherited environment with extra applied on top. PWD names
// the working directory (so bash keeps its logical path), and the
// nonInteractive defaults are added. It runs on every call, so it builds
// the list without a map.
func environ(extra map[string]string, dir string) ([]string, error) {
	for k, v := range extra {
		if k == "" || strings.ContainsAny(k, "=\x00") {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "bash: env name %q is not a valid variable name", k)
		}
		if strings.IndexByte(v, 0) >= 0 {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "bash: env %s contains a NUL byte", k)
		}
	}
	base := os.Environ()
	out := make([]string, 0, len(base)+len(extra)+1+len(nonInteractive))
	_, pwd := extra["PWD"]
	var given [len(nonInteractive)]bool
	for i, d := range nonInteractive {
		_, given[i] = extra[d.name]
	}
	for _, kv := range base {
		k, _, _ := strings.Cut(kv, "=")
		if _, over := extra[k]; over || k == "PWD" {
			continue
		}
		for i, d := range nonInteractive {
			given[i] = given[i] || k == d.name
		}
		out = append(out, kv)
	}
	for k, v := range extra {
		out = append(out, k+"="+v)
	}
	if !pwd {
		out = append(out, "PWD="+dir)
	}
	for i, d := range nonInteractive {
		if !given[i] {
			out = append(out, d.name+"="+d.value)
		}
	}
	return out, nil
}

package files

import (
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/internal/tools/safefile"
	"github.com/atomic-script/atomic-script/tools"
)

// allowProtectedSetting is how a user lifts checkProtected, quoted in its
// error.
const allowProtectedSetting = `"files": {"allowProtectedPaths": true}`

// checkProtected refuses a change to abs by tool when the change would land
// (links resolved) in a git directory — its hooks and config run programs
// on the next git command, so a script without bash could still get one
// run — in atomic-script's own settings or state (the settings choose the
// tools and start MCP servers), or in the workspace's .atomic directory
// (whose settings choose the tools of the next run). The user setting
// files.allowProtectedPaths lifts it.
func checkProtected(env *tools.Env, tool, abs string) error {
	if env.Settings.AllowProtected {
		return nil
	}
	real := safefile.RealPath(abs)
	why := ""
	for _, part := range strings.Split(filepath.ToSlash(real), "/") {
		if strings.EqualFold(part, ".git") {
			why = "a git directory (.git), whose hooks and config run programs on the next git command"
			break
		}
	}
	if why == "" {
		for _, dir := range env.Settings.ProtectedPaths {
			if dir != "" && within(safefile.RealPath(dir), real) {
				why = "atomic-script's own settings or state (" + dir + "), which choose the tools and the MCP servers it starts"
				break
			}
		}
	}
	if why == "" && within(safefile.RealPath(filepath.Join(env.Root, ".atomic")), real) {
		why = "the workspace's .atomic directory, whose settings choose the tools of the next run"
	}
	if why == "" {
		return nil
	}
	return tools.Errorf(tools.ErrNotAllowed, "%s: refusing to change %s: it is in %s. The file tools do not change .git, atomic-script's settings and state, or a workspace's .atomic: change it outside the script (with bash, when it is enabled), or allow it with %s in your user settings (~/.atomic/agent/settings.json; a project's .atomic/settings.json cannot set it).",
		tool, env.Display(abs), why, allowProtectedSetting)
}

// within reports whether path is dir or inside it (both cleaned, real).
func within(dir, path string) bool {
	rel, err := filepath.Rel(dir, path)
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

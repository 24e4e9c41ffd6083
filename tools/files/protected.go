package files

import (
	"path/filepath"

	"github.com/atomic-script/atomic-script/internal/pathfold"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/safefile"
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
// files.allowProtectedPaths lifts it. Names compare as APFS and NTFS
// compare them (pathfold), so ".GIT/hooks" is refused as ".git/hooks" is.
func checkProtected(env *tools.Env, tool, abs string) error {
	if dev, ok := pathfold.DeviceIn(abs); ok {
		return tools.Errorf(tools.ErrInvalidArgs, "%s: refusing to write %s: %q is a device name on Windows (CON, PRN, AUX, NUL, COM0-9 and LPT0-9, with any extension), so the content would be lost or go to the console. Choose another name.", tool, env.Display(abs), dev)
	}
	if env.Settings.AllowProtected {
		return nil
	}
	real := safefile.RealPath(abs)
	why := ""
	for _, part := range pathfold.Split(real) {
		if pathfold.IsDotGit(part) {
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

// within reports whether path is dir or inside it (both real) in any
// spelling a case- or normalisation-insensitive file system opens as the
// same (pathfold): ".Atomic/Settings.JSON" is ".atomic/settings.json" on
// APFS and NTFS.
func within(dir, path string) bool { return pathfold.Within(dir, path) }

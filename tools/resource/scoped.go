package resource

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
)

// resolveScoped resolves local:// (a path under the workspace root) and
// skill:// (a path under the configured skills root). The rest of the
// argument is parsed like any path — selectors, archive members, tables —
// relative to that root; the file it names must stay inside the root both
// lexically (no "..", no absolute path) and after symbolic links are
// followed. The target is then the underlying file: read shows it, and
// edit and write label and snapshot it, by its real path.
func resolveScoped(ctx context.Context, env *tools.Env, tool string, t *Target) (*Target, error) {
	scheme := t.Path.Scheme
	root := env.Root
	if scheme == "skill" {
		root = env.Settings.SkillsRoot
		if root == "" {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: skill:// needs a skills root, and none is configured: set skills.root in .atomic/settings.json or ~/.atomic/agent/settings.json", tool)
		}
	}
	rest := t.Path.Rest
	if rest == "" {
		rest = "."
	}
	if filepath.IsAbs(rest) || strings.HasPrefix(rest, "/") {
		return nil, tools.Errorf(tools.ErrNotAllowed, "%s: %s://%s: the path is absolute; %s:// paths are relative to the %s", tool, scheme, rest, scheme, rootName(scheme))
	}
	pr := &probe{ctx: ctx, env: env, base: root}
	sp, err := selector.ParsePath(rest, pr)
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %v", tool, err)
	}
	if sp.Scheme != "" {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %s://%s: a %s:// path names a file under the %s, not a URL", tool, scheme, rest, scheme, rootName(scheme))
	}
	abs := filepath.Join(root, sp.File)
	if !within(abs, root) {
		return nil, escapeError(tool, scheme, rest, "climbs out of it (..)")
	}
	if err := noSymlinkEscape(abs, root); err != nil {
		return nil, escapeError(tool, scheme, rest, err.Error())
	}
	t.Path = sp
	t.Path.Scheme, t.Path.Rest = "", ""
	t.Scheme = scheme
	t.probe = pr
	t.Abs = abs
	t.Display = env.Display(abs)
	return t, nil
}

func rootName(scheme string) string {
	if scheme == "skill" {
		return "skills root"
	}
	return "workspace root"
}

func escapeError(tool, scheme, rest, why string) error {
	return tools.Errorf(tools.ErrNotAllowed, "%s: %s://%s is refused: it %s, outside the %s. %s:// paths stay inside it; name the file by its own path instead", tool, scheme, rest, why, rootName(scheme), scheme)
}

// within reports whether p is root or below it (both cleaned).
func within(p, root string) bool {
	rel, err := filepath.Rel(filepath.Clean(root), filepath.Clean(p))
	return err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}

// noSymlinkEscape resolves the symbolic links of p's deepest existing
// ancestor (p itself when it exists) and checks that the result is inside
// root's real path.
func noSymlinkEscape(p, root string) error {
	realRoot, err := filepath.EvalSymlinks(root)
	if err != nil {
		return errors.New("has a root that cannot be resolved (" + err.Error() + ")")
	}
	probe := p
	var suffix []string
	for {
		real, err := filepath.EvalSymlinks(probe)
		if err == nil {
			real = filepath.Join(append([]string{real}, suffix...)...)
			if !within(real, realRoot) {
				return errors.New("resolves through a symbolic link to " + real)
			}
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return errors.New("cannot be resolved (" + err.Error() + ")")
		}
		// A dangling link is followed by a write: resolve its target.
		if fi, lerr := os.Lstat(probe); lerr == nil && fi.Mode()&fs.ModeSymlink != 0 {
			target, _ := os.Readlink(probe)
			if !filepath.IsAbs(target) {
				target = filepath.Join(filepath.Dir(probe), target)
			}
			if !within(target, realRoot) && !within(target, root) {
				return errors.New("is a symbolic link to " + target)
			}
		}
		parent := filepath.Dir(probe)
		if parent == probe {
			return nil
		}
		suffix = append([]string{filepath.Base(probe)}, suffix...)
		probe = parent
	}
}

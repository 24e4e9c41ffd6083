package resource

import (
	"github.com/atomic-script/atomic-script/tools"
)

// resolveScoped resolves local:// and skill:// targets.
func resolveScoped(env *tools.Env, tool string, t *Target) (*Target, error) {
	return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %s:// is not supported yet", tool, t.Path.Scheme)
}

package engine

import (
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// runDiff is RUN.diff(): the run's changes so far as a git diff. A plain
// run keeps only each original's git blob ID (so bulk edits hold little
// memory), not its content, so it has nothing to diff against; it says so
// and how to get one, instead of a diff that shows every changed file as
// created from nothing.
func runDiff(files *journal.Journal, root string) (string, error) {
	if files.Mode() == journal.Write {
		return "", tools.Errorf(tools.ErrNotAllowed, "RUN.diff() needs the files' originals, which a plain run does not keep: run with --dry-run or --atomic (or // @options: {\"dry_run\": true}); an edit's result carries its own diff")
	}
	return files.Diff((&tools.Env{Root: root}).Display), nil
}

package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/internal/gitstate"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// commandCalls counts the run's calls of tools that run shell commands
// (tools.TagRunsCommands): what they change is not journaled.
func (e *Engine) commandCalls(st CallStats) int {
	n := 0
	for name, t := range st.ByTool {
		if tool, ok := e.cfg.registry.Get(name); ok && tools.HasTag(tool, tools.TagRunsCommands) {
			n += t.Count
		}
	}
	return n
}

// maxListedPaths bounds the paths a rollback note names.
const maxListedPaths = 20

// finishFiles ends the run's journal and puts what it knows in the result:
// a failed atomic run is rolled back (Rollback says file by file what
// happened, RolledBack only when all of it was undone, and an incomplete
// rollback exits ExitRollbackIncomplete); a dry run gets its Diff; every
// run lists its Changes. It runs after the script settled (or was
// abandoned at the deadline): closing the journal refuses any mutation
// still on its way.
func (e *Engine) finishFiles(r *Result, j *journal.Journal) {
	root := &tools.Env{Root: e.cfg.root}
	bashCalls := e.commandCalls(r.CallStats)
	if swept := j.Swept(); len(swept) > 0 {
		shown := displayAll(swept[:min(len(swept), maxListedPaths)], root.Display)
		if more := len(swept) - len(shown); more > 0 {
			shown = append(shown, fmt.Sprintf("and %d more", more))
		}
		r.Warnings = append(r.Warnings, fmt.Sprintf("removed %s that an earlier atomic-script write left beside files this run changed (it was killed mid-write): %s",
			plural(len(swept), "stale temp file"), strings.Join(shown, ", ")))
	}
	switch {
	case j.Mode() == journal.Atomic && !r.OK:
		rep := j.Rollback()
		rb := &Rollback{Restored: displayAll(rep.Restored, root.Display), Removed: displayAll(rep.Removed, root.Display), Failed: []RollbackFailure{}}
		for _, f := range rep.Failed {
			rb.Failed = append(rb.Failed, RollbackFailure{Path: root.Display(f.Path), Error: errText(f.Err)})
			r.Changes = append(r.Changes, FileChange{Path: root.Display(f.Path), Action: "modified"})
		}
		r.Rollback = rb
		r.RolledBack = rep.Complete() && len(rep.Restored)+len(rep.Removed) > 0
		r.Changed = len(rb.Failed) > 0
		if !rep.Complete() {
			r.ExitCode = ExitRollbackIncomplete
		}
		r.Warnings = append(r.Warnings, rollbackNote(rb))
		if bashCalls > 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s ran during this atomic run: files changed by shell commands are not journaled and were not rolled back.", plural(bashCalls, "bash command")))
		}
		return
	case j.Mode() == journal.DryRun:
		j.Close()
		r.DryRun = true
		r.Diff = j.Diff(root.Display)
		if cost := j.ScratchCost(); bashCalls > 0 && (cost.Files > 0 || cost.Took > 0) {
			how := "copied"
			if cost.Cloned == cost.Files {
				how = "cloned (reflinks)"
			}
			held := "each ran in a private mount namespace where the copy is mounted over the workspace's path and the real repository is read-only; what they changed there is in the diff, and the workspace was not touched. Commands that reach outside the workspace (other paths, the network) had real effects."
			if !cost.Isolated {
				held = "what they changed there is in the diff. This system cannot hold a command in the copy (no private mount namespace): a command that reached the workspace by its own path changed it for real, so the workspace may have been touched."
			}
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s ran in a scratch copy of the workspace holding the run's pending changes (%d files, %.1f MB, %s in %d ms); %s",
				plural(bashCalls, "bash command"), cost.Files, float64(cost.Bytes)/1e6, how, cost.Took.Milliseconds(), held))
		}
	default:
		j.Close()
		// The journal does not sync each write as it goes; the run is
		// durable once this returns.
		if err := j.Flush(); err != nil {
			r.Warnings = append(r.Warnings, "The run's file changes could not all be synced to disk (a power loss now could lose them): "+err.Error())
		}
	}
	changes := j.Changes()
	for _, c := range changes {
		fc := FileChange{Path: root.Display(c.Path), Action: string(c.Action)}
		if c.From != "" {
			fc.From = root.Display(c.From)
		}
		r.Changes = append(r.Changes, fc)
	}
	r.Changed = len(r.Changes) > 0
	if w := e.dirtyWarning(j, changes, root.Display, r.DryRun); w != "" {
		r.Warnings = append(r.Warnings, w)
	}
}

// dirtyWarning names the files the run changed (or would change) that had
// uncommitted changes before it: their original differs from what HEAD
// holds, or they were not in git at all. Their diff mixes the run's change
// with the user's, and git cannot take the run's change back alone. "" when
// there are none or the workspace is not in git.
func (e *Engine) dirtyWarning(j *journal.Journal, changes []journal.Change, display func(string) string, dry bool) string {
	var rel []string
	orig := map[string]string{}
	for _, c := range changes {
		blob, existed, ok := j.OriginalBlob(c.Path)
		if !ok || !existed {
			continue // created by the run
		}
		p := display(c.Path)
		if filepath.IsAbs(p) {
			continue // outside the workspace
		}
		rel = append(rel, p)
		orig[p] = blob
	}
	if len(rel) == 0 {
		return ""
	}
	head, ok := gitstate.HeadBlobs(e.cfg.root, rel)
	if !ok {
		return ""
	}
	var dirty []string
	for _, p := range rel {
		if head[p] != orig[p] {
			dirty = append(dirty, p)
		}
	}
	if len(dirty) == 0 {
		return ""
	}
	verb := "changed"
	if dry {
		verb = "would change"
	}
	return fmt.Sprintf("The run %s %s that had uncommitted changes (or were not in git) before it: %s. Their diff mixes your changes with the run's, and git cannot undo the run's alone; commit or stash first, or use --require-clean to refuse a dirty work tree.",
		verb, plural(len(dirty), "file"), listPaths(dirty))
}

// DirtyFiles lists the files of the git work tree at root that have
// uncommitted changes (staged, unstaged or untracked and not ignored), as
// `git status` shows them; it fails when root is not in a git work tree.
// `run --require-clean` refuses to start when the list is not empty.
func DirtyFiles(root string) ([]string, error) { return gitstate.Dirty(root) }

func displayAll(paths []string, display func(string) string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = display(p)
	}
	return out
}

// errText is an error's message without the path an *fs.PathError repeats.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Op + ": " + pe.Err.Error()
	}
	return err.Error()
}

// rollbackNote says what an atomic rollback did, naming the files: what
// was restored and removed, and, when the rollback is incomplete, exactly
// which files are left changed and why.
func rollbackNote(rb *Rollback) string {
	if len(rb.Restored)+len(rb.Removed)+len(rb.Failed) == 0 {
		return "Atomic run failed: it had changed no files, so there was nothing to roll back."
	}
	var parts []string
	if len(rb.Restored) > 0 {
		parts = append(parts, "restored "+listPaths(rb.Restored))
	}
	if len(rb.Removed) > 0 {
		parts = append(parts, "removed "+listPaths(rb.Removed)+" (created by the run)")
	}
	if len(rb.Failed) == 0 {
		return "Atomic run failed: file changes were rolled back: " + strings.Join(parts, "; ") + "."
	}
	failed := make([]string, 0, len(rb.Failed))
	for i, f := range rb.Failed {
		if i == maxListedPaths {
			failed = append(failed, fmt.Sprintf("and %d more", len(rb.Failed)-maxListedPaths))
			break
		}
		failed = append(failed, f.Path+" ("+f.Error+")")
	}
	left := "1 file is left as the run changed it"
	if len(rb.Failed) > 1 {
		left = fmt.Sprintf("%d files are left as the run changed them", len(rb.Failed))
	}
	msg := fmt.Sprintf("Atomic run failed and its rollback is INCOMPLETE (exit %d): %s: %s.", ExitRollbackIncomplete, left, strings.Join(failed, "; "))
	if len(parts) > 0 {
		msg += " The rest was rolled back: " + strings.Join(parts, "; ") + "."
	}
	return msg
}

func listPaths(paths []string) string {
	if len(paths) > maxListedPaths {
		return strings.Join(paths[:maxListedPaths], ", ") + fmt.Sprintf(" and %d more", len(paths)-maxListedPaths)
	}
	return strings.Join(paths, ", ")
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// changesLine renders Changes on one line for the result text.
func changesLine(cs []FileChange) string {
	parts := make([]string, 0, min(len(cs), maxListedPaths))
	for i, c := range cs {
		if i == maxListedPaths {
			parts = append(parts, fmt.Sprintf("and %d more", len(cs)-maxListedPaths))
			break
		}
		// Paths escaped (tools.Visible): a file named with a newline or an
		// escape sequence cannot rewrite the run's account of what changed.
		if c.From != "" {
			parts = append(parts, c.Action+" "+tools.Visible(c.From)+" → "+tools.Visible(c.Path))
			continue
		}
		parts = append(parts, c.Action+" "+tools.Visible(c.Path))
	}
	return strings.Join(parts, ", ")
}

package engine

import (
	"errors"
	"fmt"
	"io/fs"
	"strings"

	"github.com/atomic-script/atomic-script/internal/tools/journal"
	"github.com/atomic-script/atomic-script/tools"
)

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
	bashCalls := 0
	for _, c := range r.Calls {
		if c.Name == "bash" {
			bashCalls++
		}
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
		if bashCalls > 0 {
			r.Warnings = append(r.Warnings, fmt.Sprintf("%s ran during this dry run: shell commands are not held back, so any files they changed were changed for real and are not in the diff.", plural(bashCalls, "bash command")))
		}
	default:
		j.Close()
	}
	for _, c := range j.Changes() {
		r.Changes = append(r.Changes, FileChange{Path: root.Display(c.Path), Action: string(c.Action)})
	}
	r.Changed = len(r.Changes) > 0
}

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
		parts = append(parts, c.Action+" "+c.Path)
	}
	return strings.Join(parts, ", ")
}

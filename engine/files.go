package engine

import (
	"fmt"
	"strings"

	"github.com/atomic-script/atomic-script/internal/tools/journal"
	"github.com/atomic-script/atomic-script/tools"
)

// maxListedPaths bounds the paths a rollback note names.
const maxListedPaths = 20

// finishFiles ends the run's journal and puts what it knows in the result:
// a failed atomic run is rolled back (RolledBack, and a note of what was
// restored); a dry run gets its Diff; every run lists its Changes. It runs
// after the script settled (or was abandoned at the deadline): closing the
// journal refuses any mutation still on its way.
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
		changed := j.Changes()
		rep := j.Rollback()
		r.RolledBack = true
		r.Warnings = append(r.Warnings, rollbackNote(changed, rep, root.Display))
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
}

// rollbackNote says what an atomic rollback did, naming the files.
func rollbackNote(changed []journal.Change, rep journal.Report, display func(string) string) string {
	if len(changed) == 0 && len(rep.Failed) == 0 {
		return "Atomic run failed: it had changed no files, so there was nothing to roll back."
	}
	var restored, removed []string
	failed := append([]string(nil), rep.Failed...)
	for _, c := range changed {
		if i := failedIndex(rep.Failed, c.Path); i >= 0 {
			failed[i] = display(c.Path) + rep.Failed[i][len(c.Path):]
			continue
		}
		if c.Action == journal.Created {
			removed = append(removed, display(c.Path))
		} else {
			restored = append(restored, display(c.Path))
		}
	}
	var parts []string
	if len(restored) > 0 {
		parts = append(parts, "restored "+listPaths(restored))
	}
	if len(removed) > 0 {
		parts = append(parts, "removed "+listPaths(removed)+" (created by the run)")
	}
	msg := "Atomic run failed: file changes were rolled back"
	if len(parts) > 0 {
		msg += ": " + strings.Join(parts, "; ")
	}
	msg += "."
	if len(failed) > 0 {
		msg += " Could not restore " + strings.Join(failed, "; ") + "."
	}
	return msg
}

// failedIndex is the index of path's entry ("path: why") in failed, or -1.
func failedIndex(failed []string, path string) int {
	for i, f := range failed {
		if strings.HasPrefix(f, path+": ") {
			return i
		}
	}
	return -1
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

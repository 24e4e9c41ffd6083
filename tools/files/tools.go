// Package files implements the read, write and edit tools on local files:
// read renders files as hashline rows (and directories as trees, notebooks
// as cells), write creates or replaces whole files behind the write guard,
// and edit applies hashline scripts (package hashline) to one or more files.
//
// Every read-for-mutation and every mutation goes through tools.Env.Files,
// so a run's journal sees each change (a dry run keeps them in its overlay,
// an atomic run can roll them back). Snapshots are recorded in the session's
// store under the file's absolute path; paths are shown with env.Display.
// Mutations of one file are serialised across the process.
package files

import "github.com/atomic-script/atomic-script/tools"

// Tools returns read, write and edit, in that order.
func Tools() []tools.Tool {
	return []tools.Tool{
		readTool(),
		tools.WithPreview(writeTool(), previewWrite),
		tools.WithPreview(editTool(), previewEdit),
	}
}

// ensureFiles returns env with a Files: an Env built by hand without one
// writes directly (tools.DirectFiles), as the Env documentation promises.
func ensureFiles(env *tools.Env) *tools.Env {
	if env.Files != nil {
		return env
	}
	e := *env
	e.Files = tools.DirectFiles{}
	return &e
}

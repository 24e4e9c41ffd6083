// Package journal is the one path every file mutation of a run takes: a
// tools.Files that records what each touched file was before the run changed
// it, so the run can be previewed (dry run), undone (atomic) or summarised.
//
// Three modes:
//   - [Write] writes through to the disk (atomically: temp file and rename)
//     and records each touched file's original content, mode and
//     modification time before its first mutation, or that it did not exist;
//   - [DryRun] writes nothing: mutations land in an in-memory overlay that
//     later reads of the same run see (ReadFile, Stat, and tools.Overlay for
//     tools that walk the disk themselves), and [Journal.Diff] renders the
//     unified diff of what the run would change;
//   - [Atomic] is [Write] plus [Journal.Rollback] when the run fails, times
//     out or is aborted: every touched file gets its content, mode and
//     modification time back, files the run created are removed, and so are
//     the directories it created when they are empty again.
//
// The journal knows only what goes through it. A `bash` command that edits
// files writes to the disk directly: a dry run cannot hold those changes
// back and a rollback cannot undo them.
package journal

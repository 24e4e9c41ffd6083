package cli

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/atomic-script/atomic-script/engine"
)

// A commit is what `run --commit` made of a successful run's changes: a
// commit on a new branch holding exactly the files the run changed.
type commitInfo struct {
	Branch string   `json:"branch"`
	SHA    string   `json:"sha"`
	Files  []string `json:"files"`
	Error  string   `json:"error,omitempty"`
}

// gitTimeout bounds one git command of --commit.
const gitTimeout = 2 * time.Minute

// git runs git in root, hardened: no hooks, no fsmonitor, no system config,
// no implicit bare repository, no prompt, no signing program (a config
// could name any), and pathspecs taken literally. index, when set, is the
// index file to use (GIT_INDEX_FILE).
func git(root, index string, args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), gitTimeout)
	defer cancel()
	base := []string{"-C", root, "--literal-pathspecs",
		"-c", "core.hooksPath=" + os.DevNull, "-c", "core.fsmonitor=false", "-c", "safe.bareRepository=explicit", "-c", "commit.gpgSign=false"}
	cmd := exec.CommandContext(ctx, "git", append(base, args...)...)
	cmd.Env = append(os.Environ(), "GIT_CONFIG_NOSYSTEM=1", "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	if index != "" {
		cmd.Env = append(cmd.Env, "GIT_INDEX_FILE="+index)
	}
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if msg == "" {
			msg = err.Error()
		}
		return "", fmt.Errorf("git %s: %s", args[0], msg)
	}
	return strings.TrimSpace(stdout.String()), nil
}

// defaultBranch names the branch of a commit without --branch:
// atomic-script/ and the message's first line as a slug.
func defaultBranch(message string) string {
	first, _, _ := strings.Cut(strings.TrimSpace(message), "\n")
	slug := strings.Trim(regexp.MustCompile(`[^a-z0-9]+`).ReplaceAllString(strings.ToLower(first), "-"), "-")
	if len(slug) > 50 {
		slug = strings.TrimRight(slug[:50], "-")
	}
	if slug == "" {
		slug = "migration"
	}
	return "atomic-script/" + slug
}

// commitFlags refuses --commit and --branch that cannot go together with
// the other flags, and names the branch when --branch is not given.
func (f *runFlags) commitFlags() error {
	switch {
	case f.branch != "" && f.commit == "":
		return usagef("run: --branch names the branch of --commit MESSAGE; give --commit too")
	case f.commit == "" && !f.commitSet:
		return nil
	case strings.TrimSpace(f.commit) == "":
		return usagef("run: --commit needs a commit message")
	case f.dryRun:
		return usagef("run: --dry-run writes nothing, so --commit has nothing to commit; run without --dry-run (with --atomic) to commit")
	}
	if f.branch == "" {
		f.branch = defaultBranch(f.commit)
	}
	return nil
}

// checkCommit refuses, before the run, a --commit that could not be made:
// no git work tree or no commit in it, a branch name git refuses or one
// that exists.
func (f *runFlags) checkCommit(root string) error {
	if f.commit == "" {
		return nil
	}
	if _, err := git(root, "", "rev-parse", "--show-toplevel"); err != nil {
		return usagef("run: --commit: %s is not in a git work tree (%v)", root, err)
	}
	if _, err := git(root, "", "rev-parse", "--verify", "--quiet", "HEAD^{commit}"); err != nil {
		return usagef("run: --commit: the repository has no commit yet; the branch starts from HEAD")
	}
	if _, err := git(root, "", "check-ref-format", "--branch", f.branch); err != nil {
		return usagef("run: --branch %q is not a valid branch name", f.branch)
	}
	if _, err := git(root, "", "rev-parse", "--verify", "--quiet", "refs/heads/"+f.branch); err == nil {
		return usagef("run: --commit: branch %s exists already; name a new one with --branch", f.branch)
	}
	return nil
}

// commitChanges commits exactly the files the run changed (moves with
// both their paths) on the new branch f.branch, from HEAD, through a
// temporary index so nothing else staged or changed in the work tree
// joins; then HEAD moves to the branch and the index takes those files
// from it (everything else stays as it was). The author comes from the
// environment (GIT_AUTHOR_NAME, GIT_AUTHOR_EMAIL) or git's configuration.
func (f *runFlags) commitChanges(root string, changes []engine.FileChange) (*commitInfo, error) {
	info := &commitInfo{Branch: f.branch, Files: []string{}}
	var paths []string
	for _, c := range changes {
		info.Files = append(info.Files, c.Path)
		paths = append(paths, c.Path)
		if c.From != "" {
			paths = append(paths, c.From)
		}
	}
	tmp, err := os.MkdirTemp("", "atomic-commit-")
	if err != nil {
		return info, err
	}
	defer os.RemoveAll(tmp)
	index := filepath.Join(tmp, "index")
	head, err := git(root, "", "rev-parse", "--verify", "HEAD^{commit}")
	if err != nil {
		return info, err
	}
	if _, err := git(root, index, "read-tree", head); err != nil {
		return info, err
	}
	if _, err := git(root, index, append([]string{"add", "--all", "--force", "--"}, paths...)...); err != nil {
		return info, err
	}
	tree, err := git(root, index, "write-tree")
	if err != nil {
		return info, err
	}
	sha, err := git(root, "", "commit-tree", tree, "-p", head, "-m", f.commit)
	if err != nil {
		return info, fmt.Errorf("%v (the author comes from GIT_AUTHOR_NAME and GIT_AUTHOR_EMAIL, the committer from GIT_COMMITTER_NAME and GIT_COMMITTER_EMAIL, or git config user.name and user.email)", err)
	}
	if _, err := git(root, "", "update-ref", "-m", "atomic-script --commit", "refs/heads/"+f.branch, sha, ""); err != nil {
		return info, err
	}
	info.SHA = sha
	if _, err := git(root, "", "symbolic-ref", "HEAD", "refs/heads/"+f.branch); err != nil {
		return info, err
	}
	if _, err := git(root, "", append([]string{"reset", "-q", "--"}, paths...)...); err != nil {
		return info, err
	}
	return info, nil
}

// commitRun commits a finished run's changes when --commit asks and the
// run passed; it returns the commit (nil when there was none to make)
// and the exit code to use: a commit that failed fails a run that passed.
func (f *runFlags) commitRun(stdio Stdio, root string, res *engine.Result) (*commitInfo, int) {
	switch {
	case f.commit == "":
		return nil, res.ExitCode
	case res.ExitCode != engine.ExitOK:
		fmt.Fprintf(stdio.Err, "atomic-script: the run failed (exit %d): nothing committed\n", res.ExitCode)
		return nil, res.ExitCode
	case len(res.Changes) == 0:
		fmt.Fprintln(stdio.Err, "atomic-script: the run changed no file: nothing committed, no branch made")
		return nil, res.ExitCode
	}
	info, err := f.commitChanges(root, res.Changes)
	if err != nil {
		info.Error = err.Error()
		fmt.Fprintf(stdio.Err, "atomic-script: the run passed, but --commit failed: %v\n", err)
		return info, engine.ExitUsage
	}
	fmt.Fprintf(stdio.Err, "atomic-script: committed %s on the new branch %s (%s), checked out: push it with git push origin %s\n",
		plural(len(info.Files), "changed file"), info.Branch, info.SHA[:min(12, len(info.SHA))], info.Branch)
	return info, res.ExitCode
}

// Package gitstate asks git about a workspace's own state: which files have
// uncommitted changes, and what HEAD holds for a file. It runs the git
// binary (no config of its own, no pager, no prompts); a workspace outside
// a git work tree, or a machine without git, answers "not in git".
package gitstate

import (
	"bytes"
	"context"
	"crypto/sha1"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"
)

// timeout bounds one git command.
const timeout = 30 * time.Second

func git(root string, args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", append([]string{"-C", root}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_TERMINAL_PROMPT=0", "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("git %s: %v: %s", args[0], err, strings.TrimSpace(stderr.String()))
	}
	return out, nil
}

// InWorkTree reports whether root is inside a git work tree.
func InWorkTree(root string) bool {
	out, err := git(root, "rev-parse", "--is-inside-work-tree")
	return err == nil && strings.TrimSpace(string(out)) == "true"
}

// Dirty lists the paths (relative to root) with uncommitted changes, staged
// or not, and untracked files that are not ignored: what `git status`
// shows. It fails when root is not in a git work tree.
func Dirty(root string) ([]string, error) {
	if !InWorkTree(root) {
		return nil, fmt.Errorf("%s is not in a git work tree", root)
	}
	out, err := git(root, "status", "--porcelain=v1", "-z", "--untracked-files=normal", "--", ".")
	if err != nil {
		return nil, err
	}
	var paths []string
	recs := strings.Split(string(out), "\x00")
	for i := 0; i < len(recs); i++ {
		r := recs[i]
		if len(r) < 4 {
			continue
		}
		paths = append(paths, r[3:])
		if r[0] == 'R' || r[0] == 'C' {
			i++ // the rename's source follows
		}
	}
	return paths, nil
}

// HeadBlobs returns the blob id HEAD holds for each of paths (relative to
// root, '/'-separated); a path missing from the map is not in HEAD. ok is
// false when root is not in a git work tree with a HEAD commit.
func HeadBlobs(root string, paths []string) (blobs map[string]string, ok bool) {
	if len(paths) == 0 || !InWorkTree(root) {
		return nil, false
	}
	blobs = map[string]string{}
	for start := 0; start < len(paths); start += 500 {
		chunk := paths[start:min(start+500, len(paths))]
		out, err := git(root, append([]string{"ls-tree", "-z", "HEAD", "--"}, chunk...)...)
		if err != nil {
			return nil, false
		}
		for _, rec := range strings.Split(string(out), "\x00") {
			meta, name, found := strings.Cut(rec, "\t")
			f := strings.Fields(meta)
			if !found || len(f) != 3 || f[1] != "blob" {
				continue
			}
			blobs[name] = f[2]
		}
	}
	return blobs, true
}

// BlobID is git's object id of a blob with data (SHA-1 repositories).
func BlobID(data []byte) string {
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(data))
	h.Write(data)
	return hex.EncodeToString(h.Sum(nil))
}

// Ignored returns which of paths (relative to root) git ignores there; nil
// when root is not in a git work tree.
func Ignored(root string, paths []string) map[string]bool {
	if len(paths) == 0 || !InWorkTree(root) {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "git", "-C", root, "check-ignore", "-z", "--stdin")
	cmd.Env = append(os.Environ(), "GIT_OPTIONAL_LOCKS=0", "LC_ALL=C")
	cmd.Stdin = strings.NewReader(strings.Join(paths, "\x00") + "\x00")
	out, _ := cmd.Output() // exit 1: none ignored
	ignored := map[string]bool{}
	for _, p := range strings.Split(string(out), "\x00") {
		if p != "" {
			ignored[p] = true
		}
	}
	return ignored
}

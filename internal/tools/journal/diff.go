package journal

import (
	"bytes"
	"fmt"
	"io/fs"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/aymanbagabas/go-udiff"
)

func sortStrings(s []string) { sort.Strings(s) }

// maxDiffBytes is the most text (before and after together) a file's diff
// is computed for; larger changes are summarised.
const maxDiffBytes = 16 << 20

// Diff renders the run's changes as one git-style unified diff (3 lines of
// context), file by file in path order; display turns an absolute path into
// the label shown (e.g. workspace-relative). The diff applies with `git
// apply` from the workspace root. Binary content is summarised, not shown.
func (j *Journal) Diff(display func(abs string) string) string {
	var b strings.Builder
	for _, p := range j.touched() {
		before, now := j.original(p), j.current(p)
		action := actionOf(before, now)
		if action == "" {
			continue
		}
		name := display(p)
		writeFileDiff(&b, name, before, now, action)
	}
	return b.String()
}

func writeFileDiff(b *strings.Builder, name string, before *entry, now state, action Action) {
	a, z := "a/"+name, "b/"+name
	fmt.Fprintf(b, "diff --git %s %s\n", a, z)
	oldText, newText := "", ""
	switch action {
	case Created:
		fmt.Fprintf(b, "new file mode %s\n", gitMode(now.mode))
		a, newText = "/dev/null", string(now.data)
	case Deleted:
		fmt.Fprintf(b, "deleted file mode %s\n", gitMode(before.mode))
		z, oldText = "/dev/null", string(before.data)
	default:
		if gitMode(before.mode) != gitMode(now.mode) {
			fmt.Fprintf(b, "old mode %s\nnew mode %s\n", gitMode(before.mode), gitMode(now.mode))
		}
		oldText, newText = string(before.data), string(now.data)
	}
	if oldText == newText {
		return
	}
	if isBinary(oldText) || isBinary(newText) {
		fmt.Fprintf(b, "Binary files %s and %s differ\n", a, z)
		return
	}
	if len(oldText)+len(newText) > maxDiffBytes {
		// A line diff of this size costs many times its text in memory.
		fmt.Fprintf(b, "Files %s and %s differ (%d → %d bytes; too large to diff here)\n", a, z, len(oldText), len(newText))
		return
	}
	b.WriteString(udiff.Unified(a, z, oldText, newText))
}

// gitMode is the mode git shows for a regular file.
func gitMode(m fs.FileMode) string {
	if m.Perm()&0o111 != 0 {
		return "100755"
	}
	return "100644"
}

// isBinary reports whether text is not something a diff can show: a NUL
// byte or invalid UTF-8 in its first 8 KiB.
func isBinary(text string) bool {
	head := text[:min(len(text), 8<<10)]
	if bytes.IndexByte([]byte(head), 0) >= 0 {
		return true
	}
	for len(head) > 0 {
		r, size := utf8.DecodeRuneInString(head)
		if r == utf8.RuneError && size == 1 && len(head) >= utf8.UTFMax {
			return true
		}
		head = head[size:]
	}
	return false
}

package journal

import (
	"bytes"
	"crypto/sha1"
	"fmt"
	"io/fs"
	"maps"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools/internal/gitpath"
)

func sortStrings(s []string) { sort.Strings(s) }

// maxDiffBytes is the most text (before and after together) a file's diff
// is computed for; larger changes are summarised.
const maxDiffBytes = 16 << 20

// diffContext is the number of unchanged lines around each change, as git.
const diffContext = 3

// Diff renders the run's changes as one unified diff in the form `git diff
// --no-index` prints for the trees before and after the run: file by file
// in git's order, `index` lines with abbreviated blob ids, 3 lines of
// context, hunk headers with git's default function-name context, renames
// as `rename from`/`rename to`. display turns an absolute path into the
// label shown (e.g. workspace-relative). The diff applies with `git apply`
// from the workspace root and reverts with `git apply -R`. Binary content
// is summarised, as git does.
func (j *Journal) Diff(display func(abs string) string) string {
	var files []fileDiff
	for _, fc := range j.fileChanges(true) {
		fc.name, fc.from = display(fc.path), ""
		if fc.movedFrom != "" {
			fc.from = display(fc.movedFrom)
		}
		files = append(files, fc)
	}
	sort.Slice(files, func(a, b int) bool { return gitPathLess(files[a].key(), files[b].key()) })
	var b strings.Builder
	for _, f := range files {
		writeFileDiff(&b, f)
	}
	return b.String()
}

// fileChanges lists every touched file whose state differs from before
// the run; withData keeps each file's content now (the diff needs it, a
// list of changes does not: holding every changed file at once was a bulk
// edit's peak). A file the run moved (a deleted source and a created destination that
// the journal saw move) is one rename.
func (j *Journal) fileChanges(withData bool) []fileDiff {
	var out []fileDiff
	j.mu.Lock()
	moves := maps.Clone(j.moves)
	j.mu.Unlock()
	states := map[string]fileDiff{}
	for _, p := range j.touched() {
		before, now := j.original(p), j.current(p)
		if a := actionOf(before, now); a != "" {
			if !withData {
				now.data = nil // a list of changes holds no file's content
			}
			states[p] = fileDiff{path: p, before: before, now: now, action: a}
		}
	}
	for to, from := range moves {
		dst, src := states[to], states[from]
		if dst.action != Created || src.action != Deleted {
			continue
		}
		delete(states, from)
		states[to] = fileDiff{path: to, movedFrom: from, before: src.before, now: dst.now, action: Renamed}
	}
	for _, f := range states {
		out = append(out, f)
	}
	return out
}

// fileDiff is what one file's section of the diff is made from.
type fileDiff struct {
	path      string // absolute, after the run
	movedFrom string // absolute path before the run, for a move
	name      string // label after
	from      string // label before, for a move
	before    *entry
	now       state
	action    Action
}

// key is the path git orders a file section by (the old one for a rename).
func (f fileDiff) key() string {
	if f.from != "" {
		return f.from
	}
	return f.name
}

// gitPathLess orders paths as `git diff --no-index` walks two trees:
// directory by directory, entries by name.
func gitPathLess(a, b string) bool {
	as, bs := strings.Split(a, "/"), strings.Split(b, "/")
	for i := 0; i < len(as) && i < len(bs); i++ {
		if as[i] != bs[i] {
			return as[i] < bs[i]
		}
	}
	return len(as) < len(bs)
}

func writeFileDiff(b *strings.Builder, f fileDiff) {
	from := f.name
	if f.from != "" {
		from = f.from
	}
	// Names are quoted as git quotes them (core.quotePath): a name with a
	// control character, a quote, a backslash or a non-ASCII byte is
	// written in C-style quotes, so it cannot add lines of its own to the
	// diff or act on a terminal, and git apply reads it back.
	a, z := gitpath.Quote("a/"+from), gitpath.Quote("b/"+f.name)
	fmt.Fprintf(b, "diff --git %s %s\n", a, z)
	oldText, newText := "", ""
	oldMode, newMode := "", ""
	switch f.action {
	case Created:
		newMode = gitMode(f.now.mode)
		fmt.Fprintf(b, "new file mode %s\n", newMode)
		a, newText = "/dev/null", string(f.now.data)
	case Deleted:
		oldMode = gitMode(f.before.mode)
		fmt.Fprintf(b, "deleted file mode %s\n", oldMode)
		z, oldText = "/dev/null", string(f.before.data)
	default:
		oldMode, newMode = gitMode(f.before.mode), gitMode(f.now.mode)
		if oldMode != newMode {
			fmt.Fprintf(b, "old mode %s\nnew mode %s\n", oldMode, newMode)
		}
		oldText, newText = string(f.before.data), string(f.now.data)
	}
	if f.from != "" {
		if oldText == newText {
			b.WriteString("similarity index 100%\n")
		} else {
			fmt.Fprintf(b, "similarity index %d%%\n", similarity(oldText, newText))
		}
		fmt.Fprintf(b, "rename from %s\nrename to %s\n", gitpath.Quote(f.from), gitpath.Quote(f.name))
	}
	if oldText == newText && f.action != Created && f.action != Deleted {
		return
	}
	index := "index " + blobID(oldText, f.action == Created) + ".." + blobID(newText, f.action == Deleted)
	if oldMode != "" && oldMode == newMode {
		index += " " + oldMode
	}
	b.WriteString(index + "\n")
	if oldText == newText {
		return // an empty file created or deleted
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
	// git ends a ---/+++ name that holds a space with a tab.
	fmt.Fprintf(b, "--- %s%s\n+++ %s%s\n", a, nameTab(a, from), z, nameTab(z, f.name))
	writeHunks(b, oldText, newText)
}

// nameTab is the tab git writes after a ---/+++ label (never /dev/null)
// whose file name holds a space.
func nameTab(label, name string) string {
	if label != "/dev/null" && strings.Contains(name, " ") {
		return "\t"
	}
	return ""
}

// similarity is a rename's similarity index as git estimates it: the share
// of the larger text's bytes that the texts' common lines make up.
func similarity(a, b string) int {
	common := 0
	al := splitLines(a)
	prev := 0
	for _, c := range hashline.DiffLines(a, b) {
		for i := prev; i < c.A0; i++ {
			common += len(al[i])
		}
		prev = c.A1
	}
	for i := prev; i < len(al); i++ {
		common += len(al[i])
	}
	return common * 100 / max(len(a), len(b), 1)
}

// blobID is git's abbreviated object id of a blob with text; zero gives
// the all-zero id of a side that does not exist.
func blobID(text string, zero bool) string {
	if zero {
		return "0000000"
	}
	h := sha1.New()
	fmt.Fprintf(h, "blob %d\x00", len(text))
	h.Write([]byte(text))
	return fmt.Sprintf("%x", h.Sum(nil))[:7]
}

// splitLines splits text into lines that keep their "\n" (the last may
// lack one).
func splitLines(text string) []string {
	var out []string
	for len(text) > 0 {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

// writeHunks writes the hunks of a line diff of old and new as git does:
// changes closer than twice the context share a hunk, the header counts
// are git's (",1" left out, an empty side "-0,0"), and a header carries the
// nearest line above the hunk that starts with a letter, '_' or '$' (git's
// default function-name rule, cut to 80 bytes).
func writeHunks(b *strings.Builder, oldText, newText string) {
	ol, nl := splitLines(oldText), splitLines(newText)
	changes := hashline.DiffLines(oldText, newText)
	for i := 0; i < len(changes); {
		k := i
		for k+1 < len(changes) && changes[k+1].A0-changes[k].A1 <= 2*diffContext {
			k++
		}
		first, last := changes[i], changes[k]
		a0 := max(first.A0-diffContext, 0)
		a1 := min(last.A1+diffContext, len(ol))
		b0 := first.B0 - (first.A0 - a0)
		b1 := last.B1 + (a1 - last.A1)
		fmt.Fprintf(b, "@@ -%s +%s @@", hunkRange(a0, a1-a0), hunkRange(b0, b1-b0))
		if fn := funcName(ol, a0); fn != "" {
			b.WriteString(" " + fn)
		}
		b.WriteByte('\n')
		pos := a0
		for _, c := range changes[i : k+1] {
			for ; pos < c.A0; pos++ {
				writeLine(b, ' ', ol[pos])
			}
			for _, l := range ol[c.A0:c.A1] {
				writeLine(b, '-', l)
			}
			for _, l := range nl[c.B0:c.B1] {
				writeLine(b, '+', l)
			}
			pos = c.A1
		}
		for ; pos < a1; pos++ {
			writeLine(b, ' ', ol[pos])
		}
		i = k + 1
	}
}

// hunkRange is one side of a hunk header: start,count in git's form.
func hunkRange(start, count int) string {
	switch count {
	case 0:
		return strconv.Itoa(start) + ",0"
	case 1:
		return strconv.Itoa(start + 1)
	}
	return strconv.Itoa(start+1) + "," + strconv.Itoa(count)
}

// funcName is git's default hunk heading: the nearest line before line
// index at that starts with a letter, '_' or '$', cut to 80 bytes and
// trailing white space.
func funcName(lines []string, at int) string {
	for i := at - 1; i >= 0; i-- {
		l := lines[i]
		if l == "" {
			continue
		}
		if c := l[0]; c == '_' || c == '$' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			l = l[:min(len(l), 80)]
			return strings.TrimRight(l, " \t\n\v\f\r")
		}
	}
	return ""
}

func writeLine(b *strings.Builder, mark byte, line string) {
	b.WriteByte(mark)
	b.WriteString(line)
	if !strings.HasSuffix(line, "\n") {
		b.WriteString("\n\\ No newline at end of file\n")
	}
}

// gitMode is the mode git shows for a regular file.
func gitMode(m fs.FileMode) string {
	if m.Perm()&0o111 != 0 {
		return "100755"
	}
	return "100644"
}

// isBinary reports whether text is something git would not show as text:
// a NUL byte in its first 8000 bytes (git's rule), or invalid UTF-8 there.
func isBinary(text string) bool {
	head := text[:min(len(text), 8000)]
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

package hashline

import (
	"strconv"
	"strings"
)

// Header returns the section header `[display#TAG]`.
func Header(display, tag string) string { return "[" + display + "#" + tag + "]" }

// Row returns the numbered row `N:text`.
func Row(n int, text string) string { return strconv.Itoa(n) + ":" + text }

// MarkedRow returns a search row: `*N:text` for a match, ` N:text` for context.
func MarkedRow(n int, text string, match bool) string {
	if match {
		return "*" + Row(n, text)
	}
	return " " + Row(n, text)
}

// Lines splits text (raw or normalised) into the rows read shows, numbered
// from 1 like edit anchors: a terminal newline is a separator and makes no
// row, a genuine blank line does, and an empty text is one empty row.
func Lines(text string) []string {
	lines := strings.Split(Normalize(text), "\n")
	if n := len(lines); n > 1 && lines[n-1] == "" {
		lines = lines[:n-1]
	}
	return lines
}

// LineCount is len(Lines(text)), without splitting it.
func LineCount(text string) int {
	text = Normalize(text)
	n := strings.Count(text, "\n") + 1
	if n > 1 && strings.HasSuffix(text, "\n") {
		n--
	}
	return n
}

// AppendRows appends the rows for lines[from-1:to] (1-based, inclusive) to
// b, each row after a "\n" separator unless b is empty. Numbers are the
// original line numbers.
func AppendRows(b *strings.Builder, lines []string, from, to int) {
	from, to = max(from, 1), min(to, len(lines))
	for n := from; n <= to; n++ {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(n))
		b.WriteByte(':')
		b.WriteString(lines[n-1])
	}
}

// Render returns the whole-file hashline view of text: the header for
// display and the tag of text, then every row. It is what read prints for an
// untruncated file and what write and the tests use as the canonical view.
func Render(display, text string) string {
	var b strings.Builder
	b.WriteString(Header(display, Tag(text)))
	lines := Lines(text)
	AppendRows(&b, lines, 1, len(lines))
	return b.String()
}

package check

import (
	"sort"
	"unicode/utf8"
)

// text indexes the lines of a source for position conversions. Parsers
// count columns in bytes (goja, esbuild's messages) or UTF-16 units
// (source maps); diagnostics and QuickJS count characters.
type text struct {
	src   string
	start []int // byte offset of each line
}

func newText(src string) text {
	start := []int{0}
	for i := 0; i < len(src); i++ {
		if src[i] == '\n' {
			start = append(start, i+1)
		}
	}
	return text{src: src, start: start}
}

// line returns line n (1-based) without its newline, or "".
func (t text) line(n int) string {
	if n < 1 || n > len(t.start) {
		return ""
	}
	end := len(t.src)
	if n < len(t.start) {
		end = t.start[n] - 1
	}
	return t.src[t.start[n-1]:end]
}

// pos converts a byte offset to a line and character column.
func (t text) pos(off int) (line, col int) {
	off = max(0, min(off, len(t.src)))
	i := sort.Search(len(t.start), func(i int) bool { return t.start[i] > off }) - 1
	return i + 1, utf8.RuneCountInString(t.src[t.start[i]:off]) + 1
}

// charCol converts a 1-based byte column of a line to a character column.
func (t text) charCol(line, byteCol int) int {
	l := t.line(line)
	b := max(0, min(byteCol-1, len(l)))
	return utf8.RuneCountInString(l[:b]) + 1
}

// utf16Col converts a 1-based character column to a 0-based UTF-16
// column (a source map's unit).
func (t text) utf16Col(line, col int) int {
	u := 0
	i := 1
	for _, r := range t.line(line) {
		if i >= col {
			break
		}
		u += utf16Len(r)
		i++
	}
	return u + max(0, col-i)
}

// colFromUTF16 converts a 0-based UTF-16 column to a 1-based character
// column.
func (t text) colFromUTF16(line, u int) int {
	col := 1
	for _, r := range t.line(line) {
		if u <= 0 {
			break
		}
		u -= utf16Len(r)
		col++
	}
	return col + max(0, u)
}

func utf16Len(r rune) int {
	if r >= 0x10000 {
		return 2
	}
	return 1
}

package hashline

import (
	"strconv"
	"strings"

	"github.com/OneOfOne/xxhash"
)

const bom = "\uFEFF"

// Normalize returns text in the normalised form snapshots store and edits
// apply to: one leading BOM stripped, CRLF and then lone CR turned into LF.
// Trailing whitespace is kept (a change to it is a real change of the file);
// only [Tag] ignores it. Text without a BOM or CR is returned as is, without
// copying.
func Normalize(text string) string {
	text = strings.TrimPrefix(text, bom)
	if strings.IndexByte(text, '\r') < 0 {
		return text
	}
	var b strings.Builder
	b.Grow(len(text))
	for {
		i := strings.IndexByte(text, '\r')
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		b.WriteString(text[:i])
		b.WriteByte('\n')
		text = text[i+1:]
		text = strings.TrimPrefix(text, "\n")
	}
}

// Tag returns the four-hex snapshot tag of a whole file's text: the low 16
// bits of xxHash32 (seed 0) over the UTF-8 bytes of the normalised text with
// every run of spaces and tabs before a newline (or the end) removed, as four
// upper-case hex digits. text is the file as it is on disk; for text that is
// already normalised use TagNormalized (normalising twice would strip a
// second leading BOM that belongs to the content).
func Tag(text string) string {
	return TagNormalized(Normalize(text))
}

// TagNormalized is Tag of text that Normalize already returned.
func TagNormalized(norm string) string {
	return FormatTag(hashTagForm(norm))
}

// FormatTag renders an xxHash32 of tag-form text as a tag: its low 16 bits
// as four upper-case hex digits. For callers that hash text as it streams.
func FormatTag(h uint32) string {
	s := strconv.FormatUint(uint64(h&0xFFFF), 16)
	return strings.ToUpper(strings.Repeat("0", 4-len(s)) + s)
}

// hashTagForm hashes normalised text as if every trailing run of [ \t\r]
// before "\n" or the end were removed, without building that string: clean
// stretches are written to the hash in one piece.
func hashTagForm(t string) uint32 {
	h := xxhash.New32()
	start, i := 0, 0
	for {
		j := strings.IndexByte(t[i:], '\n')
		end := len(t)
		if j >= 0 {
			end = i + j
		}
		k := end
		for k > i && isTrailingSpace(t[k-1]) {
			k--
		}
		if k < end {
			h.WriteString(t[start:k])
			start = end
		}
		if j < 0 {
			break
		}
		i = end + 1
	}
	h.WriteString(t[start:])
	return h.Sum32()
}

func isTrailingSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\r' }

// StripBOM splits a leading UTF-8 byte-order mark off text.
func StripBOM(text string) (bomPrefix, rest string) {
	if strings.HasPrefix(text, bom) {
		return bom, text[len(bom):]
	}
	return "", text
}

// DetectLineEnding returns the first line ending in text ("\r\n", "\n" or
// "\r"), or "\n" when there is none. Persist restores it on every line; an
// edit of a file with mixed endings keeps each untouched line's own.
func DetectLineEnding(text string) string {
	i := strings.IndexAny(text, "\r\n")
	switch {
	case i < 0 || text[i] == '\n':
		return "\n"
	case i+1 < len(text) && text[i+1] == '\n':
		return "\r\n"
	default:
		return "\r"
	}
}

// RestoreLineEndings re-encodes LF text with ending.
func RestoreLineEndings(text, ending string) string {
	if ending == "\n" || ending == "" {
		return text
	}
	return strings.ReplaceAll(text, "\n", ending)
}

// Persist turns an edit's normalised result back into file bytes: the BOM
// and the first line ending of the original raw text restored. For a file
// with mixed line endings the edit itself uses persistLines, which keeps
// each untouched line's own ending.
func Persist(raw, normalized string) string {
	b, rest := StripBOM(raw)
	return b + RestoreLineEndings(normalized, DetectLineEnding(rest))
}

// mixedEndings reports whether text (without its BOM) ends its lines in
// more than one way.
func mixedEndings(text string) bool {
	crlf := strings.Count(text, "\r\n")
	cr, lf := strings.Count(text, "\r")-crlf, strings.Count(text, "\n")-crlf
	kinds := 0
	for _, n := range []int{crlf, cr, lf} {
		if n > 0 {
			kinds++
		}
	}
	return kinds > 1
}

// rawEndings returns the ending of each line of text ("\r\n", "\r", "\n",
// or "" for a last line without one), line for line as Normalize splits it.
func rawEndings(text string) []string {
	var ends []string
	for len(text) > 0 {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			ends = append(ends, "")
			break
		}
		n := 1
		if text[i] == '\r' && i+1 < len(text) && text[i+1] == '\n' {
			n = 2
		}
		ends = append(ends, text[i:i+n])
		text = text[i+n:]
	}
	return ends
}

// persistLines is Persist for an edit whose line diff live → after is d:
// in a file with mixed line endings, a line the diff leaves untouched keeps
// its own ending, a changed line takes the ending of the original line it
// replaces, and an added one the ending of the nearest original line before
// it (after it at the head; the file's first ending when neither has one).
// Files with one kind of ending, and results that do not normalise back to
// after, take Persist's way.
func persistLines(raw, after string, d *textDiff) string {
	bomPrefix, rest := StripBOM(raw)
	if d == nil || !mixedEndings(rest) || strings.IndexByte(after, '\r') >= 0 {
		return Persist(raw, after)
	}
	ends := rawEndings(rest)
	first := DetectLineEnding(rest)
	endOf := func(i int) string { // line i's ending, or "" when it has none
		if i >= 0 && i < len(ends) {
			return ends[i]
		}
		return ""
	}
	near := func(i int) string { // the nearest ending at or before line i, else after it
		for k := min(i, len(ends)-1); k >= 0; k-- {
			if ends[k] != "" {
				return ends[k]
			}
		}
		for k := max(i+1, 0); k < len(ends); k++ {
			if ends[k] != "" {
				return ends[k]
			}
		}
		return first
	}
	lines := d.b.lines
	var b strings.Builder
	b.Grow(len(raw) + len(after) - len(d.a.join()) + 16)
	b.WriteString(bomPrefix)
	emit := func(j int, end string) {
		b.WriteString(lines[j])
		if d.b.noEOL(j) {
			return
		}
		if end == "" {
			end = first
		}
		b.WriteString(end)
	}
	i, j := 0, 0
	copyTo := func(a0 int) { // unchanged lines up to old line a0
		for ; i < a0; i, j = i+1, j+1 {
			e := endOf(i)
			if e == "" {
				e = near(i - 1)
			}
			emit(j, e)
		}
	}
	for _, c := range d.changes {
		copyTo(c.a0)
		for k := 0; c.b0+k < c.b1; k++ {
			e := endOf(c.a0 + k)
			if c.a0+k >= c.a1 || e == "" {
				e = near(min(c.a0+k, c.a1) - 1)
			}
			emit(c.b0+k, e)
		}
		i, j = c.a1, c.b1
	}
	copyTo(len(d.a.lines))
	if out := b.String(); Normalize(out) == after {
		return out
	}
	return Persist(raw, after)
}

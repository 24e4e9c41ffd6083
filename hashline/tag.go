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
// "\r"), or "\n" when there is none. Edits restore this ending on every line,
// so a mixed file whose first ending is CRLF comes out all-CRLF.
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
// and the first line ending of the original raw text restored.
func Persist(raw, normalized string) string {
	b, rest := StripBOM(raw)
	return b + RestoreLineEndings(normalized, DetectLineEnding(rest))
}

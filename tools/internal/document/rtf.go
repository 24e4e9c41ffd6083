package document

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"golang.org/x/text/encoding"
	"golang.org/x/text/encoding/charmap"
)

// extractRTF returns the text of an RTF document.
func extractRTF(x *extraction, data []byte) (*Doc, error) {
	if !strings.HasPrefix(strings.TrimLeft(string(data[:min(len(data), 64)]), " \t\r\n"), `{\rtf`) {
		return nil, corrupt(x.display, "RTF document", fmt.Errorf(`it does not start with {\rtf`))
	}
	text, err := rtfText(data, x.stopped)
	if err != nil {
		return nil, err
	}
	return &Doc{Text: text}, nil
}

// maxRTFDepth bounds the groups kept open: deeper ones (a file of
// nothing but "{") are counted, not stacked.
const maxRTFDepth = 10_000

// destinations are RTF groups that hold no body text.
var destinations = map[string]bool{
	"fonttbl": true, "colortbl": true, "stylesheet": true, "info": true, "pict": true, "object": true,
	"header": true, "footer": true, "headerl": true, "headerr": true, "footerl": true, "footerr": true,
	"footnote": true, "listtable": true, "listoverridetable": true, "revtbl": true, "rsidtbl": true,
	"generator": true, "xmlnstbl": true, "themedata": true, "colorschememapping": true, "latentstyles": true,
	"datastore": true, "filetbl": true, "pgdsctbl": true, "mmathPr": true, "fldinst": true,
}

// RTFText extracts the body text of an RTF document: control words for
// paragraphs, line breaks, tabs and table cells become "\n", "\t" and
// " | "; \'hh escapes are Windows-1252 bytes; \uN is a Unicode character
// (its fallback characters skipped); groups that hold no body text (font
// and colour tables, pictures, \* destinations) are dropped. Malformed
// input never fails: what cannot be read is skipped.
func RTFText(data []byte) string {
	text, _ := rtfText(data, func() error { return nil })
	return text
}

// rtfText is RTFText, asking stop every 64 KiB whether to stop.
func rtfText(data []byte, stop func() error) (string, error) {
	r := &rtfReader{data: data, stack: []rtfGroup{{uc: 1}}, dec: charmap.Windows1252.NewDecoder()}
	deeper := 0 // groups past maxRTFDepth
	for r.i < len(r.data) {
		if r.i%(64<<10) == 0 {
			if err := stop(); err != nil {
				return "", err
			}
		}
		c := r.data[r.i]
		r.i++
		switch c {
		case '{':
			if len(r.stack) < maxRTFDepth {
				r.stack = append(r.stack, *r.group())
			} else {
				deeper++
			}
		case '}':
			switch {
			case deeper > 0:
				deeper--
			case len(r.stack) > 1:
				r.stack = r.stack[:len(r.stack)-1]
			}
		case '\r', '\n':
		case '\\':
			r.control()
		default:
			r.text(string(rune(c)))
		}
	}
	var l lines
	for _, line := range strings.Split(r.out.String(), "\n") {
		l.add(line)
	}
	return l.String(), nil
}

// rtfGroup is the state a {group} inherits and restores.
type rtfGroup struct {
	skip bool
	uc   int // fallback characters after \uN
}

// rtfReader walks an RTF document once, writing its body text to out.
type rtfReader struct {
	data        []byte
	i           int
	stack       []rtfGroup
	out         strings.Builder
	pendingSkip int  // fallback characters still to drop
	high        rune // a pending UTF-16 high surrogate
	dec         *encoding.Decoder
}

func (r *rtfReader) group() *rtfGroup { return &r.stack[len(r.stack)-1] }

func (r *rtfReader) emit(s string) {
	if !r.group().skip {
		r.out.WriteString(s)
	}
}

// text emits a character of the body, unless it is a \uN fallback.
func (r *rtfReader) text(s string) {
	if r.pendingSkip > 0 {
		r.pendingSkip--
		return
	}
	r.emit(s)
}

// control reads the control symbol or word after a backslash.
func (r *rtfReader) control() {
	if r.i >= len(r.data) {
		return
	}
	c := r.data[r.i]
	switch {
	case c == '\'' && r.i+2 < len(r.data):
		b, err := strconv.ParseUint(string(r.data[r.i+1:r.i+3]), 16, 8)
		r.i += 3
		if err == nil {
			s, _ := r.dec.String(string([]byte{byte(b)}))
			r.text(s)
		}
	case c == '*':
		r.group().skip = true
		r.i++
	case c == '~':
		r.emit("\u00a0")
		r.i++
	case c == '-' || c == '_':
		r.i++
	case !isLetter(c):
		r.emit(string(rune(c))) // \\ \{ \}
		r.i++
	default:
		r.word(r.controlWord())
	}
}

// controlWord reads a control word, its optional numeric parameter and its
// delimiting space.
func (r *rtfReader) controlWord() (word string, param int, hasParam bool) {
	start := r.i
	for r.i < len(r.data) && isLetter(r.data[r.i]) {
		r.i++
	}
	word = string(r.data[start:r.i])
	numStart := r.i
	if r.i < len(r.data) && r.data[r.i] == '-' {
		r.i++
	}
	for r.i < len(r.data) && r.data[r.i] >= '0' && r.data[r.i] <= '9' {
		r.i++
	}
	if hasParam = r.i > numStart; hasParam {
		param, _ = strconv.Atoi(string(r.data[numStart:r.i]))
	}
	if r.i < len(r.data) && r.data[r.i] == ' ' {
		r.i++ // the delimiter space belongs to the control word
	}
	return word, param, hasParam
}

// rtfWordText is the text of the control words that stand for characters.
var rtfWordText = map[string]string{
	"par": "\n", "line": "\n", "sect": "\n", "page": "\n", "row": "\n",
	"tab": "\t", "cell": " | ",
	"emdash": "—", "endash": "–", "bullet": "•",
	"lquote": "‘", "rquote": "’", "ldblquote": "“", "rdblquote": "”",
}

// word acts on one control word.
func (r *rtfReader) word(word string, param int, hasParam bool) {
	if destinations[word] {
		r.group().skip = true
		return
	}
	if s, ok := rtfWordText[word]; ok {
		r.emit(s)
		return
	}
	if !hasParam {
		return
	}
	switch word {
	case "uc":
		r.group().uc = max(param, 0)
	case "u":
		r.unicode(rune(param))
		r.pendingSkip = r.group().uc
	}
}

// unicode emits the character of a \uN word (N a signed 16-bit unit).
func (r *rtfReader) unicode(u rune) {
	if u < 0 {
		u += 65536
	}
	switch {
	case utf16.IsSurrogate(u) && u < 0xDC00:
		r.high = u
	case utf16.IsSurrogate(u):
		r.emit(string(utf16.DecodeRune(r.high, u)))
		r.high = 0
	default:
		r.emit(string(u))
	}
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

package document

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf16"

	"golang.org/x/text/encoding/charmap"
)

// extractRTF returns the text of an RTF document.
func extractRTF(display string, data []byte) (*Doc, error) {
	if !strings.HasPrefix(strings.TrimLeft(string(data[:min(len(data), 64)]), " \t\r\n"), `{\rtf`) {
		return nil, corrupt(display, "RTF document", fmt.Errorf(`it does not start with {\rtf`))
	}
	return &Doc{Text: RTFText(data)}, nil
}

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
	type state struct {
		skip bool
		uc   int // fallback characters after \uN
	}
	var out strings.Builder
	stack := []state{{uc: 1}}
	cur := func() *state { return &stack[len(stack)-1] }
	pendingSkip := 0 // fallback characters still to drop
	var high rune    // a pending UTF-16 high surrogate
	emit := func(s string) {
		if !cur().skip {
			out.WriteString(s)
		}
	}
	dec := charmap.Windows1252.NewDecoder()
	for i := 0; i < len(data); {
		c := data[i]
		switch c {
		case '{':
			stack = append(stack, *cur())
			i++
			continue
		case '}':
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
			i++
			continue
		case '\r', '\n':
			i++
			continue
		case '\\':
		default:
			if pendingSkip > 0 {
				pendingSkip--
			} else {
				emit(string(rune(c)))
			}
			i++
			continue
		}
		// A control symbol or word.
		i++
		if i >= len(data) {
			break
		}
		c = data[i]
		switch {
		case c == '\'' && i+2 < len(data):
			b, err := strconv.ParseUint(string(data[i+1:i+3]), 16, 8)
			i += 3
			if err != nil {
				continue
			}
			if pendingSkip > 0 {
				pendingSkip--
				continue
			}
			s, _ := dec.String(string([]byte{byte(b)}))
			emit(s)
			continue
		case c == '*':
			cur().skip = true
			i++
			continue
		case c == '~':
			emit("\u00a0")
			i++
			continue
		case c == '-' || c == '_':
			i++
			continue
		case !isLetter(c):
			emit(string(rune(c))) // \\ \{ \}
			i++
			continue
		}
		start := i
		for i < len(data) && isLetter(data[i]) {
			i++
		}
		word := string(data[start:i])
		numStart := i
		if i < len(data) && data[i] == '-' {
			i++
		}
		for i < len(data) && data[i] >= '0' && data[i] <= '9' {
			i++
		}
		param, hasParam := 0, i > numStart
		if hasParam {
			param, _ = strconv.Atoi(string(data[numStart:i]))
		}
		if i < len(data) && data[i] == ' ' {
			i++ // the delimiter space belongs to the control word
		}
		switch {
		case destinations[word]:
			cur().skip = true
		case word == "par" || word == "line" || word == "sect" || word == "page" || word == "row":
			emit("\n")
		case word == "tab":
			emit("\t")
		case word == "cell":
			emit(" | ")
		case word == "uc" && hasParam:
			cur().uc = max(param, 0)
		case word == "u" && hasParam:
			r := rune(param)
			if r < 0 {
				r += 65536
			}
			switch {
			case utf16.IsSurrogate(r) && r < 0xDC00:
				high = r
			case utf16.IsSurrogate(r):
				emit(string(utf16.DecodeRune(high, r)))
				high = 0
			default:
				emit(string(r))
			}
			pendingSkip = cur().uc
		case word == "emdash":
			emit("—")
		case word == "endash":
			emit("–")
		case word == "bullet":
			emit("•")
		case word == "lquote":
			emit("‘")
		case word == "rquote":
			emit("’")
		case word == "ldblquote":
			emit("“")
		case word == "rdblquote":
			emit("”")
		}
	}
	var l lines
	for _, line := range strings.Split(out.String(), "\n") {
		l.add(line)
	}
	return l.String()
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

package textmatch

import (
	"strings"
	"unicode/utf8"
)

// translateFlags rewrites the inline flags ripgrep accepts and RE2 does
// not into RE2: x (verbose: whitespace and `#` comments are dropped, also
// inside classes, until the group that set it closes; `\ ` is a space), u
// (Unicode mode, ripgrep's default: unicode.go makes \w \d \s \b Unicode's)
// and R (CRLF mode: lines lose their \r before matching here). i, m, s and
// U pass through; anything else is left for RE2 to reject.
func translateFlags(p string) string {
	if !strings.Contains(p, "(?") {
		return p
	}
	var out strings.Builder
	verbose := false
	var groups []bool // verbose outside each open group
	for i := 0; i < len(p); {
		c := p[i]
		switch {
		case c == '\\':
			if i+1 >= len(p) {
				out.WriteByte(c)
				i++
				continue
			}
			_, n := utf8.DecodeRuneInString(p[i+1:])
			if verbose && p[i+1] == ' ' {
				out.WriteString(`\x20`)
			} else {
				out.WriteString(p[i : i+1+n])
			}
			i += 1 + n
		case c == '[':
			end := classEnd(p, i)
			out.WriteString(classText(p[i:end], verbose))
			i = end
		case verbose && isSpace(c):
			i++
		case verbose && c == '#':
			for i < len(p) && p[i] != '\n' {
				i++
			}
		case c == '(' && strings.HasPrefix(p[i:], "(?"):
			j := i + 2
			for j < len(p) && strings.IndexByte("imsUuxR-", p[j]) >= 0 {
				j++
			}
			if j == i+2 || j >= len(p) || (p[j] != ')' && p[j] != ':') || !strings.ContainsAny(p[i+2:j], "xuR") {
				// Not a flag group ((?P<n>, (?:, or one RE2 will reject),
				// or one RE2 reads as it is.
				groups = append(groups, verbose)
				out.WriteString("(?")
				i += 2
				continue
			}
			kept, x := flagSet(p[i+2 : j])
			if p[j] == ':' {
				groups = append(groups, verbose)
				out.WriteString("(?" + kept + ":")
			} else if kept != "" {
				out.WriteString("(?" + kept + ")")
			}
			if x != nil {
				verbose = *x
			}
			i = j + 1
		case c == '(':
			groups = append(groups, verbose)
			out.WriteByte(c)
			i++
		case c == ')':
			if n := len(groups); n > 0 {
				verbose = groups[n-1]
				groups = groups[:n-1]
			}
			out.WriteByte(c)
			i++
		default:
			out.WriteByte(c)
			i++
		}
	}
	return out.String()
}

// flagSet splits the letters of a flag group ("ix-u") into those RE2
// keeps ("i") and the verbose setting, if the group sets it.
func flagSet(letters string) (kept string, verbose *bool) {
	var on, off strings.Builder
	neg := false
	for i := 0; i < len(letters); i++ {
		switch l := letters[i]; l {
		case '-':
			neg = true
		case 'x':
			v := !neg
			verbose = &v
		case 'u', 'R':
		default:
			if neg {
				off.WriteByte(l)
			} else {
				on.WriteByte(l)
			}
		}
	}
	kept = on.String()
	if off.Len() > 0 {
		kept += "-" + off.String()
	}
	return kept, verbose
}

// classEnd returns the index just past the character class opening at i
// (a `]` first, or after `^`, is a literal; `[:alpha:]` nests), or len(p)
// when it does not close.
func classEnd(p string, i int) int {
	j := i + 1
	if j < len(p) && p[j] == '^' {
		j++
	}
	if j < len(p) && p[j] == ']' {
		j++
	}
	for j < len(p) {
		switch {
		case p[j] == '\\':
			j += 2
			continue
		case strings.HasPrefix(p[j:], "[:"):
			if k := strings.Index(p[j+2:], ":]"); k >= 0 {
				j += k + 4
				continue
			}
		case p[j] == ']':
			return j + 1
		}
		j++
	}
	return len(p)
}

// classText is a class as RE2 reads it: in verbose mode without its
// whitespace, and `\ ` as a space.
func classText(class string, verbose bool) string {
	if !verbose {
		return class
	}
	var b strings.Builder
	for i := 0; i < len(class); i++ {
		switch c := class[i]; {
		case c == '\\' && i+1 < len(class):
			if class[i+1] == ' ' {
				b.WriteString(`\x20`)
			} else {
				b.WriteString(class[i : i+2])
			}
			i++
		case isSpace(c):
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

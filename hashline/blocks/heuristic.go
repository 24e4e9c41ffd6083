package blocks

import (
	"regexp"
	"strings"

	"github.com/atomic-script/atomic-script/hashline"
)

// heuristic resolves a block without a parser, in this order:
//   - decorator/attribute lines (`@dec`, `#[attr]`) are folded into the
//     construct that follows them;
//   - a line that opens a `{` counts braces (outside strings and comments)
//     until they balance;
//   - a line that opens a keyword block (`if … then`, `for … do`, `case`,
//     `def`, `function`, `begin`, …) ends at the first line at its own
//     indentation that starts with `end`, `fi`, `done`, `esac` or `until`;
//   - otherwise the block is the following lines indented deeper.
//
// Blank and closing-delimiter lines were rejected by the caller.
func heuristic(lines []string, line int) (int, int, bool) {
	i := line - 1
	if isDecorator(lines[i]) {
		j := skipDecorators(lines, i)
		if j >= len(lines) || strings.TrimSpace(lines[j]) == "" || hashline.IsCloser(lines[j]) {
			return 0, 0, false
		}
		if _, e, ok := heuristic(lines, j+1); ok {
			return line, e, true
		}
		return line, j + 1, true
	}
	code := stripNonCode(lines[i])
	if opens := strings.Count(code, "{") - strings.Count(code, "}"); strings.Contains(code, "{") && opens >= 0 {
		depth := 0
		for k := i; k < len(lines); k++ {
			for _, c := range stripNonCode(lines[k]) {
				switch c {
				case '{':
					depth++
				case '}':
					depth--
					if depth == 0 {
						return line, k + 1, true
					}
				}
			}
		}
		return 0, 0, false
	}
	indent := indentOf(lines[i])
	if keywordOpener.MatchString(code) || trailingOpener.MatchString(code) {
		for k := i + 1; k < len(lines); k++ {
			l := lines[k]
			if strings.TrimSpace(l) == "" {
				continue
			}
			ind := indentOf(l)
			if ind < indent {
				break
			}
			if ind == indent && keywordCloser.MatchString(l) {
				return line, k + 1, true
			}
			if ind == indent && !keywordMiddle.MatchString(l) {
				break
			}
		}
	}
	end := i
	for k := i + 1; k < len(lines); k++ {
		l := lines[k]
		if strings.TrimSpace(l) == "" {
			continue
		}
		if indentOf(l) <= indent {
			break
		}
		end = k
	}
	if end == i {
		return 0, 0, false
	}
	return line, end + 1, true
}

var (
	keywordOpener  = regexp.MustCompile(`^\s*(?:if|unless|while|until|for|foreach|select|case|function|def|defp|defmodule|class|module|begin|do|repeat|local\s+function)\b`)
	trailingOpener = regexp.MustCompile(`(?:\bthen|\bdo|\bdo\s*\|[^|]*\|)\s*$`)
	keywordCloser  = regexp.MustCompile(`^\s*(?:end|fi|done|esac|until)\b`)
	keywordMiddle  = regexp.MustCompile(`^\s*(?:else|elif|elsif|elseif|then|do|rescue|ensure|when|in|catch|finally)\b|^\s*[^\s]+\)\s*$|^\s*;;`)
)

func isDecorator(l string) bool {
	t := strings.TrimSpace(l)
	return strings.HasPrefix(t, "@") || strings.HasPrefix(t, "#[")
}

// skipDecorators returns the index of the first line after the run of
// decorator lines starting at i, following decorator arguments that span
// lines.
func skipDecorators(lines []string, i int) int {
	for i < len(lines) && isDecorator(lines[i]) {
		depth := 0
		for {
			for _, c := range stripNonCode(lines[i]) {
				switch c {
				case '(', '[', '{':
					depth++
				case ')', ']', '}':
					depth--
				}
			}
			i++
			if depth <= 0 || i >= len(lines) {
				break
			}
		}
	}
	return i
}

func indentOf(l string) int {
	n := 0
	for n < len(l) && (l[n] == ' ' || l[n] == '\t') {
		n++
	}
	return n
}

// stripNonCode drops string literals and `//` comments from a line, and `#`
// comments written as `# …`, `#!` or a bare `#` (so CSS `#id {` stays code).
func stripNonCode(line string) string {
	var b strings.Builder
	var quote byte
	for i := 0; i < len(line); i++ {
		c := line[i]
		if quote != 0 {
			if c == '\\' {
				i++
			} else if c == quote {
				quote = 0
			}
			continue
		}
		switch {
		case c == '"' || c == '\'' || c == '`':
			quote = c
			continue
		case c == '/' && i+1 < len(line) && line[i+1] == '/':
			return b.String()
		case c == '#' && (i+1 == len(line) || line[i+1] == ' ' || line[i+1] == '\t' || line[i+1] == '!'):
			return b.String()
		}
		b.WriteByte(c)
	}
	return b.String()
}

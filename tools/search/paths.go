package search

import (
	"encoding/json"
	"os"
	"strings"
	"unicode"
)

// PathList is the `paths` argument: one string or an array of strings. A
// string holding a JSON array of strings (as models sometimes send) counts
// as that array.
type PathList []string

// UnmarshalJSON accepts a string, an array of strings, or null.
func (p *PathList) UnmarshalJSON(b []byte) error {
	l, err := oneOrMany(b, stringPathList)
	*p = l
	return err
}

// oneOrMany decodes an argument given as one string (turned into a list
// by one) or as an array of strings.
func oneOrMany[L ~[]string](b []byte, one func(string) L) (L, error) {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		return one(s), nil
	}
	var many []string // not L: its UnmarshalJSON would come back here
	if err := json.Unmarshal(b, &many); err != nil {
		return nil, err
	}
	return L(many), nil
}

func stringPathList(s string) PathList {
	t := strings.TrimSpace(s)
	if strings.HasPrefix(t, "[") && strings.HasSuffix(t, "]") {
		var many []string
		if json.Unmarshal([]byte(t), &many) == nil {
			return many
		}
	}
	return PathList{s}
}

// expandEntries normalises and splits the raw entries of a paths argument.
//
// Each entry is trimmed and loses copied quotes. An entry that names an
// existing path is kept whole, spaces, commas and semicolons included.
// Otherwise an entry with delimiters outside {…} braces is split: on commas
// and semicolons when at least one part resolves, else on whitespace when
// every part resolves, else on all of them when every part resolves.
// resolves reports whether a part names something that exists (for a glob:
// its base directory). Empty entries are dropped.
func expandEntries(raw []string, exists, resolves func(string) bool) []string {
	var out []string
	var flat []string
	for _, e := range raw {
		flat = append(flat, stringPathList(e)...)
	}
	for _, e := range flat {
		e = normalizeEntry(e, exists)
		if e == "" {
			continue
		}
		out = append(out, splitEntry(e, exists, resolves)...)
	}
	return out
}

// normalizeEntry trims e and removes one pair of surrounding quotes: double
// quotes always (a name starting and ending with " is not worth keeping),
// single quotes and backticks unless the quoted text names an existing
// path. A leading ~ is the home directory.
func normalizeEntry(e string, exists func(string) bool) string {
	e = strings.TrimSpace(e)
	if len(e) >= 2 {
		first, last := e[0], e[len(e)-1]
		switch {
		case first == '"' && last == '"':
			e = strings.TrimSpace(e[1 : len(e)-1])
		case (first == '\'' && last == '\'') || (first == '`' && last == '`'):
			if !exists(e) {
				e = strings.TrimSpace(e[1 : len(e)-1])
			}
		}
	}
	if e == "~" || strings.HasPrefix(e, "~/") {
		if home, err := os.UserHomeDir(); err == nil && !exists(e) {
			e = home + e[1:]
		}
	}
	return e
}

// normalizePart normalises one part of a split entry. Besides a pair of
// quotes it drops a lone quote at either end, left by a quoted list whose
// outer quotes were removed whole ("a", "b" became a", "b): quoting only
// delimits, so a part that does not exist loses every quote at its ends.
func normalizePart(p string, exists func(string) bool) string {
	p = normalizeEntry(p, exists)
	for p != "" && !exists(p) {
		q := strings.TrimSpace(strings.Trim(p, "\"'`"))
		if q == p {
			break
		}
		p = normalizeEntry(q, exists)
	}
	return p
}

func splitEntry(e string, exists, resolves func(string) bool) []string {
	if !hasDelimiter(e) || exists(e) || (!hasGlobChars(e) && resolves(e)) {
		return []string{e}
	}
	if parts, ok := splitTop(e, isListSep, exists); ok && anyOf(parts, resolves) {
		return parts
	}
	if parts, ok := splitTop(e, unicode.IsSpace, exists); ok && allOf(parts, resolves) {
		return parts
	}
	mixed := func(r rune) bool { return isListSep(r) || unicode.IsSpace(r) }
	if parts, ok := splitTop(e, mixed, exists); ok && allOf(parts, resolves) {
		return parts
	}
	return []string{e}
}

func isListSep(r rune) bool { return r == ',' || r == ';' }

func hasDelimiter(e string) bool {
	_, ok := splitTop(e, func(r rune) bool { return isListSep(r) || unicode.IsSpace(r) }, func(string) bool { return false })
	return ok
}

// splitTop splits e at separators outside {…} braces (a backslash escapes
// the next character), normalising each part and dropping empty ones. ok is
// false when e holds no separator.
func splitTop(e string, sep func(rune) bool, exists func(string) bool) (parts []string, ok bool) {
	depth, start, escaped := 0, 0, false
	var raw []string
	for i, r := range e {
		switch {
		case escaped:
			escaped = false
		case r == '\\':
			escaped = true
		case r == '{':
			depth++
		case r == '}':
			if depth > 0 {
				depth--
			}
		case depth == 0 && sep(r):
			raw = append(raw, e[start:i])
			start = i + len(string(r))
		}
	}
	if raw == nil {
		return nil, false
	}
	raw = append(raw, e[start:])
	for _, p := range raw {
		if p = normalizePart(p, exists); p != "" {
			parts = append(parts, p)
		}
	}
	if len(parts) == 0 || (len(parts) == 1 && len(raw) == 1) {
		return nil, false
	}
	return parts, true
}

func anyOf(parts []string, f func(string) bool) bool {
	for _, p := range parts {
		if f(p) {
			return true
		}
	}
	return false
}

func allOf(parts []string, f func(string) bool) bool {
	for _, p := range parts {
		if !f(p) {
			return false
		}
	}
	return true
}

// hasGlobChars reports whether p contains glob metacharacters.
func hasGlobChars(p string) bool {
	return strings.ContainsAny(p, "*?[{")
}

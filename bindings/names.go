package bindings

import (
	"strconv"
	"strings"
	"unicode"
)

// reserved are the words a JS identifier cannot be.
var reserved = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`await break case catch class const continue debugger default delete do
	else enum export extends false finally for function if implements import in instanceof interface let
	new null package private protected public return static super switch this throw true try typeof var
	void while with yield arguments eval undefined NaN Infinity`) {
		reserved[w] = true
	}
}

func isIdent(s string) bool {
	if s == "" || reserved[s] {
		return false
	}
	for i, r := range s {
		if !(r == '_' || r == '$' || unicode.IsLetter(r) || (i > 0 && unicode.IsDigit(r))) {
			return false
		}
	}
	return true
}

// Identifier maps a tool or namespace name to a valid JS identifier:
// invalid characters become "_", a leading digit gets a "_" prefix and a
// reserved word a "_" suffix (docs/script-api.md).
func Identifier(name string) string {
	var b strings.Builder
	for i, r := range name {
		switch {
		case r == '_' || r == '$' || unicode.IsLetter(r) || unicode.IsDigit(r):
			if i == 0 && unicode.IsDigit(r) {
				b.WriteByte('_')
			}
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	s := b.String()
	if s == "" {
		s = "_"
	}
	if reserved[s] {
		s += "_"
	}
	return s
}

// Identifiers maps names to identifiers that are unique among themselves.
// A name that is already a valid identifier keeps it, so the tool named
// "a_b" is tools.a_b even beside one named "a-b"; the others are mapped
// with Identifier, and a collision gets "_2", "_3", ... in the order given.
func Identifiers(names []string) []string {
	used := map[string]bool{}
	out := make([]string, len(names))
	for i, n := range names {
		if isIdent(n) && !used[n] {
			used[n] = true
			out[i] = n
		}
	}
	for i, n := range names {
		if out[i] != "" {
			continue
		}
		id := Identifier(n)
		if used[id] {
			for k := 2; ; k++ {
				c := id + "_" + strconv.Itoa(k)
				if !used[c] {
					id = c
					break
				}
			}
		}
		used[id] = true
		out[i] = id
	}
	return out
}

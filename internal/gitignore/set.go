package gitignore

import (
	"bytes"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// Set is the gitignore rules in force in a directory, in ascending
// priority: those of core.excludesFile, .git/info/exclude, then of each
// .gitignore from the ignore base down. Immutable once built, so
// directories share it; the nil Set ignores nothing.
type Set struct {
	rules []rule
}

// Extend returns s plus rs (which take priority), or s when rs is empty.
func (s *Set) Extend(rs []Rule) *Set {
	if len(rs) == 0 {
		return s
	}
	n := &Set{}
	if s != nil {
		n.rules = append(n.rules, s.rules...)
	}
	for _, r := range rs {
		n.rules = append(n.rules, r.r)
	}
	return n
}

// Match reports whether path (components relative to the ignore base) is
// ignored: the last rule that matches decides. It decides for path alone:
// a caller walking a tree prunes the directories it ignores.
func (s *Set) Match(path []string, isDir bool) bool {
	if s == nil {
		return false
	}
	for i := len(s.rules) - 1; i >= 0; i-- {
		switch s.rules[i].match(path, isDir) {
		case gitignore.Exclude:
			return true
		case gitignore.Include:
			return false
		}
	}
	return false
}

// Rule is one parsed gitignore line.
type Rule struct{ r rule }

// Parse parses the lines of an ignore file found in the directory whose
// components (relative to the ignore base) are domain.
func Parse(text []byte, domain []string) []Rule {
	var rs []Rule
	text = bytes.TrimPrefix(text, []byte("\uFEFF"))
	for _, line := range strings.Split(string(text), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if strings.HasPrefix(line, "#") || strings.TrimSpace(line) == "" {
			continue
		}
		rs = append(rs, Rule{newRule(line, domain)})
	}
	return rs
}

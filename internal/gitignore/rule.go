// Package gitignore decides which paths git ignores, rule by rule as git does
// (go-git parses each line; see rule for where its matcher differs).
package gitignore

import (
	"path/filepath"
	"strings"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"
)

// rule is one gitignore line. go-git's Pattern.Match also matches a path
// when the pattern matches one of its ancestor directories ("!*/" then
// matches every file below a directory, "!keep" every file under keep/).
// The walker tests each directory itself and prunes the ignored ones, so
// a rule here decides only for the path it is given: a directory-only rule
// never matches a file, a rule without a slash matches the last name only,
// and a rule with a slash must match the whole path (a trailing "/**"
// matches everything below, not the directory itself).
type rule struct {
	p       gitignore.Pattern
	domain  int  // components of the directory holding the .gitignore
	dirOnly bool // the line ends in "/"
	name    bool // no slash: matches a name at any depth
	// For a rule with a slash: its non-empty segments; doubleStar when
	// one of them is "**" (the path then has at least minLen components
	// below the domain, and a last segment other than "**" matches the
	// last name); otherwise the path has exactly minLen.
	minLen     int
	doubleStar bool
	last       string
}

// newRule parses line as go-git does and records what match needs.
func newRule(line string, domain []string) rule {
	r := rule{p: gitignore.ParsePattern(line, domain), domain: len(domain)}
	p := strings.TrimPrefix(line, "!")
	if !strings.HasSuffix(p, `\ `) {
		p = strings.TrimRight(p, " ")
	}
	if strings.HasSuffix(p, "/") {
		r.dirOnly = true
		p = p[:len(p)-1]
	}
	if !strings.Contains(p, "/") {
		r.name = true
		return r
	}
	segs := strings.Split(p, "/")
	for i, s := range segs {
		switch {
		case s == "":
		case s == "**":
			r.doubleStar = true
			if i == len(segs)-1 {
				r.minLen++ // "a/**" needs something below a
			}
		default:
			r.minLen++
		}
	}
	r.last = segs[len(segs)-1]
	return r
}

// match decides for path (components relative to the ignore base) alone.
func (r rule) match(path []string, isDir bool) gitignore.MatchResult {
	if (r.dirOnly && !isDir) || len(path) <= r.domain {
		return gitignore.NoMatch
	}
	if r.name {
		q := append(path[:r.domain:r.domain], path[len(path)-1])
		return r.p.Match(q, isDir)
	}
	n := len(path) - r.domain
	if (!r.doubleStar && n != r.minLen) || n < r.minLen {
		return gitignore.NoMatch
	}
	if r.doubleStar && r.last != "**" {
		if ok, _ := filepath.Match(r.last, path[len(path)-1]); !ok {
			return gitignore.NoMatch
		}
	}
	return r.p.Match(path, isDir)
}

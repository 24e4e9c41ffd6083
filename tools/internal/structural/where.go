package structural

import (
	"regexp"
	"slices"

	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

// Constraint narrows what a metavariable may bind. Every set field must
// hold; for a $$$ sequence, Regex and NotRegex test the text it spans and
// the others each of its nodes.
type Constraint struct {
	Regex     *regexp.Regexp // the text must match (anywhere, as ast-grep's regex)
	NotRegex  *regexp.Regexp // the text must not match
	Kinds     []string       // the node's kind is one of these
	Pattern   *Pattern       // the node itself matches this pattern
	Inside    *Pattern       // an ancestor matches this pattern
	NotInside *Pattern       // no ancestor matches this pattern
}

// Query is a pattern with constraints on its captures and on where a
// match may be.
type Query struct {
	Pattern   *Pattern
	Where     map[string]Constraint // by metavariable name (a $$$ one by its name too)
	Inside    *Pattern              // the match has an ancestor matching this
	NotInside *Pattern              // the match has no ancestor matching this
}

// Find calls visit with every match of q in t that meets its
// constraints, in pre-order, until visit returns false.
func (q *Query) Find(t *syntax.Tree, visit func(Match) bool) {
	q.Pattern.Find(t, func(m Match) bool {
		if !q.holds(t, m) {
			return true
		}
		return visit(m)
	})
}

// MayMatch reports whether src holds every text a match of the pattern
// needs.
func (q *Query) MayMatch(src []byte) bool { return q.Pattern.MayMatch(src) }

func (q *Query) holds(t *syntax.Tree, m Match) bool {
	if q.Inside != nil && !insideOf(t, m.Node, q.Inside) || q.NotInside != nil && insideOf(t, m.Node, q.NotInside) {
		return false
	}
	for name, c := range q.Where {
		capt, ok := m.Captures[name]
		if !ok {
			capt, ok = m.Captures["$$$"+name]
		}
		if ok && !c.holds(t, capt) {
			return false
		}
	}
	return true
}

func (c *Constraint) holds(t *syntax.Tree, capt Capture) bool {
	text := t.Src[capt.Start:capt.End]
	if c.Regex != nil && !c.Regex.Match(text) || c.NotRegex != nil && c.NotRegex.Match(text) {
		return false
	}
	for _, n := range capt.Nodes {
		if len(c.Kinds) > 0 && !slices.Contains(c.Kinds, t.Kind(n)) {
			return false
		}
		if c.Pattern != nil {
			if _, ok := c.Pattern.MatchAt(t, n); !ok {
				return false
			}
		}
		if c.Inside != nil && !insideOf(t, n, c.Inside) || c.NotInside != nil && insideOf(t, n, c.NotInside) {
			return false
		}
	}
	return true
}

// insideOf reports whether some ancestor of node i matches pat.
func insideOf(t *syntax.Tree, i int, pat *Pattern) bool {
	for a := int(t.Nodes[i].Parent); a >= 0; a = int(t.Nodes[a].Parent) {
		if _, ok := pat.MatchAt(t, a); ok {
			return true
		}
	}
	return false
}

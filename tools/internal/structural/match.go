package structural

import (
	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

// Match is one node a pattern matched.
type Match struct {
	Node       int // index in the tree
	Start, End int // byte range
	Captures   map[string]Capture
}

// Capture is what a metavariable bound: one node for $X, zero or more for
// $$$X (Start == End when none).
type Capture struct {
	Nodes      []int
	Start, End int
	Multi      bool
}

// binding is one metavariable's value while a match is tried.
type binding struct {
	name  string
	multi bool
	nodes []int
}

// env is the bindings of one match attempt; a probe works on a copy.
type env []binding

func (e env) get(name string, multi bool) (binding, bool) {
	for _, b := range e {
		if b.name == name && b.multi == multi {
			return b, true
		}
	}
	return binding{}, false
}

type outcome uint8

const (
	matched  outcome = iota // both the pattern node and the code node are used up
	skipCand                // the code node is skipped (a comment, a token the pattern lacks)
	noMatch
)

// matcher matches a pattern against one tree.
type matcher struct {
	t   *syntax.Tree
	env env
}

// Find calls visit with every match of pat in t, in pre-order (an outer
// match before the matches inside it), until visit returns false.
func (pat *Pattern) Find(t *syntax.Tree, visit func(Match) bool) {
	m := &matcher{t: t}
	anyKind := pat.root.kind == pMeta
	for i := range t.Nodes {
		if !anyKind && t.Nodes[i].Sym != pat.root.sym {
			continue
		}
		m.env = m.env[:0]
		if !m.root(pat.root, i) {
			continue
		}
		n := &t.Nodes[i]
		if !visit(Match{Node: i, Start: int(n.Start), End: int(n.End), Captures: m.captures()}) {
			return
		}
	}
}

// MatchAt reports whether pat matches node i of t, with its captures.
func (pat *Pattern) MatchAt(t *syntax.Tree, i int) (Match, bool) {
	m := &matcher{t: t}
	if !m.root(pat.root, i) {
		return Match{}, false
	}
	n := &t.Nodes[i]
	return Match{Node: i, Start: int(n.Start), End: int(n.End), Captures: m.captures()}, true
}

func (m *matcher) captures() map[string]Capture {
	if len(m.env) == 0 {
		return nil
	}
	out := make(map[string]Capture, len(m.env))
	for _, b := range m.env {
		c := Capture{Nodes: b.nodes, Multi: b.multi}
		if len(b.nodes) > 0 {
			c.Start, c.End = int(m.t.Nodes[b.nodes[0]].Start), int(m.t.Nodes[b.nodes[len(b.nodes)-1]].End)
		}
		key := b.name
		if b.multi {
			key = "$$$" + key
		}
		out[key] = c
	}
	return out
}

// root matches the pattern's root: a metavariable root takes the node as
// it is, comments included.
func (m *matcher) root(p *pnode, c int) bool {
	if p.kind == pMeta {
		return m.bindOne(p.mv, c)
	}
	return m.node(p, c) == matched
}

func (m *matcher) node(p *pnode, c int) outcome {
	cn := &m.t.Nodes[c]
	switch p.kind {
	case pTerminal:
		if kindsMatch(p.sym, cn.Sym) && (!p.named || p.text == string(m.t.Bytes(c))) {
			return matched
		}
		if cn.Extra() || !cn.Named() {
			return skipCand
		}
		return noMatch
	case pMeta:
		if cn.Extra() {
			return skipCand
		}
		if m.bindOne(p.mv, c) {
			return matched
		}
		return noMatch
	}
	if !kindsMatch(p.sym, cn.Sym) {
		return noMatch
	}
	if m.children(p.children, m.t.Children(c)) {
		return matched
	}
	return noMatch
}

func kindsMatch(goal, cand uint16) bool { return goal == cand || goal == syntax.ErrorSym }

type flow uint8

const (
	fallThrough flow = iota
	again
	done
	fail
)

// children matches a pattern node's children against a code node's (all
// of them: named, unnamed and comments).
func (m *matcher) children(goals []*pnode, cands []int) bool {
	if len(cands) == 0 {
		return false
	}
	gi, ci := 0, 0
	for {
		switch m.sequence(goals, &gi, cands, &ci) {
		case fail:
			return false
		case done:
			return true
		case again:
			continue
		}
		if !m.single(goals, &gi, cands, &ci) {
			return false
		}
		if gi < len(goals) {
			gi++
			ci++
		}
		if gi == len(goals) {
			return true // the code's trailing nodes do not matter
		}
		if ci >= len(cands) {
			return false
		}
	}
}

// sequence matches a $$$ pattern node at goals[*gi], if there is one: it
// takes code nodes until the pattern node after it matches.
func (m *matcher) sequence(goals []*pnode, gi *int, cands []int, ci *int) flow {
	if *gi == len(goals) {
		return done
	}
	g := goals[*gi]
	if !g.ellipsis() {
		return fallThrough
	}
	*gi++
	var taken []int
	if *gi == len(goals) {
		return m.bindSequence(g.mv, append(taken, cands[*ci:]...), 0, done)
	}
	trivial := 0
	for goals[*gi].trivial() {
		*gi++
		trivial++
		if *gi == len(goals) {
			return m.bindSequence(g.mv, append(taken, cands[*ci:]...), trivial, done)
		}
	}
	if goals[*gi].ellipsis() {
		taken = append(taken, cands[*ci])
		*ci++
		if *ci >= len(cands) {
			return fail
		}
		return m.bindSequence(g.mv, taken, trivial, again)
	}
	for {
		saved := m.env
		m.env = append(env(nil), saved...)
		ok := m.node(goals[*gi], cands[*ci]) == matched
		m.env = saved
		if ok {
			return m.bindSequence(g.mv, taken, trivial, fallThrough)
		}
		taken = append(taken, cands[*ci])
		*ci++
		if *ci >= len(cands) {
			return fail
		}
	}
}

// bindSequence binds a $$$ metavariable to nodes, less the trailing
// tokens the pattern had after it (trivial), and goes on with then.
func (m *matcher) bindSequence(mv metavar, nodes []int, trivial int, then flow) flow {
	if mv.name == "" {
		return then
	}
	nodes = nodes[:max(0, len(nodes)-trivial)]
	if !m.bind(mv.name, true, nodes) {
		return fail
	}
	return then
}

// single matches goals[*gi] against the code nodes from *ci on, skipping
// the code's comments and the tokens the pattern lacks. Out of code nodes,
// it matches only when every remaining pattern node is a $$$ sequence.
func (m *matcher) single(goals []*pnode, gi *int, cands []int, ci *int) bool {
	for {
		if *ci >= len(cands) {
			for _, g := range goals[*gi:] {
				if !g.ellipsis() {
					return false
				}
			}
			*gi = len(goals)
			return true
		}
		switch m.node(goals[*gi], cands[*ci]) {
		case matched:
			return true
		case skipCand:
			*ci++
		default:
			return false
		}
	}
}

// bindOne binds a single-node metavariable; $X takes named nodes only.
func (m *matcher) bindOne(mv metavar, c int) bool {
	if mv.multi {
		return mv.name == "" || m.bind(mv.name, true, []int{c})
	}
	if mv.named && !m.t.Nodes[c].Named() {
		return false
	}
	return mv.name == "" || m.bind(mv.name, false, []int{c})
}

// bind records a binding; a metavariable bound before must bind equal
// code again.
func (m *matcher) bind(name string, multi bool, nodes []int) bool {
	if b, ok := m.env.get(name, multi); ok {
		if !multi {
			return m.same(b.nodes[0], nodes[0])
		}
		return m.sameNamed(b.nodes, nodes)
	}
	m.env = append(m.env, binding{name: name, multi: multi, nodes: nodes})
	return true
}

// sameNamed compares two sequences by their named nodes.
func (m *matcher) sameNamed(a, b []int) bool {
	var na, nb []int
	for _, x := range a {
		if m.t.Nodes[x].Named() {
			na = append(na, x)
		}
	}
	for _, x := range b {
		if m.t.Nodes[x].Named() {
			nb = append(nb, x)
		}
	}
	if len(na) != len(nb) {
		return false
	}
	for i := range na {
		if !m.same(na[i], nb[i]) {
			return false
		}
	}
	return true
}

// same reports whether two nodes are the same code: equal text where
// either has no named children, else the same kind and children.
func (m *matcher) same(a, b int) bool {
	if a == b {
		return true
	}
	t := m.t
	if !hasNamedChild(t, a) || !hasNamedChild(t, b) {
		return string(t.Bytes(a)) == string(t.Bytes(b))
	}
	if t.Nodes[a].Sym != t.Nodes[b].Sym {
		return false
	}
	ca, cb := t.Children(a), t.Children(b)
	if len(ca) != len(cb) {
		return false
	}
	for i := range ca {
		if !m.same(ca[i], cb[i]) {
			return false
		}
	}
	return true
}

func hasNamedChild(t *syntax.Tree, i int) bool {
	for c := t.FirstChild(i); c >= 0; c = t.NextSibling(c) {
		if t.Nodes[c].Named() {
			return true
		}
	}
	return false
}

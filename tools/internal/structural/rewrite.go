package structural

import (
	"bytes"
	"fmt"
	"sort"
	"strings"

	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

// Template is a replacement: text with the pattern's metavariables, $X
// (also written $$X) for a node and $$$X for a sequence.
type Template struct {
	Source string
	frags  []string // text around the metavariables: len(vars)+1
	vars   []tvar
}

type tvar struct {
	name   string
	multi  bool
	indent string // the leading whitespace of the template line it is on
}

// UnknownVarError is a replacement naming a metavariable the pattern does
// not capture.
type UnknownVarError struct {
	Var      string
	Captured []string
}

func (e *UnknownVarError) Error() string {
	var have []string
	for _, v := range e.Captured {
		if strings.HasPrefix(v, "$$$") {
			have = append(have, v)
		} else {
			have = append(have, "$"+v)
		}
	}
	what := "captures no metavariable"
	if len(have) > 0 {
		what = "captures " + strings.Join(have, ", ")
	}
	return fmt.Sprintf("the replacement uses %s, but the pattern %s", e.Var, what)
}

// ParseTemplate reads a replacement for pat. A $ not followed by a
// metavariable name (A-Z, 0-9, _) is text; a metavariable the pattern does
// not capture is an error.
func ParseTemplate(src string, pat *Pattern) (*Template, error) {
	t := &Template{Source: src}
	last := 0
	for i := 0; i < len(src); {
		if src[i] != '$' {
			i++
			continue
		}
		dollars := 0
		for dollars < 3 && i+dollars < len(src) && src[i+dollars] == '$' {
			dollars++
		}
		j := i + dollars
		for j < len(src) && (src[j] >= 'A' && src[j] <= 'Z' || src[j] >= '0' && src[j] <= '9' || src[j] == '_') {
			j++
		}
		name := src[i+dollars : j]
		if name == "" {
			i += dollars
			continue
		}
		multi := dollars == 3
		written := strings.Repeat("$", dollars) + name
		if key := name; multi && !pat.vars["$$$"+key] || !multi && !pat.vars[key] {
			return nil, &UnknownVarError{Var: written, Captured: pat.Vars()}
		}
		t.frags = append(t.frags, src[last:i])
		t.vars = append(t.vars, tvar{name: name, multi: multi, indent: leadingWS([]byte(src), i)})
		last, i = j, j
	}
	t.frags = append(t.frags, src[last:])
	return t, nil
}

// leadingWS is the leading whitespace of the line holding offset off.
func leadingWS(s []byte, off int) string {
	start := bytes.LastIndexByte(s[:off], '\n') + 1
	end := start
	for end < off && (s[end] == ' ' || s[end] == '\t') {
		end++
	}
	return string(s[start:end])
}

// Edit is one replacement in a source.
type Edit struct {
	Match
	Replacement string
}

// Rewrite replaces the matches of t's source with tmpl, keeping
// indentation and line endings: the replacement's later lines take the
// indentation of the line the match starts on, a captured node's later
// lines keep their indentation relative to it, and in a file whose lines
// end in CRLF so do the replacement's. Lines that begin inside a string or comment
// of the source are never re-indented. Matches that overlap an earlier
// one (pre-order: the outer first) are not applied and are returned in
// overlapped.
func Rewrite(t *syntax.Tree, matches []Match, tmpl *Template) (out []byte, applied []Edit, overlapped []Match) {
	ms := append([]Match(nil), matches...)
	sort.SliceStable(ms, func(i, j int) bool {
		if ms[i].Start != ms[j].Start {
			return ms[i].Start < ms[j].Start
		}
		return ms[i].End > ms[j].End
	})
	r := rewriter{t: t, keep: protectedLines(t)}
	// A file whose first line ends in CRLF gets CRLF in its replacements
	// too, not the template's bare newlines.
	crlf := false
	if i := bytes.IndexByte(t.Src, '\n'); i > 0 && t.Src[i-1] == '\r' {
		crlf = true
	}
	var b strings.Builder
	pos := 0
	for _, m := range ms {
		if m.Start < pos {
			overlapped = append(overlapped, m)
			continue
		}
		rep := r.replacement(m, tmpl)
		if crlf {
			rep = strings.ReplaceAll(strings.ReplaceAll(rep, "\r\n", "\n"), "\n", "\r\n")
		}
		b.Write(t.Src[pos:m.Start])
		b.WriteString(rep)
		pos = m.End
		applied = append(applied, Edit{Match: m, Replacement: rep})
	}
	b.Write(t.Src[pos:])
	return []byte(b.String()), applied, overlapped
}

type rewriter struct {
	t    *syntax.Tree
	keep []span // multi-line strings and comments: lines starting inside stay as they are
}

type span struct{ start, end int }

// protectedLines lists the multi-line strings and comments of t (any node
// whose kind names a string, comment or heredoc, and any multi-line leaf).
func protectedLines(t *syntax.Tree) []span {
	var out []span
	for i, n := range t.Nodes {
		if n.End <= n.Start || !hasNewline(t.Src[n.Start:n.End]) {
			continue
		}
		k := t.Kind(i)
		if t.FirstChild(i) < 0 || strings.Contains(k, "string") || strings.Contains(k, "comment") || strings.Contains(k, "heredoc") {
			out = append(out, span{int(n.Start), int(n.End)})
		}
	}
	return out
}

func hasNewline(b []byte) bool {
	for _, c := range b {
		if c == '\n' {
			return true
		}
	}
	return false
}

// kept reports whether the line starting at source offset off begins
// inside a protected node.
func (r *rewriter) kept(off int) bool {
	for _, s := range r.keep {
		if s.start < off && off < s.end {
			return true
		}
	}
	return false
}

// piece is replacement text whose lines after the first may be marked
// fixed (begun inside a string or comment of the source).
type piece struct {
	lines []string
	fixed []bool // per line; fixed[0] is unused
}

func (p *piece) add(text string, fixed []bool) {
	ls := strings.Split(text, "\n")
	if len(p.lines) == 0 {
		p.lines = append(p.lines, ls[0])
		p.fixed = append(p.fixed, false)
	} else {
		p.lines[len(p.lines)-1] += ls[0]
	}
	for i, l := range ls[1:] {
		p.lines = append(p.lines, l)
		p.fixed = append(p.fixed, fixed != nil && fixed[i+1])
	}
}

func (r *rewriter) replacement(m Match, tmpl *Template) string {
	var p piece
	for k, frag := range tmpl.frags {
		p.add(frag, nil)
		if k == len(tmpl.vars) {
			break
		}
		v := tmpl.vars[k]
		key := v.name
		if v.multi {
			key = "$$$" + key
		}
		c, ok := m.Captures[key]
		if !ok || c.End <= c.Start {
			continue // a $$$ that bound nothing
		}
		lines, fixed := r.lines(c.Start, c.End)
		reindent(lines, fixed, leadingWS(r.t.Src, c.Start), v.indent)
		p.add(strings.Join(lines, "\n"), fixed)
	}
	reindent(p.lines, p.fixed, "", leadingWS(r.t.Src, m.Start))
	return strings.Join(p.lines, "\n")
}

// lines splits the source between start and end into lines, marking the
// ones that begin inside a string or comment.
func (r *rewriter) lines(start, end int) ([]string, []bool) {
	text := string(r.t.Src[start:end])
	lines := strings.Split(text, "\n")
	fixed := make([]bool, len(lines))
	off := start
	for i, l := range lines {
		if i > 0 {
			fixed[i] = r.kept(off)
		}
		off += len(l) + 1
	}
	return lines, fixed
}

// reindent moves lines[1:] from indentation from to indentation to: a line
// starting with from gets to instead. Blank and fixed lines stay.
func reindent(lines []string, fixed []bool, from, to string) {
	if from == to {
		return
	}
	for i := 1; i < len(lines); i++ {
		l := lines[i]
		if fixed[i] || strings.TrimSpace(l) == "" {
			continue
		}
		switch {
		case allSpaces(from) && allSpaces(to) && len(from) > len(to):
			// ast-grep's rule for spaces: take the difference away where
			// the line has it, add it to every line.
			lines[i] = strings.TrimPrefix(l, from[len(to):])
		case allSpaces(from) && allSpaces(to):
			lines[i] = to[len(from):] + l
		default:
			if rest, ok := strings.CutPrefix(l, from); ok {
				lines[i] = to + rest
			}
		}
	}
}

func allSpaces(s string) bool { return strings.Trim(s, " ") == "" }

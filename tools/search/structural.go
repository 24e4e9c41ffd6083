package search

import (
	"bytes"
	"context"
	"fmt"
	"sort"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/internal/structural"
	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

// Structural search: pattern is code with metavariables ($X, $$$X, $_),
// matched by syntax (tools/internal/structural) instead of by line. A
// match is a node, reported as a row of its first line with its end, its
// code and its captures; the rest of the result is search's own.

// Where is a constraint on what one metavariable binds.
type Where struct {
	Regex     string   `json:"regex,omitempty" jsonschema:"the captured code must match this RE2 regular expression (anywhere in it; anchor with ^ and $)"`
	NotRegex  string   `json:"notRegex,omitempty" jsonschema:"the captured code must not match this regular expression"`
	Kind      KindList `json:"kind,omitempty" jsonschema:"the captured node's tree-sitter kind, or one of several (call_expression, string_literal, identifier...)"`
	Pattern   string   `json:"pattern,omitempty" jsonschema:"the captured node must itself match this code pattern"`
	Inside    string   `json:"inside,omitempty" jsonschema:"the captured node must be inside code matching this pattern (at any depth)"`
	NotInside string   `json:"notInside,omitempty" jsonschema:"the captured node must not be inside code matching this pattern"`
}

// KindList is one kind or several.
type KindList []string

// UnmarshalJSON accepts a string or an array of strings.
func (k *KindList) UnmarshalJSON(b []byte) error {
	l, err := oneOrMany(b, func(s string) KindList { return KindList{s} })
	*k = l
	return err
}

// Position is a place in a file: line and column from 1, the column in
// characters.
type Position struct {
	Line   int `json:"line"`
	Column int `json:"column"`
}

// Range is a span of a file, its end just after its last character.
type Range struct {
	Start Position `json:"start"`
	End   Position `json:"end"`
}

// Capture is what one metavariable of a structural match bound.
type Capture struct {
	Text  string   `json:"text" jsonschema:"the code it bound (for $$$X: from its first node to its last, separators included; empty when it bound nothing)"`
	Range Range    `json:"range"`
	Nodes []string `json:"nodes,omitempty" jsonschema:"for $$$X: the code of each named node it bound, in order"`
}

// structuralSearch is one structural search: its pattern compiled per
// language (structural.Searcher) and the parsers of its workers.
type structuralSearch struct {
	ctx     context.Context
	s       *structural.Searcher
	parsers []syntax.Parser
}

// newStructural checks a structural search's arguments; with a language,
// its pattern is compiled here, so a pattern that does not parse fails the
// call before any file is read.
func newStructural(ctx context.Context, a searchArgs, workers int) (*structuralSearch, error) {
	switch {
	case len(a.Pattern) > MaxPatternBytes:
		return nil, tools.Errorf(tools.ErrLimit, "the pattern is %d bytes, over the limit of %d (64 KiB)", len(a.Pattern), MaxPatternBytes)
	case a.I != nil || a.Case != nil:
		return nil, tools.Errorf(tools.ErrInvalidArgs, "i and case are for regular expressions: a structural pattern matches code as written (use where: {NAME: {regex: \"(?i)...\"}} to match a capture without case)")
	}
	spec := structural.Spec{Pattern: a.Pattern, Language: a.Language, Inside: a.Inside, NotInside: a.NotInside, Where: map[string]structural.WhereSpec{}}
	for name, w := range a.Where {
		spec.Where[name] = structural.WhereSpec{Regex: w.Regex, NotRegex: w.NotRegex, Kinds: w.Kind, Pattern: w.Pattern, Inside: w.Inside, NotInside: w.NotInside}
	}
	s, err := structural.NewSearcher(ctx, spec)
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "structural search: %v", err)
	}
	return &structuralSearch{ctx: ctx, s: s, parsers: make([]syntax.Parser, workers+1)}, nil
}

// outcome says which files the pattern could not be read in, or fails
// the call when it parsed in no language a file needed.
func (st *structuralSearch) outcome() ([]string, error) {
	notes, err := st.s.Outcome()
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "structural search: %v", err)
	}
	return notes, nil
}

// namedFiles are the files a search's paths name themselves.
func namedFiles(sc *scope) map[string]bool {
	out := map[string]bool{}
	for _, t := range sc.targets {
		if t.kind == targetFile {
			out[t.abs] = true
		}
	}
	return out
}

// find returns the structural matches of data (abs's content) as rows,
// with worker w's parser; ranges limits them to matches starting there.
// A file of a language the pattern does not compile in is counted as left
// out.
func (st *structuralSearch) find(w int, abs string, data []byte, ranges []selector.Range, named bool) []SearchMatch {
	lang := st.s.LanguageOf(abs, named)
	if lang == "" {
		return nil
	}
	q, err := st.s.Query(lang)
	if err != nil {
		st.s.Skipped(lang)
		return nil
	}
	if !q.MayMatch(data) {
		return nil
	}
	l, _ := syntax.Lookup(lang)
	t, err := st.parsers[w].Parse(st.ctx, l, data, syntax.Options{})
	if err != nil {
		return nil // the run ended, or the parse ran out of time
	}
	var rows []SearchMatch
	q.Find(t, func(m structural.Match) bool {
		if r := rangeOf(t, m.Start, m.Start); ranges == nil || selector.InRanges(ranges, r.Start.Line) {
			rows = append(rows, matchOf(t, m))
		}
		return true
	})
	return rows
}

// matchOf is the row of a structural match.
func matchOf(t *syntax.Tree, m structural.Match) SearchMatch {
	r := rangeOf(t, m.Start, m.End)
	text, cut := capBytes(string(t.Src[m.Start:m.End]), structuredLineCap)
	row := SearchMatch{Line: r.Start.Line, Text: text, Truncated: cut, EndLine: r.End.Line, Range: &r}
	if len(m.Captures) > 0 {
		row.Captures = map[string]Capture{}
		for key, c := range m.Captures {
			name := strings.TrimPrefix(key, "$$$")
			capt := Capture{Text: string(t.Src[c.Start:c.End]), Range: rangeOf(t, c.Start, c.End)}
			if c.Multi {
				capt.Nodes = []string{}
				for _, n := range c.Nodes {
					if t.Nodes[n].Named() && !t.Nodes[n].Extra() {
						capt.Nodes = append(capt.Nodes, t.Text(n))
					}
				}
				if len(c.Nodes) == 0 {
					capt.Range = rangeOf(t, m.Start, m.Start)
				}
			}
			row.Captures[name] = capt
		}
	}
	return row
}

func rangeOf(t *syntax.Tree, start, end int) Range {
	s, e := t.Position(start), t.Position(end)
	return Range{Start: Position{s.Line, s.Column}, End: Position{e.Line, e.Column}}
}

// structuralRender is a structural file's rows as a model reads them: each
// match's lines as "*N:" rows (a match over twelve lines shows its first
// ten and says where it ends), with context around.
func structuralRender(content []byte, matches []SearchMatch, limit, before, after int) fileRender {
	fr := fileRender{total: len(matches)}
	if len(matches) > limit {
		matches = matches[:limit]
	}
	if len(matches) == 0 {
		return fr
	}
	starts := lineStarts(content)
	nLines := len(starts)
	text := func(n int) string {
		s := starts[n-1]
		e := len(content)
		if n < nLines {
			e = starts[n] - 1
		} else if e > s && content[e-1] == '\n' {
			e--
		}
		return string(bytes.TrimSuffix(content[s:e], []byte{'\r'}))
	}
	starred := map[int]bool{}
	opens := map[int][]int{} // line -> matches starting on it
	var notes = map[int]string{}
	var lines []int
	for i, m := range matches {
		opens[m.Line] = append(opens[m.Line], i)
		last := min(m.EndLine, nLines)
		if last-m.Line+1 > 12 {
			notes[m.Line+9] = fmt.Sprintf("[… this match goes on to line %d]", m.EndLine)
			last = m.Line + 9
		}
		for l := m.Line; l <= last; l++ {
			if !starred[l] {
				starred[l] = true
				lines = append(lines, l)
			}
		}
	}
	sort.Ints(lines)
	fr.matches = matches
	lo, hi := 0, -1
	flush := func() {
		for n := lo; n <= hi; n++ {
			shown, cut := capLine(text(n))
			if starred[n] {
				fr.rows = append(fr.rows, renderRow{fmt.Sprintf("*%d:%s", n, shown), len(opens[n]), cut})
			} else {
				fr.rows = append(fr.rows, renderRow{fmt.Sprintf(" %d:%s", n, shown), 0, cut})
			}
			if note, ok := notes[n]; ok {
				fr.rows = append(fr.rows, renderRow{note, 0, false})
			}
		}
	}
	for _, l := range lines {
		wlo, whi := max(1, l-before), min(nLines, l+after)
		if wlo <= hi+1 {
			hi = max(hi, whi)
			continue
		}
		flush()
		lo, hi = wlo, whi
	}
	flush()
	return fr
}

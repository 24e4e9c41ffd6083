package structural

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/atomic-script/atomic-script/internal/suggest"
	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

// Spec is a structural search as a tool receives it: a pattern, the
// language (or none: each file's own), constraints on captures and on
// where a match may be.
type Spec struct {
	Pattern   string
	Language  string // a name or alias; "" chooses by file extension
	Where     map[string]WhereSpec
	Inside    string
	NotInside string
}

// WhereSpec is one capture's constraints as written.
type WhereSpec struct {
	Regex, NotRegex            string
	Kinds                      []string
	Pattern, Inside, NotInside string
}

// Searcher compiles a Spec for each language it meets, once, and keeps
// what could not be compiled. Safe for concurrent use.
type Searcher struct {
	ctx      context.Context
	spec     Spec
	language string // canonical, or ""

	mu      sync.Mutex
	queries map[string]compiled
	failed  map[string]int // files left out, by the language the spec does not compile in
}

type compiled struct {
	q   *Query
	err error
}

// NewSearcher checks spec; with a language it compiles it at once, so a
// pattern that does not parse is the caller's error before any file is
// read.
func NewSearcher(ctx context.Context, spec Spec) (*Searcher, error) {
	if strings.TrimSpace(spec.Pattern) == "" {
		return nil, fmt.Errorf("the pattern is empty: write code with metavariables, e.g. fmt.Errorf($MSG)")
	}
	if !syntax.Available() {
		return nil, syntax.ErrNoGrammar
	}
	s := &Searcher{ctx: ctx, spec: spec, queries: map[string]compiled{}}
	if spec.Language != "" {
		if _, err := syntax.Lookup(spec.Language); err != nil {
			return nil, err
		}
		s.language = syntax.Canonical(spec.Language)
		if _, err := s.Query(s.language); err != nil {
			return nil, err
		}
	}
	return s, nil
}

// LanguageOf is the language path is read as: the spec's language for its
// files and for a file named on its own (named), else the file's own by
// its extension; "" for a file not to read.
func (s *Searcher) LanguageOf(path string, named bool) string {
	l := syntax.LanguageOf(path)
	switch {
	case s.language == "":
		return l
	case named || l == s.language:
		return s.language
	}
	return ""
}

// Query is the spec compiled for lang (a canonical name).
func (s *Searcher) Query(lang string) (*Query, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if c, ok := s.queries[lang]; ok {
		return c.q, c.err
	}
	q, err := s.spec.compile(s.ctx, lang)
	s.queries[lang] = compiled{q, err}
	return q, err
}

// Skipped records a file of lang left out because the spec does not
// compile in lang.
func (s *Searcher) Skipped(lang string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed == nil {
		s.failed = map[string]int{}
	}
	s.failed[lang]++
}

// Outcome says what was left out: per language the spec does not compile
// in, how many files and why. When it compiled in no language a file
// needed, that language's error is the caller's error.
func (s *Searcher) Outcome() (notes []string, err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	ok := false
	for _, c := range s.queries {
		ok = ok || c.err == nil
	}
	var langs []string
	for l := range s.failed {
		langs = append(langs, l)
	}
	sort.Strings(langs)
	for _, l := range langs {
		if !ok {
			return nil, s.queries[l].err
		}
		files := "files"
		if s.failed[l] == 1 {
			files = "file"
		}
		notes = append(notes, fmt.Sprintf("%d %s %s (%v; pass language to read one language)", s.failed[l], l, files, s.queries[l].err))
	}
	return notes, nil
}

func (spec Spec) compile(ctx context.Context, name string) (*Query, error) {
	lang, err := syntax.Lookup(name)
	if err != nil {
		return nil, err
	}
	pat := func(src, what string) (*Pattern, error) {
		if src == "" {
			return nil, nil
		}
		p, err := Compile(ctx, lang, src)
		if err != nil && what != "" {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		return p, err
	}
	q := &Query{Where: map[string]Constraint{}}
	if q.Pattern, err = pat(spec.Pattern, ""); err != nil {
		return nil, err
	}
	if q.Inside, err = pat(spec.Inside, "inside"); err != nil {
		return nil, err
	}
	if q.NotInside, err = pat(spec.NotInside, "notInside"); err != nil {
		return nil, err
	}
	for name, w := range spec.Where {
		name = strings.TrimLeft(name, "$")
		if !q.Pattern.HasVar(name) {
			return nil, fmt.Errorf("where names %s, which the pattern does not capture (it captures %s)", name, q.Pattern.captured())
		}
		c, err := w.constraint(lang, name, pat)
		if err != nil {
			return nil, err
		}
		q.Where[name] = c
	}
	return q, nil
}

func (w WhereSpec) constraint(lang *syntax.Language, name string, pat func(src, what string) (*Pattern, error)) (c Constraint, err error) {
	re := func(src, what string) (*regexp.Regexp, error) {
		if src == "" {
			return nil, nil
		}
		r, err := regexp.Compile(src)
		if err != nil {
			return nil, fmt.Errorf("where.%s.%s: %v", name, what, err)
		}
		return r, nil
	}
	if c.Regex, err = re(w.Regex, "regex"); err != nil {
		return c, err
	}
	if c.NotRegex, err = re(w.NotRegex, "notRegex"); err != nil {
		return c, err
	}
	for _, k := range w.Kinds {
		if !lang.HasKind(k) {
			return c, fmt.Errorf("where.%s.kind: %s has no node kind %q%s", name, lang.Name, k, kindHint(lang, k))
		}
	}
	c.Kinds = w.Kinds
	if c.Pattern, err = pat(w.Pattern, "where."+name+".pattern"); err != nil {
		return c, err
	}
	if c.Inside, err = pat(w.Inside, "where."+name+".inside"); err != nil {
		return c, err
	}
	c.NotInside, err = pat(w.NotInside, "where."+name+".notInside")
	return c, err
}

// kindHint names the grammar's kinds nearest the one asked for, or else
// those containing it (string: interpreted_string_literal, ...).
func kindHint(lang *syntax.Language, k string) string {
	near := suggest.Nearest(k, lang.NamedKinds(), 4)
	for _, n := range lang.NamedKinds() {
		if len(near) < 4 && strings.Contains(n, k) && !slices.Contains(near, n) {
			near = append(near, n)
		}
	}
	if len(near) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(near, ", ") + "?)"
}

// captured lists the pattern's metavariables as written ($A, $$$ARGS).
func (pat *Pattern) captured() string {
	var vs []string
	for _, v := range pat.Vars() {
		if !strings.HasPrefix(v, "$$$") {
			v = "$" + v
		}
		vs = append(vs, v)
	}
	if len(vs) == 0 {
		return "nothing"
	}
	return strings.Join(vs, ", ")
}

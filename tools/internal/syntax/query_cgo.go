//go:build cgo

package syntax

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	sitter "github.com/smacker/go-tree-sitter"

	"github.com/atomic-script/atomic-script/internal/suggest"
)

// CompiledQuery is a tree-sitter query of one language.
type CompiledQuery struct {
	lang *Language
	q    *sitter.Query
}

// CompileQuery compiles a tree-sitter query (S-expressions with @captures
// and #eq?/#match? predicates) for lang. The error says where and what.
func CompileQuery(lang *Language, src string) (*CompiledQuery, error) {
	if lang == nil || lang.g == nil {
		return nil, ErrNoGrammar
	}
	q, err := sitter.NewQuery([]byte(src), lang.g.lang)
	if err != nil {
		if qe, ok := err.(*sitter.QueryError); ok {
			off := min(int(qe.Offset), len(src))
			line := 1 + strings.Count(src[:off], "\n")
			col := 1 + utf8.RuneCountInString(src[strings.LastIndexByte(src[:off], '\n')+1:off])
			msg := fmt.Sprintf("query does not compile for %s: %s at line %d, column %d%s", lang.Name, queryErrorKind(qe.Type), line, col, nearText(src, off))
			if qe.Type == sitter.QueryErrorNodeType {
				msg += didYouMean(identAt(src, off), lang.NamedKinds())
			}
			return nil, errors.New(msg)
		}
		return nil, fmt.Errorf("query does not compile for %s: %v", lang.Name, err)
	}
	return &CompiledQuery{lang: lang, q: q}, nil
}

func queryErrorKind(t sitter.QueryErrorType) string {
	switch t {
	case sitter.QueryErrorNodeType:
		return "no such node kind"
	case sitter.QueryErrorField:
		return "no such field"
	case sitter.QueryErrorCapture:
		return "no such capture"
	case sitter.QueryErrorStructure:
		return "a node cannot hold that child"
	}
	return "syntax error"
}

// identAt is the kind or field name at off.
func identAt(src string, off int) string {
	end := off
	for end < len(src) && (src[end] == '_' || src[end] >= 'a' && src[end] <= 'z' || src[end] >= 'A' && src[end] <= 'Z' || src[end] >= '0' && src[end] <= '9') {
		end++
	}
	return src[off:end]
}

// didYouMean suggests the nearest names of candidates.
func didYouMean(name string, candidates []string) string {
	if near := suggest.Nearest(name, candidates, 3); len(near) > 0 && name != "" {
		return " (did you mean " + strings.Join(near, ", ") + "?)"
	}
	return ""
}

// nearText quotes the query text at off, for the error message.
func nearText(src string, off int) string {
	rest := src[off:]
	if i := strings.IndexAny(rest, "\n"); i >= 0 {
		rest = rest[:i]
	}
	if utf8.RuneCountInString(rest) > 30 {
		rest = string([]rune(rest)[:30]) + "…"
	}
	if strings.TrimSpace(rest) == "" {
		return " (at the end of the query)"
	}
	return fmt.Sprintf(" (at %q)", rest)
}

// QueryCapture is one node a query captured.
type QueryCapture struct {
	Name       string // the capture's name, without @
	Kind       string
	Start, End int // byte offsets
}

// QueryMatch is one match of a query: which of its patterns, and what it
// captured.
type QueryMatch struct {
	Pattern  int
	Captures []QueryCapture
}

// Run parses src and calls visit with each match of q (predicates
// applied), in document order, until visit returns false. It stops when
// ctx ends.
func (q *CompiledQuery) Run(ctx context.Context, src []byte, visit func(QueryMatch) bool) error {
	p := sitter.NewParser()
	defer p.Close()
	p.SetLanguage(q.lang.g.lang)
	p.SetOperationLimit(parseTimeout)
	tree, err := p.ParseCtx(ctx, nil, src)
	if err != nil {
		return err
	}
	defer tree.Close()
	qc := sitter.NewQueryCursor()
	defer qc.Close()
	qc.Exec(q.q, tree.RootNode())
	for n := 0; ; n++ {
		if n%256 == 0 && ctx.Err() != nil {
			return ctx.Err()
		}
		m, ok := qc.NextMatch()
		if !ok {
			return nil
		}
		m = qc.FilterPredicates(m, src)
		if len(m.Captures) == 0 {
			continue
		}
		qm := QueryMatch{Pattern: int(m.PatternIndex)}
		for _, c := range m.Captures {
			qm.Captures = append(qm.Captures, QueryCapture{Name: q.q.CaptureNameForId(c.Index), Kind: c.Node.Type(), Start: int(c.Node.StartByte()), End: int(c.Node.EndByte())})
		}
		if !visit(qm) {
			return nil
		}
	}
}

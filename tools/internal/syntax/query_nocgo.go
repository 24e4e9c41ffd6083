//go:build !cgo

package syntax

import "context"

// CompiledQuery is a tree-sitter query; a build without cgo has none.
type CompiledQuery struct{}

// CompileQuery fails with ErrNoGrammar: this build has no tree-sitter.
func CompileQuery(lang *Language, src string) (*CompiledQuery, error) { return nil, ErrNoGrammar }

// QueryCapture is one node a query captured.
type QueryCapture struct {
	Name       string
	Kind       string
	Start, End int
}

// QueryMatch is one match of a query.
type QueryMatch struct {
	Pattern  int
	Captures []QueryCapture
}

// Run is never reached without cgo.
func (q *CompiledQuery) Run(ctx context.Context, src []byte, visit func(QueryMatch) bool) error {
	return ErrNoGrammar
}

//go:build !cgo

package syntax

import "context"

// grammar is empty without cgo: no language has one.
type grammar struct{}

func lookup(string) *Language { return nil }

// Parser parses nothing in a build without cgo.
type Parser struct{}

// Parse fails with ErrNoGrammar: this build has no tree-sitter.
func (p *Parser) Parse(ctx context.Context, lang *Language, src []byte, opts Options) (*Tree, error) {
	return nil, ErrNoGrammar
}

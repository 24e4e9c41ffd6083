//go:build !cgo

package blocks

import "context"

// TreeSitter reports whether this build parses with tree-sitter.
const TreeSitter = false

// parseBlock is unavailable without cgo: every file uses the heuristic.
func parseBlock(_ context.Context, lang, text string, line int) (start, end int, ok, supported bool) {
	return 0, 0, false, false
}

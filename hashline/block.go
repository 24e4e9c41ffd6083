package hashline

import (
	"fmt"
	"strings"
)

// BlockResolver finds the syntactic block that begins on a line, for
// `replace block N:`, `delete block N` and `insert after block N:`.
// Implementations must be safe for concurrent use.
type BlockResolver interface {
	// ResolveBlock returns the inclusive 1-based line span of the outermost
	// syntactic node beginning on line of text (normalised, LF), with the
	// language chosen from path. ok is false when no block resolves: an
	// unsupported language, a blank or closing-delimiter line, no node
	// starting there, a parse error inside the node, or a line out of range.
	ResolveBlock(path, text string, line int) (start, end int, ok bool)
}

// BlockResolverFunc adapts a function to [BlockResolver].
type BlockResolverFunc func(path, text string, line int) (start, end int, ok bool)

// ResolveBlock calls f.
func (f BlockResolverFunc) ResolveBlock(path, text string, line int) (int, int, bool) {
	return f(path, text, line)
}

// resolveBlocks replaces every block hunk by its concrete form against text:
// `replace block N` → `replace A..B`, `delete block N` → `delete A..B`,
// `insert after block N` → `insert after B` (remembering A so the landing
// repair can move a deeper body inside). An unresolved replace/delete block
// is an error; an unresolved insert-after-block is lowered to `insert after
// N` with a warning. It also rejects resolved ranges that overlap another
// hunk's deletions.
func resolveBlocks(ops []Op, text, path string, r BlockResolver) ([]Op, []string, []string, error) {
	hasBlock := false
	for _, op := range ops {
		hasBlock = hasBlock || op.isBlock()
	}
	if !hasBlock {
		return ops, nil, nil, nil
	}
	var warnings, echoes []string
	var fileLines []string
	lineText := func(n int) (string, bool) {
		if fileLines == nil {
			fileLines = strings.Split(text, "\n")
		}
		if n < 1 || n > len(fileLines) {
			return "", false
		}
		return fileLines[n-1], true
	}
	out := make([]Op, 0, len(ops))
	for _, op := range ops {
		if !op.isBlock() {
			out = append(out, op)
			continue
		}
		n := op.Start
		start, end, ok := 0, 0, false
		if r != nil {
			start, end, ok = r.ResolveBlock(path, text, n)
			ok = ok && start >= 1 && start <= end
			if ok {
				_, ok = lineText(end)
			}
		}
		alone := false // one line that opens no construct
		if ok && start == end {
			t, _ := lineText(start)
			alone = !opensConstruct(t)
		}
		if !ok || (alone && op.Kind == OpInsertAfterBlock) {
			if op.Kind == OpInsertAfterBlock {
				if t, in := lineText(n); in && IsCloser(t) {
					warnings = append(warnings, insertAfterBlockCloserWarning(n))
				} else {
					warnings = append(warnings, insertAfterBlockUnresolvedWarning(n))
				}
				out = append(out, Op{Kind: OpInsertAfter, Start: n, End: n, Body: op.Body, Line: op.Line})
				continue
			}
			if r == nil {
				return nil, nil, nil, lineError(op.Line, msgNoResolver)
			}
			lineText(1)
			return nil, nil, nil, lineError(op.Line, blockUnresolvedMessage(n, op.Kind == OpDeleteBlock, fileLines))
		}
		if alone {
			warnings = append(warnings, blockAloneWarning(n, op.Kind == OpDeleteBlock))
		}
		echo := fmt.Sprintf("%s %d → resolved lines %d-%d (%d lines)", op.Kind, n, start, end, end-start+1)
		switch op.Kind {
		case OpReplaceBlock:
			out = append(out, Op{Kind: OpReplace, Start: start, End: end, Body: op.Body, Line: op.Line})
		case OpDeleteBlock:
			out = append(out, Op{Kind: OpDelete, Start: start, End: end, Line: op.Line})
		default:
			echo += fmt.Sprintf("; body lands after line %d", end)
			out = append(out, Op{Kind: OpInsertAfter, Start: end, End: end, Body: op.Body, Line: op.Line, BlockStart: start})
		}
		echoes = append(echoes, echo)
	}
	if err := checkOverlaps(out); err != nil {
		return nil, nil, nil, err
	}
	return out, warnings, echoes, nil
}

// opensConstruct reports whether a block resolved to this one line is a
// construct (`function g() { return 2; }`, `x = {}`) rather than a plain
// statement or comment: it holds a brace outside strings and comments.
func opensConstruct(line string) bool {
	for i := range len(line) {
		// A '{' that raises the count is code, not inside a string.
		if line[i] == '{' && delimiterBalance([]string{line[:i+1]}).brace > delimiterBalance([]string{line[:i]}).brace {
			return true
		}
	}
	return false
}

package check

import (
	"fmt"

	"github.com/atomic-script/atomic-script/internal/nesting"
)

// esbuild's parser and printer, and goja's parser, recurse once per level
// of nesting. esbuild needs the most Go stack: about 3.4 KB per bracket
// and 3.5 KB per token of a right-nested chain ("a=a=…", "!!…"), measured
// with debug.SetMaxStack (TestNestingBudget keeps the weights honest).
// Its time grows with the cube of function nesting (1,000 nested arrows
// take seconds), and its output with the square of block nesting (every
// line is indented). So a script may nest about 2,000 levels of brackets
// and 100 levels of functions: far past what a person writes, well within
// what the parsers take.
var esbuildWeights = nesting.Weights{Open: 7000, Template: 7000, Other: 3500}

const (
	stackBudget  = 16 << 20
	maxFunctions = 100
)

// checkNesting refuses a script nested too deeply to parse safely.
func checkNesting(src string) (Diagnostic, bool) {
	c := nesting.Measure(src, esbuildWeights)
	var at int
	var msg string
	switch {
	case c.Stack > stackBudget:
		at = c.StackAt
		msg = fmt.Sprintf("the script nests too deeply to parse (about %d levels of brackets or chained operators here; the limit is about %d): split the expression up, or build deep data at run time",
			c.Stack/esbuildWeights.Open, stackBudget/esbuildWeights.Open)
	case c.Functions > maxFunctions:
		at = c.FunctionsAt
		msg = fmt.Sprintf("the script nests functions %d deep here; the limit is %d: move inner functions out", c.Functions, maxFunctions)
	default:
		return Diagnostic{}, true
	}
	line, col := newText(src).pos(at)
	return Diagnostic{Line: line, Col: col, Severity: Error, Code: CodeTooDeep, Message: msg}, false
}

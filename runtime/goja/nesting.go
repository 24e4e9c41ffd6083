package goja

import "github.com/atomic-script/atomic-script/internal/nesting"

// goja's parser and compiler, and its JSON.parse, recurse on the Go stack
// once per level of nesting, and a goroutine that outgrows Go's 1 GB stack
// limit kills the process: eval("(".repeat(3e5)) or
// JSON.parse("[".repeat(3e6)) would end the host, not the script. So source
// text and JSON text are measured before goja sees them.
//
// Source. The Go stack goja needs to parse and compile one level of each
// construct was measured (debug.SetMaxStack bisection, 10,000 levels):
// at most ~3.4 KB per level for "(", "[", "a(", "a[", "`${" and a function
// body's "{", and at most ~280 B per byte of every construct that nests
// without brackets ("a=", "x=>", "!", "do ", "if(1)", "a?b:").
// TestNestingCosts checks that the weights below, which round those up,
// bound what goja needs. A source whose every byte is weighted
// as if all of it nested at once is safe when the sum stays within
// stackBudget (a quarter of the limit, since Go doubles a stack to grow
// it): that bound is exact and covers any source up to ~400 KB. A larger
// source is scanned lexically (strings, comments, templates, regular
// expressions) for the nesting that is actually open at each point; that
// scan is a heuristic that a deliberately misleading source could fool.
//
// JSON is measured exactly: its grammar has no ambiguity.
//
// Opened levels are only closed by closers the scan trusts, so a misread
// can make an estimate larger, never smaller.

const (
	stackBudget = 256 << 20

	weightOpen     = 3400 // "(", "[", "{" and a template's "${"
	weightTemplate = 2200 // "`", so that the bytes of "`${" weigh more than 3.4 KB
	weightOther    = 420  // any other byte

	// MaxJSONDepth is the deepest nesting JSON.parse accepts. QuickJS
	// fails somewhere between 1,000 and 10,000 levels with "stack
	// overflow"; goja needs well under 1 KB of Go stack per level.
	MaxJSONDepth = 10000
)

// sourceTooDeep reports whether goja might overflow the Go stack parsing
// and compiling src.
func sourceTooDeep(src string) bool {
	return worstCase(src) > stackBudget && openCost(src) > stackBudget
}

var weights = nesting.Weights{Open: weightOpen, Template: weightTemplate, Other: weightOther}

// worstCase bounds the stack src can need: every byte weighted as if it
// opened a level.
func worstCase(src string) int { return nesting.WorstCase(src, weights) }

// openCost estimates the largest stack src needs (see nesting.Measure).
func openCost(src string) int { return nesting.Measure(src, weights).Stack }

// jsonDepth returns the deepest nesting of arrays and objects in text,
// stopping early once it exceeds limit.
func jsonDepth(text string, limit int) int {
	depth, most := 0, 0
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '[', '{':
			depth++
			if depth > most {
				most = depth
				if most > limit {
					return most
				}
			}
		case ']', '}':
			depth = max(depth-1, 0)
		case '"':
			for i++; i < len(text) && text[i] != '"'; i++ {
				if text[i] == '\\' {
					i++
				}
			}
		}
	}
	return most
}

package engine

import (
	"regexp"
	"strconv"
	"strings"
)

// explainNotAFunction names the callee of QuickJS's bare "not a function"
// TypeError from the script's source at the error's first frame (which
// points at the call's "("), with a hint for the two usual causes: a tool
// this run does not have, and a method called on a tool call's promise
// that was not awaited.
func explainNotAFunction(e *ScriptError, src, file string) {
	if e == nil || e.Name != "TypeError" || e.Message != "not a function" {
		return
	}
	// The first location of the script in the cleaned stack.
	m := regexp.MustCompile(regexp.QuoteMeta(file) + `:(\d+):(\d+)`).FindStringSubmatch(e.Stack)
	if m == nil {
		return
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	callee := calleeAt(src, line, col)
	if callee == "" {
		return
	}
	e.Message = callee + " is not a function"
	switch {
	case strings.HasPrefix(callee, "tools."):
		e.Message += " (this run has no such tool; ALL_TOOLS lists the tools it has)"
	case strings.Contains(callee, "."):
		e.Message += " (if the object is a tool call's result, await the call first)"
	}
}

// calleeAt returns the expression before the "(" at line:col of src (both
// 1-based; col counts bytes), e.g. "tools.bash" or "r.split", or "".
func calleeAt(src string, line, col int) string {
	lines := strings.Split(src, "\n")
	if line < 1 || line > len(lines) {
		return ""
	}
	l := lines[line-1]
	if col < 2 || col > len(l) || l[col-1] != '(' {
		return ""
	}
	i := col - 1
	for i > 0 && isCalleeByte(l[i-1]) {
		i--
	}
	return strings.TrimLeft(l[i:col-1], ".?")
}

func isCalleeByte(c byte) bool {
	return c == '_' || c == '$' || c == '.' || c == '?' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

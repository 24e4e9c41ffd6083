package hashline

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
)

// The repairs below absorb the two most common boundary mistakes models make
// in a replacement (re-typing the unchanged lines just outside the range, or
// duplicating/omitting a closing bracket) and the mis-anchored `insert after`.
// Each fires only when the evidence is exact: lines byte-identical to the
// neighbours, and a delimiter imbalance that the change explains in full.
// Every repair is reported as a warning.

// closerRE matches a line that is nothing but closing delimiters: `}`, `)`,
// `];`, `})`, `},`.
var closerRE = lazyRegexp(`^\s*[)\]}]+[;,]?\s*$`)

// IsCloser reports whether line is a pure closing-delimiter line.
func IsCloser(line string) bool { return closerRE().MatchString(line) }

type balance struct{ paren, bracket, brace int }

func (a balance) minus(b balance) balance {
	return balance{a.paren - b.paren, a.bracket - b.bracket, a.brace - b.brace}
}
func (a balance) zero() bool { return a == balance{} }

// delimiterBalance is the net ()/[]/{} count over lines, skipping `//` and
// block comments and string/template literals. It is language-light on
// purpose: what it cannot classify is counted naively, which can only
// suppress a repair, never force one.
func delimiterBalance(lines []string) balance {
	var b balance
	inComment := false
	var quote byte
	for _, line := range lines {
		for i := 0; i < len(line); i++ {
			c := line[i]
			if inComment {
				if c == '*' && i+1 < len(line) && line[i+1] == '/' {
					inComment = false
					i++
				}
				continue
			}
			if quote != 0 {
				if c == '\\' {
					i++
				} else if c == quote {
					quote = 0
				}
				continue
			}
			switch c {
			case '"', '\'', '`':
				quote = c
			case '/':
				if i+1 < len(line) && line[i+1] == '/' {
					i = len(line)
				} else if i+1 < len(line) && line[i+1] == '*' {
					inComment = true
					i++
				}
			case '(':
				b.paren++
			case ')':
				b.paren--
			case '[':
				b.bracket++
			case ']':
				b.bracket--
			case '{':
				b.brace++
			case '}':
				b.brace--
			}
		}
		if quote == '"' || quote == '\'' {
			quote = 0
		}
	}
	return b
}

func hasContent(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\t', '\n', '\v', '\f', '\r', ' ':
		default:
			return true
		}
	}
	return false
}

func equalLines(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// repairReplacement checks one replacement of original lines start..end
// (fileLines is the whole split text) by rows. It returns the rows to
// insert, the last line to delete, and a warning when it repaired anything.
func repairReplacement(rows []string, start, end int, fileLines []string) ([]string, int, string) {
	old := fileLines[start-1 : end]
	if lead, trail, ok := boundaryEcho(rows, start, end, fileLines); ok {
		return rows[lead : len(rows)-trail], end, boundaryEchoWarning(start, lead, trail)
	}
	delta := delimiterBalance(rows).minus(delimiterBalance(old))
	if delta.zero() {
		return rows, end, ""
	}
	// A trailing run of rows that repeats the lines below the range and
	// accounts for the whole imbalance was restated by mistake.
	for k := min(len(rows), len(fileLines)-end); k >= 1; k-- {
		if equalLines(rows[len(rows)-k:], fileLines[end:end+k]) && delimiterBalance(rows[len(rows)-k:]) == delta {
			return rows[:len(rows)-k], end, delimiterRepairWarning(start,
				fmt.Sprintf("dropped %d duplicated trailing payload line(s) already present below the range", k))
		}
	}
	for j := min(len(rows), start-1); j >= 1; j-- {
		if equalLines(rows[:j], fileLines[start-1-j:start-1]) && delimiterBalance(rows[:j]) == delta {
			return rows[j:], end, delimiterRepairWarning(start,
				fmt.Sprintf("dropped %d duplicated leading payload line(s) already present above the range", j))
		}
	}
	// The mirror mistake: the range swallowed closing lines the body never
	// restates. Keep the fewest that restore the balance.
	want := balance{}.minus(delta)
	for m := 1; m <= end-start+1; m++ {
		if !IsCloser(fileLines[end-m]) {
			break
		}
		if delimiterBalance(fileLines[end-m:end]) == want {
			return rows, end - m, delimiterRepairWarning(start,
				fmt.Sprintf("kept %d structural closing line(s) the range deleted without restating", m))
		}
	}
	return rows, end, ""
}

// boundaryEcho finds rows that restate unchanged lines on both sides of the
// range. It fires only when both edges echo, some real content remains, and
// dropping the echo is delimiter-neutral or exactly cancels the imbalance.
func boundaryEcho(rows []string, start, end int, fileLines []string) (lead, trail int, ok bool) {
	lead = echoCount(min(len(rows), start-1), func(c int) ([]string, []string) {
		return rows[:c], fileLines[start-1-c : start-1]
	})
	if lead == 0 {
		return 0, 0, false
	}
	trail = echoCount(min(len(rows), len(fileLines)-end), func(c int) ([]string, []string) {
		return rows[len(rows)-c:], fileLines[end : end+c]
	})
	if trail == 0 || lead+trail >= len(rows) {
		return 0, 0, false
	}
	dropped := delimiterBalance(rows[:lead]).minus(balance{}.minus(delimiterBalance(rows[len(rows)-trail:])))
	if !dropped.zero() {
		delta := delimiterBalance(rows).minus(delimiterBalance(fileLines[start-1 : end]))
		if dropped != delta {
			return 0, 0, false
		}
	}
	return lead, trail, true
}

// echoCount returns the largest c ≤ maxC whose pair of slices is equal and
// holds non-blank content.
func echoCount(maxC int, pair func(int) ([]string, []string)) int {
	for c := maxC; c >= 1; c-- {
		a, b := pair(c)
		if !equalLines(a, b) {
			continue
		}
		for _, l := range a {
			if hasContent(l) {
				return c
			}
		}
	}
	return 0
}

// leadingIndent is the leading run of tabs and spaces.
func leadingIndent(s string) string {
	i := 0
	for i < len(s) && (s[i] == ' ' || s[i] == '\t') {
		i++
	}
	return s[:i]
}

func deeper(a, b string) bool { return len(a) > len(b) && strings.HasPrefix(a, b) }

// bodyIndent is the depth an insert body claims: the shallowest indent of
// its non-blank rows, or ok=false when rows are blank, all closers, or mix
// indent styles.
func bodyIndent(rows []string) (string, bool) {
	var target string
	seen, allClosers := false, true
	for _, r := range rows {
		if !hasContent(r) {
			continue
		}
		allClosers = allClosers && IsCloser(r)
		ind := leadingIndent(r)
		switch {
		case !seen:
			target, seen = ind, true
		case strings.HasPrefix(ind, target):
		case strings.HasPrefix(target, ind):
			target = ind
		default:
			return "", false
		}
	}
	if !seen || allClosers {
		return "", false
	}
	return target, true
}

// shiftOutward moves an `insert after anchor` whose body is shallower than
// the anchor past the closing lines that follow, stopping at the body's
// depth. It never crosses content or a line another hunk targets.
func shiftOutward(anchor int, target string, fileLines []string, targeted func(int) bool) (line, crossed int, ok bool) {
	if anchor > len(fileLines) || !hasContent(fileLines[anchor-1]) || !deeper(leadingIndent(fileLines[anchor-1]), target) {
		return 0, 0, false
	}
	landing := anchor
	for l := anchor + 1; l <= len(fileLines); l++ {
		text := fileLines[l-1]
		if !hasContent(text) {
			continue
		}
		if !IsCloser(text) {
			break
		}
		ind := leadingIndent(text)
		if !strings.HasPrefix(ind, target) {
			break
		}
		if targeted(l) {
			return 0, 0, false
		}
		landing, crossed = l, crossed+1
		if len(ind) == len(target) {
			break
		}
	}
	return landing, crossed, landing != anchor
}

// shiftInward moves a body lowered from `insert after block` that is
// indented deeper than the block's closing line back inside the block,
// above its trailing closers (never above blockStart).
func shiftInward(anchor int, target string, blockStart int, fileLines []string, targeted func(int) bool) (int, bool) {
	if anchor > len(fileLines) {
		return 0, false
	}
	text := fileLines[anchor-1]
	if !hasContent(text) || !IsCloser(text) || !deeper(target, leadingIndent(text)) {
		return 0, false
	}
	landing := anchor
	for l := anchor; l > blockStart; l-- {
		t := fileLines[l-1]
		if !hasContent(t) {
			landing = l - 1
			continue
		}
		if !IsCloser(t) || !deeper(target, leadingIndent(t)) {
			break
		}
		if l != anchor && targeted(l) {
			return 0, false
		}
		landing = l - 1
	}
	return landing, landing != anchor
}

// lazyRegexp compiles expr on first use: hashline's patterns would
// otherwise cost every process start (a run that edits nothing) about
// 0.4 ms at package init.
func lazyRegexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}

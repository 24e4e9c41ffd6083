// Package selector is the one parser of the path arguments that read, write,
// edit and search share. Line selectors follow a path: "file.ts:5-16",
// "file.ts:5+3", "file.ts:5-16,960-973", "file.ts:40" (from line 40 to the
// end), "file.ts:L5-L16" (GitHub style), "file.ts:40:8" (line:column, read
// from 40), "file.ts:raw", "file.ts:conflicts" and "nb.ipynb:cell:2".
// Resource paths (ParsePath) name parts of a file — archive members, SQLite
// tables and rows, queries — or a scheme (conflict://, local://, skill://).
//
// The parser is pure: what exists is asked of a Probe, so the same grammar
// is table-tested and fuzzed without a file system.
package selector

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// MaxLine bounds line numbers so that range arithmetic cannot overflow.
const MaxLine = 1 << 40

// Range is an inclusive range of 1-based lines; End 0 means to the end of
// the file (an open selector, which read never widens).
type Range struct{ Start, End int }

// Contains reports whether line n is in r.
func (r Range) Contains(n int) bool {
	return n >= r.Start && (r.End == 0 || n <= r.End)
}

// InRanges reports whether line n is in any of rs.
func InRanges(rs []Range, n int) bool {
	for _, r := range rs {
		if r.Contains(n) {
			return true
		}
	}
	return false
}

// Selector is a parsed selector: line ranges, raw, conflicts (the file's
// conflict-marker regions) or one notebook cell.
type Selector struct {
	Text      string // as written after the colon, for messages
	Ranges    []Range
	Raw       bool
	Conflicts bool
	Cell      int // notebook cell (0-based); -1 for none
}

// Lines reports whether the selector is made of line ranges only.
func (s Selector) Lines() bool { return !s.Raw && !s.Conflicts && s.Cell < 0 }

var (
	cellRE    = regexp.MustCompile(`^(?i:cell):(\d+)$`)
	lineColRE = regexp.MustCompile(`^L?(\d+):(\d+)$`)
	// rangesRE is the shape of a list of line ranges ("5-16,960-973",
	// "L5-L16", "5+3", "5-"), checked before the numbers are.
	rangesRE = regexp.MustCompile(`^[ L\d][ L\d,+-]*$`)
)

// Shaped reports whether sel looks like a selector (of any kind, valid or
// not): a file "notes:todo" is a name, "a.go:5-x" a bad selector.
func Shaped(sel string) bool {
	switch {
	case sel == "":
		return false
	case strings.EqualFold(sel, "raw"), strings.EqualFold(sel, "conflicts"):
		return true
	case lineColRE.MatchString(sel), cellRE.MatchString(sel):
		return true
	}
	return rangesRE.MatchString(sel) && strings.ContainsAny(sel, "0123456789")
}

// Split separates a trailing selector from a path: "a.go:5-16" → ("a.go",
// "5-16"), "a.go:40:8" → ("a.go", "40:8"), "nb.ipynb:cell:2" → ("nb.ipynb",
// "cell:2"), "a.go:raw" → ("a.go", "raw"). ok is false when the tail is not
// selector-shaped; callers check whether the whole entry names a file first,
// so a file really called "a:1" still works.
func Split(entry string) (path, sel string, ok bool) {
	i := strings.LastIndexByte(entry, ':')
	if i <= driveColon(entry) || i == len(entry)-1 {
		return entry, "", false
	}
	if j := strings.LastIndexByte(entry[:i], ':'); j > driveColon(entry) {
		if tail := entry[j+1:]; lineColRE.MatchString(tail) || cellRE.MatchString(tail) {
			return entry[:j], tail, true
		}
	}
	if tail := entry[i+1:]; Shaped(tail) {
		return entry[:i], tail, true
	}
	return entry, "", false
}

// Parse parses what follows the colon: N (from N to the end), N-M, N- (to
// the end), N+K (K lines from N), comma-separated lists of those (a number
// may be written LN), N:M (a range when M ≥ N, else line:column, which
// starts at N), raw, conflicts and cell:N.
func Parse(sel string) (Selector, error) {
	s := Selector{Text: sel, Cell: -1}
	if strings.EqualFold(sel, "raw") {
		s.Raw = true
		return s, nil
	}
	if strings.EqualFold(sel, "conflicts") {
		s.Conflicts = true
		return s, nil
	}
	if m := cellRE.FindStringSubmatch(sel); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil || n > MaxLine {
			return s, Errorf(sel, "the cell number is too large")
		}
		s.Cell = n
		return s, nil
	}
	if m := lineColRE.FindStringSubmatch(sel); m != nil {
		n, err := lineNumber(m[1])
		if err != nil {
			return s, Errorf(sel, err.Error())
		}
		if k, err := strconv.Atoi(m[2]); err == nil && k >= n && k <= MaxLine {
			s.Ranges = []Range{{n, k}}
		} else {
			s.Ranges = []Range{{n, 0}}
		}
		return s, nil
	}
	for _, part := range strings.Split(sel, ",") {
		r, err := parseRange(strings.TrimSpace(part))
		if err != nil {
			return s, Errorf(sel, err.Error())
		}
		s.Ranges = append(s.Ranges, r)
	}
	return s, nil
}

func parseRange(part string) (Range, error) {
	switch {
	case strings.Contains(part, "+"):
		a, b, _ := strings.Cut(part, "+")
		n, err := lineNumber(a)
		if err != nil {
			return Range{}, err
		}
		k, err := strconv.Atoi(strings.TrimSpace(b))
		if err != nil || k < 1 || k > MaxLine {
			return Range{}, fmt.Errorf("+ requires a line count")
		}
		// Clamped so that a range written back out as N-M parses again;
		// no file reaches MaxLine, so the clamp changes nothing read.
		return Range{n, min(n+k-1, MaxLine)}, nil
	case strings.Contains(part, "-"):
		a, b, _ := strings.Cut(part, "-")
		n, err := lineNumber(a)
		if err != nil {
			return Range{}, err
		}
		if strings.TrimSpace(b) == "" {
			return Range{n, 0}, nil // "5-" runs to the end
		}
		m, err := lineNumber(b)
		if err != nil {
			return Range{}, err
		}
		if m < n {
			return Range{}, fmt.Errorf("the range ends (%d) before it starts (%d)", m, n)
		}
		return Range{n, m}, nil
	}
	n, err := lineNumber(part)
	if err != nil {
		return Range{}, err
	}
	return Range{n, 0}, nil
}

// Errorf is the error for a selector that does not parse, with the forms
// that do.
func Errorf(sel, why string) error {
	return fmt.Errorf("invalid line selector %q: %s. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw", ":"+sel, why)
}

func lineNumber(s string) (int, error) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "L")
	n, err := strconv.Atoi(s)
	switch {
	case s == "":
		return 0, fmt.Errorf("a line number is missing")
	case err != nil && strings.Trim(s, "0123456789") == "":
		return 0, fmt.Errorf("line number %s is too large", s)
	case err != nil:
		return 0, fmt.Errorf("%q is not a line number", s)
	case n < 1:
		return 0, fmt.Errorf("line numbers start at 1")
	case n > MaxLine:
		return 0, fmt.Errorf("line number %d is too large", n)
	}
	return n, nil
}

// Span is an inclusive range of lines to show, after widening.
type Span struct{ From, To int }

// Bounded selector ranges widen by this many lines of context.
const (
	ContextBefore = 1
	ContextAfter  = 3
)

// Spans turns selector ranges into the sorted, merged lines to show for a
// text of total lines: bounded ranges widen by ContextBefore lines before
// and ContextAfter after; open ranges run to the end unwidened. A range
// starting past the end is reported as beyond (that line, out nil);
// bounded reports whether any range had an end (which decides the "more
// lines" footer).
func Spans(ranges []Range, total int) (out []Span, beyond int, bounded bool) {
	for _, r := range ranges {
		if r.Start > total {
			return nil, r.Start, false
		}
		s := Span{r.Start, total}
		if r.End > 0 {
			bounded = true
			s = Span{max(1, r.Start-ContextBefore), min(total, r.End+ContextAfter)}
		}
		out = append(out, s)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].From < out[j].From })
	merged := out[:0]
	for _, s := range out {
		if k := len(merged); k > 0 && s.From <= merged[k-1].To+1 {
			merged[k-1].To = max(merged[k-1].To, s.To)
			continue
		}
		merged = append(merged, s)
	}
	return merged, 0, bounded
}

// Continuation is the selector that reads on from line stopAt of the shown
// spans of a text of total lines: ":N" when what is left runs to the end,
// else the list of the ranges left (":40-60,900-910").
func Continuation(shown []Span, stopAt, total int) string {
	var rest []Span
	for i, s := range shown {
		if stopAt >= s.From && stopAt <= s.To {
			rest = append([]Span{{From: stopAt, To: s.To}}, shown[i+1:]...)
			break
		}
	}
	if len(rest) == 1 && rest[0].To == total {
		return ":" + strconv.Itoa(rest[0].From)
	}
	parts := make([]string, len(rest))
	for i, s := range rest {
		parts[i] = strconv.Itoa(s.From) + "-" + strconv.Itoa(s.To)
	}
	return ":" + strings.Join(parts, ",")
}

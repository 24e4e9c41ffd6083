package files

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// lineRange is an inclusive range of 1-based lines as a selector asked for
// it; End 0 means "to the end of the file" (an open selector, never
// widened).
type lineRange struct{ Start, End int }

// maxLine bounds selector numbers so range arithmetic cannot overflow.
const maxLine = 1 << 40

// selector is a parsed path selector: line ranges, raw, or one notebook
// cell.
type selector struct {
	text   string // as written after the colon, for messages
	ranges []lineRange
	raw    bool
	cell   int // notebook cell (0-based); -1 for none
}

var (
	cellSelRE = regexp.MustCompile(`^(?i:cell):(\d+)$`)
	lineColRE = regexp.MustCompile(`^(\d+):(\d+)$`)
)

// splitSelector separates a trailing selector from a path: "a.go:5-16" →
// ("a.go", "5-16"), "a.go:40:8" → ("a.go", "40:8"), "nb.ipynb:cell:2" →
// ("nb.ipynb", "cell:2"), "a.go:raw" → ("a.go", "raw"). ok is false when
// the tail is not selector-shaped.
func splitSelector(entry string) (path, sel string, ok bool) {
	i := strings.LastIndexByte(entry, ':')
	if i <= 0 || i == len(entry)-1 {
		return entry, "", false
	}
	if j := strings.LastIndexByte(entry[:i], ':'); j > 0 {
		if tail := entry[j+1:]; lineColRE.MatchString(tail) || cellSelRE.MatchString(tail) {
			return entry[:j], tail, true
		}
	}
	tail := entry[i+1:]
	if strings.EqualFold(tail, "raw") {
		return entry[:i], tail, true
	}
	if tail[0] >= '0' && tail[0] <= '9' && strings.Trim(tail, "0123456789-+, ") == "" {
		return entry[:i], tail, true
	}
	return entry, "", false
}

// parseSelector parses what follows the colon: N (from N to the end), N-M,
// N+K (K lines from N), comma-separated lists of those, N:M (a range when
// M ≥ N, else line:column, which reads from N), raw, and cell:N.
func parseSelector(sel string) (selector, error) {
	s := selector{text: sel, cell: -1}
	if strings.EqualFold(sel, "raw") {
		s.raw = true
		return s, nil
	}
	if m := cellSelRE.FindStringSubmatch(sel); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil || n > maxLine {
			return s, selectorError(sel, "the cell number is too large")
		}
		s.cell = n
		return s, nil
	}
	if m := lineColRE.FindStringSubmatch(sel); m != nil {
		n, err := lineNumber(m[1])
		if err != nil {
			return s, selectorError(sel, err.Error())
		}
		if k, err := strconv.Atoi(m[2]); err == nil && k >= n && k <= maxLine {
			s.ranges = []lineRange{{n, k}}
		} else {
			s.ranges = []lineRange{{n, 0}}
		}
		return s, nil
	}
	for _, part := range strings.Split(sel, ",") {
		part = strings.TrimSpace(part)
		var r lineRange
		switch {
		case strings.Contains(part, "+"):
			a, b, _ := strings.Cut(part, "+")
			n, err := lineNumber(a)
			if err != nil {
				return s, selectorError(sel, err.Error())
			}
			k, err := strconv.Atoi(strings.TrimSpace(b))
			if err != nil || k < 1 || k > maxLine {
				return s, selectorError(sel, "+ requires a line count")
			}
			r = lineRange{n, n + k - 1}
		case strings.Contains(part, "-"):
			a, b, _ := strings.Cut(part, "-")
			n, err := lineNumber(a)
			if err != nil {
				return s, selectorError(sel, err.Error())
			}
			if strings.TrimSpace(b) == "" {
				r = lineRange{n, 0} // "5-" reads to the end
				break
			}
			m, err := lineNumber(b)
			if err != nil {
				return s, selectorError(sel, err.Error())
			}
			if m < n {
				return s, selectorError(sel, fmt.Sprintf("the range ends (%d) before it starts (%d)", m, n))
			}
			r = lineRange{n, m}
		default:
			n, err := lineNumber(part)
			if err != nil {
				return s, selectorError(sel, err.Error())
			}
			r = lineRange{n, 0}
		}
		s.ranges = append(s.ranges, r)
	}
	return s, nil
}

func selectorError(sel, why string) error {
	return fmt.Errorf("invalid line selector %q: %s. Use forms like :5-16, :5+3, :5-16,960-973, :40 or :raw", ":"+sel, why)
}

func lineNumber(s string) (int, error) {
	s = strings.TrimSpace(s)
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
	case n > maxLine:
		return 0, fmt.Errorf("line number %d is too large", n)
	}
	return n, nil
}

// span is an inclusive range of lines to show, after widening.
type span struct{ from, to int }

// Bounded selector ranges widen by this many lines of context.
const (
	contextBefore = 1
	contextAfter  = 3
)

// spans turns selector ranges into the sorted, merged lines to show for a
// file of total lines: bounded ranges widen by one line before and three
// after; open ranges run to the end unwidened. A range starting past the
// end is an error naming that line; bounded reports whether any range had
// an end (which decides the "more lines" footer).
func spans(ranges []lineRange, total int) (out []span, beyond int, bounded bool) {
	for _, r := range ranges {
		if r.Start > total {
			return nil, r.Start, false
		}
		s := span{r.Start, total}
		if r.End > 0 {
			bounded = true
			s = span{max(1, r.Start-contextBefore), min(total, r.End+contextAfter)}
		}
		out = append(out, s)
	}
	sortSpans(out)
	merged := out[:0]
	for _, s := range out {
		if k := len(merged); k > 0 && s.from <= merged[k-1].to+1 {
			merged[k-1].to = max(merged[k-1].to, s.to)
			continue
		}
		merged = append(merged, s)
	}
	return merged, 0, bounded
}

func sortSpans(s []span) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j].from < s[j-1].from; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

package search

import (
	"fmt"
	"strconv"
	"strings"
)

// lineRange is an inclusive range of 1-based lines; End 0 means to the end
// of the file.
type lineRange struct{ Start, End int }

func (r lineRange) contains(n int) bool {
	return n >= r.Start && (r.End == 0 || n <= r.End)
}

func inRanges(rs []lineRange, n int) bool {
	for _, r := range rs {
		if r.contains(n) {
			return true
		}
	}
	return false
}

// splitSelector separates a trailing line selector from a path:
// "a.go:5-16" gives ("a.go", "5-16"), "a.go:40:8" gives ("a.go", "40:8").
// ok is false when the tail does not look like a selector.
func splitSelector(entry string) (path, sel string, ok bool) {
	i := strings.LastIndexByte(entry, ':')
	if i <= 0 || i == len(entry)-1 {
		return entry, "", false
	}
	tail := entry[i+1:]
	if j := strings.LastIndexByte(entry[:i], ':'); j > 0 && isDigits(tail) && isDigits(entry[j+1:i]) {
		return entry[:j], entry[j+1:], true
	}
	if c := tail[0]; (c >= '0' && c <= '9') || isNamedSelector(tail) {
		if strings.Trim(tail, "0123456789-+, ") == "" || isNamedSelector(tail) {
			return entry[:i], tail, true
		}
	}
	return entry, "", false
}

func isNamedSelector(s string) bool {
	switch strings.ToLower(s) {
	case "raw", "conflicts":
		return true
	}
	return false
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// parseSelector parses the line selector grammar read and search share:
// N (from N to the end), N-M, N+K (K lines from N), comma-separated lists
// of those, and N:M, which is a range when M ≥ N and otherwise line:column
// (from N to the end).
func parseSelector(sel string) ([]lineRange, error) {
	if isNamedSelector(sel) {
		return nil, fmt.Errorf("only line-range selectors like \":50-100\" are supported in search (not %q)", ":"+sel)
	}
	if a, b, ok := strings.Cut(sel, ":"); ok {
		n, err1 := lineNumber(a)
		m, err2 := strconv.Atoi(b)
		if err1 != nil || err2 != nil || m < 0 {
			return nil, fmt.Errorf("invalid line selector %q", sel)
		}
		if m >= n {
			return []lineRange{{n, m}}, nil
		}
		return []lineRange{{n, 0}}, nil
	}
	var out []lineRange
	for _, part := range strings.Split(sel, ",") {
		part = strings.TrimSpace(part)
		var r lineRange
		switch {
		case strings.Contains(part, "+"):
			a, b, _ := strings.Cut(part, "+")
			n, err := lineNumber(a)
			if err != nil {
				return nil, fmt.Errorf("invalid line selector %q: %v", sel, err)
			}
			if b == "" {
				return nil, fmt.Errorf("invalid line selector %q: + requires a line count", sel)
			}
			k, err := strconv.Atoi(b)
			if err != nil || k < 1 || k > maxLine {
				return nil, fmt.Errorf("invalid line selector %q: + requires a line count", sel)
			}
			r = lineRange{n, n + k - 1}
		case strings.Contains(part, "-"):
			a, b, _ := strings.Cut(part, "-")
			n, err := lineNumber(a)
			if err != nil {
				return nil, fmt.Errorf("invalid line selector %q: %v", sel, err)
			}
			m, err := lineNumber(b)
			if err != nil {
				return nil, fmt.Errorf("invalid line selector %q: %v", sel, err)
			}
			if m < n {
				return nil, fmt.Errorf("invalid line selector %q: range end %d is before its start %d", sel, m, n)
			}
			r = lineRange{n, m}
		default:
			n, err := lineNumber(part)
			if err != nil {
				return nil, fmt.Errorf("invalid line selector %q: %v", sel, err)
			}
			r = lineRange{n, 0}
		}
		out = append(out, r)
	}
	return out, nil
}

// maxLine bounds line numbers so that range arithmetic cannot overflow.
const maxLine = 1 << 40

func lineNumber(s string) (int, error) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	switch {
	case err != nil:
		return 0, fmt.Errorf("%q is not a line number", s)
	case n < 1:
		return 0, fmt.Errorf("line numbers start at 1")
	case n > maxLine:
		return 0, fmt.Errorf("line number %d is too large", n)
	}
	return n, nil
}

package files

import "github.com/atomic-script/atomic-script/internal/tools/selector"

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
func spans(ranges []selector.Range, total int) (out []span, beyond int, bounded bool) {
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

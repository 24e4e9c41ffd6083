package files

import "github.com/atomic-script/atomic-script/tools/internal/selector"

// span is an inclusive range of lines to show, after widening.
type span = selector.Span

// spans returns the merged lines t's selector shows in a text of total
// lines, whether they are bounded, and the line a range starts past the
// end on (0 for none): selector.Spans, widened by context lines, except
// for a read by offset/limit, which shows exactly its one range.
func spans(t *target, total int) ([]span, int, bool) {
	if !t.exact {
		return selector.Spans(t.sel.Ranges, total)
	}
	r := t.sel.Ranges[0]
	if r.Start > total {
		return nil, r.Start, false
	}
	if r.End == 0 {
		return []span{{From: r.Start, To: total}}, 0, false
	}
	return []span{{From: r.Start, To: min(total, r.End)}}, 0, true
}

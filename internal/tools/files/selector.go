package files

import "github.com/atomic-script/atomic-script/internal/tools/selector"

// span is an inclusive range of lines to show, after widening.
type span = selector.Span

// spans is selector.Spans: the merged, widened lines a selector shows.
func spans(ranges []selector.Range, total int) ([]span, int, bool) {
	return selector.Spans(ranges, total)
}

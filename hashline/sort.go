package hashline

import (
	"cmp"
	"slices"
)

func sortRanges(rs []lineRange) {
	slices.SortFunc(rs, func(a, b lineRange) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
}

func sortSpans(rs []span) {
	slices.SortFunc(rs, func(a, b span) int {
		return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
	})
}

package search

import (
	"fmt"

	"github.com/atomic-script/atomic-script/tools/internal/selector"
)

// parseSelector parses a search line selector: line ranges only (read's
// :raw and :cell:N views have no lines to match).
func parseSelector(sel string) ([]selector.Range, error) {
	s, err := selector.Parse(sel)
	if err != nil {
		return nil, err
	}
	if !s.Lines() {
		return nil, fmt.Errorf("only line-range selectors like \":50-100\" are supported in search (not %q)", ":"+sel)
	}
	return s.Ranges, nil
}

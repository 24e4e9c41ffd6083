package engine

import (
	"fmt"
	"sync"

	"github.com/atomic-script/atomic-script/tools"
)

// readLog records the parts of files a run's tool results showed, so that
// the run can warn about a read a limit cut short whose rest no later call
// showed: a script that parses a cut read's rows gets a wrong answer that
// looks right, and the footer naming the continuation is easy to miss in
// code. Safe for concurrent use (calls finish on their own goroutines).
type readLog struct {
	mu    sync.Mutex
	spans []tools.FileSpan
}

func (l *readLog) add(s *tools.FileSpan) {
	if s == nil {
		return
	}
	l.mu.Lock()
	l.spans = append(l.spans, *s)
	l.mu.Unlock()
}

// maxCutReadWarnings bounds the cut reads a result names one by one.
const maxCutReadWarnings = 5

// warnings names each cut read whose next line no result of the run
// showed, with the selector that continues.
func (l *readLog) warnings() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	left := 0
	for i, cut := range l.spans {
		if cut.Continue == "" || l.readOn(i) {
			continue
		}
		if len(out) == maxCutReadWarnings {
			left++
			continue
		}
		out = append(out, fmt.Sprintf("read of %s stopped at line %d of %d (the read limit of 3,000 lines or 50 KiB), and the script did not read on; continue with %s", cut.Display, cut.Last, cut.Total, cut.Continue))
	}
	if left > 0 {
		out = append(out, fmt.Sprintf("%s cut by the read limit %s not read on either", plural(left, "more read"), wasWere(left)))
	}
	return out
}

// readOn reports whether another span shows the line after the cut span i.
func (l *readLog) readOn(i int) bool {
	cut := l.spans[i]
	next := cut.Last + 1
	for j, s := range l.spans {
		if j != i && s.Path == cut.Path && s.First <= next && next <= s.Last {
			return true
		}
	}
	return false
}

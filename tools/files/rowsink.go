package files

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
)

// rowSink collects the rows of a text read as the file's lines arrive in
// order, within the output limits (MaxReadLines, MaxReadBytes). It holds
// only what is shown, so a streaming read of a huge file stays small. Not
// safe for concurrent use.
type rowSink struct {
	spans    []span // the lines to show; the last may run past the end
	si       int    // the span the next wanted line falls in
	stopped  bool   // the output is complete: a limit was reached
	b        strings.Builder
	count    int    // rows written
	size     int    // their bytes plus separators
	last     int    // the last line written
	by       string // "lines" or "bytes" when a limit cut the read
	stopAt   int    // the first line a limit kept out
	firstLen int    // the first shown line's length when it alone is over MaxReadBytes
}

func newRowSink(shown []span) *rowSink { return &rowSink{spans: shown} }

// wants reports whether line n is to be shown and the output still has room.
// Lines must be asked about in increasing order.
func (r *rowSink) wants(n int) bool {
	if r.stopped {
		return false
	}
	for r.si < len(r.spans) && n > r.spans[r.si].To {
		r.si++
	}
	return r.si < len(r.spans) && n >= r.spans[r.si].From
}

// add writes line n (text; full is its whole length, which is more than
// len(text) only for a line too long to show) as a row, or stops the output
// at the limits.
func (r *rowSink) add(n int, text string, full int) {
	if r.count == 0 && full > MaxReadBytes {
		r.firstLen, r.stopped = full, true
		return
	}
	add := full
	if r.count > 0 {
		add++
	}
	if r.count == MaxReadLines || r.size+add > MaxReadBytes {
		r.by = "lines"
		if r.count < MaxReadLines {
			r.by = "bytes"
		}
		r.stopAt, r.stopped = n, true
		return
	}
	r.b.WriteByte('\n')
	r.b.WriteString(strconv.Itoa(n))
	r.b.WriteByte(':')
	r.b.WriteString(text)
	r.count, r.size, r.last = r.count+1, r.size+add, n
}

// result renders the read of a file of total lines whose shown spans
// (clamped to total) and tag are known: the header, the rows and the footer
// of a cut read, or the hint for a first line over the byte limit.
func (r *rowSink) result(t *target, tag string, total int, shown []span, bounded bool) tools.Result {
	meta := ReadMeta{Source: "file", SourcePath: t.abs}
	if t.meta != nil {
		meta = *t.meta
	}
	first := shown[0].From
	if r.firstLen > 0 {
		meta.Truncation = &Truncation{Truncated: true, TruncatedBy: "bytes", TotalLines: total, FirstLineExceedsLimit: true, FirstLine: first}
		meta.Limits = &Limits{MaxLines: MaxReadLines, MaxBytes: MaxReadBytes}
		msg := fmt.Sprintf("[Line %d is %s, exceeds %s limit. Use bash: sed -n '%dp' %s | head -c %d]",
			first, units.Size(int64(r.firstLen)), units.Size(MaxReadBytes), first, shellQuote(t.display), MaxReadBytes)
		return tools.Result{Text: msg, Details: ReadDetails{Meta: meta}}
	}
	var b strings.Builder
	b.Grow(len(t.display) + r.b.Len() + 128)
	b.WriteString(hashline.Header(t.display, tag))
	b.WriteString(r.b.String())
	switch {
	case r.by != "":
		cont := selector.Continuation(shown, r.stopAt, total)
		limit := ""
		if r.by == "bytes" {
			limit = " (" + units.Size(MaxReadBytes) + " limit)"
		}
		fmt.Fprintf(&b, "\n\n[Showing lines %d-%d of %d%s. Continue with path selector %s.]", first, r.last, total, limit, cont)
		meta.Truncation = &Truncation{Truncated: true, TruncatedBy: r.by, TotalLines: total, OutputLines: r.count, FirstLine: first, LastLine: r.last, ContinueWith: cont}
		meta.Limits = &Limits{MaxLines: MaxReadLines, MaxBytes: MaxReadBytes}
		return tools.Result{Text: b.String(), Details: ReadDetails{Meta: meta},
			Shows: []tools.Shown{{Key: tools.FileLines(t.abs), First: first, Last: r.last}},
			Cuts: []tools.Cut{{Key: tools.FileLines(t.abs), At: r.last + 1, Kind: "read",
				Item:  fmt.Sprintf("%s stopped at line %d of %d", t.display, r.last, total),
				Limit: "the read limit of 3,000 lines or 50 KiB", Missed: "did not read on", Rest: "continue with " + t.display + cont}}}
	case bounded && r.last < total:
		cont := ":" + strconv.Itoa(r.last+1)
		fmt.Fprintf(&b, "\n\n[%d more lines in file. Continue with path selector %s.]", total-r.last, cont)
		meta.Truncation = &Truncation{TotalLines: total, OutputLines: r.count, FirstLine: first, LastLine: r.last, ContinueWith: cont}
	}
	return tools.Result{Text: b.String(), Details: ReadDetails{Meta: meta},
		Shows: []tools.Shown{{Key: tools.FileLines(t.abs), First: first, Last: r.last}}}
}

package engine

import (
	"fmt"
	"hash/maphash"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/atomic-script/atomic-script/tools"
)

// cutLog records what a run's tool results showed and what limits cut
// out of them (a read stopped at 3,000 lines, a search's 20 rows a file or
// 20 files a page, a find past its limit), so that the run can warn about
// a cut result whose rest no other call showed: a script that maps a cut
// list gets a wrong answer that looks right, and the footer naming the
// continuation is easy to miss in code. Safe for concurrent use (calls
// finish on their own goroutines).
//
// What was shown is kept merged per thing shown, by a hash of its key, so
// a million calls cost a map entry per distinct file or query, not a
// record each. A result never shows where its own cut's rest starts (the
// rest starts after what it shows), so merging all calls' shows loses
// nothing: the rest counts as fetched when any call showed it.
type cutLog struct {
	mu    sync.Mutex
	seed  maphash.Seed
	shown map[uint64][]interval
	calls []cutCall
	// unchecked counts the calls with cuts past maxCutCalls, not kept.
	unchecked int
}

// interval is positions First..Last, inclusive.
type interval struct{ first, last int }

// cutCall is one call's cuts.
type cutCall struct {
	id, tool string
	seq      int
	cuts     []tools.Cut
}

// maxCutCalls bounds the calls with cuts a run keeps; maxCutWarnings the
// calls whose cuts a result names one by one; maxCutItems the items one
// warning names.
const (
	maxCutCalls    = 10_000
	maxCutWarnings = 5
	maxCutItems    = 3
)

func (l *cutLog) add(id, tool string, seq int, res tools.Result) {
	if len(res.Shows) == 0 && len(res.Cuts) == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.shown == nil {
		l.seed, l.shown = maphash.MakeSeed(), map[uint64][]interval{}
	}
	for _, s := range res.Shows {
		k := maphash.String(l.seed, s.Key)
		l.shown[k] = merge(l.shown[k], interval{s.First, s.Last})
	}
	switch {
	case len(res.Cuts) == 0:
	case len(l.calls) == maxCutCalls:
		l.unchecked++
	default:
		l.calls = append(l.calls, cutCall{id: id, tool: tool, seq: seq, cuts: res.Cuts})
	}
}

// merge adds iv to the sorted, disjoint intervals ivs, joining those it
// overlaps or touches.
func merge(ivs []interval, iv interval) []interval {
	i := sort.Search(len(ivs), func(k int) bool { return ivs[k].last >= iv.first-1 })
	j := i
	for j < len(ivs) && ivs[j].first-1 <= iv.last {
		iv.first, iv.last = min(iv.first, ivs[j].first), max(iv.last, ivs[j].last)
		j++
	}
	return slices.Replace(ivs, i, j, iv)
}

// fetched reports whether some call showed position at of key.
func (l *cutLog) fetched(key string, at int) bool {
	ivs := l.shown[maphash.String(l.seed, key)]
	i := sort.Search(len(ivs), func(k int) bool { return ivs[k].last >= at })
	return i < len(ivs) && ivs[i].first <= at
}

// warnings names, call by call in launch order, each kind of cut whose
// rest no call of the run showed, with how to get it.
func (l *cutLog) warnings() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	calls := slices.Clone(l.calls)
	slices.SortStableFunc(calls, func(a, b cutCall) int { return a.seq - b.seq })
	var out []string
	left := 0
	for _, c := range calls {
		for _, kind := range cutKinds(c.cuts) {
			var open []tools.Cut
			for _, cut := range c.cuts {
				if cut.Kind == kind && !l.fetched(cut.Key, cut.At) {
					open = append(open, cut)
				}
			}
			if len(open) == 0 {
				continue
			}
			if len(out) == maxCutWarnings {
				left++
				continue
			}
			out = append(out, cutWarning(c, open))
		}
	}
	if left > 0 {
		out = append(out, fmt.Sprintf("%s cut by a limit %s not fetched either", plural(left, "more result"), wasWere(left)))
	}
	if l.unchecked > 0 {
		out = append(out, fmt.Sprintf("%s had results cut by a limit; whether the script fetched the rest was not checked", plural(l.unchecked, "more call")))
	}
	return out
}

// cutKinds lists the kinds of cuts in order of first appearance.
func cutKinds(cuts []tools.Cut) []string {
	var kinds []string
	for _, c := range cuts {
		if !slices.Contains(kinds, c.Kind) {
			kinds = append(kinds, c.Kind)
		}
	}
	return kinds
}

// cutWarning is one warning for a call's open cuts of one kind.
func cutWarning(c cutCall, cuts []tools.Cut) string {
	first := cuts[0]
	var items, rests []string
	for i, cut := range cuts {
		if i < maxCutItems {
			items = append(items, cut.Item)
		}
		if cut.Rest != "" && !slices.Contains(rests, cut.Rest) && len(rests) < maxCutItems {
			rests = append(rests, cut.Rest)
		}
	}
	list := strings.Join(items, ", ")
	if n := len(cuts) - len(items); n > 0 {
		list += " and " + plural(n, "more "+first.Unit)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%s call %s: ", c.tool, c.id)
	if first.Lead != "" {
		b.WriteString(first.Lead + " ")
	}
	b.WriteString(list)
	if first.Limit != "" {
		b.WriteString(" (" + first.Limit + ")")
	}
	b.WriteString(", and the script " + first.Missed)
	if len(rests) > 0 {
		b.WriteString("; " + strings.Join(rests, "; "))
	}
	return b.String()
}

package bindings

import (
	"sort"
	"time"
)

// Bounds of a run's call records: a migration makes a million calls, and a
// record each would grow the heap (and --json) with the call count. Kept
// whole: the first KeepFirstCalls calls, the last KeepLastCalls, and up to
// KeepFailedCalls failed or cancelled calls; every call counts in
// CallStats.
const (
	KeepFirstCalls  = 50
	KeepLastCalls   = 50
	KeepFailedCalls = 1000
)

// ToolStats sums one tool's calls.
type ToolStats struct {
	Count     int           `json:"count"`
	OK        int           `json:"ok"`
	Errors    int           `json:"errors"`
	Cancelled int           `json:"cancelled"`
	Duration  time.Duration `json:"-"`
}

// CallStats is every call of a run, counted, and how many records were
// folded into the counts (not kept whole).
type CallStats struct {
	Total  int                   `json:"total"`
	Kept   int                   `json:"kept"`
	Folded int                   `json:"folded"`
	ByTool map[string]*ToolStats `json:"byTool"`
	// FailedFolded counts failed calls past KeepFailedCalls.
	FailedFolded int `json:"failedFolded"`
}

// records keeps a run's call records within the bounds above. It is used
// on the VM's owner goroutine only.
type records struct {
	total        int
	first        []*call
	last         []*call // a ring of KeepLastCalls
	next         int     // where the ring writes next
	failed       []*call
	failedFolded int
	byTool       map[string]*ToolStats
}

// add records a call as it starts.
func (r *records) add(c *call) {
	r.total++
	c.num = r.total
	if len(r.first) < KeepFirstCalls {
		r.first = append(r.first, c)
		return
	}
	if len(r.last) < KeepLastCalls {
		r.last = append(r.last, c)
		return
	}
	r.last[r.next] = c
	r.next = (r.next + 1) % KeepLastCalls
}

// ended counts a call that has settled (or was refused or cancelled).
func (r *records) ended(c *call) {
	if r.byTool == nil {
		r.byTool = map[string]*ToolStats{}
	}
	s := r.byTool[c.Name]
	if s == nil {
		s = &ToolStats{}
		r.byTool[c.Name] = s
	}
	s.Count++
	s.Duration += c.Duration
	switch c.Status {
	case StatusOK:
		s.OK++
		return
	case StatusCancelled:
		s.Cancelled++
	default:
		s.Errors++
	}
	if c.num <= KeepFirstCalls {
		return // kept anyway
	}
	if len(r.failed) < KeepFailedCalls {
		r.failed = append(r.failed, c)
	} else {
		r.failedFolded++
	}
}

// kept returns the kept records in call order.
func (r *records) kept() []*call {
	seen := make(map[*call]bool, len(r.first)+len(r.last)+len(r.failed))
	var out []*call
	for _, list := range [][]*call{r.first, r.failed, r.last} {
		for _, c := range list {
			if !seen[c] {
				seen[c] = true
				out = append(out, c)
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].num < out[j].num })
	return out
}

// stats returns the counts, with copies of the per-tool sums.
func (r *records) stats(kept int) CallStats {
	st := CallStats{Total: r.total, Kept: kept, Folded: r.total - kept, ByTool: map[string]*ToolStats{}, FailedFolded: r.failedFolded}
	for name, s := range r.byTool {
		c := *s
		st.ByTool[name] = &c
	}
	return st
}

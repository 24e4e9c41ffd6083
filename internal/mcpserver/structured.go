package mcpserver

import (
	"encoding/json"
	"slices"

	"github.com/atomic-script/atomic-script/engine"
)

// minStructuredBudget is the least structuredContent may take: a short
// text still leaves room for the run's facts and a few call records.
const minStructuredBudget = 2048

// structuredReserve is room kept for omitted and callStats' counts.
const structuredReserve = 96

// structuredResult is codemode's structuredContent: the result's JSON (as
// run --json, without text) within the budget of the text it stands
// beside, max(len(text), minStructuredBudget) bytes, because a host that
// forwards both to a model pays for both. The facts always go in (ok,
// error, exit code, warnings, changes, counts); then, while they fit, the
// returned value, the call records (failed ones first, then the first
// and last), and last what the text already holds (console lines, output
// items, a dry run's diff). What did not fit is named in "omitted" (the
// text, and run --json, have it), and callStats counts the records kept
// and folded here. Facts that alone pass the budget (a huge error, tens of
// thousands of changes) are shortened as bound does.
func structuredResult(res *engine.Result) map[string]json.RawMessage {
	budget := max(len(res.Text), minStructuredBudget)
	base := *res
	base.Text, base.Value, base.Diff = "", nil, ""
	base.Output, base.Logs, base.Calls = []engine.Item{}, []string{}, []engine.Call{}
	calls, stats := res.Calls, res.CallStats
	var m map[string]json.RawMessage
	if data, err := json.Marshal(&base); err != nil || json.Unmarshal(data, &m) != nil {
		return nil
	}
	delete(m, "text")
	// The fill leaves room for what is set after it whatever the budget
	// (omitted, callStats' new counts).
	s := structured{m: m, size: jsonSize(m), budget: budget - structuredReserve}

	if !s.put("value", res.Value) {
		s.omitted = append(s.omitted, "value")
	}
	kept := s.putCalls(calls)
	stats.Kept, stats.Folded = len(kept), stats.Total-len(kept)
	stats.FailedFolded += failed(calls) - failed(kept)
	s.replace("callStats", stats)
	if len(kept) < len(calls) {
		s.omitted = append(s.omitted, "calls")
	}
	if len(res.Logs) > 0 && !s.put("logs", marshal(res.Logs)) {
		s.omitted = append(s.omitted, "logs")
	}
	if len(res.Output) > 0 && !s.put("output", marshal(res.Output)) {
		s.omitted = append(s.omitted, "output")
	}
	if res.Diff != "" && !s.put("diff", marshal(res.Diff)) {
		s.omitted = append(s.omitted, "diff")
	}
	if len(s.omitted) > 0 {
		s.replace("omitted", s.omitted)
	}
	if s.size > budget {
		return shrinkTo(m, budget)
	}
	return m
}

// structured is a structuredContent being filled within a budget: size is
// the JSON size of m.
type structured struct {
	m            map[string]json.RawMessage
	size, budget int
	omitted      []string
}

// put sets key to v when the result stays within the budget.
func (s *structured) put(key string, v json.RawMessage) bool {
	grow := len(v) - len(s.m[key])
	if _, ok := s.m[key]; !ok {
		grow += len(key) + 4 // "key":v,
	}
	if s.size+grow > s.budget {
		return false
	}
	s.m[key], s.size = v, s.size+grow
	return true
}

// replace sets key to v whatever the budget (a count, a short list).
func (s *structured) replace(key string, v any) {
	data := marshal(v)
	grow := len(data) - len(s.m[key])
	if _, ok := s.m[key]; !ok {
		grow += len(key) + 4
	}
	s.m[key], s.size = data, s.size+grow
}

// putCalls sets calls to the records that fit, in their order: failed
// calls first (they say what went wrong), then from the first and the last
// in turn.
func (s *structured) putCalls(calls []engine.Call) []engine.Call {
	sizes := make([]int, len(calls))
	for i := range calls {
		sizes[i] = len(marshal(calls[i])) + 1
	}
	left := s.budget - s.size
	var picked []int
	take := func(i int) {
		if sizes[i] <= left && !slices.Contains(picked, i) {
			picked, left = append(picked, i), left-sizes[i]
		}
	}
	for i, c := range calls {
		if c.Status == "error" {
			take(i)
		}
	}
	for lo, hi := 0, len(calls)-1; lo <= hi && left > 0; lo, hi = lo+1, hi-1 {
		take(lo)
		take(hi)
	}
	slices.Sort(picked)
	kept := make([]engine.Call, len(picked))
	for k, i := range picked {
		kept[k] = calls[i]
	}
	s.replace("calls", kept)
	return kept
}

func failed(calls []engine.Call) int {
	n := 0
	for _, c := range calls {
		if c.Status == "error" {
			n++
		}
	}
	return n
}

func marshal(v any) json.RawMessage {
	data, err := json.Marshal(v)
	if err != nil {
		return json.RawMessage("null")
	}
	return data
}

func jsonSize(m map[string]json.RawMessage) int { return len(marshal(m)) }

// shrinkTo cuts m's long strings and lists, tighter until it fits budget
// (or cannot be cut further).
func shrinkTo(m map[string]json.RawMessage, budget int) map[string]json.RawMessage {
	var v any
	_ = json.Unmarshal(marshal(m), &v)
	for chars, items := 1024, 64; ; chars, items = chars/2, items/2 {
		out := map[string]json.RawMessage{}
		if json.Unmarshal(marshal(shrink(v, max(chars, 32), max(items, 1))), &out) != nil {
			return m
		}
		if jsonSize(out) <= budget || chars <= 32 && items <= 1 {
			return out
		}
	}
}

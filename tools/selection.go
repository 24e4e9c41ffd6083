package tools

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	textdist "github.com/atomic-script/atomic-script/internal/suggest"
)

// Layer is one source of tool selection entries, applied in order: the
// settings file's defaultTools, then --tools. A layer with any plain name is
// a replacement allowlist; "+name" adds to what the earlier layers chose and
// "-name" removes.
type Layer struct {
	Source  string   // where the entries came from, e.g. "--tools" or a settings path
	Entries []string // "read", "+codemode", "-bash"
}

// Status is the /tools report: which tools are active, why each other one
// is off and how to turn it on, and selected names that match nothing. The
// CLI (`atomic-script tools`), the MCP server and the engine API share it.
type Status struct {
	Active   []ToolStatus  `json:"active"`
	Inactive []ToolStatus  `json:"inactive"`
	Unknown  []UnknownName `json:"unknown"`
}

// ToolStatus is one tool in a Status.
type ToolStatus struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	// Reason says why an inactive tool is off; Enable says how to turn it on.
	Reason string `json:"reason,omitempty"`
	Enable string `json:"enable,omitempty"`
}

// UnknownName is a selection entry that names no registered tool.
type UnknownName struct {
	Name       string `json:"name"`
	Source     string `json:"source"`
	Suggestion string `json:"suggestion,omitempty"`
}

// DefaultEnabled reports whether t is on when no layer mentions it.
func DefaultEnabled(t Tool) bool {
	return !HasTag(t, TagOffByDefault) && !HasTag(t, TagModelOnly)
}

// Select applies layers to the registry's defaults and returns the enabled
// tools (in registration order) and the report.
func Select(all *Registry, layers ...Layer) (*Registry, Status) {
	on := map[string]bool{}
	why := map[string][2]string{} // name -> reason, enable
	for _, t := range all.Tools() {
		if DefaultEnabled(t) {
			on[t.Name()] = true
		} else if HasTag(t, TagModelOnly) {
			why[t.Name()] = [2]string{"model-only: scripts can never call it", "it is available to the model host directly, not to scripts"}
		} else {
			why[t.Name()] = [2]string{"off by default", fmt.Sprintf(`add "+%s" to defaultTools in settings, or run with --tools +%s`, t.Name(), t.Name())}
		}
	}
	var unknown []UnknownName
	seenUnknown := map[string]bool{}
	for _, l := range layers {
		var plain []string
		for _, e := range l.Entries {
			e = strings.TrimSpace(e)
			if e == "" {
				continue
			}
			name := strings.TrimLeft(e, "+-")
			if _, ok := all.Get(name); !ok {
				if !seenUnknown[l.Source+"\x00"+name] {
					seenUnknown[l.Source+"\x00"+name] = true
					unknown = append(unknown, UnknownName{Name: name, Source: l.Source, Suggestion: suggest(name, all.Names())})
				}
				continue
			}
			if e[0] != '+' && e[0] != '-' {
				plain = append(plain, name)
			}
		}
		if len(plain) > 0 {
			allowed := map[string]bool{}
			for _, n := range plain {
				allowed[n] = true
			}
			for _, n := range all.Names() {
				if allowed[n] {
					on[n] = true
					continue
				}
				if on[n] {
					why[n] = [2]string{"not in the allowlist of " + l.Source, fmt.Sprintf(`add "%s" to that list`, n)}
				}
				on[n] = false
			}
		}
		for _, e := range l.Entries {
			e = strings.TrimSpace(e)
			if len(e) < 2 || (e[0] != '+' && e[0] != '-') {
				continue
			}
			name := e[1:]
			if _, ok := all.Get(name); !ok {
				continue
			}
			if e[0] == '+' {
				on[name] = true
			} else {
				on[name] = false
				why[name] = [2]string{fmt.Sprintf(`removed by "-%s" in %s`, name, l.Source), fmt.Sprintf(`remove "-%s" from %s`, name, l.Source)}
			}
		}
	}
	var st Status
	var enabled []string
	for _, t := range all.Tools() {
		ts := ToolStatus{Name: t.Name(), Description: Summary(t.Description())}
		if on[t.Name()] && !HasTag(t, TagModelOnly) {
			enabled = append(enabled, t.Name())
			st.Active = append(st.Active, ts)
			continue
		}
		w := why[t.Name()]
		ts.Reason, ts.Enable = w[0], w[1]
		st.Inactive = append(st.Inactive, ts)
	}
	st.Unknown = unknown
	return all.Subset(enabled), st
}

// String renders the report for a terminal.
func (s Status) String() string {
	var b strings.Builder
	// The name column fits the longest name (ask_user_question), at least 14.
	w := 14
	for _, t := range slices.Concat(s.Active, s.Inactive) {
		w = max(w, len(t.Name))
	}
	fmt.Fprintf(&b, "Active tools (%d):\n", len(s.Active))
	for _, t := range s.Active {
		fmt.Fprintf(&b, "  %-*s %s\n", w, t.Name, t.Description)
	}
	if len(s.Inactive) > 0 {
		fmt.Fprintf(&b, "\nInactive tools (%d):\n", len(s.Inactive))
		for _, t := range s.Inactive {
			fmt.Fprintf(&b, "  %-*s %s\n  %-*s to enable: %s\n", w, t.Name, t.Reason, w, "", t.Enable)
		}
	}
	if len(s.Unknown) > 0 {
		fmt.Fprintf(&b, "\nSelected names that match no tool (%d):\n", len(s.Unknown))
		for _, u := range s.Unknown {
			fmt.Fprintf(&b, "  %-*s in %s", w, u.Name, u.Source)
			if u.Suggestion != "" {
				fmt.Fprintf(&b, " (did you mean %q?)", u.Suggestion)
			}
			b.WriteByte('\n')
		}
	}
	return b.String()
}

// Summary is the first sentence of a tool description, at most 100
// characters: what one line of a report has room for.
func Summary(desc string) string {
	s := strings.TrimSpace(desc)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = strings.TrimSpace(s[:i])
	}
	if i := strings.Index(s, ". "); i >= 0 {
		s = s[:i+1]
	}
	if r := []rune(s); len(r) > 100 {
		s = strings.TrimSpace(string(r[:99])) + "…"
	}
	return s
}

// suggest returns the registered name closest to name (edit distance ≤ 2),
// or "".
func suggest(name string, names []string) string {
	best, bestD := "", 3
	sort.Strings(names)
	for _, n := range names {
		if d := textdist.Distance(strings.ToLower(name), n); d < bestD {
			best, bestD = n, d
		}
	}
	return best
}

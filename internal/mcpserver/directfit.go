package mcpserver

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
)

// longString is the length past which a string is body text (a command's
// output, a diff, a file's lines), which the text content already holds.
const longString = 256

// omittedDoc describes the omitted field serve adds to each direct tool's
// output schema.
const omittedDoc = "the fields this structured copy leaves out (sent empty) or holds in part (a list's first items; " +
	"items without their own lists, as fileMatches[].matches) to stay within the text's size (at least 2 KB): " +
	"the text content holds them (a script's call gets everything)"

// fitStructured is a direct call's structuredContent beside text: at most
// max(len(text), minStructuredBudget) bytes of JSON, because a host that
// forwards both to a model pays for both. A result within that is sent
// whole. Over it, the facts (numbers, flags, short strings) always go in,
// and each field, smallest first, in the most complete form that fits:
// whole when it holds no long string; its long strings empty (never a
// second copy of the text's body); for a list, its items without their own
// lists (a search's files without their matching lines), then its first
// items; empty at last. "omitted" names every field so left out or held
// in part, by its path ("output", "fileMatches[].matches", "files"). A
// result that still does not fit (its fields' names alone pass the budget)
// is shortened as bound does, all but omitted.
func fitStructured(v any, text string) any {
	budget := max(len(text), minStructuredBudget)
	raw, err := json.Marshal(v)
	if err != nil || len(raw) <= budget {
		return v
	}
	var x any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if dec.Decode(&x) != nil {
		return v
	}
	m, ok := x.(map[string]any)
	if !ok {
		return v
	}
	// The fill leaves room for omitted: a guess, then what it took.
	var out map[string]any
	for reserve := structuredReserve; ; {
		var f fitter
		out = f.object(m, budget-reserve, "")
		if len(f.omitted) > 0 {
			out["omitted"] = f.omitted
		}
		if len(marshal(out)) <= budget {
			return out
		}
		need := len(marshal(f.omitted)) + len(`,"omitted":`)
		if need <= reserve {
			break
		}
		reserve = need
	}
	// Only the fields' names pass the budget now: cut what is left, never
	// the list of what was left out.
	fitted := map[string]json.RawMessage{}
	for k, v := range out {
		fitted[k] = marshal(v)
	}
	omitted, ok := fitted["omitted"]
	delete(fitted, "omitted")
	fitted = shrinkTo(fitted, budget-len(omitted)-len(`,"omitted":`))
	if ok {
		fitted["omitted"] = omitted
	}
	return fitted
}

// fitter fills a structuredContent within a budget and records what it
// left out.
type fitter struct{ omitted []string }

func (f *fitter) omit(path string) {
	if !slices.Contains(f.omitted, path) {
		f.omitted = append(f.omitted, path)
	}
}

// object puts m's fields within room bytes, smallest first, so the facts
// always go in and the largest field takes what is left.
func (f *fitter) object(m map[string]any, room int, path string) map[string]any {
	sizes := make(map[string]int, len(m))
	for k, v := range m {
		sizes[k] = len(marshal(v))
	}
	keys := slices.SortedFunc(maps.Keys(m), func(a, b string) int {
		if sizes[a] != sizes[b] {
			return sizes[a] - sizes[b]
		}
		return strings.Compare(a, b)
	})
	out := make(map[string]any, len(m))
	used := 2 // {}
	for _, k := range keys {
		v := f.fit(m[k], room-used-len(k)-4, join(path, k))
		out[k], used = v, used+len(k)+4+len(marshal(v))
	}
	return out
}

// fit is v's most complete form within room bytes.
func (f *fitter) fit(v any, room int, path string) any {
	switch x := v.(type) {
	case string:
		if len(x) > longString {
			f.omit(path)
			return ""
		}
	case map[string]any:
		if !hasLong(x) && len(marshal(x)) <= room {
			return x
		}
		return f.object(x, room, path)
	case []any:
		return f.list(x, room, path)
	}
	return v
}

// list is items' most complete form within room bytes: whole, without
// long strings, without the items' own lists, then the first items of
// that.
func (f *fitter) list(items []any, room int, path string) []any {
	if !hasLong(items) && len(marshal(items)) <= room {
		return items
	}
	var sub fitter
	whole := items
	for _, keepLists := range []bool{true, false} {
		sub = fitter{}
		cleaned := make([]any, len(whole))
		for i, it := range whole {
			cleaned[i] = sub.clean(it, path+"[]", keepLists)
		}
		items = cleaned
		if len(marshal(cleaned)) <= room {
			for _, p := range sub.omitted {
				f.omit(p)
			}
			return cleaned
		}
	}
	used, n := 2, 0 // []
	for n < len(items) {
		size := len(marshal(items[n])) + 1
		if used+size > room {
			break
		}
		used, n = used+size, n+1
	}
	for _, p := range sub.omitted {
		f.omit(p)
	}
	f.omit(path)
	return items[:n]
}

// clean is v without its long strings and, unless keepLists, with its
// lists empty.
func (f *fitter) clean(v any, path string, keepLists bool) any {
	switch x := v.(type) {
	case string:
		if len(x) > longString {
			f.omit(path)
			return ""
		}
	case []any:
		if !keepLists {
			if len(x) > 0 {
				f.omit(path)
			}
			return []any{}
		}
		out := make([]any, len(x))
		for i := range x {
			out[i] = f.clean(x[i], path+"[]", keepLists)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = f.clean(e, join(path, k), keepLists)
		}
		return out
	}
	return v
}

// hasLong reports whether v holds a string over longString bytes.
func hasLong(v any) bool {
	switch x := v.(type) {
	case string:
		return len(x) > longString
	case []any:
		return slices.ContainsFunc(x, hasLong)
	case map[string]any:
		for _, e := range x {
			if hasLong(e) {
				return true
			}
		}
	}
	return false
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// withOmitted is a direct tool's output schema with the omitted field
// fitStructured may add (hosts that validate structuredContent, as the
// TypeScript SDK does, refuse a field the schema does not declare).
func withOmitted(s *jsonschema.Schema) *jsonschema.Schema {
	if s == nil || s.Type != "object" || s.Properties["omitted"] != nil {
		return s
	}
	c := *s
	c.Properties = maps.Clone(s.Properties)
	if c.Properties == nil {
		c.Properties = map[string]*jsonschema.Schema{}
	}
	c.Properties["omitted"] = &jsonschema.Schema{Type: "array", Items: &jsonschema.Schema{Type: "string"}, Description: omittedDoc}
	if c.PropertyOrder != nil {
		c.PropertyOrder = append(slices.Clip(s.PropertyOrder), "omitted")
	}
	return &c
}

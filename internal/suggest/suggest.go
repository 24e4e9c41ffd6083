// Package suggest finds the names nearest a misspelt one, for "did you
// mean" hints (tool selections, tools.* in scripts).
package suggest

import (
	"sort"
	"strings"
)

// Nearest returns up to n candidates close to name, nearest first: by edit
// distance (case, "-" and "_" ignored) within a third of the name's length
// (at least 2), or sharing a prefix of 3 or more characters.
func Nearest(name string, candidates []string, n int) []string {
	key := func(s string) string { return strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(s)) }
	k := key(name)
	limit := max(2, len(k)/3)
	type hit struct {
		name string
		d    int
	}
	var hits []hit
	seen := map[string]bool{}
	for _, c := range candidates {
		if seen[c] {
			continue
		}
		seen[c] = true
		ck := key(c)
		d := Distance(k, ck)
		prefix := len(k) >= 3 && len(ck) >= 3 && (strings.HasPrefix(ck, k) || strings.HasPrefix(k, ck))
		if d > limit && !prefix {
			continue
		}
		hits = append(hits, hit{c, d})
	}
	sort.SliceStable(hits, func(i, j int) bool { return hits[i].d < hits[j].d })
	var out []string
	for i := 0; i < len(hits) && i < n; i++ {
		out = append(out, hits[i].name)
	}
	return out
}

// Distance is the Levenshtein distance between a and b, in runes.
func Distance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			cost := 1
			if ra[i-1] == rb[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

package bindings

import (
	"math"
	"sort"
	"strings"
	"unicode"

	"github.com/atomic-script/atomic-script/tools"
)

// searchIndex ranks tools for searchTools() with BM25 over each tool's name
// (weighted ×3), parameter names (×2) and description (×1).
type searchIndex struct {
	docs  []searchDoc
	df    map[string]int
	avgdl float64
}

type searchDoc struct {
	entry *Entry
	tf    map[string]float64
	len   float64
}

// SearchResult is one searchTools() hit.
type SearchResult struct {
	Name        string `json:"name"`
	Description string `json:"description"`
	Namespace   string `json:"namespace,omitempty"`
}

func newSearchIndex(entries []Entry) *searchIndex {
	ix := &searchIndex{df: map[string]int{}}
	total := 0.0
	for i := range entries {
		e := &entries[i]
		d := searchDoc{entry: e, tf: map[string]float64{}}
		add := func(text string, w float64) {
			for _, t := range tokenize(text) {
				d.tf[t] += w
				d.len += w
			}
		}
		add(e.Name, 3)
		add(strings.Join(e.Path, " "), 3)
		add(e.Namespace, 2)
		if e.Input != nil {
			for name := range e.Input.Properties {
				add(name, 2)
			}
		}
		add(e.Description, 1)
		for t := range d.tf {
			ix.df[t]++
		}
		total += d.len
		ix.docs = append(ix.docs, d)
	}
	if len(ix.docs) > 0 {
		ix.avgdl = total / float64(len(ix.docs))
	}
	return ix
}

// searchDefaultLimit is how many tools searchTools returns unless told.
const searchDefaultLimit = 5

// searchFloor is the share of the best score a hit must reach: a query's
// words that many descriptions share ("file", "task") give every tool a
// small score, and a model reading eight weak hits learns less than from
// three strong ones.
const searchFloor = 0.4

// exactNameBonus ranks a tool whose name is the query first.
const exactNameBonus = 100

// search returns up to limit (default 5) entries ranked for query, limited
// to namespace when it is set, and how many cleared the floor in total
// (hits below searchFloor × the best relevance are left out). Each result
// carries a one-line brief; describeTool gives the rest. An empty query
// lists every tool in catalog order.
func (ix *searchIndex) search(query, namespace string, limit int) ([]SearchResult, int) {
	if limit <= 0 {
		limit = searchDefaultLimit
	}
	terms := queryTerms(query)
	type scored struct {
		i        int
		score    float64
		relevant float64 // the BM25 part, without the exact-name bonus
	}
	var hits []scored
	best := 0.0
	n := float64(len(ix.docs))
	const k1, b = 1.2, 0.75
	for i, d := range ix.docs {
		if namespace != "" && d.entry.Namespace != namespace {
			continue
		}
		if len(terms) == 0 {
			hits = append(hits, scored{i, 0, 0})
			continue
		}
		s := 0.0
		for _, t := range terms {
			tf := d.tf[t]
			if tf == 0 {
				continue
			}
			idf := math.Log(1 + (n-float64(ix.df[t])+0.5)/(float64(ix.df[t])+0.5))
			s += idf * tf * (k1 + 1) / (tf + k1*(1-b+b*d.len/ix.avgdl))
		}
		h := scored{i, s, s}
		if q := strings.TrimSpace(query); strings.EqualFold(q, d.entry.Name) || strings.EqualFold(q, d.entry.LocalName()) {
			h.score += exactNameBonus
		}
		if h.score > 0 {
			hits = append(hits, h)
			best = max(best, s)
		}
	}
	kept := hits[:0]
	for _, h := range hits {
		if h.score >= exactNameBonus || h.relevant >= searchFloor*best {
			kept = append(kept, h)
		}
	}
	hits = kept
	sort.SliceStable(hits, func(a, b int) bool { return hits[a].score > hits[b].score })
	total := len(hits)
	if len(hits) > limit {
		hits = hits[:limit]
	}
	out := make([]SearchResult, 0, len(hits))
	for _, h := range hits {
		e := ix.docs[h.i].entry
		out = append(out, SearchResult{Name: e.LocalName(), Description: tools.Summary(e.Description), Namespace: e.Namespace})
	}
	return out, total
}

// queryTerms are the words of a query that say something: English
// function words match nearly every description and would rank by length.
// A query of nothing else keeps them.
func queryTerms(query string) []string {
	all := tokenize(query)
	var out []string
	for _, t := range all {
		if !stopWords[t] {
			out = append(out, t)
		}
	}
	if len(out) == 0 {
		return all
	}
	return out
}

// stopWords are tokenized as queries are (so "this" is stored as tokenize
// makes it).
var stopWords = func() map[string]bool {
	m := map[string]bool{}
	for _, w := range tokenize("a an the and or of in on to for it is with by from at as its this that into be are how do does i me my what which") {
		m[w] = true
	}
	return m
}()

// tokenize lowercases text and splits it into words at non-alphanumerics and
// camelCase boundaries ("readFile" → "read", "file"; "bash_output" → "bash",
// "output"). Plural "s" is stripped so "files" finds "file".
func tokenize(text string) []string {
	var out []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			w := strings.ToLower(string(cur))
			if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
				w = w[:len(w)-1]
			}
			out = append(out, w)
			cur = cur[:0]
		}
	}
	var prev rune
	for _, r := range text {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r):
			if unicode.IsUpper(r) && unicode.IsLower(prev) {
				flush()
			}
			cur = append(cur, r)
		default:
			flush()
		}
		prev = r
	}
	flush()
	return out
}

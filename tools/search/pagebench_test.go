package search

import (
	"fmt"
	"os"
	"testing"
)

// BenchmarkPagesTree pages through every result of a pattern in pages of
// 20 files over the tree named by SEARCH_BENCH_ROOT (skipped without it),
// beside the same search in one call (limit 0).
func BenchmarkPagesTree(b *testing.B) {
	root := os.Getenv("SEARCH_BENCH_ROOT")
	if root == "" {
		b.Skip("SEARCH_BENCH_ROOT names no tree")
	}
	pat := os.Getenv("SEARCH_BENCH_PATTERN")
	if pat == "" {
		pat = "^package "
	}
	tool := Search()
	b.Run("pages", func(b *testing.B) {
		for b.Loop() {
			env := newEnv(b, root)
			for skip := 0; ; {
				res, text := call(b, tool, env, fmt.Sprintf(`{"pattern":%q,"skip":%d}`, pat, skip))
				if res.Structured == nil {
					b.Fatal(text)
				}
				r := res.Structured.(*SearchResult)
				if r.NextSkip == 0 {
					break
				}
				skip = r.NextSkip
			}
		}
	})
	b.Run("all", func(b *testing.B) {
		for b.Loop() {
			env := newEnv(b, root)
			call(b, tool, env, fmt.Sprintf(`{"pattern":%q,"limit":0}`, pat))
		}
	})
}

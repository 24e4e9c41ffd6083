package engine

import (
	"hash/maphash"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// TestCutLogMerge: what calls showed is kept merged per key (overlapping
// and touching stretches joined, a stretch to the end included), and a
// cut's rest counts as fetched exactly when some stretch of its key holds
// its position.
func TestCutLogMerge(t *testing.T) {
	shows := func(ss ...[2]int) tools.Result {
		var r tools.Result
		for _, s := range ss {
			r.Shows = append(r.Shows, tools.Shown{Key: "k", First: s[0], Last: s[1]})
		}
		return r
	}
	var l cutLog
	l.add("1", "read", 1, shows([2]int{10, 20}, [2]int{40, 50}))
	l.add("2", "read", 2, shows([2]int{21, 25}))                 // touches 10-20
	l.add("3", "read", 3, shows([2]int{60, math.MaxInt}))        // to the end
	l.add("4", "read", 4, shows([2]int{30, 30}, [2]int{45, 55})) // inside a gap; overlaps 40-50
	l.add("5", "read", 5, tools.Result{Shows: []tools.Shown{{Key: "other", First: 1, Last: 100}}})
	want := []interval{{10, 25}, {30, 30}, {40, 55}, {60, math.MaxInt}}
	if got := l.shown[maphashOf(&l, "k")]; !slices.Equal(got, want) {
		t.Fatalf("merged %v, want %v", got, want)
	}
	for at, want := range map[int]bool{9: false, 10: true, 25: true, 26: false, 29: false, 30: true, 31: false, 39: false, 55: true, 56: false, 59: false, 60: true, math.MaxInt: true} {
		if got := l.fetched("k", at); got != want {
			t.Errorf("fetched(k, %d) = %v, want %v", at, got, want)
		}
	}
	if l.fetched("none", 1) || !l.fetched("other", 100) || l.fetched("other", 101) {
		t.Error("fetched mixes keys up")
	}
}

// TestCutLogBounded: past maxCutCalls calls with cuts the run keeps none
// and says how many it did not check; calls that only show are merged.
func TestCutLogBounded(t *testing.T) {
	var l cutLog
	cut := tools.Result{Cuts: []tools.Cut{{Key: "k", At: 2, Kind: "rows", Item: "1 of 2 rows", Missed: "did not fetch the rest"}}}
	for i := range maxCutCalls + 3 {
		l.add("x", "search", i, cut)
		l.add("y", "read", i, tools.Result{Shows: []tools.Shown{{Key: "s", First: i + 1, Last: i + 1}}})
	}
	if len(l.calls) != maxCutCalls || len(l.shown) != 1 || len(l.shown[maphashOf(&l, "s")]) != 1 {
		t.Fatalf("kept %d calls and %d keys, %v", len(l.calls), len(l.shown), l.shown[maphashOf(&l, "s")])
	}
	w := l.warnings()
	if len(w) != maxCutWarnings+2 || !strings.HasPrefix(w[maxCutWarnings], "9995 more results cut by a limit were not fetched") || w[len(w)-1] != "3 more calls had results cut by a limit; whether the script fetched the rest was not checked" {
		t.Fatalf("warnings %q", w)
	}
}

func maphashOf(l *cutLog, key string) uint64 { return maphash.String(l.seed, key) }

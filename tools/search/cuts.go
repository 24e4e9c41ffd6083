package search

import (
	"encoding/json"
	"fmt"
	"math"
	"time"

	"github.com/atomic-script/atomic-script/tools"
)

// What a search or find result shows and what its limits cut, for the
// run's warning about a cut result the script never fetched the rest of
// (tools.Result.Shows and Cuts). Positions are 1-based: a query's matching
// files (or paths) in order, a file's matches in order, a file's lines.
// A result that reached the end shows up to math.MaxInt.

// searchFilesKey names the matching files of a search query, in order: a
// page with another skip or limit shows other positions of the same list.
func searchFilesKey(env *tools.Env, a searchArgs) string {
	a.Skip, a.Limit = nil, nil
	return "search files\x00" + queryJSON(env, a)
}

// searchRowsKey names the matches of a pattern in one file (within its
// line selector): a search of the file alone, or one with limit, shows
// more of them than a page of many files.
func searchRowsKey(a searchArgs, f shownFile) string {
	ignoreCase := false
	switch {
	case a.I != nil:
		ignoreCase = *a.I
	case a.Case != nil:
		ignoreCase = !*a.Case
	}
	return fmt.Sprintf("search rows\x00%q\x00%v\x00%s\x00%v", a.Pattern, ignoreCase, f.abs, f.ranges)
}

// findKey names the paths a find query lists, in order.
func findKey(env *tools.Env, a findArgs) string {
	a.Skip, a.Limit, a.Timeout = nil, nil, 0
	return "find\x00" + queryJSON(env, a)
}

// queryJSON is a query's arguments with the root and owner they resolve
// against.
func queryJSON(env *tools.Env, args any) string {
	b, _ := json.Marshal(struct {
		Root, Owner string
		Args        any
	}{env.Root, env.Owner, args})
	return string(b)
}

// lastShown is the last position a list shows: its end when nothing
// follows it.
func lastShown(last int, complete bool) int {
	if complete {
		return math.MaxInt
	}
	return last
}

// searchCuts is what res shows and what its limits cut.
func searchCuts(env *tools.Env, a searchArgs, res *SearchResult, p pagePlan) (shows []tools.Shown, cuts []tools.Cut) {
	if !p.single {
		key := searchFilesKey(env, a)
		shows = append(shows, tools.Shown{Key: key, First: res.Skip + 1, Last: lastShown(res.Skip+res.FileCount, res.NextSkip == 0 && !res.CollectionLimitReached)})
		if res.NextSkip > 0 {
			limit := fmt.Sprintf("%d files a page", searchFileLimit)
			switch {
			case p.every:
				limit = fmt.Sprintf("limit %d match rows", p.limit)
			case res.OutputLimitReached:
				limit = "the 50 KB output cap"
			}
			cuts = append(cuts, tools.Cut{Key: key, At: res.NextSkip + 1, Kind: "page",
				Item:   fmt.Sprintf("matching files %d to %d, and more on later pages", res.Skip+1, res.Skip+res.FileCount),
				Limit:  limit,
				Missed: "did not page on",
				Rest:   fmt.Sprintf("call again with skip: %d, or pass limit: 0 for every match at once", res.NextSkip)})
		}
	}
	for i, f := range res.FileMatches {
		sf := res.shown[i]
		key := searchRowsKey(a, sf)
		shown := len(f.Matches)
		shows = append(shows, tools.Shown{Key: key, First: 1, Last: lastShown(shown, shown >= f.Count)})
		if shown < f.Count {
			kind, limit := "rows", fmt.Sprintf("%d rows a file in a multi-file search", p.perFile)
			if p.single {
				limit = fmt.Sprintf("%d rows in a single-file search", p.perFile)
			}
			if shown < min(f.Count, p.perFile) {
				kind, limit = "output", "the 50 KB output cap"
			}
			rest := "pass limit: 0 for every match of every file"
			if p.single {
				rest = "pass limit: 0 for every match"
			}
			cuts = append(cuts, tools.Cut{Key: key, At: shown + 1, Kind: kind,
				Item: fmt.Sprintf("%d of %d matches in %s", shown, f.Count, f.Path), Unit: "file",
				Lead: "showed", Limit: limit, Missed: "did not fetch the rest", Rest: rest})
		}
	}
	return shows, append(cuts, lineCuts(res)...)
}

// lineCuts are the matches whose text a limit cut: a line over 50 KiB,
// or one past the result's 64 KiB of match text.
func lineCuts(res *SearchResult) []tools.Cut {
	var cuts []tools.Cut
	for i, f := range res.FileMatches {
		for _, m := range f.Matches {
			if !m.Truncated {
				continue
			}
			rest := fmt.Sprintf("read %s:%d", f.Path, m.Line)
			if len(m.Text) >= structuredLineCap-utf8Max {
				rest = fmt.Sprintf("read %s:raw for a line over 50 KiB", f.Path)
			}
			cuts = append(cuts, tools.Cut{Key: tools.FileLines(res.shown[i].abs), At: m.Line, Kind: "line",
				Item: fmt.Sprintf("line %d of %s", m.Line, f.Path), Unit: "line",
				Lead: "cut the text of", Limit: "a match keeps 50 KiB of its line, and a result 64 KiB of match text",
				Missed: "did not read them", Rest: rest})
		}
	}
	return cuts
}

// utf8Max is the longest UTF-8 encoding of a character: a line cut at a
// character boundary before 50 KiB is this much shorter at most.
const utf8Max = 4

// findCuts is what res shows and what its limits cut.
func findCuts(env *tools.Env, a findArgs, res *FindResult, timeout time.Duration) (shows []tools.Shown, cuts []tools.Cut) {
	key := findKey(env, a)
	shows = []tools.Shown{{Key: key, First: res.Skip + 1, Last: lastShown(res.Skip+res.FileCount, !res.Truncated)}}
	if res.NextSkip > 0 {
		item := fmt.Sprintf("%d of %d paths", res.FileCount, res.TotalFound)
		if res.Skip > 0 {
			item = fmt.Sprintf("paths %d to %d of %d", res.Skip+1, res.Skip+res.FileCount, res.TotalFound)
		}
		limit := fmt.Sprintf("limit %d", res.Limit)
		if res.ListLimitReached {
			limit = "a result lists at most 32 KiB of paths"
		}
		cuts = append(cuts, tools.Cut{Key: key, At: res.NextSkip + 1, Kind: "page", Item: item, Limit: limit,
			Lead: "returned", Missed: "did not page on",
			Rest: fmt.Sprintf("call again with skip: %d, or pass limit: 0 for every path", res.NextSkip)})
	}
	if res.TimedOut {
		cuts = append(cuts, tools.Cut{Key: key, At: res.TotalFound + 1, Kind: "timeout",
			Item:   fmt.Sprintf("the scan stopped with %d paths found", res.TotalFound),
			Limit:  "timeout " + timeout.String(),
			Missed: "did not scan again",
			Rest:   fmt.Sprintf("pass a larger timeout (seconds, at most %d) or narrower paths", findMaxTimeout)})
	}
	return shows, cuts
}

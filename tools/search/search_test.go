package search

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/google/jsonschema-go/jsonschema"
)

// writeFiles creates files (relative path -> content) under root.
func writeFiles(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for p, c := range files {
		full := filepath.Join(root, p)
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(c), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func searchResult(t *testing.T, env *tools.Env, args string) *SearchResult {
	t.Helper()
	res, text := call(t, Search(), env, args)
	if strings.HasPrefix(text, "ERROR") {
		t.Fatal(text)
	}
	return res.Structured.(*SearchResult)
}

func TestSearchPaging(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 45; i++ {
		files[fmt.Sprintf("d%02d/f.txt", i)] = "x\nneedle\n"
	}
	writeFiles(t, root, files)
	env := newEnv(t, root)
	cases := []struct {
		skip      int
		first     string
		shown     int
		next      int
		wantInTxt string
	}{
		{0, "d00/f.txt", 20, 20, "[20 matching files shown. Use skip=20 to view more.]"},
		{20, "d20/f.txt", 20, 40, "[20 matching files shown. Use skip=40 to view more.]"},
		{40, "d40/f.txt", 5, 0, "[d44/f.txt#"},
		{45, "", 0, 0, "No more results (skip=45)"},
	}
	for _, c := range cases {
		r := searchResult(t, env, fmt.Sprintf(`{"pattern":"needle","skip":%d}`, c.skip))
		if r.FileCount != c.shown || r.NextSkip != c.next || !strings.Contains(r.Text, c.wantInTxt) {
			t.Errorf("skip=%d: shown %d next %d text:\n%s", c.skip, r.FileCount, r.NextSkip, r.Text)
		}
		if c.shown > 0 && r.Files[0] != c.first {
			t.Errorf("skip=%d: first file %s, want %s", c.skip, r.Files[0], c.first)
		}
		if (c.next > 0) != (r.FileLimitReached == searchFileLimit && r.Meta.Limits.FileLimit == searchFileLimit) {
			t.Errorf("skip=%d: fileLimitReached=%d meta=%d", c.skip, r.FileLimitReached, r.Meta.Limits.FileLimit)
		}
	}
}

func TestSearchPerFileLimits(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{
		"many.txt":  strings.Repeat("hit\n", 250),
		"other.txt": "hit\n",
	})
	env := newEnv(t, root)
	r := searchResult(t, env, `{"pattern":"hit"}`)
	// Collection counts up to the limit + 1; rendering recounts exactly.
	if got := r.FileMatches[0]; got.Count != 250 || got.Path != "many.txt" {
		t.Errorf("multi-file: %s count %d", got.Path, got.Count)
	}
	if len(r.FileMatches[0].Matches) != 20 || !strings.Contains(r.Text, "[20 of 250 matches in this file shown; search the file alone to see up to 200]") {
		t.Errorf("multi-file cap:\n%s", r.Text)
	}
	r = searchResult(t, env, `{"pattern":"hit","paths":"many.txt","skip":5}`)
	if len(r.FileMatches[0].Matches) != 200 || !strings.Contains(r.Text, "[200 of 250 matches in this file shown]") ||
		!strings.Contains(r.Text, "[skip is ignored for single-file search; refine the pattern/path or search a directory to page matching files.]") {
		t.Errorf("single-file cap: %d matches\n%s", len(r.FileMatches[0].Matches), r.Text[len(r.Text)-300:])
	}
}

// TestSearchPagingReachesEveryMatch: a script that pages by nextSkip sees
// every matching file and every match count (issue 20: paging stopped after
// 2,000 matches, 100 files of 20, with only collectionLimitReached to say so).
func TestSearchPagingReachesEveryMatch(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 150; i++ {
		files[fmt.Sprintf("f%03d.txt", i)] = strings.Repeat("hit\n", 30)
	}
	writeFiles(t, root, files)
	env := newEnv(t, root)
	seen := map[string]int{}
	skip, pages := 0, 0
	for {
		r := searchResult(t, env, fmt.Sprintf(`{"pattern":"hit","skip":%d}`, skip))
		pages++
		if r.CollectionLimitReached {
			t.Fatalf("skip=%d: collectionLimitReached\n%s", skip, tail(r.Text))
		}
		for _, f := range r.FileMatches {
			if _, dup := seen[f.Path]; dup {
				t.Fatalf("skip=%d: %s on two pages", skip, f.Path)
			}
			seen[f.Path] = f.Count
		}
		if r.NextSkip == 0 {
			break
		}
		skip = r.NextSkip
	}
	total := 0
	for _, n := range seen {
		total += n
	}
	if len(seen) != 150 || total != 4500 || pages != 8 {
		t.Errorf("paging reached %d files and %d matches in %d pages; want 150, 4500, 8", len(seen), total, pages)
	}
}

func TestSearchOutputCap(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	line := "hit " + strings.Repeat("x", 400) + "\n"
	for i := 0; i < 20; i++ {
		files[fmt.Sprintf("f%02d.txt", i)] = strings.Repeat(line, 20)
	}
	writeFiles(t, root, files)
	r := searchResult(t, newEnv(t, root), `{"pattern":"hit"}`)
	body, _, _ := strings.Cut(r.Text, "\n\n[50.0KB")
	if !r.OutputLimitReached || len(body) > searchOutputCap || !strings.Contains(r.Text, "[50.0KB combined output limit reached]") {
		t.Errorf("len %d, limit reached %v\n%s", len(body), r.OutputLimitReached, tail(r.Text))
	}
	if !strings.Contains(r.Text, fmt.Sprintf("Use skip=%d", r.FileCount)) {
		t.Errorf("no continuation for a cut page:\n%s", tail(r.Text))
	}
	// The cap cuts the last file shown mid-way: the structured result
	// lists exactly the match rows of the text.
	if got, want := structuredRows(r), textMatchRows(r.Text); got != want || r.ShownMatchCount != strings.Count(r.Text, "\n*") {
		t.Errorf("structured rows differ from the text:\n got %s\nwant %s\nshownMatchCount %d", got, want, r.ShownMatchCount)
	}
	total := 0
	for _, f := range r.FileMatches {
		total += f.Count
	}
	if r.MatchCount != total || r.MatchCount <= r.ShownMatchCount || !r.Truncated {
		t.Errorf("matchCount %d (files' counts %d), shownMatchCount %d, truncated %v", r.MatchCount, total, r.ShownMatchCount, r.Truncated)
	}
	if last := r.FileMatches[len(r.FileMatches)-1]; len(last.Matches) == 0 || len(last.Matches) == last.Count {
		t.Errorf("the cap should cut the last file mid-way: %d of %d rows", len(last.Matches), last.Count)
	}
}

// structuredRows lists "path:line" for each structured match row.
func structuredRows(r *SearchResult) string {
	var b strings.Builder
	for _, f := range r.FileMatches {
		for _, m := range f.Matches {
			fmt.Fprintf(&b, "%s:%d ", f.Path, m.Line)
		}
	}
	return b.String()
}

// textMatchRows lists "path:line" for each "*N:" row of a search text.
func textMatchRows(text string) string {
	var b strings.Builder
	file := ""
	for _, l := range strings.Split(text, "\n") {
		if p, _, ok := strings.Cut(strings.TrimPrefix(l, "["), "#"); ok && strings.HasPrefix(l, "[") {
			file = p
		}
		if n, _, ok := strings.Cut(strings.TrimPrefix(l, "*"), ":"); ok && strings.HasPrefix(l, "*") {
			fmt.Fprintf(&b, "%s:%s ", file, n)
		}
	}
	return b.String()
}

// Every file shown is recorded in the session store under its absolute
// path, with the tag its header shows, so edit can use it.
func TestSearchRecordsSnapshots(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "one\nneedle\r\n", "sub/b.txt": "needle  \n", "c.txt": "nothing\n"})
	env := newEnv(t, root)
	r := searchResult(t, env, `{"pattern":"needle"}`)
	if len(r.FileMatches) != 2 {
		t.Fatalf("files: %+v", r.Files)
	}
	for _, f := range r.FileMatches {
		abs := filepath.Join(root, f.Path)
		content, _ := os.ReadFile(abs)
		if f.Tag != hashline.Tag(string(content)) || !strings.Contains(r.Text, "["+f.Path+"#"+f.Tag+"]") {
			t.Errorf("%s: tag %s, want %s", f.Path, f.Tag, hashline.Tag(string(content)))
		}
		if text, ok := env.Session.Snapshots.Lookup(abs, f.Tag); !ok || text != hashline.Normalize(string(content)) {
			t.Errorf("%s: snapshot not recorded under %s", f.Path, abs)
		}
	}
	if _, _, ok := env.Session.Snapshots.Head(filepath.Join(root, "c.txt")); ok {
		t.Error("a file not shown was recorded")
	}
}

func TestSearchProgressAndCancel(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 300; i++ {
		files[fmt.Sprintf("d%d/f%d.txt", i%10, i)] = strings.Repeat("some text\n", 200)
	}
	writeFiles(t, root, files)
	env := newEnv(t, root)
	old := progressInterval
	progressInterval = time.Microsecond
	defer func() { progressInterval = old }()
	var n atomic.Int64
	var last atomic.Value
	ctx := tools.WithProgress(context.Background(), func(p tools.Progress) {
		n.Add(1)
		last.Store(p.Message)
	})
	for _, c := range []struct {
		tool         tools.Tool
		args, prefix string
	}{
		{Search(), `{"pattern":"absent"}`, "search: "},
		{Find(), `{"paths":"."}`, "find: "},
	} {
		// A scan of a few milliseconds can end before the reporter first
		// runs on a loaded machine; a tool that never reports fails all
		// twenty tries.
		n.Store(0)
		for try := 0; try < 20 && n.Load() == 0; try++ {
			if _, err := tools.Invoke(ctx, c.tool, env, json.RawMessage(c.args)); err != nil {
				t.Fatal(err)
			}
		}
		if msg, _ := last.Load().(string); n.Load() == 0 || !strings.HasPrefix(msg, c.prefix) {
			t.Errorf("%s: %d progress reports, last %q", c.tool.Name(), n.Load(), msg)
		}
	}
	cctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Search().Run(cctx, env, json.RawMessage(`{"pattern":"absent"}`)); tools.CodeOf(err) != tools.ErrCancelled {
		t.Errorf("cancelled search: %v (%s)", err, tools.CodeOf(err))
	}
}

func TestFindTimeoutKeepsPartialResults(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 2000; i++ {
		files[fmt.Sprintf("d%d/e%d/f%d.txt", i%20, i%7, i)] = ""
	}
	writeFiles(t, root, files)
	res, text := call(t, Find(), newEnv(t, root), `{"paths":".","timeout":0.000001}`)
	r, ok := res.Structured.(*FindResult)
	if !ok || !r.TimedOut || !r.Truncated || !strings.Contains(text, "Timed out after 1µs; results are partial") {
		t.Errorf("timeout: %v\n%s", ok, tail(text))
	}
}

func TestSchemas(t *testing.T) {
	for _, tool := range Tools() {
		if tool.InputSchema() == nil || tool.Description() == "" {
			t.Errorf("%s: missing schema or description", tool.Name())
		}
		if _, err := json.Marshal(tool.InputSchema()); err != nil {
			t.Errorf("%s: %v", tool.Name(), err)
		}
	}
	env := newEnv(t, t.TempDir())
	for _, c := range []struct {
		tool       tools.Tool
		args, want string
	}{
		{Search(), `{"pattern":"x","path":"a"}`, "ERROR ERR_INVALID_ARGS"},
		{Search(), `{"pattern":"x","skip":-1}`, "ERROR ERR_INVALID_ARGS"},
		{Search(), `{"pattern":"x","paths":7}`, "ERROR ERR_INVALID_ARGS"},
		{Find(), `{}`, "ERROR ERR_INVALID_ARGS"},
		{Find(), `{"paths":"x","limit":-1}`, "ERROR ERR_INVALID_ARGS"},
		{Find(), `{"paths":"x","skip":-1}`, "ERROR ERR_INVALID_ARGS"},
		{Find(), `{"paths":"x","timeout":0}`, "ERROR ERR_INVALID_ARGS"},
		{Grep(), `{"pattern":""}`, "ERROR ERR_INVALID_ARGS: Pattern must not be empty"},
	} {
		if _, got := call(t, c.tool, env, c.args); !strings.HasPrefix(got, c.want) {
			t.Errorf("%s %s: got %q, want prefix %q", c.tool.Name(), c.args, got, c.want)
		}
	}
}

func tail(s string) string {
	if len(s) > 400 {
		return "..." + s[len(s)-400:]
	}
	return s
}

// outputAsInput lets tools.Validate check a structured result against a
// tool's output schema.
type outputAsInput struct{ tools.Tool }

func (o outputAsInput) InputSchema() *jsonschema.Schema { return o.Tool.OutputSchema() }

func TestStructuredResultsMatchOutputSchema(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "needle\n", "sub/b.txt": strings.Repeat("needle\n", 30)})
	env := newEnv(t, root)
	for _, c := range []struct {
		tool tools.Tool
		args string
	}{
		{Search(), `{"pattern":"needle"}`},
		{Search(), `{"pattern":"absent","paths":["a.txt","missing"]}`},
		{Find(), `{"paths":"**/*.txt","limit":1}`},
		{Find(), `{"paths":"*.none"}`},
	} {
		res, text := call(t, c.tool, env, c.args)
		if strings.HasPrefix(text, "ERROR") {
			t.Fatal(text)
		}
		raw, err := json.Marshal(res.Structured)
		if err != nil {
			t.Fatal(err)
		}
		if err := tools.Validate(outputAsInput{c.tool}, raw); err != nil {
			t.Errorf("%s %s: %v\n%s", c.tool.Name(), c.args, err, raw)
		}
		if res.Details != res.Structured {
			t.Errorf("%s: details and structured result differ", c.tool.Name())
		}
	}
}

// The structured match text is the whole line (scripts build edits from
// it); only the text rows are cut at 512 characters with the marker.
func TestSearchStructuredTextIsWholeLine(t *testing.T) {
	root := t.TempDir()
	long := "hit " + strings.Repeat("é", 600)                          // 1204 bytes, over the row cap
	huge := "hit " + strings.Repeat("x", structuredLineCap-5) + "éend" // the cap falls inside é
	writeFiles(t, root, map[string]string{"a.txt": long + "\r\nshort hit\n" + huge + "\n"})
	r := searchResult(t, newEnv(t, root), `{"pattern":"hit","paths":"a.txt"}`)
	m := r.FileMatches[0].Matches
	cases := []struct {
		got       SearchMatch
		want      string
		truncated bool
	}{
		{m[0], long, false},
		{m[1], "short hit", false},
		{m[2], huge[:structuredLineCap-1], true},
	}
	for i, c := range cases {
		if c.got.Text != c.want || c.got.Truncated != c.truncated {
			t.Errorf("match %d: %d bytes truncated=%v, want %d bytes truncated=%v", i, len(c.got.Text), c.got.Truncated, len(c.want), c.truncated)
		}
	}
	if !strings.Contains(r.Text, "*1:hit "+strings.Repeat("é", 508)+"…... [truncated]\n") || !r.LinesTruncated {
		t.Errorf("text rows lost the 512-character cut:\n%s", tail(r.Text))
	}
}

// A leading BOM is not part of line 1 for matching or the structured
// text; the tag is still the file's.
func TestSearchStripsLeadingBOM(t *testing.T) {
	root := t.TempDir()
	raw := "\uFEFFHELLO\r\nworld\r\n"
	writeFiles(t, root, map[string]string{"bom.txt": raw})
	r := searchResult(t, newEnv(t, root), `{"pattern":"^HELLO"}`)
	if len(r.FileMatches) != 1 || r.FileMatches[0].Matches[0] != (SearchMatch{Line: 1, Text: "HELLO"}) || r.FileMatches[0].Tag != hashline.Tag(raw) {
		t.Errorf("BOM file: %+v", r.FileMatches)
	}
}

// A directory walk that meets files over the size limit says so instead of
// a silent "No matches found": up to ten by name, the rest as a count.
func TestSearchNamesTooLargeFilesInWalks(t *testing.T) {
	root := t.TempDir()
	big := "NEEDLE\n" + strings.Repeat("x", searchMaxFileBytes)
	files := map[string]string{"d/small.txt": "no\n"}
	for i := range 12 {
		files[fmt.Sprintf("d/big%02d.txt", i)] = big
	}
	writeFiles(t, root, files)
	r := searchResult(t, newEnv(t, root), `{"pattern":"NEEDLE","paths":"d"}`)
	want := []string{}
	for i := range 10 {
		want = append(want, fmt.Sprintf("d/big%02d.txt (larger than 4 MiB; read it with a line selector)", i))
	}
	want = append(want, "2 more files larger than 4 MiB")
	if !slices.Equal(r.SkippedFiles, want) {
		t.Errorf("skippedFiles = %q, want %q", r.SkippedFiles, want)
	}
	if !strings.Contains(r.Text, "[Not searched: d/big00.txt (larger than 4 MiB; read it with a line selector), ") || !strings.Contains(r.Text, "2 more files larger than 4 MiB]") {
		t.Errorf("text does not name the skipped files:\n%s", r.Text)
	}
}

// TestSearchStructuredTextBudget: a page of long lines keeps the whole
// line in the structured matches until 64 KiB of match text is used; the
// rest keep the row's first 512 bytes and say so, so the result stays
// small.
func TestSearchStructuredTextBudget(t *testing.T) {
	root := t.TempDir()
	line := "hit " + strings.Repeat("y", 30<<10) + "\n"
	writeFiles(t, root, map[string]string{"a.txt": strings.Repeat(line, 8)})
	r := searchResult(t, newEnv(t, root), `{"pattern":"hit","paths":"a.txt"}`)
	m := r.FileMatches[0].Matches
	if len(m) != 8 {
		t.Fatalf("%d matches", len(m))
	}
	total := 0
	for i, x := range m {
		total += len(x.Text)
		whole := i < 2 // two lines of 30 KiB fit in 64 KiB
		if whole != (len(x.Text) == len(line)-1) || x.Truncated == whole {
			t.Errorf("match %d: %d bytes, truncated %v", i, len(x.Text), x.Truncated)
		}
	}
	if total > structuredTextCap+8*rowTextCap {
		t.Errorf("%d bytes of match text", total)
	}
	data, _ := json.Marshal(r)
	if len(data) > 128<<10 {
		t.Errorf("the result is %d bytes", len(data))
	}
}

// TestFindListCapDirect: in a direct call (a model reads the result) the
// paths stop at 32 KiB, the text says so and names the next page, and
// the whole result stays within what a host may be sent.
func TestFindListCapDirect(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, longNames(1200))
	env := newEnv(t, root)
	env.Direct = true
	res, text := call(t, Find(), env, `{"paths":".","limit":10000}`)
	r := res.Structured.(*FindResult)
	if !r.ListLimitReached || !r.Truncated || r.TotalFound != 1200 || r.FileCount >= 1200 || r.FileCount < 500 || len(r.Files) != r.FileCount || r.NextSkip != r.FileCount {
		t.Errorf("listLimitReached %v, %d of %d listed, nextSkip %d", r.ListLimitReached, r.FileCount, r.TotalFound, r.NextSkip)
	}
	if !strings.Contains(text, fmt.Sprintf("[%d of 1200 paths shown: a result lists at most 32 KiB of paths. Use skip=%d to see more", r.FileCount, r.FileCount)) {
		t.Errorf("notice: %s", tail(text))
	}
	data, _ := json.Marshal(r)
	if len(data)+len(text) > 128<<10 {
		t.Errorf("the result is %d bytes of JSON and %d of text", len(data), len(text))
	}
	if res, _ := call(t, Find(), env, `{"paths":"."}`); len(res.Structured.(*FindResult).Files) != findDefaultLimit {
		t.Errorf("a direct call's default page is %d paths, want %d", len(res.Structured.(*FindResult).Files), findDefaultLimit)
	}
}

// TestFindScriptGetsEveryPath: a script's find returns every match by
// default, past the old 10,000 and the 32 KiB a text lists (issue 32: the
// shipped migrations stopped with "more than 10000 source files"); only
// the text is cut, and it says that files holds the rest.
func TestFindScriptGetsEveryPath(t *testing.T) {
	root := t.TempDir()
	const n = 10050
	writeFiles(t, root, longNames(n))
	for _, args := range []string{`{"paths":"**/*.txt"}`, `{"paths":"dir","limit":0}`, `{"paths":"dir","limit":20000}`} {
		res, text := call(t, Find(), newEnv(t, root), args)
		r, ok := res.Structured.(*FindResult)
		if !ok {
			t.Fatalf("%s: %s", args, text)
		}
		if r.Truncated || r.LimitReached || r.ListLimitReached || r.NextSkip != 0 || r.FileCount != n || r.TotalFound != n || len(r.Files) != n {
			t.Errorf("%s: truncated %v, %d of %d files, nextSkip %d", args, r.Truncated, len(r.Files), r.TotalFound, r.NextSkip)
		}
		if !slices.IsSorted(r.Files) || r.Files[0] != "dir/a-rather-long-file-name-00000.txt" {
			t.Errorf("%s: files not sorted from the first: %v", args, r.Files[:3])
		}
		if !r.TextLimitReached || len(text) > 40<<10 || !strings.Contains(text, fmt.Sprintf("paths returned shown here (the text lists at most 32 KiB of paths); files holds all %d]", n)) {
			t.Errorf("%s: text of %d bytes: %s", args, len(text), tail(text))
		}
	}
}

// TestFindPagesReachEveryPath: paging by nextSkip returns every path once,
// in sorted order, in scripts and direct calls alike; the last page names
// no next one.
func TestFindPagesReachEveryPath(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 103; i++ {
		files[fmt.Sprintf("d%d/sub%d/f%03d.go", i%4, i%3, i)] = ""
	}
	writeFiles(t, root, files)
	all, _ := call(t, Find(), newEnv(t, root), `{"paths":"**/*.go"}`)
	want := all.Structured.(*FindResult).Files
	if len(want) != 103 {
		t.Fatalf("%d files", len(want))
	}
	for _, direct := range []bool{false, true} {
		env := newEnv(t, root)
		env.Direct = direct
		var got []string
		pages := 0
		for skip := 0; ; pages++ {
			res, text := call(t, Find(), env, fmt.Sprintf(`{"paths":"**/*.go","limit":10,"skip":%d}`, skip))
			r := res.Structured.(*FindResult)
			got = append(got, r.Files...)
			if r.Skip != skip || r.TotalFound != 103 || r.Truncated != (r.NextSkip > 0) {
				t.Fatalf("page at %d: skip %d, totalFound %d, truncated %v, nextSkip %d", skip, r.Skip, r.TotalFound, r.Truncated, r.NextSkip)
			}
			if r.NextSkip == 0 {
				break
			}
			if !strings.Contains(text, fmt.Sprintf("Use skip=%d to see more", r.NextSkip)) {
				t.Errorf("page at %d does not name the next: %s", skip, tail(text))
			}
			skip = r.NextSkip
		}
		if !slices.Equal(got, want) || pages != 10 {
			t.Errorf("direct %v: %d pages gave %d paths, want the %d of one call in order", direct, pages+1, len(got), len(want))
		}
	}
}

// longNames returns n empty files dir/a-rather-long-file-name-NNNNN.txt.
func longNames(n int) map[string]string {
	files := map[string]string{}
	for i := 0; i < n; i++ {
		files[fmt.Sprintf("dir/a-rather-long-file-name-%05d.txt", i)] = ""
	}
	return files
}

// TestSearchPatternSizeLimit: a pattern over the limit is refused before
// it is compiled, with ERR_LIMIT and what to do instead (a 1–3 MiB
// alternation compiled for seconds, uncancellably, at 64× its size); one
// at the limit is searched.
func TestSearchPatternSizeLimit(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": "needle\n"})
	env := newEnv(t, root)
	alternation := func(size int) string {
		var b strings.Builder
		for i := 0; b.Len() < size; i++ {
			fmt.Fprintf(&b, "word%d|", i)
		}
		return b.String()[:size-len("|needle")] + "|needle"
	}
	for _, size := range []int{1 << 20, 3 << 20, MaxPatternBytes + 1} {
		args, _ := json.Marshal(map[string]any{"pattern": alternation(size), "paths": []string{root}})
		_, text := call(t, Search(), env, string(args))
		if !strings.HasPrefix(text, "ERROR ERR_LIMIT") || !strings.Contains(text, fmt.Sprint(size)) || !strings.Contains(text, "split") {
			t.Errorf("a %d-byte pattern: %.300s", size, text)
		}
	}
	args, _ := json.Marshal(map[string]any{"pattern": alternation(MaxPatternBytes), "paths": []string{root}})
	if _, text := call(t, Search(), env, string(args)); !strings.Contains(text, "needle") || strings.HasPrefix(text, "ERROR") {
		t.Errorf("a pattern at the limit: %.300s", text)
	}
}

// TestSearchCountsTotalAndShown: matchCount is every matching line of the
// page's files and shownMatchCount the rows shown, as a file's count is its
// total and its matches the rows shown: a script cannot take one for the
// other. Under every limit the two agree and truncated is false.
func TestSearchCountsTotalAndShown(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string]string{"a.txt": strings.Repeat("hit\n", 30), "b.txt": "hit\nmiss\nhit\n"})
	env := newEnv(t, root)
	r := searchResult(t, env, `{"pattern":"hit"}`)
	if r.MatchCount != 32 || r.ShownMatchCount != 22 || r.FileCount != 2 || !r.Truncated {
		t.Errorf("directory: matchCount %d shownMatchCount %d fileCount %d truncated %v", r.MatchCount, r.ShownMatchCount, r.FileCount, r.Truncated)
	}
	if len(r.FileMatches) != 2 || r.FileMatches[0].Count != 30 || len(r.FileMatches[0].Matches) != 20 || r.FileMatches[1].Count != 2 {
		t.Errorf("files: %+v", r.FileMatches)
	}
	r = searchResult(t, env, `{"pattern":"hit","paths":"b.txt"}`)
	if r.MatchCount != 2 || r.ShownMatchCount != 2 || r.Truncated {
		t.Errorf("one file: matchCount %d shownMatchCount %d truncated %v", r.MatchCount, r.ShownMatchCount, r.Truncated)
	}
}

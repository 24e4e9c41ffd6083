package search

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// TestSearchPagesSurviveEdits: a script that edits each page's files so
// they stop matching, then asks for the next page by nextSkip, reaches
// every file (the search+edit migration idiom). Searching from the start
// again would count the files that no longer match and skip as many that
// still do: such a relicensing changed 1,000 of 2,000 files and said
// nothing. Resuming after the previous page's last file reaches them all,
// with every page size.
func TestSearchPagesSurviveEdits(t *testing.T) {
	for _, extra := range []string{``, `,"limit":7`} {
		root := t.TempDir()
		files := map[string]string{}
		for i := 0; i < 95; i++ {
			files[fmt.Sprintf("d%d/f%03d.go", i%4, i)] = "// SPDX: MPL\npackage x\n// SPDX: MPL\n"
		}
		writeFiles(t, root, files)
		env := newEnv(t, root)
		edited := 0
		for skip := 0; ; {
			r := searchResult(t, env, fmt.Sprintf(`{"pattern":"SPDX: MPL","skip":%d%s}`, skip, extra))
			for _, f := range r.FileMatches {
				if err := os.WriteFile(filepath.Join(root, f.Path), []byte("// SPDX: Apache\npackage x\n// SPDX: Apache\n"), 0o644); err != nil {
					t.Fatal(err)
				}
				edited++
			}
			if r.NextSkip == 0 {
				break
			}
			skip = r.NextSkip
		}
		if edited != 95 {
			t.Errorf("%s: paging while editing reached %d of 95 files", extra, edited)
		}
	}
}

// TestSearchCursorResumes: the next page starts after the previous one's
// last file, not at a recount from the start: a matching file added before
// that point since, and the earlier files removed, change nothing; a page
// asked for again gives the same files; another skip (or another session)
// searches from the start.
func TestSearchCursorResumes(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 50; i++ {
		files[fmt.Sprintf("f%02d.txt", i)] = "hit\n"
	}
	writeFiles(t, root, files)
	env := newEnv(t, root)
	p1 := searchResult(t, env, `{"pattern":"hit"}`)
	if p1.NextSkip != 20 || p1.Files[19] != "f19.txt" {
		t.Fatalf("page 1: nextSkip %d, files %v", p1.NextSkip, p1.Files)
	}
	writeFiles(t, root, map[string]string{"a-new.txt": "hit\n"})
	for i := 0; i < 20; i++ {
		os.Remove(filepath.Join(root, fmt.Sprintf("f%02d.txt", i)))
	}
	want := make([]string, 20)
	for i := range want {
		want[i] = fmt.Sprintf("f%02d.txt", 20+i)
	}
	for range 2 {
		if p2 := searchResult(t, env, `{"pattern":"hit","skip":20}`); !slices.Equal(p2.Files, want) || p2.NextSkip != 40 || p2.Skip != 20 {
			t.Errorf("page 2 from the cursor: %v, nextSkip %d", p2.Files, p2.NextSkip)
		}
	}
	// Without the cursor, skip=20 counts from the start of the tree now.
	if p := searchResult(t, newEnv(t, root), `{"pattern":"hit","skip":20}`); p.Files[0] != "f39.txt" {
		t.Errorf("a fresh session's skip=20 starts at %s, want f39.txt", p.Files[0])
	}
	if p := searchResult(t, env, `{"pattern":"hit","skip":21}`); p.Files[0] != "f40.txt" {
		t.Errorf("skip=21 (no cursor) starts at %s, want f40.txt", p.Files[0])
	}
	if p := searchResult(t, env, `{"pattern":"hit","skip":40}`); !slices.Equal(p.Files, []string{"f40.txt", "f41.txt", "f42.txt", "f43.txt", "f44.txt", "f45.txt", "f46.txt", "f47.txt", "f48.txt", "f49.txt"}) || p.NextSkip != 0 {
		t.Errorf("page 3: %v, nextSkip %d", p.Files, p.NextSkip)
	}
	if p := searchResult(t, env, `{"pattern":"hit","skip":50}`); !strings.HasPrefix(p.Text, "No more results (skip=50)") {
		t.Errorf("past the end: %s", p.Text)
	}
}

// TestSearchCursorSeesOverlappingTargets: when several paths name the same
// files, a later page (resumed) does not list a file an earlier page did.
func TestSearchCursorSeesOverlappingTargets(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 30; i++ {
		files[fmt.Sprintf("a/f%02d.txt", i)] = "hit\n"
	}
	writeFiles(t, root, files)
	env := newEnv(t, root)
	seen := map[string]bool{}
	for skip := 0; ; {
		r := searchResult(t, env, fmt.Sprintf(`{"pattern":"hit","paths":["a/f03.txt","a","a/f25.txt"],"skip":%d}`, skip))
		for _, f := range r.Files {
			if seen[f] {
				t.Errorf("%s listed twice", f)
			}
			seen[f] = true
		}
		if r.NextSkip == 0 {
			break
		}
		skip = r.NextSkip
	}
	if len(seen) != 30 {
		t.Errorf("%d files of 30", len(seen))
	}
}

// TestSearchLimitReturnsEveryMatch: with limit, a script gets every
// matching line of every file, in whole files, while the text a model
// would read stays within its cap and says what it leaves out. Files the
// text does not show are recorded by tag and digest, not by a copy of
// their text, and still edit directly.
func TestSearchLimitReturnsEveryMatch(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 300; i++ {
		files[fmt.Sprintf("d%d/f%03d.txt", i%3, i)] = strings.Repeat("a hit on a long line "+strings.Repeat("x", 200)+"\n", 1+i%40)
	}
	writeFiles(t, root, files)
	want, wantFiles := 0, 300
	for i := 0; i < 300; i++ {
		want += 1 + i%40
	}
	env := newEnv(t, root)
	r := searchResult(t, env, `{"pattern":"hit","limit":0}`)
	got := 0
	for _, f := range r.FileMatches {
		got += len(f.Matches)
		if f.Count != len(f.Matches) || f.Matches[len(f.Matches)-1].Line != f.Count || len(f.Matches[0].Text) != 221 {
			t.Fatalf("%s: %d of %d matches", f.Path, len(f.Matches), f.Count)
		}
	}
	if got != want || r.MatchCount != want || r.ShownMatchCount != want || len(r.Files) != wantFiles || r.NextSkip != 0 || r.Truncated {
		t.Errorf("limit 0: %d rows (%d, %d) in %d files, nextSkip %d, truncated %v; want %d in %d", got, r.MatchCount, r.ShownMatchCount, len(r.Files), r.NextSkip, r.Truncated, want, wantFiles)
	}
	if len(r.Text) > searchOutputCap+1024 || !r.OutputLimitReached || r.Meta.Limits.TextFiles == 0 || r.Meta.Limits.TextFiles >= wantFiles ||
		!strings.Contains(r.Text, fmt.Sprintf("[The text shows %d of the 300 files of this result; fileMatches holds every match of all of them.]", r.Meta.Limits.TextFiles)) {
		t.Errorf("text of %d bytes, textFiles %d: %s", len(r.Text), r.Meta.Limits.TextFiles, tail(r.Text))
	}
	last := r.FileMatches[len(r.FileMatches)-1]
	abs := filepath.Join(root, last.Path)
	content, _ := os.ReadFile(abs)
	if _, kept := env.Session.Snapshots.Lookup(abs, last.Tag); kept || !env.Session.Snapshots.Holds(abs, last.Tag, string(content)) {
		t.Errorf("a file past the text: text kept %v, edits directly %v", kept, env.Session.Snapshots.Holds(abs, last.Tag, string(content)))
	}

	// Pages of at most 50 rows, whole files; a file with more comes alone.
	env = newEnv(t, root)
	got, pages := 0, 0
	for skip := 0; ; pages++ {
		p := searchResult(t, env, fmt.Sprintf(`{"pattern":"hit","limit":50,"skip":%d}`, skip))
		rows := 0
		for _, f := range p.FileMatches {
			if f.Count != len(f.Matches) {
				t.Fatalf("%s cut: %d of %d", f.Path, len(f.Matches), f.Count)
			}
			rows += f.Count
		}
		if rows > 50 && len(p.FileMatches) > 1 {
			t.Errorf("page at %d: %d rows in %d files", skip, rows, len(p.FileMatches))
		}
		got += rows
		if p.NextSkip == 0 {
			break
		}
		if !strings.Contains(p.Text, fmt.Sprintf("[limit 50 reached: %d matching files in this result. Use skip=%d to view more.]", len(p.Files), p.NextSkip)) {
			t.Errorf("page at %d: %s", skip, tail(p.Text))
		}
		skip = p.NextSkip
	}
	if got != want {
		t.Errorf("pages of 50: %d rows in %d pages, want %d", got, pages, want)
	}
}

// TestSearchLimitDirectKeepsBudget: a direct call (a model's host) with
// limit gets whole files too, but the match text of one result stays
// within the structured budget, as for a page.
func TestSearchLimitDirectKeepsBudget(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 40; i++ {
		files[fmt.Sprintf("f%02d.txt", i)] = strings.Repeat("hit "+strings.Repeat("y", 1000)+"\n", 10)
	}
	writeFiles(t, root, files)
	env := newEnv(t, root)
	env.Direct = true
	r := searchResult(t, env, `{"pattern":"hit","limit":0}`)
	total := 0
	for _, f := range r.FileMatches {
		for _, m := range f.Matches {
			total += len(m.Text)
		}
	}
	if r.ShownMatchCount != 400 || total > structuredTextCap+400*rowTextCap || !r.Truncated {
		t.Errorf("direct: %d rows, %d bytes of match text, truncated %v", r.ShownMatchCount, total, r.Truncated)
	}
}

// TestSearchPagesMatchOneCall: paging through a result with nextSkip (the
// walk kept from page to page) gives exactly the files and matches of one
// call for all of them; a matching file added between pages ahead of the
// cursor, in a directory the kept walk had already read, is found, and
// none comes twice.
func TestSearchPagesMatchOneCall(t *testing.T) {
	root := t.TempDir()
	files := map[string]string{}
	for i := 0; i < 240; i++ {
		body := "x\n"
		if i%3 != 0 {
			body = "hit\nno\nhit again\n"
		}
		files[fmt.Sprintf("m%d/p%d/f%03d.txt", i%4, i%12, i)] = body
	}
	writeFiles(t, root, files)
	all := searchResult(t, newEnv(t, root), `{"pattern":"hit","limit":0}`)
	page := func(env *tools.Env, onPage func(int)) ([]string, int) {
		var got []string
		n := 0
		for skip, k := 0, 0; ; k++ {
			r := searchResult(t, env, fmt.Sprintf(`{"pattern":"hit","skip":%d}`, skip))
			for _, f := range r.FileMatches {
				got = append(got, f.Path)
				n += f.Count
			}
			if r.NextSkip == 0 {
				return got, n
			}
			skip = r.NextSkip
			onPage(k)
		}
	}
	got, n := page(newEnv(t, root), func(int) {})
	want, wantN := all.Files, 0
	for _, f := range all.FileMatches {
		wantN += f.Count
	}
	if !slices.Equal(got, want) || n != wantN {
		t.Errorf("pages: %d files, %d matches; one call: %d files, %d matches\n got %v\nwant %v", len(got), n, len(want), wantN, got, want)
	}

	added := filepath.Join("m3", "p11", "f999.txt")
	got, _ = page(newEnv(t, root), func(k int) {
		if k == 1 {
			writeFiles(t, root, map[string]string{added: "hit\n"})
		}
	})
	seen := map[string]bool{}
	for _, p := range got {
		if seen[p] {
			t.Errorf("%s came twice", p)
		}
		seen[p] = true
	}
	if !seen[added] || len(got) != len(want)+1 {
		t.Errorf("a file added between pages: found %v, %d files (want %d)", seen[added], len(got), len(want)+1)
	}
}

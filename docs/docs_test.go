package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

// TestTopicsAreThePages: every docs/*.md is a topic, in order, with its
// first heading as the title, and Page gives the file's text byte for byte.
func TestTopicsAreThePages(t *testing.T) {
	files, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	topics := Topics()
	if len(topics) != len(files) {
		t.Fatalf("%d topics for %d pages: %v", len(topics), len(files), topics)
	}
	for i, f := range files {
		tp := topics[i]
		if tp.Name+".md" != f {
			t.Errorf("topic %d is %q, want %q", i, tp.Name, strings.TrimSuffix(f, ".md"))
		}
		want, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := Page(tp.Name); !ok || got != string(want) {
			t.Errorf("Page(%q) is not %s (ok=%v)", tp.Name, f, ok)
		}
		if tp.Title == "" || !strings.HasPrefix(string(want), "# "+tp.Title+"\n") {
			t.Errorf("%s: title %q is not its first line, a level-1 heading", f, tp.Title)
		}
	}
	for _, bad := range []string{"", "../README", "ci/README", "cli.md", "nope", "."} {
		if _, ok := Page(bad); ok {
			t.Errorf("Page(%q) found a page", bad)
		}
	}
}

// TestReadmeLinksEveryPage: the front page reaches every reference page,
// and names the help topic that prints it.
func TestReadmeLinksEveryPage(t *testing.T) {
	readme := readFile(t, filepath.Join("..", "README.md"))
	for _, tp := range Topics() {
		if !strings.Contains(readme, "](docs/"+tp.Name+".md)") {
			t.Errorf("README.md has no link to docs/%s.md", tp.Name)
		}
		if !strings.Contains(readme, "| `"+tp.Name+"` | [docs/"+tp.Name+".md](docs/"+tp.Name+".md)") {
			t.Errorf("README.md's documentation table has no row for the help topic %q", tp.Name)
		}
	}
}

// TestLinks: every relative link of README.md and docs/*.md names a file
// or directory that exists, and every #anchor a heading of its page (as
// GitHub makes heading anchors).
func TestLinks(t *testing.T) {
	pages, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join("..", "README.md"), filepath.Join("..", "RATIONALE.md"))
	links := 0
	for _, page := range pages {
		for _, l := range markdownLinks(readFile(t, page)) {
			if strings.Contains(l, "://") || strings.HasPrefix(l, "mailto:") {
				continue
			}
			links++
			target, anchor, _ := strings.Cut(l, "#")
			path := page
			if target != "" {
				path = filepath.Join(filepath.Dir(page), filepath.FromSlash(target))
			}
			if _, err := os.Stat(path); err != nil {
				t.Errorf("%s: link %q: %v", page, l, err)
				continue
			}
			if anchor != "" && !anchorsOf(t, path)[anchor] {
				t.Errorf("%s: link %q: %s has no heading with that anchor", page, l, path)
			}
		}
	}
	if links < 30 {
		t.Fatalf("found only %d relative links: the link parser is broken", links)
	}
}

var (
	linkRE  = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	fenceRE = regexp.MustCompile("(?ms)^```.*?^```")
)

// markdownLinks returns the targets of the inline links of a Markdown
// text, outside fenced code blocks.
func markdownLinks(text string) []string {
	var out []string
	for _, m := range linkRE.FindAllStringSubmatch(fenceRE.ReplaceAllString(text, ""), -1) {
		out = append(out, m[1])
	}
	return out
}

// anchorsOf returns the anchors GitHub gives the headings of a Markdown
// file: lower case, punctuation other than - and _ dropped, spaces made
// hyphens, a repeated anchor numbered -1, -2, ...
func anchorsOf(t *testing.T, path string) map[string]bool {
	t.Helper()
	anchors := map[string]bool{}
	if !strings.HasSuffix(path, ".md") {
		return anchors
	}
	seen := map[string]int{}
	for _, line := range strings.Split(fenceRE.ReplaceAllString(readFile(t, path), ""), "\n") {
		if !strings.HasPrefix(line, "#") {
			continue
		}
		a := slug(strings.TrimLeft(line, "#"))
		if n := seen[a]; n > 0 {
			anchors[a+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[a] = true
		}
		seen[a]++
	}
	return anchors
}

func slug(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(strings.TrimSpace(heading)) {
		switch {
		case r == ' ':
			b.WriteByte('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSlug: anchors as GitHub makes them from headings with code,
// punctuation and dashes.
func TestSlug(t *testing.T) {
	for heading, want := range map[string]string{
		" Models: `models.classify`, `models.generateImages`, `models.list`": "models-modelsclassify-modelsgenerateimages-modelslist",
		" Reports, `aggregate` and `--repos`":                                "reports-aggregate-and---repos",
		" Exit codes of `run`":                                               "exit-codes-of-run",
		" What `--atomic` guarantees, and what it cannot":                    "what---atomic-guarantees-and-what-it-cannot",
		" Paths and selectors — beyond plain files":                          "paths-and-selectors--beyond-plain-files",
	} {
		if got := slug(heading); got != want {
			t.Errorf("slug(%q) = %q, want %q", heading, got, want)
		}
	}
}

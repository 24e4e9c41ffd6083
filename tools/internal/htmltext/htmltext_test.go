package htmltext

import (
	"context"
	"errors"
	"flag"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"golang.org/x/tools/txtar"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestGolden renders each testdata page as Markdown and as text, main
// content only, and compares with the archive's want.md and want.txt
// (-update rewrites them).
func TestGolden(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.txtar")
	if len(files) == 0 {
		t.Fatal("no golden files")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			sections := map[string]string{}
			for _, f := range ar.Files {
				sections[f.Name] = string(f.Data)
			}
			base, err := url.Parse(strings.TrimSpace(sections["url"]))
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]string{}
			for name, format := range map[string]Format{"want.md": Markdown, "want.txt": Text} {
				p, err := Render([]byte(sections["page.html"]), Options{Format: format, Base: base, MainContent: true})
				if err != nil {
					t.Fatal(err)
				}
				got[name] = "title: " + p.Title + "\nmain content: " + boolWord(p.MainContent) + "\n\n" + p.Text + "\n"
			}
			// Text split into pieces for the context checks renders as whole.
			for name, format := range map[string]Format{"want.md": Markdown, "want.txt": Text} {
				if split := renderSplit(t, sections["page.html"], Options{Format: format, Base: base, MainContent: true}, 7); split != got[name] {
					t.Errorf("%s with text split every 7 bytes differs\n--- split ---\n%s\n--- whole ---\n%s", name, split, got[name])
				}
			}
			if *update {
				var keep []txtar.File
				for _, f := range ar.Files {
					if !strings.HasPrefix(f.Name, "want.") {
						keep = append(keep, f)
					}
				}
				ar.Files = append(keep, txtar.File{Name: "want.md", Data: []byte(got["want.md"])}, txtar.File{Name: "want.txt", Data: []byte(got["want.txt"])})
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			for _, name := range []string{"want.md", "want.txt"} {
				want, ok := sections[name]
				if !ok {
					t.Fatalf("%s has no %s section; run go test -update", file, name)
				}
				if got[name] != want {
					t.Errorf("%s differs\n--- got ---\n%s\n--- want ---\n%s", name, got[name], want)
				}
			}
		})
	}
}

func boolWord(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// TestRenderShapes: the rules each rendering holds whatever the page.
func TestRenderShapes(t *testing.T) {
	base, _ := url.Parse("https://example.com/a/b.html")
	for _, c := range []struct {
		name, html string
		opts       Options
		want, not  []string
	}{
		{"atx headings and dash lists", `<h2>Two</h2><ul><li>x</li></ul><ol><li>y</li></ol>`, Options{}, []string{"## Two", "- x", "1. y"}, []string{"Two\n---"}},
		{"relative links resolve against the base", `<p><a href="../c.html">c</a> <img src="/i.png" alt="pic"></p>`, Options{Base: base}, []string{"[c](https://example.com/c.html)", "![pic](https://example.com/i.png)"}, nil},
		{"text drops inline markup", `<h1>T <em>i</em></h1><p><a href="/x">link</a> <b>bold</b> <code>c()</code> <img src="/i.png" alt="pic"></p><pre><code>a  b
c</code></pre>`, Options{Format: Text, Base: base}, []string{"T i\n", "link bold c() pic", "a  b\nc"}, []string{"#", "](", "**", "`"}},
		{"scripts, styles and hidden nodes never show", `<script>var secret=1</script><style>.x{}</style><noscript>enable js</noscript><template><p>tpl</p></template><p hidden>gone</p><p aria-hidden="true">also gone</p><p>kept</p>`, Options{}, []string{"kept"}, []string{"secret", ".x{", "enable js", "tpl", "gone"}},
		{"whole documents keep their chrome when main content is off", `<nav><a href="/n">nav link</a></nav><p>body</p>`, Options{}, []string{"nav link", "body"}, nil},
		{"invalid UTF-8 comes out as U+FFFD", "<p>a\xffb</p>", Options{}, []string{"a\uFFFDb"}, nil},
		{"the first title is the page's", `<html><head><title> My   page </title></head><body><p>x</p></body></html>`, Options{}, []string{}, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, err := Render([]byte(c.html), c.opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(p.Text, w) {
					t.Errorf("missing %q in\n%s", w, p.Text)
				}
			}
			for _, n := range c.not {
				if strings.Contains(p.Text, n) {
					t.Errorf("unexpected %q in\n%s", n, p.Text)
				}
			}
			if c.name == "the first title is the page's" && p.Title != "My page" {
				t.Errorf("title %q, want %q", p.Title, "My page")
			}
		})
	}
}

// FuzzRender: any input renders without error or panic to valid UTF-8 in
// both formats, with and without main-content extraction.
func FuzzRender(f *testing.F) {
	for _, s := range []string{"", "<p>x</p>", "<h1>a<ul><li>b<pre><code>c", "<table><tr><td>|</td></tr></table>", "\xff\xfe<a href='\x00'>", "<svg><script>x</script></svg><math><mi>y"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		for _, opts := range []Options{{}, {Format: Text, MainContent: true}} {
			p, err := Render([]byte(src), opts)
			if err != nil {
				t.Fatalf("Render(%q): %v", src, err)
			}
			if !utf8.ValidString(p.Text) || !utf8.ValidString(p.Title) {
				t.Fatalf("Render(%q) is not valid UTF-8: %q", src, p.Text)
			}
			if split := renderSplit(t, src, opts, 3); split != "title: "+p.Title+"\nmain content: "+boolWord(p.MainContent)+"\n\n"+p.Text+"\n" {
				t.Fatalf("Render(%q) with text split every 3 bytes:\n%s\nwhole:\n%s", src, split, p.Text)
			}
		}
	})
}

// renderSplit renders src with the converter's steps (and the parser's
// reads) stepBytes long, in the shape TestGolden compares.
func renderSplit(t *testing.T, src string, opts Options, step int) string {
	t.Helper()
	defer func(was int) { stepBytes = was }(stepBytes)
	stepBytes = step
	p, err := Render([]byte(src), opts)
	if err != nil {
		t.Fatal(err)
	}
	return "title: " + p.Title + "\nmain content: " + boolWord(p.MainContent) + "\n\n" + p.Text + "\n"
}

// endsAfter is a context that ends (Canceled) once Err has been asked n
// times: Render's checks are what it counts.
type endsAfter struct {
	context.Context
	n, asked int
}

func (c *endsAfter) Err() error {
	c.asked++
	if c.asked > c.n {
		return context.Canceled
	}
	return nil
}

// TestRenderStopsWithItsContext (issue 29): a page of one long paragraph
// is parsed and converted in steps that each check the
// context, so a cancelled read stops within a step wherever the context
// ends — while parsing or while converting — and says why; its text is
// never returned. (Steps of 4 KiB over 256 KiB here: 64 KiB over 4 MiB
// is the same count, slower under the race detector.)
func TestRenderStopsWithItsContext(t *testing.T) {
	defer func(was int) { stepBytes = was }(stepBytes)
	stepBytes = 4 << 10
	page := "<html><body><p>" + strings.Repeat("lorem *ipsum* ", 256<<10/14) + "</p></body></html>"
	whole := &endsAfter{Context: context.Background(), n: 1 << 30}
	if _, err := Render([]byte(page), Options{Context: whole}); err != nil {
		t.Fatal(err)
	}
	steps := whole.asked
	// The long text node is 64 steps to parse and 64 to convert.
	if steps < 128 {
		t.Fatalf("a 256 KiB paragraph was rendered in %d context checks: it cannot stop within a step", steps)
	}
	for _, n := range []int{0, 10, steps / 2, steps - 10} {
		ctx := &endsAfter{Context: context.Background(), n: n}
		p, err := Render([]byte(page), Options{Context: ctx})
		if !errors.Is(err, context.Canceled) || p.Text != "" {
			t.Errorf("context ending after %d of %d checks: err %v, %d bytes of text; want context.Canceled and none", n, steps, err, len(p.Text))
		}
	}
}

// Package htmltext renders HTML as text a model can read: Markdown with ATX
// headings ("# "), "- " lists, fenced code and tables, or plain text (the
// same blocks without inline markup). Web pages are first reduced to their
// main content with a readability port, so scripts, styles and navigation
// chrome do not reach the output; documents that are all content (an EPUB
// chapter, a fragment) skip that step.
//
// It is shared by the web tools (URL reads, webfetch) and the document
// readers. Functions are safe for concurrent use. Input must be UTF-8: the
// caller decodes the body by its charset first; invalid sequences that get
// through come out as U+FFFD.
package htmltext

import (
	"bytes"
	"context"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"unicode/utf8"

	readability "codeberg.org/readeck/go-readability/v2"
	"github.com/JohannesKaufmann/html-to-markdown/v2/converter"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/base"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/commonmark"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/strikethrough"
	"github.com/JohannesKaufmann/html-to-markdown/v2/plugin/table"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"

	"github.com/atomic-script/atomic-script/tools/internal/ctxio"
)

// Format is the shape of the rendered text.
type Format int

const (
	// Markdown keeps headings, lists, links, emphasis, code and tables as
	// CommonMark (ATX headings, "- " bullets, ``` fences).
	Markdown Format = iota
	// Text is Markdown's blocks without inline markup: links become their
	// text, images their alt text, code blocks lose their fences, headings
	// their "#".
	Text
)

// Options say what to render and how.
type Options struct {
	Format Format
	// Base resolves relative links and image sources; nil leaves them as
	// written.
	Base *url.URL
	// MainContent keeps only the page's main content (Mozilla's
	// readability algorithm); when it finds none, the whole body is
	// rendered without navigation, header, footer and aside chrome. Leave
	// it off for documents that are all content.
	MainContent bool
	// Context stops the rendering when it ends: Render then returns its
	// error, having parsed or converted at most a further 64 KiB of text.
	// Nil never stops.
	Context context.Context
}

// Page is a rendered document.
type Page struct {
	// Title is the document's title (readability's guess for web pages,
	// else <title>), "" when there is none.
	Title string
	// Text is the rendered body, without a trailing newline.
	Text string
	// MainContent reports that readability found the main content; false
	// means the whole body was rendered (or MainContent was not asked for).
	MainContent bool
}

// minMainContent is the least text readability must find for its choice to
// stand; below it (a page that is mostly links) the whole body is rendered.
const minMainContent = 200

// Render renders the HTML document src (UTF-8).
func Render(src []byte, opts Options) (Page, error) {
	ctx := opts.context()
	doc, err := html.Parse(ctxio.Reader{Ctx: ctx, R: bytes.NewReader(src), Step: stepBytes})
	if err != nil {
		return Page{}, fmt.Errorf("htmltext: %w", err)
	}
	return RenderNode(doc, opts)
}

func (o Options) context() context.Context {
	if o.Context == nil {
		return context.Background()
	}
	return o.Context
}

// stepBytes is the most text parsed or converted between two checks of
// the context: the converter handles a text node in one piece, so longer
// ones are split (at a space where there is one) before converting.
var stepBytes = 64 << 10

// splitText splits every text node under n longer than stepBytes into
// siblings of at most stepBytes, cutting after a space when one is near
// (whitespace collapses across siblings as within one node) and never
// inside a UTF-8 sequence.
func splitText(n *html.Node) {
	for c := n.FirstChild; c != nil; c = c.NextSibling {
		if c.Type != html.TextNode {
			splitText(c)
			continue
		}
		for len(c.Data) > stepBytes {
			cut := stepBytes
			if i := strings.LastIndexAny(c.Data[:cut], " \t\n"); i > stepBytes/2 {
				cut = i + 1
			}
			for i := cut; i > 0 && i > cut-utf8.UTFMax; i-- {
				if utf8.RuneStart(c.Data[i]) {
					cut = i
					break
				}
			}
			rest := &html.Node{Type: html.TextNode, Data: c.Data[cut:]}
			c.Data = c.Data[:cut]
			n.InsertBefore(rest, c.NextSibling)
			c = rest
		}
	}
}

// inSteps makes conv convert in steps that check the call's context and
// render nothing more once it has ended: text nodes are split after the
// base plugin has merged and collapsed them (its pre-renderers), and every
// element and text node checks the context first.
func inSteps(conv *converter.Converter) {
	conv.Register.PreRenderer(func(_ converter.Context, doc *html.Node) { splitText(doc) }, converter.PriorityLate+1)
	conv.Register.Renderer(func(ctx converter.Context, _ converter.Writer, _ *html.Node) converter.RenderStatus {
		if ctx.Err() != nil {
			return converter.RenderSuccess
		}
		return converter.RenderTryNext
	}, converter.PriorityEarly-1)
	conv.Register.TextTransformer(func(ctx converter.Context, content string) string {
		if ctx.Err() != nil {
			return ""
		}
		return content
	}, converter.PriorityEarly-1)
}

// RenderNode renders a parsed document. It changes doc (chrome is removed,
// the main content is cut out of it): parse again to reuse the tree.
func RenderNode(doc *html.Node, opts Options) (Page, error) {
	removeAll(doc, isNeverContent)
	page := Page{Title: documentTitle(doc)}
	root := doc
	if opts.MainContent {
		p := readability.NewParser()
		p.KeepClasses = true // "language-go" on <code> names the fence
		if article, err := p.ParseDocument(doc, opts.Base); err == nil && article.Node != nil && textLen(article.Node) >= minMainContent {
			root, page.MainContent = article.Node, true
			if t := strings.TrimSpace(article.Title()); t != "" {
				page.Title = t
			}
		} else {
			removeAll(doc, isChrome)
		}
	}
	ctx := opts.context()
	out, err := converterFor(opts.Format).ConvertNode(root, converter.WithDomain(domain(opts.Base)), converter.WithContext(ctx))
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		return Page{}, fmt.Errorf("htmltext: %w", err)
	}
	page.Text = strings.ToValidUTF8(strings.TrimRight(string(out), "\n"), "\uFFFD")
	return page, nil
}

// domain is what html-to-markdown resolves relative URLs against.
func domain(base *url.URL) string {
	if base == nil {
		return ""
	}
	return base.String()
}

var converters = [2]func() *converter.Converter{
	sync.OnceValue(func() *converter.Converter { return newConverter(Markdown) }),
	sync.OnceValue(func() *converter.Converter { return newConverter(Text) }),
}

func converterFor(f Format) *converter.Converter {
	if f == Text {
		return converters[1]()
	}
	return converters[0]()
}

func newConverter(f Format) *converter.Converter {
	opts := []func(*converter.Converter) error{
		converter.WithPlugins(
			base.NewBasePlugin(),
			commonmark.NewCommonmarkPlugin(commonmark.WithHeadingStyle(commonmark.HeadingStyleATX), commonmark.WithBulletListMarker("-")),
			strikethrough.NewStrikethroughPlugin(),
			table.NewTablePlugin(),
		),
	}
	if f == Text {
		opts = append(opts, converter.WithEscapeMode(converter.EscapeModeDisabled))
	}
	conv := converter.NewConverter(opts...)
	inSteps(conv)
	if f == Text {
		registerPlainText(conv)
	}
	return conv
}

// registerPlainText makes conv drop inline markup: the text renderers run
// before CommonMark's.
func registerPlainText(conv *converter.Converter) {
	children := func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
		ctx.RenderChildNodes(ctx, w, n)
		return converter.RenderSuccess
	}
	for _, tag := range []string{"a", "strong", "b", "em", "i", "u", "del", "s", "strike", "mark", "abbr", "cite", "q", "sub", "sup", "small", "kbd", "samp", "var"} {
		conv.Register.RendererFor(tag, converter.TagTypeInline, children, converter.PriorityEarly)
	}
	conv.Register.RendererFor("code", converter.TagTypeInline, func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
		if n.Parent != nil && n.Parent.DataAtom == atom.Pre {
			return converter.RenderTryNext
		}
		w.WriteString(collapseSpace(textOf(n)))
		return converter.RenderSuccess
	}, converter.PriorityEarly)
	conv.Register.RendererFor("img", converter.TagTypeInline, func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
		w.WriteString(strings.TrimSpace(attr(n, "alt")))
		return converter.RenderSuccess
	}, converter.PriorityEarly)
	block := func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
		var b bytes.Buffer
		ctx.RenderChildNodes(ctx, &b, n)
		w.WriteString("\n\n")
		w.WriteString(collapseSpace(b.String()))
		w.WriteString("\n\n")
		return converter.RenderSuccess
	}
	for _, tag := range []string{"h1", "h2", "h3", "h4", "h5", "h6"} {
		conv.Register.RendererFor(tag, converter.TagTypeBlock, block, converter.PriorityEarly)
	}
	conv.Register.RendererFor("pre", converter.TagTypeBlock, func(ctx converter.Context, w converter.Writer, n *html.Node) converter.RenderStatus {
		w.WriteString("\n\n")
		w.WriteString(strings.Trim(textOf(n), "\n"))
		w.WriteString("\n\n")
		return converter.RenderSuccess
	}, converter.PriorityEarly)
}

// isNeverContent matches elements no rendering shows.
func isNeverContent(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Script, atom.Style, atom.Noscript, atom.Template, atom.Svg, atom.Iframe, atom.Object, atom.Embed, atom.Canvas, atom.Link, atom.Meta:
		return true
	}
	return n.Type == html.CommentNode || attr(n, "hidden") != "" || strings.EqualFold(attr(n, "aria-hidden"), "true")
}

// isChrome matches a page's navigation, header, footer, sidebars and forms
// when the main content could not be found.
func isChrome(n *html.Node) bool {
	switch n.DataAtom {
	case atom.Nav, atom.Header, atom.Footer, atom.Aside, atom.Form, atom.Button, atom.Select, atom.Dialog:
		return true
	}
	switch strings.ToLower(attr(n, "role")) {
	case "navigation", "banner", "contentinfo", "search", "complementary", "dialog":
		return true
	}
	return false
}

// removeAll removes every element below n that match selects.
func removeAll(n *html.Node, match func(*html.Node) bool) {
	for c := n.FirstChild; c != nil; {
		next := c.NextSibling
		if match(c) {
			n.RemoveChild(c)
		} else {
			removeAll(c, match)
		}
		c = next
	}
}

func attr(n *html.Node, key string) string {
	if n.Type != html.ElementNode {
		return ""
	}
	for _, a := range n.Attr {
		if a.Namespace == "" && a.Key == key {
			if a.Val == "" {
				return key // a boolean attribute is present
			}
			return a.Val
		}
	}
	return ""
}

// documentTitle returns the text of the first <title>.
func documentTitle(doc *html.Node) string {
	var find func(*html.Node) string
	find = func(n *html.Node) string {
		if n.DataAtom == atom.Title && n.Type == html.ElementNode {
			return collapseSpace(textOf(n))
		}
		if n.DataAtom == atom.Body {
			return ""
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			if t := find(c); t != "" {
				return t
			}
		}
		return ""
	}
	return find(doc)
}

// TextContent is the text below n, concatenated as the DOM's textContent
// is (for parsers of pages that are not rendered, such as search results).
func TextContent(n *html.Node) string { return textOf(n) }

// textOf concatenates the text below n.
func textOf(n *html.Node) string {
	var b strings.Builder
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			b.WriteString(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return b.String()
}

// textLen counts the non-space bytes of text below n.
func textLen(n *html.Node) int {
	count := 0
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.TextNode {
			count += len(strings.Join(strings.Fields(n.Data), ""))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return count
}

func collapseSpace(s string) string { return strings.Join(strings.Fields(s), " ") }

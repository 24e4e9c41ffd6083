package document

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"

	"github.com/ledongthuc/pdf"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/ctxio"
)

// Limits of a PDF's page tree.
const (
	maxPageTreeDepth = 64      // no real page tree nests this deep; a cycle does
	maxPageTreeNodes = 200_000 // nodes visited, pages or not
	maxPDFPages      = 100_000
)

// extractPDF returns a PDF's text page by page: each page's glyphs are
// grouped into lines by baseline, read left to right, with a space where
// the gap between two glyphs is wider than a fraction of the font size. A
// "[page N]" line starts each page, so a line selector can find a page.
//
// The pages are found by walking the page tree once (pageList), not by
// the library's page lookup, which trusts the tree's declared counts and
// loops forever on a tree that contains itself. Each page's content is
// decompressed once first to count it against MaxPartsBytes. The file is
// read through pdfSource, which stops the library when the call ends or
// its reads pass their budget.
func extractPDF(x *extraction, data []byte) (d *Doc, err error) {
	display := x.display
	defer func() {
		if p := recover(); p != nil {
			if s, ok := p.(pdfStop); ok {
				d, err = nil, s.err
				return
			}
			d, err = nil, corrupt(display, "PDF", fmt.Errorf("%v", p))
		}
	}()
	src := &pdfSource{x: x, r: bytes.NewReader(data), left: 64*int64(len(data)) + partsBudget}
	r, err := pdf.NewReader(src, int64(len(data)))
	if err != nil {
		if src.err != nil {
			return nil, src.err
		}
		if errors.Is(err, pdf.ErrInvalidPassword) || strings.Contains(err.Error(), "encrypted") {
			return nil, tools.Errorf(tools.ErrNotAllowed, "%s is encrypted with a password; decrypt it first (qpdf --decrypt --password=PASSWORD in.pdf out.pdf) and read the result", display)
		}
		return nil, corrupt(display, "PDF", err)
	}
	pages, err := pageList(x, r.Trailer().Key("Root").Key("Pages"))
	if err != nil {
		return nil, err
	}
	var out strings.Builder
	text := 0
	for i, page := range pages {
		if err := x.stopped(); err != nil {
			return nil, err
		}
		if out.Len() > MaxTextBytes {
			break
		}
		if err := countContent(x, page.V.Key("Contents"), i+1); err != nil {
			return nil, err
		}
		fmt.Fprintf(&out, "[page %d]\n", i+1)
		for _, line := range pageLines(page) {
			out.WriteString(line)
			out.WriteByte('\n')
			text++
		}
		out.WriteByte('\n')
	}
	parts := plural(len(pages), "page")
	if declared := r.Trailer().Key("Root").Key("Pages").Key("Count").Int64(); declared != int64(len(pages)) {
		parts += fmt.Sprintf(" (its page tree declares %d)", declared)
	}
	if text == 0 {
		return &Doc{Parts: parts}, nil
	}
	return &Doc{Text: strings.TrimRight(out.String(), "\n"), Parts: parts}, nil
}

// pageList walks the page tree from root and returns its pages in order.
// A node deeper than maxPageTreeDepth means the tree contains itself (a
// kid that is its own ancestor) and is refused; so is a tree with more
// than maxPageTreeNodes nodes or maxPDFPages pages. A node's declared
// /Count is not trusted: the pages are what the walk finds, and the
// result says when the root declared another number.
func pageList(x *extraction, root pdf.Value) ([]pdf.Page, error) {
	var pages []pdf.Page
	nodes := 0
	var walk func(node pdf.Value, depth int) error
	walk = func(node pdf.Value, depth int) error {
		if err := x.stopped(); err != nil {
			return err
		}
		if depth > maxPageTreeDepth {
			return corrupt(x.display, "PDF", fmt.Errorf("its page tree contains itself (a node is its own ancestor) or nests deeper than %d levels", maxPageTreeDepth))
		}
		if nodes++; nodes > maxPageTreeNodes {
			return tools.Errorf(tools.ErrLimit, "%s: its page tree has more than %d nodes; convert it with bash (pdftotext) if you trust it", x.display, maxPageTreeNodes)
		}
		kids := node.Key("Kids")
		if node.Key("Type").Name() == "Page" || kids.Kind() != pdf.Array {
			if node.Kind() != pdf.Dict {
				return nil
			}
			if len(pages) == maxPDFPages {
				return tools.Errorf(tools.ErrLimit, "%s has more than %d pages; split it with bash (qpdf --split-pages) or convert it (pdftotext)", x.display, maxPDFPages)
			}
			pages = append(pages, pdf.Page{V: node})
			return nil
		}
		for i := 0; i < kids.Len(); i++ {
			if err := walk(kids.Index(i), depth+1); err != nil {
				return err
			}
		}
		return nil
	}
	if err := walk(root, 0); err != nil {
		return nil, err
	}
	return pages, nil
}

// countContent decompresses a page's content streams once, counting them
// against MaxPartsBytes (and one page's against maxPartBytes) before the
// library interprets them into glyphs it keeps in memory.
func countContent(x *extraction, contents pdf.Value, page int) error {
	var streams []pdf.Value
	switch contents.Kind() {
	case pdf.Stream:
		streams = []pdf.Value{contents}
	case pdf.Array:
		for i := 0; i < contents.Len(); i++ {
			streams = append(streams, contents.Index(i))
		}
	}
	var total int64
	for _, s := range streams {
		if s.Kind() != pdf.Stream {
			continue
		}
		rd := s.Reader()
		n, _ := io.Copy(io.Discard, io.LimitReader(ctxio.Reader{Ctx: x.ctx, R: rd}, maxPartBytes-total+1))
		rd.Close()
		if err := x.stopped(); err != nil {
			return err
		}
		total += n
		if err := x.count(n); err != nil {
			return err
		}
		if total > maxPartBytes {
			return tools.Errorf(tools.ErrLimit, "%s: page %d's content expands past %s, the most one page may hold (a compression bomb, or a page too large to read here)", x.display, page, size(maxPartBytes))
		}
	}
	return nil
}

// pdfSource is the PDF's bytes as the library reads them. The library
// reads every object anew each time it needs it and recovers from its own
// parse errors, so a stop must come from here: once the call has ended, or
// its reads pass left bytes, every read panics with a pdfStop.
type pdfSource struct {
	x    *extraction
	r    *bytes.Reader
	left int64
	err  error
}

func (s *pdfSource) ReadAt(p []byte, off int64) (int, error) {
	if s.err == nil {
		if err := s.x.stopped(); err != nil {
			s.err = err
		} else if s.left -= int64(len(p)); s.left < 0 {
			s.err = tools.Errorf(tools.ErrLimit, "%s: reading it took more than %s of reads (the library rereads objects; a document this costly is not read here). Convert it with bash (pdftotext) if you trust it", s.x.display, size(64*s.r.Size()+partsBudget))
		}
	}
	if s.err != nil {
		panic(pdfStop{s.err})
	}
	return s.r.ReadAt(p, off)
}

// pdfStop is the panic that stops the library. It is a runtime.Error, so
// the library's recovery from parse errors (which carries on with the next
// operand) passes it on instead of looping.
type pdfStop struct{ err error }

func (s pdfStop) Error() string { return s.err.Error() }
func (pdfStop) RuntimeError()   {}

// glyph is one positioned piece of text of a page.
type glyph struct {
	x, y, w, size float64
	s             string
}

// pageLines lays out a page's glyphs as lines of text.
func pageLines(p pdf.Page) []string {
	var gs []glyph
	for _, t := range p.Content().Text {
		if t.S == "" {
			continue
		}
		gs = append(gs, glyph{x: t.X, y: t.Y, w: t.W, size: t.FontSize, s: t.S})
	}
	// Lines top to bottom; a glyph within a third of the font size of a
	// line's baseline belongs to it.
	sort.SliceStable(gs, func(i, j int) bool { return gs[i].y > gs[j].y })
	var rows [][]glyph
	for _, g := range gs {
		if k := len(rows); k > 0 {
			base := rows[k-1][0]
			if math.Abs(base.y-g.y) <= math.Max(base.size, 1)/3 {
				rows[k-1] = append(rows[k-1], g)
				continue
			}
		}
		rows = append(rows, []glyph{g})
	}
	var out []string
	for _, row := range rows {
		sort.SliceStable(row, func(i, j int) bool { return row[i].x < row[j].x })
		var b strings.Builder
		end := math.Inf(-1)
		for _, g := range row {
			if b.Len() > 0 && g.x-end > math.Max(g.size, 1)*0.2 && !strings.HasSuffix(b.String(), " ") && !strings.HasPrefix(g.s, " ") {
				b.WriteByte(' ')
			}
			b.WriteString(g.s)
			end = g.x + g.w
		}
		if line := strings.TrimSpace(b.String()); line != "" {
			out = append(out, line)
		}
	}
	return out
}

package document

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/ledongthuc/pdf"

	"github.com/atomic-script/atomic-script/tools"
)

// extractPDF returns a PDF's text page by page: each page's glyphs are
// grouped into lines by baseline, read left to right, with a space where
// the gap between two glyphs is wider than a fraction of the font size. A
// "[page N]" line starts each page, so a line selector can find a page.
func extractPDF(display string, data []byte) (d *Doc, err error) {
	defer func() {
		if x := recover(); x != nil {
			d, err = nil, corrupt(display, "PDF", fmt.Errorf("%v", x))
		}
	}()
	r, err := pdf.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		if errors.Is(err, pdf.ErrInvalidPassword) || strings.Contains(err.Error(), "encrypted") {
			return nil, tools.Errorf(tools.ErrNotAllowed, "%s is encrypted with a password; decrypt it first (qpdf --decrypt --password=PASSWORD in.pdf out.pdf) and read the result", display)
		}
		return nil, corrupt(display, "PDF", err)
	}
	n := r.NumPage()
	var out strings.Builder
	text := 0
	for i := 1; i <= n; i++ {
		if out.Len() > MaxTextBytes {
			break
		}
		page := r.Page(i)
		if page.V.IsNull() {
			continue
		}
		fmt.Fprintf(&out, "[page %d]\n", i)
		for _, line := range pageLines(page) {
			out.WriteString(line)
			out.WriteByte('\n')
			text++
		}
		out.WriteByte('\n')
	}
	if text == 0 {
		return &Doc{Parts: plural(n, "page")}, nil
	}
	return &Doc{Text: strings.TrimRight(out.String(), "\n"), Parts: plural(n, "page")}, nil
}

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

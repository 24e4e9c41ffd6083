package document

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"

	"github.com/atomic-script/atomic-script/tools"
)

// partError is the error of a part that could not be read: a limit or a
// stop as it is, anything else as a document that does not parse.
func partError(display, what string, err error) error {
	var te *tools.Error
	if errors.As(err, &te) {
		switch te.Code {
		case tools.ErrLimit, tools.ErrCancelled, tools.ErrTimeout:
			return te
		}
	}
	return corrupt(display, what, err)
}

// openZip opens a zip-based document (OOXML, EPUB).
func openZip(display, what string, data []byte) (*zip.Reader, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, corrupt(display, what, err)
	}
	return zr, nil
}

// extractDOCX reads word/document.xml: one line per paragraph, headings
// as "#" lines, list items as "- ", table rows as cells joined by " | ".
func extractDOCX(x *extraction, data []byte) (*Doc, error) {
	display := x.display
	zr, err := openZip(display, "Word document", data)
	if err != nil {
		return nil, err
	}
	part, done, err := x.part(zr, "word/document.xml")
	if err != nil {
		return nil, partError(display, "Word document", err)
	}
	defer done()
	w := &docxWriter{}
	if err := walkXML(x, part, w.start, func(text string) { w.para.WriteString(text) }, w.end, w.out.full); err != nil {
		return nil, partError(display, "Word document", err)
	}
	return &Doc{Text: w.out.String()}, nil
}

// docxWriter turns word/document.xml's elements into lines of text.
type docxWriter struct {
	out       lines
	para, row strings.Builder
	cells     []string
	prefix    string // "# " for a heading, "- " for a list item
	inTable   int
}

func (w *docxWriter) start(t xml.StartElement) {
	switch t.Name.Local {
	case "p":
		w.para.Reset()
		w.prefix = ""
	case "pStyle":
		w.prefix = headingPrefix(attr(t, "val"), w.prefix)
	case "numPr":
		if w.prefix == "" {
			w.prefix = "- "
		}
	case "tab":
		w.para.WriteByte('\t')
	case "br", "cr":
		w.para.WriteByte('\n')
	case "tbl":
		w.inTable++
	case "tc":
		w.row.Reset()
	case "tr":
		w.cells = w.cells[:0]
	}
}

// headingPrefix is the "#" prefix of a paragraph style (Heading1..6,
// Title), or prefix as it was for any other style.
func headingPrefix(style, prefix string) string {
	if strings.HasPrefix(strings.ToLower(style), "heading") {
		if n, err := strconv.Atoi(style[len("heading"):]); err == nil && n >= 1 && n <= 6 {
			return strings.Repeat("#", n) + " "
		}
	} else if strings.EqualFold(style, "title") {
		return "# "
	}
	return prefix
}

func (w *docxWriter) end(name string) {
	switch name {
	case "p":
		w.endParagraph()
	case "tc":
		w.cells = append(w.cells, strings.TrimSpace(w.row.String()))
	case "tr":
		w.out.add(strings.Join(w.cells, " | "))
	case "tbl":
		w.inTable--
		w.out.add("")
	}
}

// endParagraph adds a paragraph to its table cell, or as lines (a blank
// line after a heading).
func (w *docxWriter) endParagraph() {
	if w.inTable > 0 {
		if w.row.Len() > 0 && w.para.Len() > 0 {
			w.row.WriteByte(' ')
		}
		w.row.WriteString(w.para.String())
		return
	}
	for _, l := range strings.Split(w.para.String(), "\n") {
		w.out.add(w.prefix + l)
	}
	if strings.HasPrefix(w.prefix, "#") {
		w.out.add("")
	}
}

// walkXML reads an Office XML part once: start and end see every element,
// text the content of each text run (<w:t>, <a:t>), which is decoded
// whole and not passed to start. It stops when the extraction's context
// ends, and without error once full reports the text is complete.
func walkXML(x *extraction, part []byte, start func(xml.StartElement), text func(string), end func(name string), full func() bool) error {
	dec := xml.NewDecoder(bytes.NewReader(part))
	for n := 0; ; n++ {
		if n%4096 == 0 {
			if err := x.stopped(); err != nil {
				return err
			}
			if full() {
				return nil
			}
		}
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if t.Name.Local != "t" {
				start(t)
				continue
			}
			var s string
			if err := dec.DecodeElement(&s, &t); err != nil {
				return err
			}
			text(s)
		case xml.EndElement:
			end(t.Name.Local)
		}
	}
}

func attr(t xml.StartElement, local string) string {
	for _, a := range t.Attr {
		if a.Name.Local == local {
			return a.Value
		}
	}
	return ""
}

// extractPPTX reads the slides in order: a "[slide N]" line, then one
// line per paragraph of its text.
func extractPPTX(x *extraction, data []byte) (*Doc, error) {
	display := x.display
	zr, err := openZip(display, "PowerPoint presentation", data)
	if err != nil {
		return nil, err
	}
	type slide struct {
		n    int
		name string
	}
	var slides []slide
	for _, f := range zr.File {
		dir, base := path.Split(f.Name)
		if dir != "ppt/slides/" || !strings.HasPrefix(base, "slide") || !strings.HasSuffix(base, ".xml") {
			continue
		}
		if n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimPrefix(base, "slide"), ".xml")); err == nil {
			slides = append(slides, slide{n, f.Name})
		}
	}
	sort.Slice(slides, func(i, j int) bool { return slides[i].n < slides[j].n })
	var out lines
	for i, s := range slides {
		if out.full() {
			break
		}
		part, done, err := x.part(zr, s.name)
		if err != nil {
			return nil, partError(display, "PowerPoint presentation", err)
		}
		if i > 0 {
			out.add("")
		}
		out.add(fmt.Sprintf("[slide %d]", i+1))
		var para strings.Builder
		err = walkXML(x, part, func(t xml.StartElement) {
			switch t.Name.Local {
			case "p":
				para.Reset()
			case "br":
				para.WriteByte('\n')
			}
		}, func(text string) { para.WriteString(text) }, func(name string) {
			if name == "p" {
				for _, l := range strings.Split(para.String(), "\n") {
					out.add(l)
				}
			}
		}, out.full)
		done()
		if err != nil {
			return nil, partError(display, "PowerPoint presentation", err)
		}
	}
	return &Doc{Text: out.String(), Parts: plural(len(slides), "slide")}, nil
}

// extractXLSX reads every sheet with excelize: a "[sheet NAME]" line, then
// one line per row, its cells (as Excel formats them) joined by " | ".
// excelize reads every part of the zip into memory when it opens it, so
// what the parts declare is checked (and held) first: their total against
// MaxPartsBytes (excelize's UnzipSizeLimit too), and a sheet or the shared
// strings over maxXMLInMemory are read from a temporary file instead.
func extractXLSX(x *extraction, data []byte) (*Doc, error) {
	display := x.display
	zr, err := openZip(display, "Excel workbook", data)
	if err != nil {
		return nil, err
	}
	var declared, inMemory int64
	for _, zf := range zr.File {
		n := int64(zf.UncompressedSize64)
		if n < 0 || n > partsBudget {
			return nil, x.partsLimit()
		}
		declared += n
		name := strings.ToLower(zf.Name)
		if n <= maxXMLInMemory || !(strings.HasPrefix(name, "xl/worksheets/sheet") || name == "xl/sharedstrings.xml") {
			inMemory += n
		}
	}
	if err := x.count(declared); err != nil {
		return nil, err
	}
	if err := tools.Hold(x.ctx, inMemory, display); err != nil {
		return nil, err
	}
	defer tools.Release(x.ctx, inMemory)
	f, err := excelize.OpenReader(bytes.NewReader(data), excelize.Options{UnzipSizeLimit: max(partsBudget, maxXMLInMemory), UnzipXMLSizeLimit: maxXMLInMemory})
	if err != nil {
		if strings.Contains(err.Error(), "unzip size exceeds") {
			return nil, x.partsLimit()
		}
		return nil, corrupt(display, "Excel workbook", err)
	}
	defer f.Close()
	sheets := f.GetSheetList()
	var out lines
	size := 0
	for i, name := range sheets {
		if i > 0 {
			out.add("")
		}
		out.add("[sheet " + name + "]")
		rows, err := f.Rows(name)
		if err != nil {
			return nil, corrupt(display, "Excel workbook", err)
		}
		for n := 0; rows.Next() && size <= MaxTextBytes; n++ {
			if n%1024 == 0 {
				if err := x.stopped(); err != nil {
					rows.Close()
					return nil, err
				}
			}
			cells, err := rows.Columns()
			if err != nil {
				rows.Close()
				return nil, corrupt(display, "Excel workbook", err)
			}
			for len(cells) > 0 && cells[len(cells)-1] == "" {
				cells = cells[:len(cells)-1]
			}
			line := strings.Join(cells, " | ")
			size += len(line) + 1
			out.add(line)
		}
		rows.Close()
	}
	return &Doc{Text: out.String(), Parts: plural(len(sheets), "sheet")}, nil
}

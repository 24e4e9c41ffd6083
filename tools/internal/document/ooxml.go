package document

import (
	"archive/zip"
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// openZip opens a zip-based document (OOXML, EPUB).
func openZip(display, what string, data []byte) (*zip.Reader, error) {
	zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		return nil, corrupt(display, what, err)
	}
	return zr, nil
}

// zipPart reads one part of a zip-based document, capped.
func zipPart(zr *zip.Reader, name string) ([]byte, error) {
	f, err := zr.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAllCapped(f, maxPartBytes)
}

// extractDOCX reads word/document.xml: one line per paragraph, headings
// as "#" lines, list items as "- ", table rows as cells joined by " | ".
func extractDOCX(display string, data []byte) (*Doc, error) {
	zr, err := openZip(display, "Word document", data)
	if err != nil {
		return nil, err
	}
	part, err := zipPart(zr, "word/document.xml")
	if err != nil {
		return nil, corrupt(display, "Word document", err)
	}
	w := &docxWriter{}
	if err := walkXML(part, w.start, func(text string) { w.para.WriteString(text) }, w.end); err != nil {
		return nil, corrupt(display, "Word document", err)
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
// whole and not passed to start.
func walkXML(part []byte, start func(xml.StartElement), text func(string), end func(name string)) error {
	dec := xml.NewDecoder(bytes.NewReader(part))
	for {
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
func extractPPTX(display string, data []byte) (*Doc, error) {
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
		part, err := zipPart(zr, s.name)
		if err != nil {
			return nil, corrupt(display, "PowerPoint presentation", err)
		}
		if i > 0 {
			out.add("")
		}
		out.add(fmt.Sprintf("[slide %d]", i+1))
		var para strings.Builder
		err = walkXML(part, func(t xml.StartElement) {
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
		})
		if err != nil {
			return nil, corrupt(display, "PowerPoint presentation", err)
		}
	}
	return &Doc{Text: out.String(), Parts: plural(len(slides), "slide")}, nil
}

// extractXLSX reads every sheet with excelize: a "[sheet NAME]" line, then
// one line per row, its cells (as Excel formats them) joined by " | ".
func extractXLSX(display string, data []byte) (*Doc, error) {
	f, err := excelize.OpenReader(bytes.NewReader(data))
	if err != nil {
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
		for rows.Next() && size <= MaxTextBytes {
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

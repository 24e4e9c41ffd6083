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
	var out lines
	var para, row strings.Builder
	var cells []string
	prefix := ""
	inTable := 0
	dec := xml.NewDecoder(bytes.NewReader(part))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, corrupt(display, "Word document", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			switch t.Name.Local {
			case "p":
				para.Reset()
				prefix = ""
			case "pStyle":
				if v := attr(t, "val"); strings.HasPrefix(strings.ToLower(v), "heading") {
					if n, err := strconv.Atoi(v[len("heading"):]); err == nil && n >= 1 && n <= 6 {
						prefix = strings.Repeat("#", n) + " "
					}
				} else if strings.EqualFold(v, "title") {
					prefix = "# "
				}
			case "numPr":
				if prefix == "" {
					prefix = "- "
				}
			case "tab":
				para.WriteByte('\t')
			case "br", "cr":
				para.WriteByte('\n')
			case "tbl":
				inTable++
			case "tc":
				row.Reset()
			case "tr":
				cells = cells[:0]
			case "t":
				var s string
				if err := dec.DecodeElement(&s, &t); err != nil {
					return nil, corrupt(display, "Word document", err)
				}
				para.WriteString(s)
			}
		case xml.EndElement:
			switch t.Name.Local {
			case "p":
				if inTable > 0 {
					if row.Len() > 0 && para.Len() > 0 {
						row.WriteByte(' ')
					}
					row.WriteString(para.String())
				} else {
					for _, l := range strings.Split(para.String(), "\n") {
						out.add(prefix + l)
					}
					if prefix != "" && strings.HasPrefix(prefix, "#") {
						out.add("")
					}
				}
			case "tc":
				cells = append(cells, strings.TrimSpace(row.String()))
			case "tr":
				out.add(strings.Join(cells, " | "))
			case "tbl":
				inTable--
				out.add("")
			}
		}
	}
	return &Doc{Text: out.String()}, nil
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
		dec := xml.NewDecoder(bytes.NewReader(part))
		for {
			tok, err := dec.Token()
			if err == io.EOF {
				break
			}
			if err != nil {
				return nil, corrupt(display, "PowerPoint presentation", err)
			}
			switch t := tok.(type) {
			case xml.StartElement:
				switch t.Name.Local {
				case "p":
					para.Reset()
				case "br":
					para.WriteByte('\n')
				case "t":
					var s string
					if err := dec.DecodeElement(&s, &t); err != nil {
						return nil, corrupt(display, "PowerPoint presentation", err)
					}
					para.WriteString(s)
				}
			case xml.EndElement:
				if t.Name.Local == "p" {
					for _, l := range strings.Split(para.String(), "\n") {
						out.add(l)
					}
				}
			}
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

// Package document extracts readable text from documents for read and
// search: PDF (github.com/ledongthuc/pdf, pure Go), DOCX and PPTX (Office
// Open XML: zip + XML, read with encoding/xml), XLSX
// (github.com/xuri/excelize/v2), EPUB (zip + XHTML, rendered with
// htmltext, the HTML-to-text path URL reads use) and RTF. The legacy
// binary Office formats (.doc, .ppt, .xls) are recognised and refused with
// the conversion to make. Extraction knows nothing of the workspace: it
// takes the document's bytes and a display name for messages.
package document

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/ctxio"
)

// Limits.
const (
	// MaxDocumentBytes bounds the document file read.
	MaxDocumentBytes = 64 << 20
	// MaxTextBytes bounds the text extracted; past it the text is cut
	// (Doc.Cut says so).
	MaxTextBytes = 16 << 20
	// MaxPartsBytes bounds the decompressed bytes one extraction reads
	// from the document's parts in all — every chapter of an EPUB's
	// reading order (one listed 400 times counts 400 times), every part
	// of an OOXML zip, a PDF's page contents, what a workbook declares.
	MaxPartsBytes = 256 << 20
	// maxPartBytes bounds one decompressed part of an OOXML or EPUB zip.
	maxPartBytes = 64 << 20
	// maxXMLInMemory is excelize's UnzipXMLSizeLimit: a larger sheet is
	// read from a temporary file.
	maxXMLInMemory = 16 << 20
)

// partsBudget is MaxPartsBytes; tests lower it.
var partsBudget int64 = MaxPartsBytes

// extraction is one Extract call: its context (every loop stops with it)
// and the decompressed bytes it has read from parts.
type extraction struct {
	ctx     context.Context
	display string
	read    int64
}

// stopped is the error of an extraction whose call ended; nil while it
// goes on.
func (x *extraction) stopped() error {
	if err := x.ctx.Err(); err != nil {
		return tools.Errorf(tools.CodeOf(err), "%s: extracting the text stopped: %v", x.display, err)
	}
	return nil
}

// count adds n decompressed bytes to what the extraction has read,
// failing past MaxPartsBytes with ERR_LIMIT.
func (x *extraction) count(n int64) error {
	x.read += n
	if x.read > partsBudget {
		return x.partsLimit()
	}
	return nil
}

func (x *extraction) partsLimit() error {
	return tools.Errorf(tools.ErrLimit, "%s: its parts expand past %s of decompressed data, the cap of one document (a zip bomb, a chapter the reading order repeats, or a document too large to read here). Convert it with bash (pandoc, pdftotext) if you trust it", x.display, size(partsBudget))
}

// part reads one part of a zip-based document: at most maxPartBytes,
// counted against MaxPartsBytes as it is read, and held against the
// process's decompression budget until the caller calls done.
func (x *extraction) part(zr *zip.Reader, name string) (data []byte, done func(), err error) {
	data, err = x.readPart(zr, name)
	if err != nil {
		return nil, func() {}, err
	}
	if err := tools.Hold(x.ctx, int64(len(data)), x.display+": part "+name); err != nil {
		return nil, func() {}, err
	}
	return data, func() { tools.Release(x.ctx, int64(len(data))) }, nil
}

func (x *extraction) readPart(zr *zip.Reader, name string) ([]byte, error) {
	if err := x.stopped(); err != nil {
		return nil, err
	}
	f, err := zr.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	limit := min(maxPartBytes, partsBudget-x.read)
	data, err := io.ReadAll(io.LimitReader(ctxio.Reader{Ctx: x.ctx, R: f}, limit+1))
	if stop := x.stopped(); stop != nil {
		return nil, stop
	}
	if cerr := x.count(int64(len(data))); cerr != nil {
		return nil, cerr
	}
	if int64(len(data)) > maxPartBytes {
		return nil, tools.Errorf(tools.ErrLimit, "%s: part %s expands past %s, the most one part may hold (a zip bomb, or a part too large to read here)", x.display, name, size(maxPartBytes))
	}
	if err != nil {
		return nil, err
	}
	return data, nil
}

// Format is a document format.
type Format struct {
	Ext, Name string
	// Legacy formats are recognised but not extracted.
	Legacy bool
	// Convert is the conversion to suggest for a legacy format.
	Convert string
}

var formats = map[string]Format{
	".pdf":  {Ext: ".pdf", Name: "PDF"},
	".docx": {Ext: ".docx", Name: "Word document"},
	".pptx": {Ext: ".pptx", Name: "PowerPoint presentation"},
	".xlsx": {Ext: ".xlsx", Name: "Excel workbook"},
	".epub": {Ext: ".epub", Name: "EPUB book"},
	".rtf":  {Ext: ".rtf", Name: "RTF document"},
	".doc":  {Ext: ".doc", Name: "Word 97-2003 document", Legacy: true, Convert: "docx"},
	".ppt":  {Ext: ".ppt", Name: "PowerPoint 97-2003 presentation", Legacy: true, Convert: "pptx"},
	".xls":  {Ext: ".xls", Name: "Excel 97-2003 workbook", Legacy: true, Convert: "xlsx"},
}

// FormatOf returns the document format a file name's extension names.
func FormatOf(name string) (Format, bool) {
	f, ok := formats[strings.ToLower(filepath.Ext(name))]
	return f, ok
}

// Known reports whether name has a document extension this package
// handles (or knows to refuse).
func Known(name string) bool {
	_, ok := FormatOf(name)
	return ok
}

// Doc is a document's text.
type Doc struct {
	Format string // "PDF", "Word document", …
	Text   string
	// Parts counts the pages, slides, sheets or chapters ("" when the
	// format has none), for the header: "12 pages".
	Parts string
	// Cut is set when the text was cut at MaxTextBytes.
	Cut bool
}

// Extract returns the text of the document data (of the format name's
// extension names), display naming it in messages. It stops when ctx
// ends, and holds what it decompresses against the process's
// tools.DecompressionBudget.
func Extract(ctx context.Context, name, display string, data []byte) (*Doc, error) {
	f, ok := FormatOf(name)
	if !ok {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s is not a document format atomic-script reads", display)
	}
	if f.Legacy {
		return nil, Unsupported(display, f)
	}
	if len(data) > MaxDocumentBytes {
		return nil, tools.Errorf(tools.ErrLimit, "%s is %s; documents are read up to %s. Convert it to text with bash first (pdftotext, pandoc) and read that", display, size(int64(len(data))), size(MaxDocumentBytes))
	}
	var (
		d   *Doc
		err error
		x   = &extraction{ctx: ctx, display: display}
	)
	switch f.Ext {
	case ".pdf":
		d, err = extractPDF(x, data)
	case ".docx":
		d, err = extractDOCX(x, data)
	case ".pptx":
		d, err = extractPPTX(x, data)
	case ".xlsx":
		d, err = extractXLSX(x, data)
	case ".epub":
		d, err = extractEPUB(x, data)
	case ".rtf":
		d, err = extractRTF(x, data)
	}
	if err != nil {
		return nil, err
	}
	d.Format = f.Name
	d.Text = strings.ToValidUTF8(d.Text, "\uFFFD")
	if len(d.Text) > MaxTextBytes {
		cut := MaxTextBytes
		for cut > 0 && !utf8.RuneStart(d.Text[cut]) {
			cut--
		}
		d.Text, d.Cut = d.Text[:cut], true
	}
	if strings.TrimSpace(d.Text) == "" {
		return nil, tools.Errorf(tools.ErrBinary, "%s (%s%s) has no text to show%s", display, f.Name, partsNote(d.Parts), noTextHint(f))
	}
	if err := tools.Hold(ctx, int64(len(d.Text)), display); err != nil {
		return nil, err
	}
	return d, nil
}

func partsNote(parts string) string {
	if parts == "" {
		return ""
	}
	return ", " + parts
}

func noTextHint(f Format) string {
	if f.Ext == ".pdf" {
		return ": it has no text layer (a scan, or pages of images). Run OCR on it first (ocrmypdf in.pdf out.pdf) and read the result"
	}
	return ""
}

// Unsupported is the error for a legacy binary Office document.
func Unsupported(display string, f Format) error {
	return tools.Errorf(tools.ErrInvalidArgs, "Unsupported document format: %s is a %s (%s), which atomic-script cannot read. Convert it first: libreoffice --headless --convert-to %s %s, then read the .%s",
		display, f.Name, f.Ext, f.Convert, shellQuote(display), f.Convert)
}

// corrupt is the error for a document that does not parse.
func corrupt(display, what string, err error) error {
	return &tools.Error{Code: tools.ErrInvalidArgs, Msg: fmt.Sprintf("%s is not a readable %s (%v); check it with bash (file %s)", display, what, err, shellQuote(display)), Err: err}
}

// lines collects text lines, dropping runs of blank lines to one.
type lines struct {
	b     bytes.Buffer
	blank bool
}

// full reports whether the text is past MaxTextBytes: it will be cut, so
// no more need be rendered.
func (l *lines) full() bool { return l.b.Len() > MaxTextBytes }

func (l *lines) add(s string) {
	s = strings.TrimRight(s, " \t\r")
	if strings.TrimSpace(s) == "" {
		if l.b.Len() > 0 && !l.blank {
			l.b.WriteByte('\n')
			l.blank = true
		}
		return
	}
	l.blank = false
	l.b.WriteString(s)
	l.b.WriteByte('\n')
}

func (l *lines) String() string { return strings.TrimRight(l.b.String(), "\n") }

func shellQuote(p string) string {
	if p != "" && strings.Trim(p, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-./+@%=:,") == "" {
		return p
	}
	return "'" + strings.ReplaceAll(p, "'", `'\''`) + "'"
}

func size(n int64) string {
	switch {
	case n < 1024:
		return fmt.Sprintf("%dB", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1fKB", float64(n)/1024)
	}
	return fmt.Sprintf("%.1fMB", float64(n)/(1<<20))
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

package document

import (
	"bytes"
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/bombs"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/document/fixture"
)

func TestExtract(t *testing.T) {
	for _, c := range []struct {
		name  string
		data  []byte
		want  string
		parts string
	}{
		{"a.pdf", fixture.PDF([][]string{{"Hello PDF world", "second line (with parens)"}, {"page two"}}, false),
			"[page 1]\nHello PDF world\nsecond line (with parens)\n\n[page 2]\npage two", "2 pages"},
		{"z.pdf", fixture.PDF([][]string{{"compressed stream"}}, true), "[page 1]\ncompressed stream", "1 page"},
		{"a.docx", fixture.DOCX(fixture.Para("Heading1", "Title here") + fixture.Para("", "Body text.") +
			`<w:p><w:pPr><w:numPr><w:ilvl w:val="0"/></w:numPr></w:pPr><w:r><w:t>an item</w:t></w:r></w:p>` +
			`<w:tbl><w:tr><w:tc>` + fixture.Para("", "a") + `</w:tc><w:tc>` + fixture.Para("", "b") + `</w:tc></w:tr></w:tbl>` +
			`<w:p><w:r><w:t>tab</w:t><w:tab/><w:t>bed</w:t></w:r></w:p>`),
			"# Title here\n\nBody text.\n- an item\na | b\n\ntab\tbed", ""},
		{"a.pptx", fixture.PPTX([]string{"Slide one", "point"}, []string{"Slide two"}), "[slide 1]\nSlide one\npoint\n\n[slide 2]\nSlide two", "2 slides"},
		{"a.xlsx", fixture.XLSX(map[string][][]any{"Sales": {{"Region", "Total"}, {"North", 42}}, "Notes": {{"hello"}}}, "Sales", "Notes"),
			"[sheet Sales]\nRegion | Total\nNorth | 42\n\n[sheet Notes]\nhello", "2 sheets"},
		{"a.epub", fixture.EPUB("My Book", "<h1>Chapter 1</h1><p>It was a <em>dark</em> night.</p>", "<h2>Two</h2><ul><li>x</li></ul>"),
			"# My Book\n\n# Chapter 1\n\nIt was a *dark* night.\n\n## Two\n\n- x", "2 chapters"},
		{"a.rtf", []byte(`{\rtf1\ansi{\fonttbl{\f0 Times;}}{\colortbl;\red0\green0\blue0;}\f0 Hello {\b bold} caf\'e9\par Second\tab line \u8364? euro{\*\generator x;}\par}`),
			"Hello bold café\nSecond\tline € euro", ""},
	} {
		d, err := Extract(context.Background(), c.name, c.name, c.data)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if d.Text != c.want || d.Parts != c.parts {
			t.Errorf("%s:\n%q (%s)\nwant\n%q (%s)", c.name, d.Text, d.Parts, c.want, c.parts)
		}
	}
}

func TestExtractRefusals(t *testing.T) {
	for _, c := range []struct {
		name string
		data []byte
		code tools.Code
		msg  string
	}{
		{"scan.pdf", fixture.PDF([][]string{{}, {}}, true), tools.ErrBinary, "scan.pdf (PDF, 2 pages) has no text to show: it has no text layer (a scan, or pages of images). Run OCR on it first"},
		{"junk.pdf", []byte("%PDF-1.4 garbage"), tools.ErrInvalidArgs, "junk.pdf is not a readable PDF"},
		{"junk.docx", []byte("not a zip"), tools.ErrInvalidArgs, "junk.docx is not a readable Word document"},
		{"nobody.docx", fixture.Zip("x.txt", "x"), tools.ErrInvalidArgs, "nobody.docx is not a readable Word document"},
		{"junk.xlsx", []byte("nope"), tools.ErrInvalidArgs, "junk.xlsx is not a readable Excel workbook"},
		{"junk.epub", fixture.Zip("mimetype", "application/epub+zip"), tools.ErrInvalidArgs, "no META-INF/container.xml"},
		{"junk.rtf", []byte("plain text"), tools.ErrInvalidArgs, `junk.rtf is not a readable RTF document (it does not start with {\rtf)`},
		{"old.doc", []byte("\xd0\xcf\x11\xe0"), tools.ErrInvalidArgs, "Unsupported document format: old.doc is a Word 97-2003 document (.doc), which atomic-script cannot read. Convert it first: libreoffice --headless --convert-to docx old.doc, then read the .docx"},
		{"old.xls", nil, tools.ErrInvalidArgs, "Unsupported document format: old.xls is a Excel 97-2003 workbook"},
		{"old.ppt", nil, tools.ErrInvalidArgs, "--convert-to pptx old.ppt"},
		{"empty.docx", fixture.DOCX(""), tools.ErrBinary, "empty.docx (Word document) has no text to show"},
	} {
		_, err := Extract(context.Background(), c.name, c.name, c.data)
		if err == nil || tools.CodeOf(err) != c.code || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%s: %v (%s), want %s %q", c.name, err, tools.CodeOf(err), c.code, c.msg)
		}
	}
}

func TestHundredPagePDF(t *testing.T) {
	d, err := Extract(context.Background(), "big.pdf", "big.pdf", hundredPages())
	if err != nil {
		t.Fatal(err)
	}
	if d.Parts != "100 pages" || !strings.Contains(d.Text, "[page 100]\npage 100 line 1: the quick") || strings.Count(d.Text, "\n") < 4000 {
		t.Errorf("%s, %d lines", d.Parts, strings.Count(d.Text, "\n"))
	}
}

func hundredPages() []byte {
	pages := make([][]string, 100)
	for i := range pages {
		for j := 1; j <= 40; j++ {
			pages[i] = append(pages[i], fmt.Sprintf("page %d line %d: the quick brown fox jumps over the lazy dog", i+1, j))
		}
	}
	return fixture.PDF(pages, true)
}

// BenchmarkPDF100Pages is the text of a 100-page PDF (40 lines a page).
func BenchmarkPDF100Pages(b *testing.B) {
	data := hundredPages()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := Extract(context.Background(), "big.pdf", "big.pdf", data); err != nil {
			b.Fatal(err)
		}
	}
}

// FuzzRTFText: RTF extraction never fails or panics, and yields UTF-8.
func FuzzRTFText(f *testing.F) {
	for _, s := range []string{`{\rtf1 hi\par}`, `{\rtf1{\*\x y}\u-3913?z}`, `\'zz{{{`, `{\rtf1\uc2\u8364ab c}`, `\`, `{\rtf1\u55357?\u56832?}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		out := RTFText(data)
		if !strings.Contains(out, "\uFFFD") && !isUTF8(out) {
			t.Fatalf("not UTF-8: %q", out)
		}
	})
}

func isUTF8(s string) bool { return strings.ToValidUTF8(s, "") == s }

// TestBombsFailWithinTheirCaps (issue 29): documents that expand without
// bound — a workbook with a hidden part of gigabytes, a book whose
// reading order repeats a chapter hundreds of times — fail with ERR_LIMIT
// naming the cap, having read at most MaxPartsBytes.
func TestBombsFailWithinTheirCaps(t *testing.T) {
	// The cap is lowered so the test decompresses little (the CLI's
	// TestBombsStayWithinMemory runs these at full size).
	defer func(old int64) { partsBudget = old }(partsBudget)
	partsBudget = 256 << 10
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"hidden.xlsx", bombs.XLSX(64 << 20)},
		{"spine.epub", bombs.EPUB(4<<10, 400)},
		{"parts.docx", bombs.Zip(bombs.Part{Name: "word/document.xml", Fill: ' ', Size: 16 << 20})},
	} {
		if len(c.data) > 4<<20 {
			t.Fatalf("%s: the bomb is %d bytes", c.name, len(c.data))
		}
		_, err := Extract(context.Background(), c.name, c.name, c.data)
		if tools.CodeOf(err) != tools.ErrLimit || !strings.Contains(err.Error(), c.name) || !strings.Contains(err.Error(), "expand past "+size(partsBudget)) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestPageTreeThatContainsItself (issue 29): a PDF whose page tree lists
// itself among its kids, and declares a billion pages, is refused at once
// instead of looping forever.
func TestPageTreeThatContainsItself(t *testing.T) {
	done := make(chan error, 1)
	go func() {
		_, err := Extract(context.Background(), "cycle.pdf", "cycle.pdf", bombs.PDFCycle(1_000_000_000))
		done <- err
	}()
	select {
	case err := <-done:
		if tools.CodeOf(err) != tools.ErrInvalidArgs || !strings.Contains(err.Error(), "page tree contains itself") {
			t.Errorf("cycle.pdf: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("extracting a self-referential page tree did not end")
	}
}

// TestExtractionStopsWithItsContext: a cancelled call stops extracting.
func TestExtractionStopsWithItsContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, c := range []struct {
		name string
		data []byte
	}{
		{"a.pdf", hundredPages()},
		{"a.epub", fixture.EPUB("B", "<p>x</p>")},
		{"a.xlsx", fixture.XLSX(map[string][][]any{"S": {{"a"}}}, "S")},
		{"a.docx", fixture.DOCX(fixture.Para("", "x"))},
	} {
		if _, err := Extract(ctx, c.name, c.name, c.data); tools.CodeOf(err) != tools.ErrCancelled {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// TestRTFNestingIsBounded: a file of nothing but open groups keeps at
// most maxRTFDepth of them, and text after them still counts.
func TestRTFNestingIsBounded(t *testing.T) {
	data := []byte(`{\rtf1 ` + strings.Repeat("{", 5_000_000) + "deep" + strings.Repeat("}", 5_000_000) + ` top}`)
	d, err := Extract(context.Background(), "a.rtf", "a.rtf", data)
	if err != nil || d.Text != "deep top" {
		t.Fatalf("%v %+v", err, d)
	}
}

// TestDeclaredPageCountIsNotTrusted: a page tree that declares more pages
// than it holds is read as the pages it holds, and the header says so.
func TestDeclaredPageCountIsNotTrusted(t *testing.T) {
	data := fixture.PDF([][]string{{"only page"}}, false)
	data = bytes.Replace(data, []byte("/Count 1"), []byte("/Count 9"), 1)
	d, err := Extract(context.Background(), "a.pdf", "a.pdf", data)
	if err != nil || d.Parts != "1 page (its page tree declares 9)" || !strings.Contains(d.Text, "only page") {
		t.Fatalf("%v %+v", err, d)
	}
}

// Package bombs builds small hostile inputs that expand without bound when
// read naively — zip and gzip bombs, a workbook with a huge hidden part, a
// book whose reading order repeats a chapter, sparse tar members, a PDF
// whose page tree contains itself — for the tests that prove the tools
// stay within their caps. Every bomb is built here, in memory, from
// parameters; none is checked in.
package bombs

import (
	"archive/zip"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"fmt"
	"hash/crc32"
	"io"
	"strconv"
	"strings"

	"github.com/xuri/excelize/v2"
)

// Repeated is a deflate stream that inflates to n copies of the byte b,
// with the stream's CRC-32: one block of 1 MiB compressed once and
// repeated, so a gigabyte costs a millisecond to build.
func Repeated(b byte, n int64) (compressed []byte, crc uint32) {
	const chunk = 1 << 20
	one := bytes.Repeat([]byte{b}, chunk)
	var blk bytes.Buffer
	w, _ := flate.NewWriter(&blk, flate.BestCompression)
	w.Write(one)
	w.Flush() // a byte-aligned, non-final block: blocks can follow it
	var out bytes.Buffer
	full := n / chunk
	for range full {
		out.Write(blk.Bytes())
	}
	tail := n - full*chunk
	w2, _ := flate.NewWriter(&out, flate.BestCompression)
	w2.Write(one[:tail])
	w2.Close() // the final block
	tab := crc32.IEEETable
	c := uint32(0)
	for range full {
		c = crc32.Update(c, tab, one)
	}
	c = crc32.Update(c, tab, one[:tail])
	return out.Bytes(), c
}

// Part is one member of a zip built by Zip.
type Part struct {
	Name string
	Data []byte // stored deflated as it is
	// Fill, when Size > 0, makes the member Size copies of Fill instead.
	Fill byte
	Size int64
}

// Zip builds a zip of parts, each deflated; a Size part is a repeated-byte
// bomb.
func Zip(parts ...Part) []byte {
	var buf bytes.Buffer
	zw := zip.NewWriter(&buf)
	for _, p := range parts {
		if p.Size == 0 {
			w, _ := zw.Create(p.Name)
			w.Write(p.Data)
			continue
		}
		comp, crc := Repeated(p.Fill, p.Size)
		w, _ := zw.CreateRaw(&zip.FileHeader{Name: p.Name, Method: zip.Deflate, CRC32: crc, CompressedSize64: uint64(len(comp)), UncompressedSize64: uint64(p.Size)})
		w.Write(comp)
	}
	zw.Close()
	return buf.Bytes()
}

// XLSX is a valid one-sheet workbook holding a non-sheet part of hidden
// bytes (xl/media/blob.bin): a few megabytes that inflate to hidden.
func XLSX(hidden int64) []byte {
	f := excelize.NewFile()
	f.SetCellValue("Sheet1", "A1", "hello")
	var wb bytes.Buffer
	f.Write(&wb)
	zr, _ := zip.NewReader(bytes.NewReader(wb.Bytes()), int64(wb.Len()))
	var parts []Part
	for _, zf := range zr.File {
		rc, _ := zf.Open()
		data, _ := io.ReadAll(rc)
		rc.Close()
		parts = append(parts, Part{Name: zf.Name, Data: data})
	}
	return Zip(append(parts, Part{Name: "xl/media/blob.bin", Fill: 0, Size: hidden})...)
}

// EPUB is a book whose spine lists one chapter of chapterBytes of text
// repeats times.
func EPUB(chapterBytes int64, repeats int) []byte {
	head := "<?xml version=\"1.0\"?><html xmlns=\"http://www.w3.org/1999/xhtml\"><body><p>"
	tail := "</p></body></html>"
	var spine strings.Builder
	for range repeats {
		spine.WriteString(`<itemref idref="c"/>`)
	}
	body := chapterBytes - int64(len(head)+len(tail))
	return Zip(
		Part{Name: "mimetype", Data: []byte("application/epub+zip")},
		Part{Name: "META-INF/container.xml", Data: []byte(`<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles></container>`)},
		Part{Name: "OEBPS/book.opf", Data: []byte(`<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0"><metadata><title>Bomb</title></metadata><manifest><item id="c" href="c.xhtml" media-type="application/xhtml+xml"/></manifest><spine>` + spine.String() + `</spine></package>`)},
		Part{Name: "OEBPS/c.xhtml", Data: []byte(head + strings.Repeat("lorem ipsum ", int(body/12)) + tail)},
	)
}

// SparseTarGz is a gzipped tar of members sparse files, each declaring
// realSize bytes of which only the last two ("x\n") are stored: the rest
// is a hole a reader expands to zeros.
func SparseTarGz(members int, realSize int64) []byte {
	var tarBuf bytes.Buffer
	for i := range members {
		name := "big" + strconv.Itoa(i) + ".txt"
		pax := paxRecords(map[string]string{
			"GNU.sparse.major":    "1",
			"GNU.sparse.minor":    "0",
			"GNU.sparse.name":     name,
			"GNU.sparse.realsize": strconv.FormatInt(realSize, 10),
		})
		tarBuf.Write(header("PaxHeaders/"+name, 'x', int64(len(pax))))
		tarBuf.Write(pad(pax))
		sparseMap := pad([]byte(fmt.Sprintf("1\n%d\n2\n", realSize-2)))
		data := append(sparseMap, pad([]byte("x\n"))...)
		tarBuf.Write(header("GNUSparseFile.0/"+name, '0', int64(len(sparseMap))+2))
		tarBuf.Write(data)
	}
	tarBuf.Write(make([]byte, 1024)) // the end: two zero blocks
	var gz bytes.Buffer
	w, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
	w.Write(tarBuf.Bytes())
	w.Close()
	return gz.Bytes()
}

// paxRecords encodes PAX records, "LEN key=value\n" each, in sorted key
// order.
func paxRecords(recs map[string]string) []byte {
	var keys []string
	for k := range recs {
		keys = append(keys, k)
	}
	for i := range keys {
		for j := i + 1; j < len(keys); j++ {
			if keys[j] < keys[i] {
				keys[i], keys[j] = keys[j], keys[i]
			}
		}
	}
	var b bytes.Buffer
	for _, k := range keys {
		rec := " " + k + "=" + recs[k] + "\n"
		// The length counts its own digits.
		n := len(rec) + len(strconv.Itoa(len(rec)))
		if m := len(rec) + len(strconv.Itoa(n)); m != n {
			n = m
		}
		b.WriteString(strconv.Itoa(n) + rec)
	}
	return b.Bytes()
}

// header is a ustar header block.
func header(name string, typeflag byte, size int64) []byte {
	h := make([]byte, 512)
	copy(h[0:100], name)
	copy(h[100:108], "0000644\x00")
	copy(h[108:116], "0000000\x00")
	copy(h[116:124], "0000000\x00")
	copy(h[124:136], fmt.Sprintf("%011o\x00", size))
	copy(h[136:148], "00000000000\x00")
	h[156] = typeflag
	copy(h[257:263], "ustar\x00")
	copy(h[263:265], "00")
	copy(h[148:156], "        ")
	sum := 0
	for _, c := range h {
		sum += int(c)
	}
	copy(h[148:156], fmt.Sprintf("%06o\x00 ", sum))
	return h
}

// pad pads b to a whole number of 512-byte blocks.
func pad(b []byte) []byte {
	if r := len(b) % 512; r != 0 {
		b = append(b, make([]byte, 512-r)...)
	}
	return b
}

// PDFCycle is a PDF whose page tree lists itself among its kids, declaring
// count pages.
func PDFCycle(count int) []byte {
	objs := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		fmt.Sprintf("<< /Type /Pages /Kids [2 0 R 3 0 R] /Count %d >>", count),
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 10 10] >>",
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offs := make([]int, len(objs))
	for i, o := range objs {
		offs[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objs)+1)
	for _, o := range offs {
		fmt.Fprintf(&b, "%010d 00000 n \n", o)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objs)+1, xref)
	return b.Bytes()
}

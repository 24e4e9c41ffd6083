package web

import (
	"net/http"
	"path"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
)

// bodyKind is how a fetched body is shown.
type bodyKind int

const (
	kindHTML     bodyKind = iota // rendered to Markdown or text
	kindText                     // shown as it is (plain text, JSON, XML, source)
	kindDocument                 // PDF, Office, EPUB, RTF: for a document reader
	kindBinary                   // images, archives, media: not shown
)

var documentTypes = map[string]string{
	"application/pdf":    "PDF",
	"application/msword": "Word",
	"application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word",
	"application/vnd.ms-excel": "Excel",
	"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet":         "Excel",
	"application/vnd.ms-powerpoint":                                             "PowerPoint",
	"application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint",
	"application/rtf":      "RTF",
	"text/rtf":             "RTF",
	"application/epub+zip": "EPUB",
}

var documentExts = map[string]string{
	".pdf": "application/pdf", ".doc": "application/msword", ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
	".xls": "application/vnd.ms-excel", ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
	".ppt": "application/vnd.ms-powerpoint", ".pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation",
	".rtf": "application/rtf", ".epub": "application/epub+zip",
	".html": "text/html", ".htm": "text/html", ".xhtml": "application/xhtml+xml",
}

// documentResponse reports whether a response of media type mt for a URL
// path is a document, judged before its body is read.
func documentResponse(mt, urlPath string) bool {
	if documentTypes[mt] != "" {
		return true
	}
	t, ok := documentExts[strings.ToLower(path.Ext(urlPath))]
	return (mt == "" || mt == "application/octet-stream" || mt == "binary/octet-stream") && ok && documentTypes[t] != ""
}

// documentExt is the file extension the document readers know a document
// media type by.
func documentExt(mt string) string {
	for ext, t := range documentExts {
		if t == mt && documentTypes[t] != "" {
			return ext
		}
	}
	return ""
}

// kindOf decides how to show resp: by its Content-Type; when that is
// missing or generic (application/octet-stream), by the URL's extension;
// else by sniffing the bytes. It returns the media type it went by.
func kindOf(resp *Response) (bodyKind, string) {
	mt := resp.ContentType
	if mt == "" || mt == "application/octet-stream" || mt == "binary/octet-stream" {
		if t, ok := documentExts[strings.ToLower(path.Ext(resp.URL.Path))]; ok {
			mt = t
		} else {
			mt, _, _ = strings.Cut(http.DetectContentType(resp.Body), ";")
		}
	}
	return kindOfType(mt), mt
}

func kindOfType(mt string) bodyKind {
	switch {
	case mt == "text/html" || mt == "application/xhtml+xml":
		return kindHTML
	case documentTypes[mt] != "":
		return kindDocument
	case strings.HasPrefix(mt, "text/"),
		strings.HasSuffix(mt, "+json"), strings.HasSuffix(mt, "+xml"),
		mt == "application/json", mt == "application/xml", mt == "application/javascript",
		mt == "application/ecmascript", mt == "application/x-javascript", mt == "application/yaml",
		mt == "application/x-yaml", mt == "application/toml", mt == "application/x-sh",
		mt == "application/sql", mt == "application/graphql", mt == "application/x-ndjson":
		return kindText
	}
	return kindBinary
}

// decodeText returns body as UTF-8: by a byte-order mark or the declared
// charset when there is one, as UTF-8 when it is valid UTF-8, else by the
// page's <meta> charset or Windows-1252 (what browsers assume). Invalid
// sequences become U+FFFD; replaced counts them.
func decodeText(body []byte, contentType string) (text string, replaced int) {
	e, name, certain := charset.DetermineEncoding(body, contentType)
	if !certain && utf8.Valid(body) {
		name = "utf-8"
	}
	if name == "utf-8" {
		body = trimBOM(body)
		if utf8.Valid(body) {
			return string(body), 0
		}
		var b strings.Builder
		b.Grow(len(body))
		for len(body) > 0 {
			r, size := utf8.DecodeRune(body)
			if r == utf8.RuneError && size <= 1 {
				replaced++ // one U+FFFD an invalid byte, as the WHATWG decoder does
				b.WriteRune(utf8.RuneError)
				body = body[1:]
				continue
			}
			b.Write(body[:size])
			body = body[size:]
		}
		return b.String(), replaced
	}
	out, err := e.NewDecoder().Bytes(body)
	if err != nil {
		return strings.ToValidUTF8(string(body), "\uFFFD"), 1
	}
	return strings.TrimPrefix(string(out), "\uFEFF"), 0
}

func trimBOM(b []byte) []byte {
	if len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		return b[3:]
	}
	return b
}

package web

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/document"
	"github.com/atomic-script/atomic-script/tools/internal/htmltext"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
)

// Limits of a URL read.
const (
	// ReadLines and ReadBytes bound an unselected read (and an open
	// selector such as ":301", which pages on): the first 300 rendered
	// lines, at most 50 KiB.
	ReadLines = 300
	ReadBytes = 50 << 10
	// ReadRangeLines bounds a read of bounded ranges (":5-16").
	ReadRangeLines = 3000
	// ReadDownload caps the bytes downloaded for one read; a longer body
	// is cut there and the read says so. Rendering costs far more than
	// the download: 2 MiB of dense markup takes about 100 MB of heap and a
	// second of CPU in readability and html-to-markdown.
	ReadDownload = 2 << 20
	// ReadDocument caps the download of a document (PDF, Office, EPUB,
	// RTF): it cannot be read in part, so a longer one is refused.
	ReadDocument = 16 << 20
	// ReadTimeout bounds one read, body included.
	ReadTimeout = 30 * time.Second
)

// IsURL reports whether read's path argument is an http(s) URL, which
// read fetches instead of opening a file.
func IsURL(p string) bool {
	p = strings.TrimSpace(p)
	i := strings.Index(p, "://")
	return i > 0 && (strings.EqualFold(p[:i], "http") || strings.EqualFold(p[:i], "https"))
}

// ReadDetails is the details value of a URL read.
type ReadDetails struct {
	Meta ReadMeta `json:"meta"`
}

// ReadMeta says where a URL read came from and how it was cut; its
// truncation and limits have the shape of a file read's.
type ReadMeta struct {
	Source      string      `json:"source"`     // "url"
	SourcePath  string      `json:"sourcePath"` // the URL after redirects
	URL         string      `json:"url"`        // the URL as given
	Status      int         `json:"status"`
	ContentType string      `json:"contentType"`
	Title       string      `json:"title,omitempty"`
	Download    Download    `json:"download"`
	Truncation  *Truncation `json:"truncation,omitempty"`
	Limits      *Limits     `json:"limits,omitempty"`
}

// Download describes the body as it arrived.
type Download struct {
	Bytes     int  `json:"bytes"`
	Limit     int  `json:"limit"`
	Truncated bool `json:"truncated,omitempty"` // the body went on past Limit
	TimedOut  bool `json:"timedOut,omitempty"`  // the timeout passed mid-body
	// InvalidUTF8 counts invalid sequences shown as U+FFFD.
	InvalidUTF8 int  `json:"invalidUtf8,omitempty"`
	Upgraded    bool `json:"upgraded,omitempty"`
}

// Truncation describes a read cut by the line or byte limit.
type Truncation struct {
	Truncated    bool   `json:"truncated"`
	TruncatedBy  string `json:"truncatedBy,omitempty"` // "lines" or "bytes"
	TotalLines   int    `json:"totalLines"`
	OutputLines  int    `json:"outputLines"`
	FirstLine    int    `json:"firstLine,omitempty"`
	LastLine     int    `json:"lastLine,omitempty"`
	ContinueWith string `json:"continueWith,omitempty"`
	// LineCut is set when a line alone was over the byte limit and its
	// start is shown.
	LineCut bool `json:"lineCut,omitempty"`
}

// Limits are the caps that applied.
type Limits struct {
	MaxLines int `json:"maxLines"`
	MaxBytes int `json:"maxBytes"`
}

// Read is `read` of an http(s) URL, with an optional line selector after
// the URL (https://host/page:5-8, :40, :raw). HTML is rendered to Markdown
// (main content only); text bodies are shown as they are.
func Read(ctx context.Context, env *tools.Env, arg string) (tools.Result, error) {
	return defaultClient().Read(ctx, env, arg)
}

// Read is the package Read on c.
func (c *Client) Read(ctx context.Context, env *tools.Env, arg string) (tools.Result, error) {
	raw, selText, err := splitURLSelector(strings.TrimSpace(arg))
	if err != nil {
		return tools.Result{}, err
	}
	var sel *selector.Selector
	if selText != "" {
		s, err := selector.Parse(selText)
		if err != nil {
			return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "read: %v", err)
		}
		if s.Cell >= 0 {
			return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "read: :cell:N selects notebook cells; a URL takes line selectors (:5-16, :40) or :raw")
		}
		sel = &s
	}
	resp, err := c.Fetch(ctx, "read", Request{URL: raw, MaxBytes: ReadDownload, DocumentBytes: ReadDocument, Timeout: ReadTimeout,
		Accept: "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5"})
	if err != nil {
		return tools.Result{}, err
	}
	if err := statusError("read", raw, resp); err != nil {
		return tools.Result{}, err
	}
	text, meta, err := c.render(ctx, "read", resp, sel != nil && sel.Raw, htmltext.Markdown)
	if err != nil {
		return tools.Result{}, err
	}
	meta.URL, meta.Download.Limit = raw, ReadDownload
	display := displayURL(resp)
	if sel != nil && sel.Raw {
		return tools.Result{Text: text + notes(meta, ""), Details: ReadDetails{Meta: meta}}, nil
	}
	return renderRows(env, raw, display, text, sel, meta)
}

// render decodes resp and renders it as the tool shows it: HTML as
// format (or as it is, when raw), text as it is; documents and binary
// bodies are refused.
func (c *Client) render(ctx context.Context, tool string, resp *Response, raw bool, format htmltext.Format) (string, ReadMeta, error) {
	kind, mt := kindOf(resp)
	meta := ReadMeta{Source: "url", SourcePath: displayURL(resp), Status: resp.Status, ContentType: mt,
		Download: Download{Bytes: len(resp.Body), Truncated: resp.Truncated, TimedOut: resp.TimedOut, Upgraded: resp.Upgraded}}
	switch kind {
	case kindDocument:
		if resp.Truncated {
			return "", meta, tools.Errorf(tools.ErrLimit, "%s: %s is a %s document over %s; a document cannot be read in part. Download it with bash and read the file", tool, meta.SourcePath, documentTypes[mt], formatSize(int64(len(resp.Body))))
		}
		doc, err := document.Extract(ctx, "document"+documentExt(mt), meta.SourcePath, resp.Body)
		if err != nil {
			return "", meta, err
		}
		meta.Title = doc.Format
		if doc.Parts != "" {
			meta.Title += ", " + doc.Parts
		}
		text := doc.Text
		if doc.Cut {
			text += fmt.Sprintf("\n[The document's text was cut at %s.]", formatSize(document.MaxTextBytes))
		}
		return strings.ReplaceAll(text, "\r\n", "\n"), meta, nil
	case kindBinary:
		return "", meta, tools.Errorf(tools.ErrBinary, "%s: %s is %s (%s), not text; it has no lines to show", tool, meta.SourcePath, mt, sizeOf(resp))
	}
	text, bad := decodeText(resp.Body, resp.ContentType+paramsSuffix(resp.Params))
	meta.Download.InvalidUTF8 = bad
	if kind == kindHTML && !raw {
		page, err := htmltext.Render([]byte(text), htmltext.Options{Format: format, Base: resp.URL, MainContent: true, Context: ctx})
		if err != nil && ctx.Err() != nil {
			return "", meta, tools.Errorf(tools.CodeOf(ctx.Err()), "%s: %s: rendering the page stopped: %v", tool, meta.SourcePath, ctx.Err())
		}
		if err != nil {
			return "", meta, tools.Errorf(tools.ErrTool, "%s: %s: could not render the page: %v", tool, meta.SourcePath, err)
		}
		text, meta.Title = page.Text, page.Title
	}
	return strings.ReplaceAll(text, "\r\n", "\n"), meta, nil
}

func paramsSuffix(params map[string]string) string {
	if cs := params["charset"]; cs != "" {
		return "; charset=" + cs
	}
	return ""
}

func sizeOf(resp *Response) string {
	s := formatSize(int64(len(resp.Body)))
	if resp.Truncated {
		s = "over " + s
	}
	return s
}

// statusError is the error for an HTTP error status.
func statusError(tool, raw string, resp *Response) error {
	if resp.Status < 400 {
		return nil
	}
	code := tools.ErrTool
	hint := ""
	switch {
	case resp.Status == http.StatusNotFound || resp.Status == http.StatusGone:
		code, hint = tools.ErrNotFound, " Check the URL."
	case resp.Status == http.StatusUnauthorized || resp.Status == http.StatusForbidden:
		code, hint = tools.ErrPermission, " The page needs a login or refuses automated clients."
	case resp.Status == http.StatusTooManyRequests:
		hint = " The server is rate-limiting; try again later."
	case resp.Status >= 500:
		hint = " The server failed; try again later."
	}
	return tools.Errorf(code, "%s: %s returned HTTP %d %s.%s", tool, displayURL(resp), resp.Status, resp.StatusText, hint)
}

// displayURL is the URL a response came from, without credentials or
// fragment (so a header never looks like a path#TAG).
func displayURL(resp *Response) string {
	u := *resp.URL
	u.Fragment, u.RawFragment = "", ""
	return u.Redacted()
}

// splitURLSelector separates a trailing line selector from a URL:
// "https://h/p:5-8" → ("https://h/p", "5-8"). A colon in the host part is a
// port ("https://h:8080"), unless a port already precedes it
// ("https://h:8080:5-8"). A path that ends in ":digits" of its own must
// spell the colon %3A.
func splitURLSelector(arg string) (string, string, error) {
	base, sel, ok := selector.Split(arg)
	if !ok {
		return arg, "", nil
	}
	scheme := strings.Index(arg, "://") + 3
	authEnd := len(arg)
	if i := strings.IndexAny(arg[scheme:], "/?#"); i >= 0 {
		authEnd = scheme + i
	}
	if len(base) >= authEnd || hasPort(arg[scheme:len(base)]) {
		return base, sel, nil
	}
	// The colon Split chose starts the port ("http://[::1]:8080:40" read
	// as line:column): a selector can only follow the port.
	last := strings.LastIndexByte(arg, ':')
	if _, tail, ok := selector.Split("x:" + arg[last+1:]); ok && tail == arg[last+1:] && last > len(base) && hasPort(arg[scheme:last]) {
		return arg[:last], tail, nil
	}
	return arg, "", nil
}

// hasPort reports whether a URL's host[:port] part ends in a port.
func hasPort(hostport string) bool {
	return strings.LastIndexByte(hostport, ':') > strings.LastIndexByte(hostport, ']')
}

// renderRows renders text as numbered rows within the URL read limits.
func renderRows(env *tools.Env, raw, display, text string, sel *selector.Selector, meta ReadMeta) (tools.Result, error) {
	lines := strings.Split(strings.TrimSuffix(text, "\n"), "\n")
	total := len(lines)
	shown := []selector.Span{{From: 1, To: total}}
	maxLines, bounded := ReadLines, false
	if sel != nil {
		var beyond int
		shown, beyond, bounded = selector.Spans(sel.Ranges, total)
		if beyond > 0 {
			return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "Requested line %d is beyond the end of %s (%d rendered lines). Use %s:%d to read the last line.", beyond, display, total, raw, total)
		}
		if bounded {
			maxLines = ReadRangeLines
		}
	}
	var b strings.Builder
	b.WriteString("[" + display + "]")
	if meta.Title != "" {
		b.WriteString(" " + meta.Title)
	}
	count, size, last, stopAt, by, cut := 0, 0, 0, 0, "", false
rows:
	for _, s := range shown {
		for n := s.From; n <= s.To; n++ {
			line := lines[n-1]
			add := len(line) + 1
			if count == 0 && add > ReadBytes {
				line, cut = cutUTF8(line, ReadBytes-1), true
				add = len(line) + 1
			}
			if count == maxLines || size+add > ReadBytes {
				by, stopAt = "lines", n
				if count < maxLines {
					by = "bytes"
				}
				break rows
			}
			b.WriteString("\n" + strconv.Itoa(n) + ":" + line)
			count, size, last = count+1, size+add, n
			if cut {
				fmt.Fprintf(&b, "\n[Line %d is %s; shown up to %s.]", n, formatSize(int64(len(lines[n-1]))), formatSize(ReadBytes))
				if n < total {
					by, stopAt = "bytes", n+1
				}
				break rows
			}
		}
	}
	res := tools.Result{}
	first := shown[0].From
	footer := ""
	switch {
	case by != "":
		cont := selector.Continuation(shown, stopAt, total)
		limit := ""
		if by == "bytes" {
			limit = " (" + formatSize(ReadBytes) + " limit)"
		}
		footer = fmt.Sprintf("[Showing lines %d-%d of %d%s. Continue with %s%s.", first, last, total, limit, raw, cont)
		if path := spillText(env, text); path != "" {
			res.FullOutputPath = path
			footer += " Full output saved to: " + env.Spill.Label(path)
		}
		footer += "]"
		meta.Truncation = &Truncation{Truncated: true, TruncatedBy: by, TotalLines: total, OutputLines: count, FirstLine: first, LastLine: last, ContinueWith: cont, LineCut: cut}
		meta.Limits = &Limits{MaxLines: maxLines, MaxBytes: ReadBytes}
	case cut:
		meta.Truncation = &Truncation{Truncated: true, TruncatedBy: "bytes", TotalLines: total, OutputLines: count, FirstLine: first, LastLine: last, LineCut: true}
		meta.Limits = &Limits{MaxLines: maxLines, MaxBytes: ReadBytes}
	case bounded && last < total:
		cont := ":" + strconv.Itoa(last+1)
		footer = fmt.Sprintf("[%d more lines on the page. Continue with %s%s.]", total-last, raw, cont)
		meta.Truncation = &Truncation{TotalLines: total, OutputLines: count, FirstLine: first, LastLine: last, ContinueWith: cont}
	}
	b.WriteString(notes(meta, footer))
	res.Text, res.Details = b.String(), ReadDetails{Meta: meta}
	return res, nil
}

// notes are the footer lines: the read's own, then what happened to the
// download.
func notes(meta ReadMeta, footer string) string {
	var out []string
	if footer != "" {
		out = append(out, footer)
	}
	d := meta.Download
	switch {
	case d.Truncated:
		out = append(out, fmt.Sprintf("[Download stopped at %s: the page is longer, and this is its beginning.]", formatSize(int64(d.Limit))))
	case d.TimedOut:
		out = append(out, fmt.Sprintf("[The server was still sending when the timeout passed: this is the %s that arrived.]", formatSize(int64(d.Bytes))))
	}
	if d.InvalidUTF8 > 0 {
		out = append(out, fmt.Sprintf("[%d invalid UTF-8 sequence(s) in the body are shown as U+FFFD.]", d.InvalidUTF8))
	}
	if len(out) == 0 {
		return ""
	}
	return "\n\n" + strings.Join(out, "\n")
}

// cutUTF8 cuts s to at most n bytes on a character boundary.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}

// spillText saves the whole rendered text for a cut read; "" when there is
// no safe place for it.
func spillText(env *tools.Env, text string) string {
	if env == nil || env.Spill == nil || env.Spill.Err() != nil {
		return ""
	}
	path, err := env.Spill.WriteFile("url-*.md", []byte(text))
	if err != nil {
		return ""
	}
	return path
}

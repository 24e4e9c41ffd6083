package web

import (
	"context"
	"fmt"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/htmltext"
	"github.com/google/jsonschema-go/jsonschema"
)

// webfetch's limits (thirteen-tools.md): a ~1 MB download, a ~64 KB result.
const (
	FetchDownload       = 1 << 20
	FetchOutput         = 64 << 10
	FetchTimeoutDefault = 30
	FetchTimeoutMax     = 120
)

// FetchArgs are webfetch's arguments.
type FetchArgs struct {
	URL     string `json:"url"`
	Format  string `json:"format,omitempty"`
	Timeout int    `json:"timeout,omitempty"`
}

func fetchSchema() *jsonschema.Schema {
	s := tools.MustSchemaFor[FetchArgs]()
	s.Properties["url"].Description = "the http(s) URL to fetch; http:// is tried over https first"
	s.Properties["format"].Description = "markdown (default: the page's main content, ATX headings, - lists), text (the same without markup) or html (the body as served)"
	s.Properties["format"].Enum = []any{"markdown", "text", "html"}
	s.Properties["timeout"].Description = fmt.Sprintf("seconds for the whole request (default %d, at most %d)", FetchTimeoutDefault, FetchTimeoutMax)
	s.Properties["timeout"].Minimum = ptr(1.0)
	s.Properties["timeout"].Maximum = ptr(float64(FetchTimeoutMax))
	return s
}

func ptr[T any](v T) *T { return &v }

// FetchDetails is webfetch's details value.
type FetchDetails struct {
	URL         string   `json:"url"`
	FinalURL    string   `json:"finalUrl"`
	Status      int      `json:"status"`
	ContentType string   `json:"contentType"`
	Format      string   `json:"format"`
	Title       string   `json:"title,omitempty"`
	Download    Download `json:"download"`
	// OutputTruncated: the result was cut at FetchOutput; the whole of it
	// is in the result's FullOutputPath when it could be saved.
	OutputTruncated bool `json:"outputTruncated,omitempty"`
}

func (c *Client) webfetchTool() tools.Tool {
	return tools.New(tools.Spec{
		Name: "webfetch",
		Description: "Fetch a web page as markdown (default; the main content), text, or html. http:// is upgraded to https when the host supports it; redirects are followed (at most 10). " +
			"Downloads stop at ~1 MB and output at ~64 KB (the rest saved to a file). Private, loopback, link-local and cloud-metadata addresses are refused.",
		Input: fetchSchema(),
		Tags:  []tools.Tag{tools.TagOffByDefault},
	}, c.runWebfetch)
}

func (c *Client) runWebfetch(ctx context.Context, env *tools.Env, in FetchArgs) (tools.Result, error) {
	format := in.Format
	if format == "" {
		format = "markdown"
	}
	f := htmltext.Markdown
	switch format {
	case "markdown":
	case "text":
		f = htmltext.Text
	case "html":
	default:
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "webfetch: format %q: give markdown, text or html", in.Format)
	}
	timeout := in.Timeout
	switch {
	case timeout == 0:
		timeout = FetchTimeoutDefault
	case timeout < 1 || timeout > FetchTimeoutMax:
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "webfetch: timeout %d: give seconds from 1 to %d", timeout, FetchTimeoutMax)
	}
	if !IsURL(in.URL) {
		u, err := parseURL("webfetch", in.URL)
		if err != nil {
			return tools.Result{}, err
		}
		return tools.Result{}, describe("webfetch", u, c.g.CheckURL(u), 0, nil)
	}
	resp, err := c.Fetch(ctx, "webfetch", Request{URL: in.URL, MaxBytes: FetchDownload, DocumentBytes: ReadDocument, Timeout: time.Duration(timeout) * time.Second, Upgrade: true,
		Accept: "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.5"})
	if err != nil {
		return tools.Result{}, err
	}
	if err := statusError("webfetch", in.URL, resp); err != nil {
		return tools.Result{}, err
	}
	text, meta, err := c.render(ctx, "webfetch", resp, format == "html", f)
	if err != nil {
		return tools.Result{}, err
	}
	meta.Download.Limit = FetchDownload
	d := FetchDetails{URL: in.URL, FinalURL: meta.SourcePath, Status: resp.Status, ContentType: meta.ContentType, Format: format, Title: meta.Title, Download: meta.Download}
	res := tools.Result{Details: &d}
	if meta.Title != "" && format != "html" {
		text = "Title: " + meta.Title + "\nURL: " + meta.SourcePath + "\n\n" + text
	}
	if len(text) > FetchOutput {
		d.OutputTruncated = true
		full := text
		text = cutUTF8(text, FetchOutput)
		note := fmt.Sprintf("[Output truncated at %s of %s.", formatSize(FetchOutput), formatSize(int64(len(full))))
		if path := spillText(env, full); path != "" {
			res.FullOutputPath = path
			note += " Full output saved to: " + env.Spill.Label(path)
		}
		text += "\n\n" + note + "]"
	}
	if resp.Truncated {
		text += "\n\n[truncated: download exceeded ~1MB]"
	}
	if resp.TimedOut {
		text += fmt.Sprintf("\n\n[truncated: the server was still sending after %ds; this is the %s that arrived]", timeout, formatSize(int64(len(resp.Body))))
	}
	if meta.Download.InvalidUTF8 > 0 {
		text += fmt.Sprintf("\n\n[%d invalid UTF-8 sequence(s) in the body are shown as U+FFFD]", meta.Download.InvalidUTF8)
	}
	res.Text = text
	return res, nil
}

package web

import (
	"bytes"
	"context"
	"net/url"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/htmltext"
	"golang.org/x/net/html"
	"golang.org/x/net/html/atom"
)

// DuckDuckGoEndpoint is the keyless HTML results page the default provider
// posts to.
const DuckDuckGoEndpoint = "https://html.duckduckgo.com/html/"

// ddgPages bounds how many result pages one search reads (about ten
// results a page; numResults goes up to 20).
const ddgPages = 3

// DuckDuckGo is the default SearchProvider: it posts the query to
// DuckDuckGo's HTML endpoint, as its search form does, and reads the
// results page. No key, no account.
type DuckDuckGo struct{}

// Name implements SearchProvider.
func (DuckDuckGo) Name() string { return "DuckDuckGo" }

// Search implements SearchProvider.
func (DuckDuckGo) Search(ctx context.Context, c *Client, q SearchQuery) ([]SearchResult, error) {
	endpoint := q.Endpoint
	if endpoint == "" {
		endpoint = DuckDuckGoEndpoint
	}
	form := url.Values{"q": {q.Query}, "b": {""}}
	var out []SearchResult
	seen := map[string]bool{}
	for page := 0; page < ddgPages && form != nil && len(out) < q.Max; page++ {
		resp, err := c.Fetch(ctx, "websearch", Request{URL: endpoint, Form: form, MaxBytes: searchDownload, Timeout: searchTimeout, Accept: "text/html"})
		if err != nil {
			return nil, err
		}
		if resp.Status == 202 || resp.Status == 403 || resp.Status == 429 || bytes.Contains(resp.Body, []byte("anomaly-modal")) || bytes.Contains(resp.Body, []byte("anomaly.js")) {
			return nil, tools.Errorf(tools.ErrTool, "websearch: DuckDuckGo answered with a bot check instead of results (HTTP %d); it limits automated searches, so try again in a minute", resp.Status)
		}
		if err := statusError("websearch", endpoint, resp); err != nil {
			return nil, err
		}
		results, next, err := parseDuckDuckGo(resp.Body)
		if err != nil {
			return nil, tools.Errorf(tools.ErrTool, "websearch: could not read DuckDuckGo's results page: %v", err)
		}
		for _, r := range results {
			if !seen[r.URL] {
				seen[r.URL] = true
				out = append(out, r)
			}
		}
		form = next
	}
	return out, nil
}

// parseDuckDuckGo reads a results page: the organic results (ads left
// out), with DuckDuckGo's redirect links decoded to the real URLs, and
// the form that fetches the next page (nil on the last).
func parseDuckDuckGo(page []byte) ([]SearchResult, url.Values, error) {
	doc, err := html.Parse(bytes.NewReader(page))
	if err != nil {
		return nil, nil, err
	}
	var results []SearchResult
	var next url.Values
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch {
			case n.DataAtom == atom.Div && hasClass(n, "result") && !hasClass(n, "result--ad"):
				if r, ok := readResult(n); ok {
					results = append(results, r)
				}
				return
			case n.DataAtom == atom.Div && hasClass(n, "nav-link"):
				if f := nextPageForm(n); f != nil {
					next = f
				}
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(doc)
	return results, next, nil
}

func readResult(n *html.Node) (SearchResult, bool) {
	var r SearchResult
	var href string
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch {
			case n.DataAtom == atom.A && hasClass(n, "result__a"):
				r.Title, href = nodeText(n), getAttr(n, "href")
				return
			case hasClass(n, "result__snippet"):
				r.Snippet = nodeText(n)
				return
			}
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	r.URL = resultURL(href)
	return r, r.Title != "" && r.URL != ""
}

// resultURL decodes DuckDuckGo's redirect link (//duckduckgo.com/l/?uddg=
// <the URL>&rut=…) to the URL it stands for; ads (/y.js) and anything
// that is not http(s) give "".
func resultURL(href string) string {
	if strings.HasPrefix(href, "//") {
		href = "https:" + href
	}
	u, err := url.Parse(href)
	if err != nil {
		return ""
	}
	if h := strings.ToLower(u.Hostname()); h == "duckduckgo.com" || strings.HasSuffix(h, ".duckduckgo.com") || h == "" {
		target := u.Query().Get("uddg")
		if u.Path != "/l/" || target == "" {
			return ""
		}
		if u, err = url.Parse(target); err != nil {
			return ""
		}
	}
	if u.Scheme != "http" && u.Scheme != "https" || u.Host == "" {
		return ""
	}
	return u.String()
}

// nextPageForm returns the hidden fields of the "Next" form, nil when the
// navigation has none.
func nextPageForm(n *html.Node) url.Values {
	var form url.Values
	var walk func(*html.Node)
	walk = func(n *html.Node) {
		if n.DataAtom == atom.Form && n.Type == html.ElementNode {
			vals := url.Values{}
			isNext := false
			var inputs func(*html.Node)
			inputs = func(m *html.Node) {
				if m.DataAtom == atom.Input {
					switch strings.ToLower(getAttr(m, "type")) {
					case "hidden":
						vals.Add(getAttr(m, "name"), getAttr(m, "value"))
					case "submit":
						isNext = isNext || strings.EqualFold(getAttr(m, "value"), "next")
					}
				}
				for c := m.FirstChild; c != nil; c = c.NextSibling {
					inputs(c)
				}
			}
			inputs(n)
			if isNext && vals.Get("q") != "" {
				form = vals
			}
			return
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	walk(n)
	return form
}

func hasClass(n *html.Node, class string) bool {
	for _, c := range strings.Fields(getAttr(n, "class")) {
		if c == class {
			return true
		}
	}
	return false
}

func getAttr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// nodeText is the text below n with whitespace collapsed.
func nodeText(n *html.Node) string { return strings.Join(strings.Fields(htmltext.TextContent(n)), " ") }

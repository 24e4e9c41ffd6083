package web

import (
	"context"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/google/jsonschema-go/jsonschema"
)

// websearch's limits (thirteen-tools.md).
const (
	SearchQueryMax    = 500
	SearchDefault     = 8
	SearchMax         = 20
	searchTimeout     = 20 * time.Second
	searchDownload    = 2 << 20
	SearchEndpointEnv = "ATOMIC_WEBSEARCH_ENDPOINT"
)

// SearchProvider runs a web search. Implementations must be safe for
// concurrent use and fetch only through the client they are given (the
// guarded one).
type SearchProvider interface {
	// Name names the provider in messages ("DuckDuckGo").
	Name() string
	// Search returns at most q.Max results, best first.
	Search(ctx context.Context, c *Client, q SearchQuery) ([]SearchResult, error)
}

// SearchQuery is one search.
type SearchQuery struct {
	Query    string // as the engine takes it, site: included
	Max      int
	Endpoint string // the provider's endpoint, from settings; "" for its default
}

// SearchResult is one hit.
type SearchResult struct {
	Title   string `json:"title"`
	URL     string `json:"url"`
	Snippet string `json:"snippet"`
}

// SearchArgs are websearch's arguments.
type SearchArgs struct {
	Query      string `json:"query"`
	NumResults int    `json:"numResults,omitempty"`
	Site       string `json:"site,omitempty"`
}

// SearchOutput is websearch's structured result.
type SearchOutput struct {
	Query    string         `json:"query"`
	Provider string         `json:"provider"`
	Results  []SearchResult `json:"results"`
}

func searchSchema() *jsonschema.Schema {
	s := tools.MustSchemaFor[SearchArgs]()
	s.Properties["query"].Description = fmt.Sprintf("what to search for (at most %d characters)", SearchQueryMax)
	s.Properties["query"].MinLength = ptr(1)
	s.Properties["query"].MaxLength = ptr(SearchQueryMax)
	s.Properties["numResults"].Description = fmt.Sprintf("how many results (default %d, at most %d)", SearchDefault, SearchMax)
	s.Properties["numResults"].Minimum = ptr(1.0)
	s.Properties["numResults"].Maximum = ptr(float64(SearchMax))
	s.Properties["site"].Description = "only results from this site (a host name such as go.dev; adds site: to the query)"
	return s
}

func (c *Client) websearchTool(p SearchProvider) tools.Tool {
	return tools.NewStructured(tools.Spec{
		Name: "websearch",
		Description: "Search the web (keyless, DuckDuckGo's HTML results by default). Returns numbered title / url / snippet blocks, or `No results.`; " +
			"scripts get {query, provider, results: [{title, url, snippet}]}. `site` limits results to one site.",
		Input: searchSchema(),
		Tags:  []tools.Tag{tools.TagOffByDefault},
	}, func(ctx context.Context, env *tools.Env, in SearchArgs) (SearchOutput, error) {
		return c.search(ctx, env, p, in)
	}, SearchOutput.text)
}

// siteRE is compiled on first use, off the process start.
var siteRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(/[^\s]*)?$`)
})

func (c *Client) search(ctx context.Context, env *tools.Env, p SearchProvider, in SearchArgs) (SearchOutput, error) {
	q := strings.TrimSpace(in.Query)
	switch {
	case q == "":
		return SearchOutput{}, tools.Errorf(tools.ErrInvalidArgs, "websearch: query is empty; say what to search for")
	case utf8.RuneCountInString(q) > SearchQueryMax:
		return SearchOutput{}, tools.Errorf(tools.ErrInvalidArgs, "websearch: query is %d characters; at most %d", utf8.RuneCountInString(q), SearchQueryMax)
	}
	n := in.NumResults
	switch {
	case n == 0:
		n = SearchDefault
	case n < 1 || n > SearchMax:
		return SearchOutput{}, tools.Errorf(tools.ErrInvalidArgs, "websearch: numResults %d: give 1 to %d", n, SearchMax)
	}
	if site := strings.TrimSpace(in.Site); site != "" {
		site = strings.TrimPrefix(strings.TrimPrefix(site, "https://"), "http://")
		site = strings.TrimSuffix(site, "/")
		if !siteRE().MatchString(site) {
			return SearchOutput{}, tools.Errorf(tools.ErrInvalidArgs, "websearch: site %q: give a host name such as go.dev", in.Site)
		}
		q += " site:" + site
	}
	endpoint := os.Getenv(SearchEndpointEnv)
	if endpoint == "" && env != nil {
		endpoint = env.Settings.WebSearchEndpoint
	}
	results, err := p.Search(ctx, c, SearchQuery{Query: q, Max: n, Endpoint: endpoint})
	if err != nil {
		return SearchOutput{}, err
	}
	if len(results) > n {
		results = results[:n]
	}
	if results == nil {
		results = []SearchResult{}
	}
	return SearchOutput{Query: q, Provider: p.Name(), Results: results}, nil
}

// text renders the results as numbered title / url / snippet blocks.
func (o SearchOutput) text() string {
	if len(o.Results) == 0 {
		return "No results."
	}
	var b strings.Builder
	for i, r := range o.Results {
		if i > 0 {
			b.WriteString("\n\n")
		}
		b.WriteString(strconv.Itoa(i+1) + ". " + r.Title + "\n   " + r.URL)
		if r.Snippet != "" {
			b.WriteString("\n   " + r.Snippet)
		}
	}
	return b.String()
}

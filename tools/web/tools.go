package web

import "github.com/atomic-script/atomic-script/tools"

// Tools returns webfetch, websearch (DuckDuckGo) and code_search, off by
// default, on the shared guarded client. read's URL support is in Read.
func Tools() []tools.Tool { return defaultClient().Tools(DuckDuckGo{}) }

// Tools returns the web tools on c, searching with p.
func (c *Client) Tools(p SearchProvider) []tools.Tool {
	return []tools.Tool{c.webfetchTool(), c.websearchTool(p), c.codeSearchTool()}
}

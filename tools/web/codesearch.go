package web

import (
	"context"
	"errors"
	"fmt"
	"os"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// code_search's endpoint and bounds (builtin-tools.md "code_search").
const (
	DeepWikiEndpoint      = "https://mcp.deepwiki.com/mcp"
	CodeSearchEndpointEnv = "ATOMIC_CODE_SEARCH_ENDPOINT"
	CodeSearchTokens      = 5000
	CodeSearchTokensMin   = 1000
	CodeSearchTokensMax   = 50000
	codeSearchTimeout     = 60 * time.Second
	charsPerToken         = 4
)

// CodeSearchArgs are code_search's arguments.
type CodeSearchArgs struct {
	RepoName  string `json:"repoName"`
	Query     string `json:"query"`
	MaxTokens int    `json:"maxTokens,omitempty"`
}

func codeSearchSchema() *jsonschema.Schema {
	s := tools.MustSchemaFor[CodeSearchArgs]()
	s.Properties["repoName"].Description = "one public GitHub repository as owner/repo, e.g. facebook/react (not a URL or a list)"
	s.Properties["query"].Description = "the question, sent verbatim"
	s.Properties["query"].MinLength = ptr(1)
	s.Properties["maxTokens"].Description = fmt.Sprintf("about how long the answer may be, in tokens of ~4 characters (default %d, %d to %d)", CodeSearchTokens, CodeSearchTokensMin, CodeSearchTokensMax)
	s.Properties["maxTokens"].Minimum = ptr(float64(CodeSearchTokensMin))
	s.Properties["maxTokens"].Maximum = ptr(float64(CodeSearchTokensMax))
	return s
}

func (c *Client) codeSearchTool() tools.Tool {
	return tools.New(tools.Spec{
		Name: "code_search",
		Description: "Ask a question about the code, architecture or APIs of one public GitHub repository (DeepWiki's ask_question over MCP, no key): " +
			"code_search({repoName: \"facebook/react\", query: \"How does useEffect cleanup work?\"}). Answers are cut at about maxTokens (default 5000). " +
			"Answers depend on DeepWiki having indexed the repository; use websearch for anything else.",
		Input: codeSearchSchema(),
		Tags:  []tools.Tag{tools.TagOffByDefault},
	}, c.runCodeSearch)
}

// repoRE is compiled on first use: its counted repetitions make a large
// program, most of a millisecond of every process start otherwise.
var repoRE = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})/[A-Za-z0-9._-]{1,100}$`)
})

// checkRepoName refuses what is not one owner/repo, saying what to give
// instead.
func checkRepoName(name string) error {
	name = strings.TrimSpace(name)
	switch {
	case name == "":
		return tools.Errorf(tools.ErrInvalidArgs, "code_search: repoName is empty; give one repository as owner/repo, e.g. facebook/react")
	case strings.Contains(name, "://") || strings.HasPrefix(name, "github.com/"):
		if m := regexp.MustCompile(`github\.com/([^/\s]+/[^/\s#?]+)`).FindStringSubmatch(name); m != nil {
			return tools.Errorf(tools.ErrInvalidArgs, "code_search: repoName %q is a URL; give owner/repo: %s", name, strings.TrimSuffix(m[1], ".git"))
		}
		return tools.Errorf(tools.ErrInvalidArgs, "code_search: repoName %q is a URL; give one GitHub repository as owner/repo", name)
	case strings.ContainsAny(name, ", ;") || strings.Count(name, "/") > 1:
		return tools.Errorf(tools.ErrInvalidArgs, "code_search: repoName %q names more than one thing; give one repository as owner/repo and ask about others in separate calls", name)
	case !repoRE().MatchString(name) || strings.HasSuffix(name, "/.") || strings.HasSuffix(name, "/.."):
		return tools.Errorf(tools.ErrInvalidArgs, "code_search: repoName %q is not owner/repo; give one repository such as facebook/react", name)
	}
	return nil
}

func (c *Client) runCodeSearch(ctx context.Context, env *tools.Env, in CodeSearchArgs) (tools.Result, error) {
	if err := checkRepoName(in.RepoName); err != nil {
		return tools.Result{}, err
	}
	repo := strings.TrimSpace(in.RepoName)
	if strings.TrimSpace(in.Query) == "" {
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "code_search: query is empty; ask a question about %s", repo)
	}
	maxTokens := in.MaxTokens
	switch {
	case maxTokens == 0:
		maxTokens = CodeSearchTokens
	case maxTokens < CodeSearchTokensMin || maxTokens > CodeSearchTokensMax:
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "code_search: maxTokens %d: give %d to %d", maxTokens, CodeSearchTokensMin, CodeSearchTokensMax)
	}
	endpoint := os.Getenv(CodeSearchEndpointEnv)
	if endpoint == "" && env != nil {
		endpoint = env.Settings.CodeSearchEndpoint
	}
	if endpoint == "" {
		endpoint = DeepWikiEndpoint
	}
	u, err := parseURL("code_search", endpoint)
	if err != nil {
		return tools.Result{}, err
	}
	if err := c.g.CheckURL(u); err != nil {
		return tools.Result{}, describe("code_search", u, err, codeSearchTimeout, ctx)
	}
	ctx, cancel := context.WithTimeout(ctx, codeSearchTimeout)
	defer cancel()
	answer, err := c.askDeepWiki(ctx, endpoint, repo, in.Query)
	if err != nil {
		if ctx.Err() != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return tools.Result{}, &tools.Error{Code: tools.ErrTimeout, Err: err, Msg: fmt.Sprintf("code_search: DeepWiki gave no answer about %s within %s; try a narrower question, or again later", repo, codeSearchTimeout)}
		}
		if ctx.Err() != nil {
			return tools.Result{}, &tools.Error{Code: tools.ErrCancelled, Err: err, Msg: "code_search: cancelled"}
		}
		var te *tools.Error
		if errors.As(err, &te) && te.Code == tools.ErrNotAllowed {
			return tools.Result{}, err
		}
		return tools.Result{}, &tools.Error{Code: tools.ErrTool, Err: err, Msg: fmt.Sprintf("code_search: DeepWiki could not answer about %s: %s. Check the repository name (owner/repo of a public GitHub repository)", repo, oneLine(err.Error()))}
	}
	answer = strings.TrimSpace(answer)
	if answer == "" {
		return tools.Result{}, tools.Errorf(tools.ErrNotFound, "code_search: DeepWiki returned an empty answer about %s. Check the repository name (owner/repo of a public GitHub repository DeepWiki has indexed), or use websearch", repo)
	}
	limit := maxTokens * charsPerToken
	if len(answer) > limit {
		answer = cutUTF8(answer, limit) + fmt.Sprintf("\n\n[Answer truncated at about %d tokens (maxTokens); ask a narrower question or raise maxTokens (at most %d).]", maxTokens, CodeSearchTokensMax)
	}
	return tools.Result{Text: answer, Details: map[string]any{"repoName": repo, "endpoint": endpoint, "maxTokens": maxTokens}}, nil
}

// askDeepWiki calls ask_question on the MCP server at endpoint through the
// guarded client, in a session of its own.
func (c *Client) askDeepWiki(ctx context.Context, endpoint, repo, question string) (string, error) {
	client := mcp.NewClient(&mcp.Implementation{Name: "atomic-script"}, nil)
	session, err := client.Connect(ctx, &mcp.StreamableClientTransport{Endpoint: endpoint, HTTPClient: c.HTTP(), DisableStandaloneSSE: true, MaxRetries: -1}, nil)
	if err != nil {
		return "", c.transportError(endpoint, err)
	}
	defer func() {
		if ctx.Err() != nil {
			// Closing sends a DELETE the server may answer only when its
			// handler ends: a cancelled call does not wait for it.
			go session.Close()
			return
		}
		session.Close()
	}()
	res, err := session.CallTool(ctx, &mcp.CallToolParams{Name: "ask_question", Arguments: map[string]any{"repoName": repo, "question": question}})
	if err != nil {
		return "", c.transportError(endpoint, err)
	}
	var b strings.Builder
	for _, ct := range res.Content {
		if t, ok := ct.(*mcp.TextContent); ok {
			if b.Len() > 0 {
				b.WriteString("\n\n")
			}
			b.WriteString(t.Text)
		}
	}
	if res.IsError {
		return "", errors.New(strings.TrimSpace(b.String()))
	}
	return b.String(), nil
}

// transportError keeps a guard refusal recognisable (its message names the
// rule); anything else is the SDK's message.
func (c *Client) transportError(endpoint string, err error) error {
	u, perr := parseURL("code_search", endpoint)
	if perr != nil {
		return err
	}
	if d := describe("code_search", u, err, codeSearchTimeout, nil); tools.CodeOf(d) == tools.ErrNotAllowed {
		return d
	}
	return err
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = cutUTF8(s, 300) + "…"
	}
	return s
}

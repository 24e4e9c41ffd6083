package mcpclient

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/tools"
)

// Scheme is the URI scheme of the servers' resources: mcp://SERVER/URI.
const Scheme = "mcp"

// maxListed bounds the resources a listing shows (search reads at most
// 100 of them anyway).
const maxListed = 1000

// Router returns the resources of the servers enabled in enabled (as
// Namespaces selects them) as a tools.Router for mcp:// paths; nil when
// there are none.
func (h *Hub) Router(enabled *tools.Registry) tools.Router {
	r := &router{hub: h, servers: map[string]*Server{}}
	for _, ns := range h.Namespaces(enabled) {
		r.servers[ns.Name] = h.servers[ns.Name]
		r.names = append(r.names, ns.Name)
	}
	if len(r.names) == 0 {
		return nil
	}
	return r
}

type router struct {
	hub     *Hub
	servers map[string]*Server
	names   []string
}

// ReadResource reads mcp://SERVER/URI (resources/read), or lists
// mcp://SERVER/ (resources/list and resources/templates/list). The server
// starts if it is not running.
func (r *router) ReadResource(ctx context.Context, uri string) (tools.Routed, error) {
	rest, ok := strings.CutPrefix(uri, Scheme+"://")
	name, inner, _ := strings.Cut(rest, "/")
	s := r.servers[name]
	switch {
	case !ok || name == "":
		return tools.Routed{}, tools.Errorf(tools.ErrInvalidArgs, "%s: name a server and a resource, mcp://SERVER/URI; the servers are %s", uri, strings.Join(r.names, ", "))
	case s == nil:
		return tools.Routed{}, tools.Errorf(tools.ErrNotFound, "%s: there is no MCP server %q in this run; the servers are %s", uri, name, strings.Join(r.names, ", "))
	}
	c, err := s.connect(ctx)
	if err != nil {
		return tools.Routed{}, err
	}
	if ir := c.session.InitializeResult(); ir == nil || ir.Capabilities == nil || ir.Capabilities.Resources == nil {
		return tools.Routed{}, tools.Errorf(tools.ErrUnavailable, "%s: the MCP server %s has no resources (it did not declare the resources capability); its tools are tools.%s.*", uri, name, name)
	}
	if inner == "" {
		return s.listResources(ctx, c)
	}
	return s.readResource(ctx, c, uri, inner)
}

// listResources lists the server's resources and templates, each as the
// mcp:// path that reads it.
func (s *Server) listResources(ctx context.Context, c *conn) (tools.Routed, error) {
	prefix := Scheme + "://" + s.name + "/"
	var b strings.Builder
	out := tools.Routed{Listing: true, Source: s.name}
	var lines []string
	for res, err := range c.session.Resources(ctx, nil) {
		if err != nil {
			return tools.Routed{}, s.resourceError(ctx, prefix, err)
		}
		out.URIs = append(out.URIs, prefix+res.URI)
		if len(lines) < maxListed {
			lines = append(lines, listLine(prefix+res.URI, res.Name, res.Title, res.MIMEType, res.Size, res.Description))
		}
	}
	var templates []string
	for t, err := range c.session.ResourceTemplates(ctx, nil) {
		if err != nil {
			// Templates are optional: a server without them may refuse
			// the request.
			break
		}
		templates = append(templates, listLine(prefix+t.URITemplate, t.Name, t.Title, t.MIMEType, 0, t.Description))
	}
	fmt.Fprintf(&b, "[%s: %d resources, %d templates of the MCP server %s; read one by its path, selectors work]\n", prefix, len(out.URIs), len(templates), s.name)
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	if n := len(out.URIs) - len(lines); n > 0 {
		fmt.Fprintf(&b, "[… %d more resources not listed]\n", n)
	}
	if len(templates) > 0 {
		b.WriteString("Templates (fill in the {parts}, then read):\n")
		for _, l := range templates {
			b.WriteString(l + "\n")
		}
	}
	out.Text = strings.TrimRight(b.String(), "\n")
	return out, nil
}

// listLine is one listed resource: its path, name, type, size and
// description, tab-separated (empty ones left out).
func listLine(path, name, title, mime string, size int64, desc string) string {
	parts := []string{path}
	if title != "" {
		name = title
	}
	for _, p := range []string{name, mime} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	if size > 0 {
		parts = append(parts, fmt.Sprintf("%d bytes", size))
	}
	if desc != "" {
		parts = append(parts, firstLine(desc))
	}
	return strings.Join(parts, "\t")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}

// readResource reads one resource: its text contents joined, image blobs
// as images, other blobs described.
func (s *Server) readResource(ctx context.Context, c *conn, uri, inner string) (tools.Routed, error) {
	res, err := c.session.ReadResource(ctx, &mcp.ReadResourceParams{URI: inner})
	if err != nil {
		return tools.Routed{}, s.resourceError(ctx, uri, err)
	}
	out := tools.Routed{Source: s.name}
	var texts []string
	for _, rc := range res.Contents {
		switch {
		case rc.Blob == nil:
			texts = append(texts, rc.Text)
		case strings.HasPrefix(rc.MIMEType, "image/"):
			out.Images = append(out.Images, tools.Image{MIMEType: rc.MIMEType, Data: rc.Blob})
		default:
			mime := rc.MIMEType
			if mime == "" {
				mime = "of no stated type"
			}
			texts = append(texts, fmt.Sprintf("[binary content %s, %d bytes: not shown as text]", mime, len(rc.Blob)))
		}
	}
	if len(res.Contents) == 0 {
		texts = append(texts, "[the server returned no content for this resource]")
	}
	out.Text = strings.Join(texts, "\n")
	return out, nil
}

// resourceError turns a failed resources request into a coded error.
func (s *Server) resourceError(ctx context.Context, uri string, err error) error {
	if ctx.Err() != nil {
		return tools.Errorf(tools.CodeOf(ctx.Err()), "%s: %v", uri, ctx.Err())
	}
	var we *jsonrpc.Error
	if errors.As(err, &we) {
		code := tools.ErrTool
		if we.Code == -32002 || we.Code == jsonrpc.CodeInvalidParams { // resource not found (old and new codes)
			code = tools.ErrNotFound
		}
		return tools.Errorf(code, "%s: the MCP server %s says: %s. Read %s://%s/ to list its resources", uri, s.name, we.Message, Scheme, s.name)
	}
	if errors.Is(err, mcp.ErrConnectionClosed) {
		return tools.Errorf(tools.ErrTool, "%s: the MCP server %s closed its connection (%v); it is restarted on the next use", uri, s.name, err)
	}
	return tools.Errorf(tools.ErrTool, "%s: %v", uri, err)
}

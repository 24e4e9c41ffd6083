// Package echoserver is a small stdio MCP server the tests configure under
// mcpServers: scripts reach it as tools.echo.*. The mcpserver tests build it
// as a command (testdata/echoserver); the CLI's testscripts run it as their
// echoserver command.
package echoserver

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

type echoIn struct {
	Text string `json:"text" jsonschema:"what to echo"`
}

type echoOut struct {
	Echo string `json:"echo"`
}

type helloIn struct {
	Name string `json:"name"`
}

type sleepIn struct {
	Ms int `json:"ms"`
}

// tinyPNG is a 1x1 PNG.
var tinyPNG = []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89\x00\x00\x00\rIDATx\x9cc\xf8\xff\xff?\x00\x05\xfe\x02\xfe\xa7\x35\x81\x84\x00\x00\x00\x00IEND\xaeB`\x82")

// addResources gives the server resources of each kind mcp:// reads: a
// text whose URI has a scheme of its own, a long log, an image, another
// binary blob, and a template.
func addResources(s *mcp.Server) {
	text := func(uri, mime, body string) mcp.ResourceHandler {
		return func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: uri, MIMEType: mime, Text: body}}}, nil
		}
	}
	var readme, log strings.Builder
	readme.WriteString("# o/r\n")
	for i := 2; i <= 40; i++ {
		fmt.Fprintf(&readme, "readme line %d\n", i)
	}
	for i := 1; i <= 5000; i++ {
		fmt.Fprintf(&log, "log entry %d\n", i)
	}
	s.AddResource(&mcp.Resource{URI: "repo://o/r/README.md", Name: "readme", MIMEType: "text/markdown", Description: "The repository's README."},
		text("repo://o/r/README.md", "text/markdown", readme.String()))
	s.AddResource(&mcp.Resource{URI: "file:///var/log/big.log", Name: "big.log", MIMEType: "text/plain"},
		text("file:///var/log/big.log", "text/plain", log.String()))
	s.AddResource(&mcp.Resource{URI: "echo://logo.png", Name: "logo", MIMEType: "image/png"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "echo://logo.png", MIMEType: "image/png", Blob: tinyPNG}}}, nil
		})
	s.AddResource(&mcp.Resource{URI: "echo://data.bin", Name: "data", MIMEType: "application/octet-stream"},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: "echo://data.bin", MIMEType: "application/octet-stream", Blob: make([]byte, 2048)}}}, nil
		})
	s.AddResourceTemplate(&mcp.ResourceTemplate{URITemplate: "echo://notes/{name}", Name: "note", MIMEType: "text/plain", Description: "A note by name."},
		func(ctx context.Context, req *mcp.ReadResourceRequest) (*mcp.ReadResourceResult, error) {
			name := strings.TrimPrefix(req.Params.URI, "echo://notes/")
			return &mcp.ReadResourceResult{Contents: []*mcp.ResourceContents{{URI: req.Params.URI, MIMEType: "text/plain", Text: "note " + name + "\nsecond line of " + name + "\n"}}}, nil
		})
}

// Main serves on stdin and stdout until stdin closes. ECHO_STUBBORN=1
// makes it behave like a launcher-started server that is slow to go (an
// npx wrapper): it starts a child in its process group, ignores SIGTERM,
// and outlives its stdin. ECHO_NO_RESOURCES=1 leaves the resources out
// (a server without the capability). ECHO_MARKER names a file the sleep tool writes
// "sleeping" to, then "cancelled" when its call is cancelled.
func Main() {
	stubborn := os.Getenv("ECHO_STUBBORN") == "1"
	var child *exec.Cmd
	if stubborn {
		signal.Ignore(syscall.SIGTERM)
		child = exec.Command("sleep", "300")
		if err := child.Start(); err != nil {
			log.Fatal(err)
		}
	}
	s := mcp.NewServer(&mcp.Implementation{Name: "echo", Version: "1"}, nil)
	mcp.AddTool(s, &mcp.Tool{Name: "echo", Description: "Echo text back."},
		func(ctx context.Context, req *mcp.CallToolRequest, in echoIn) (*mcp.CallToolResult, echoOut, error) {
			return &mcp.CallToolResult{
				Meta:    mcp.Meta{"secret": "must not reach scripts"},
				Content: []mcp.Content{&mcp.TextContent{Text: in.Text}},
			}, echoOut{Echo: in.Text}, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "say-hello", Description: "Greet someone."},
		func(ctx context.Context, req *mcp.CallToolRequest, in helloIn) (*mcp.CallToolResult, any, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "hello " + in.Name}}}, nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "pid", Description: "The server's process id."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			pids := fmt.Sprint(os.Getpid())
			if child != nil {
				pids += " " + fmt.Sprint(child.Process.Pid)
			}
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: pids}}}, nil, nil
		})
	mcp.AddTool(s, &mcp.Tool{Name: "fail", Description: "Always fails (a tool error)."},
		func(ctx context.Context, req *mcp.CallToolRequest, _ struct{}) (*mcp.CallToolResult, any, error) {
			return nil, nil, fmt.Errorf("this tool always fails")
		})
	mcp.AddTool(s, &mcp.Tool{Name: "sleep", Description: "Wait ms milliseconds, or until cancelled."},
		func(ctx context.Context, req *mcp.CallToolRequest, in sleepIn) (*mcp.CallToolResult, any, error) {
			marker := os.Getenv("ECHO_MARKER")
			if marker != "" {
				_ = os.WriteFile(marker, []byte("sleeping"), 0o644)
			}
			select {
			case <-time.After(time.Duration(in.Ms) * time.Millisecond):
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "slept"}}}, nil, nil
			case <-ctx.Done():
				if marker != "" {
					_ = os.WriteFile(marker, []byte("cancelled"), 0o644)
				}
				return nil, nil, ctx.Err()
			}
		})
	if os.Getenv("ECHO_NO_RESOURCES") != "1" {
		addResources(s)
	}
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Print(err)
	}
	if stubborn {
		select {} // outlive stdin
	}
}

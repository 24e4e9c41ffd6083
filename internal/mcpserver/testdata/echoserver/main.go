// Command echoserver is a small stdio MCP server the tests configure under
// mcpServers: scripts reach it as tools.echo.*.
package main

import (
	"context"
	"fmt"
	"log"
	"os"
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

func main() {
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
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: fmt.Sprint(os.Getpid())}}}, nil, nil
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
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Print(err)
	}
}

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

// Main serves on stdin and stdout until stdin closes. ECHO_STUBBORN=1
// makes it behave like a launcher-started server that is slow to go (an
// npx wrapper): it starts a child in its process group, ignores SIGTERM,
// and outlives its stdin. ECHO_MARKER names a file the sleep tool writes
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
	if err := s.Run(context.Background(), &mcp.StdioTransport{}); err != nil {
		log.Print(err)
	}
	if stubborn {
		select {} // outlive stdin
	}
}

// Command echoserver is the test MCP server of internal/testutil/echoserver
// as a program, for tests that configure it under mcpServers.
package main

import "github.com/atomic-script/atomic-script/internal/testutil/echoserver"

func main() { echoserver.Main() }

//go:build race

package mcpserver_test

// With -race, TestMain build the served binary with the race detector
// when the tests run with it, so the end-to-end tests check the server.
func init() { buildFlags = append(buildFlags, "-race") }

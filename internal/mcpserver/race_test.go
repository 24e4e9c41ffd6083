//go:build race

package mcpserver_test

import "time"

// With -race, TestMain build the served binary with the race detector
// when the tests run with it, so the end-to-end tests check the server.
// A call may take far longer then: the race detector slows the engine
// twentyfold (a 6 MiB script's parse and check take seconds).
func init() {
	buildFlags = append(buildFlags, "-race")
	callTimeout = 3 * time.Minute
}

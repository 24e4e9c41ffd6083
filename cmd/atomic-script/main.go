// Command atomic-script runs one JavaScript program that drives coding
// tools, in a sandboxed QuickJS runtime. See README.md.
package main

import (
	"os"
	"runtime/debug"

	"github.com/atomic-script/atomic-script/internal/cli"
)

func main() {
	// A run's Go heap starts just under the collector's 4 MB floor (package
	// initialisation alone allocates 3 MB), so a trivial run paid a whole
	// collection, about 2 ms of a 15 ms cold start. Twice the default
	// leaves that first cycle to runs that allocate; script values live in
	// QuickJS's own heap, not Go's. GOGC, when set, still decides.
	if len(os.Args) > 1 && os.Args[1] == "run" && os.Getenv("GOGC") == "" {
		debug.SetGCPercent(200)
	}
	os.Exit(cli.Main(os.Args[1:], cli.OSStdio()))
}

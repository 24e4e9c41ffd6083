// Command atomic-script runs one JavaScript program that drives coding
// tools, in a sandboxed QuickJS runtime. See README.md.
package main

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"

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
		if os.Getenv("GOMEMLIMIT") == "" {
			boundHeap()
		}
	}
	os.Exit(cli.Main(os.Args[1:], cli.OSStdio()))
}

// boundHeap keeps a run's heap near what it holds once it holds a lot: at
// GOGC 200 a run holding 25 MB of file texts grew to 65 MB between
// collections (a bulk edit's peak RSS is what a CI runner pays for). After
// each collection the soft memory limit is set to twice the live heap, and
// never under 48 MiB, so a small run keeps GOGC 200's few collections, a
// large one behaves as at GOGC 100, and no run collects continuously.
func boundHeap() {
	const floor = 48 << 20
	debug.SetMemoryLimit(floor)
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	var arm func()
	arm = func() {
		sentinel := new([16]byte)
		runtime.SetFinalizer(sentinel, func(*[16]byte) {
			metrics.Read(sample)
			if sample[0].Value.Kind() == metrics.KindUint64 {
				debug.SetMemoryLimit(max(floor, 2*int64(sample[0].Value.Uint64())))
			}
			arm()
		})
	}
	arm()
}

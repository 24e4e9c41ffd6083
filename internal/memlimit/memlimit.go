// Package memlimit sets the process's memory backstop once at start-up:
// the Go runtime's soft memory limit (debug.SetMemoryLimit), so the
// collector works harder before the process runs into what the system
// allows, and the tools' process-wide decompression budget, sized from
// the same room. The per-call caps of the tools are the first line; this
// is the last.
package memlimit

import (
	"os"
	"runtime/debug"

	"github.com/atomic-script/atomic-script/tools"
)

// Minimum and maximum of the decompression budget.
const (
	minBudget = 16 << 20
	maxBudget = 512 << 20
)

// Set sets the soft memory limit — unless GOMEMLIMIT already did — to
// half the room the system leaves this process (room, per system), and
// the decompression budget to a quarter of that limit, between 16 MiB and
// 512 MiB. It returns the limit set (0 when none).
func Set() int64 {
	r, ok := room()
	if !ok {
		return 0
	}
	limit := r / 2
	if os.Getenv("GOMEMLIMIT") == "" {
		debug.SetMemoryLimit(limit)
	} else {
		limit = debug.SetMemoryLimit(-1)
	}
	tools.DecompressionBudget = min(max(limit/4, minBudget), maxBudget)
	return limit
}

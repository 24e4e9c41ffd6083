//go:build race

package files

import "time"

// The race detector slows a script's calls about tenfold; widen the window
// so parallel edits still meet in one batch under `go test -race`.
func init() { batchWindow = 10 * time.Millisecond }

package search

import (
	"context"
	"time"

	"github.com/atomic-script/atomic-script/tools"
)

// progressInterval is how often long scans report progress; the first
// report comes after one interval, so quick scans report nothing. Tests
// shorten it.
var progressInterval = 250 * time.Millisecond

// reportWhileRunning calls snapshot every progressInterval and sends the
// result as progress on ctx until the returned stop function is called.
func reportWhileRunning(ctx context.Context, snapshot func() tools.Progress) (stop func()) {
	done := make(chan struct{})
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		t := time.NewTicker(progressInterval)
		defer t.Stop()
		for {
			select {
			case <-done:
				return
			case <-ctx.Done():
				return
			case <-t.C:
				tools.ReportProgress(ctx, snapshot())
			}
		}
	}()
	return func() {
		close(done)
		<-finished
	}
}

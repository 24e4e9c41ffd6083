package files

import (
	"context"
	"sync"
	"time"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
)

// batchWindow is how long the first edit call of a batch waits for
// parallel siblings (Promise.all of edits sharing a [path#TAG]) to join
// before it applies. Siblings issued in one script turn start within tens
// of microseconds of each other.
var batchWindow = 300 * time.Microsecond

// batcher merges parallel edit calls of one session whose sections anchor
// on the same [path#TAG]s into one snapshot-anchored batch, so a sibling
// does not go stale only because another minted a new tag first. Safe for
// concurrent use.
type batcher struct {
	mu   sync.Mutex
	open []*batch // batches still taking members
}

type batch struct {
	claims map[string]string
	inputs []string
	done   chan struct{}
	res    tools.Result
	err    error
}

type batcherKey struct{}

func batcherOf(env *tools.Env) *batcher {
	return env.Session.State(batcherKey{}, func() any { return &batcher{} }).(*batcher)
}

// run applies input: it joins an open batch whose claims cover its
// sections' [path#TAG]s and returns that batch's result, or leads a new
// batch, waits batchWindow for siblings, closes it and runs apply with
// every member's input.
func (b *batcher) run(ctx context.Context, input string, sections []hashline.Section, apply func(inputs []string) (tools.Result, error)) (tools.Result, error) {
	claims := hashline.Claims(sections)
	b.mu.Lock()
	for _, bt := range b.open {
		if hashline.Compatible(claims, bt.claims) {
			bt.inputs = append(bt.inputs, input)
			b.mu.Unlock()
			select {
			case <-bt.done:
				return bt.res, bt.err
			case <-ctx.Done():
				return tools.Result{}, aborted(ctx)
			}
		}
	}
	bt := &batch{claims: claims, inputs: []string{input}, done: make(chan struct{})}
	b.open = append(b.open, bt)
	b.mu.Unlock()

	time.Sleep(batchWindow)

	b.mu.Lock()
	for i, o := range b.open {
		if o == bt {
			b.open = append(b.open[:i], b.open[i+1:]...)
			break
		}
	}
	inputs := bt.inputs
	b.mu.Unlock()
	bt.res, bt.err = apply(inputs)
	close(bt.done)
	return bt.res, bt.err
}

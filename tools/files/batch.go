package files

import (
	"context"
	"sync"
	"time"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
)

// batchWindow is how long the first edit call of a batch waits for
// parallel siblings (Promise.all of edits sharing a [path#TAG]) to join.
// Siblings issued in one script turn start 100–200 µs apart (about ten
// times that under the race detector, see batch_race.go); the batch also
// stays open while the leader prepares, and a sibling that joins then is
// merged in.
var batchWindow = time.Millisecond

// soloStreak is how many batches in a row must get no sibling before a
// session's edits stop waiting: a script editing file after file in a loop
// then pays the window only for its first calls. Any batch that gets a
// sibling turns the wait back on.
const soloStreak = 16

// batcher merges parallel edit calls of one session whose sections anchor
// on the same [path#TAG]s into one snapshot-anchored batch, so a sibling
// does not go stale only because another minted a new tag first. Safe for
// concurrent use.
type batcher struct {
	mu    sync.Mutex
	open  []*batch // batches still taking members
	solos int      // batches in a row that got no sibling
}

type batch struct {
	claims map[string]string
	inputs []string
	done   chan struct{}
	res    tools.Result
	err    error
}

// batchOps are the steps of the call that leads a batch.
type batchOps struct {
	lock    func() (unlock func(), err error)                 // lock the files the batch may touch
	prepare func(inputs []string) (*hashline.Prepared, error) // apply every member's input in memory
	commit  func(*hashline.Prepared) (tools.Result, error)    // write what prepare produced
}

type batcherKey struct{}

func batcherOf(env *tools.Env) *batcher {
	return env.Session.State(batcherKey{}, func() any { return &batcher{} }).(*batcher)
}

// run applies input. A call whose sections' [path#TAG]s are all claimed by
// an open batch joins it and returns the batch's result. Otherwise the call
// leads a new batch: it waits batchWindow for siblings, locks the files,
// prepares every member's input as one merged script — again if a sibling
// joined meanwhile — then closes the batch and commits.
func (b *batcher) run(ctx context.Context, input string, sections []hashline.Section, ops batchOps) (tools.Result, error) {
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
	wait := b.solos < soloStreak
	b.mu.Unlock()
	defer close(bt.done)

	if wait {
		time.Sleep(batchWindow)
	}
	unlock, err := ops.lock()
	if err != nil {
		b.mu.Lock()
		b.remove(bt)
		b.mu.Unlock()
		bt.err = err
		return bt.res, bt.err
	}
	defer unlock()
	var p *hashline.Prepared
	for {
		b.mu.Lock()
		inputs := append([]string(nil), bt.inputs...)
		b.mu.Unlock()
		p, bt.err = ops.prepare(inputs)
		b.mu.Lock()
		if len(bt.inputs) == len(inputs) || bt.err != nil {
			b.remove(bt)
			if len(bt.inputs) > 1 {
				b.solos = 0
			} else {
				b.solos++
			}
			b.mu.Unlock()
			break
		}
		b.mu.Unlock() // a sibling joined while preparing: prepare again
	}
	if bt.err == nil {
		bt.res, bt.err = ops.commit(p)
	}
	return bt.res, bt.err
}

// remove closes bt to new members; b.mu is held.
func (b *batcher) remove(bt *batch) {
	for i, o := range b.open {
		if o == bt {
			b.open = append(b.open[:i], b.open[i+1:]...)
			return
		}
	}
}

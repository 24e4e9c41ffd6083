package runtime

import (
	"context"
	"errors"
	"sync"
	"time"
)

// ErrTimeout ends a Loop whose deadline passed.
var ErrTimeout = errors.New("deadline exceeded")

// ErrAborted ends a Loop whose context was cancelled.
var ErrAborted = errors.New("aborted")

// ErrStuck ends a Loop that can make no more progress: the job queue is
// empty, no asynchronous operation is outstanding, and the script has not
// finished — it awaits a promise that nothing will settle.
var ErrStuck = errors.New("the script is waiting for a promise that nothing will settle")

// Loop is the event loop of one VM, in the style of k6's: the goroutine that
// calls Run owns the VM; other goroutines never touch it, they hand callbacks
// to the owner through the post function that Register returns.
type Loop struct {
	vm VM

	// Flush, if set, runs on the owner goroutine after each batch of posted
	// callbacks and before the job queue drains. Bindings use it to settle
	// a whole batch of promises with one call into JavaScript.
	Flush func() error

	// Deadline, if set, is asked for the deadline each time JavaScript is
	// entered, instead of Run's fixed one (zero: none at the moment): a
	// host whose deadline can stand still (while a person answers a
	// question) keeps it, and calls Stop(ErrTimeout) when it passes.
	Deadline func() time.Time

	mu      sync.Mutex
	queue   []func() error
	pending int   // registered operations not yet posted back
	stopErr error // first reason given to Stop
	wake    chan struct{}
}

// NewLoop returns a loop for vm.
func NewLoop(vm VM) *Loop {
	return &Loop{vm: vm, wake: make(chan struct{}, 1)}
}

// VM returns the loop's VM.
func (l *Loop) VM() VM { return l.vm }

// Register announces one asynchronous operation and returns the function
// that completes it: post(cb) queues cb to run on the owner goroutine. post
// must be called exactly once, from any goroutine. While operations are
// outstanding the loop waits for them instead of reporting ErrStuck.
func (l *Loop) Register() (post func(cb func() error)) {
	l.mu.Lock()
	l.pending++
	l.mu.Unlock()
	var once sync.Once
	return func(cb func() error) {
		once.Do(func() {
			l.mu.Lock()
			l.pending--
			l.queue = append(l.queue, cb)
			l.mu.Unlock()
			l.signal()
		})
	}
}

// Stop ends Run with reason and interrupts any JavaScript running now, even
// a loop that never yields. Safe from any goroutine; the first reason wins.
func (l *Loop) Stop(reason error) {
	l.mu.Lock()
	if l.stopErr == nil {
		l.stopErr = reason
	}
	l.mu.Unlock()
	l.vm.Interrupt()
	l.signal()
}

func (l *Loop) stopped() error {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.stopErr
}

func (l *Loop) signal() {
	select {
	case l.wake <- struct{}{}:
	default:
	}
}

// Run pumps the loop on the calling goroutine, which becomes the VM's
// owner: it runs start, then alternates between draining the job queue and
// running posted callbacks, until done reports true. It returns nil then;
// ErrTimeout when deadline (if not zero) passes, ErrAborted (or the reason
// given to Stop) when ctx ends, ErrStuck when nothing can happen any more,
// or the error of a call into JavaScript.
func (l *Loop) Run(ctx context.Context, deadline time.Time, start func() error, done func() bool) error {
	stopCtx := context.AfterFunc(ctx, func() { l.Stop(ErrAborted) })
	defer stopCtx()
	if !deadline.IsZero() {
		t := time.AfterFunc(time.Until(deadline), func() { l.Stop(ErrTimeout) })
		defer t.Stop()
	}

	// enter runs f, which calls into JavaScript, with the time left.
	enter := func(f func() error) error {
		if ctx.Err() != nil {
			// The AfterFunc above may not have run yet, while a tool that
			// saw the same cancellation has already posted its failure.
			l.Stop(ErrAborted)
		}
		if err := l.stopped(); err != nil {
			return err
		}
		deadline := deadline
		if l.Deadline != nil {
			deadline = l.Deadline()
		}
		if !deadline.IsZero() {
			left := time.Until(deadline)
			if left <= 0 {
				l.Stop(ErrTimeout)
				return l.stopped()
			}
			l.vm.SetTimeout(left)
		}
		err := f()
		if stop := l.stopped(); stop != nil {
			return stop
		}
		if errors.Is(err, ErrInterrupted) {
			// The engine's own timeout fired a hair before our timer.
			l.Stop(ErrTimeout)
			return l.stopped()
		}
		return err
	}

	if err := enter(start); err != nil {
		return err
	}
	for {
		if err := enter(l.vm.RunJobs); err != nil {
			return err
		}
		if done() {
			return nil
		}
		l.mu.Lock()
		q := l.queue
		l.queue = nil
		pending := l.pending
		l.mu.Unlock()
		if len(q) == 0 {
			if err := l.stopped(); err != nil {
				return err
			}
			if pending == 0 {
				return ErrStuck
			}
			<-l.wake
			continue
		}
		for _, cb := range q {
			if err := enter(cb); err != nil {
				return err
			}
		}
		if l.Flush != nil {
			if err := enter(l.Flush); err != nil {
				return err
			}
		}
	}
}

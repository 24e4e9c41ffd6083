package engine

import (
	"context"
	"sync"
	"time"

	"github.com/atomic-script/atomic-script/tools"
)

// runClock is a run's deadline, which stands still while a person is
// being asked a question (ask_user_question on a terminal or through the
// MCP host): the rule is that the time a person takes to answer does not
// count against --timeout, and any other wait does (an answers file never
// waits). When the deadline passes, expire runs once; hard is closed
// hardDeadlineGrace later (the point at which Run abandons a stuck VM).
type runClock struct {
	mu       sync.Mutex
	deadline time.Time // zero: no deadline
	paused   int       // questions being asked now
	since    time.Time // when the current pause began
	expire   func()
	fired    bool
	timer    *time.Timer
	hardT    *time.Timer
	hard     chan struct{}
	hardOnce sync.Once
}

// newRunClock starts a clock for deadline (zero: none); expire is set
// with start.
func newRunClock(deadline time.Time) *runClock {
	return &runClock{deadline: deadline, hard: make(chan struct{})}
}

// start arms the clock: expire runs when the deadline passes.
func (c *runClock) start(expire func()) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.expire = expire
	c.arm()
}

// arm (re)sets the timers for the deadline; c.mu held.
func (c *runClock) arm() {
	if c.deadline.IsZero() || c.paused > 0 || c.fired {
		return
	}
	left := time.Until(c.deadline)
	c.timer = time.AfterFunc(left, c.fire)
	c.hardT = time.AfterFunc(left+hardDeadlineGrace, func() { c.hardOnce.Do(func() { close(c.hard) }) })
}

func (c *runClock) disarm() {
	if c.timer != nil {
		c.timer.Stop()
		c.hardT.Stop()
	}
}

func (c *runClock) fire() {
	c.mu.Lock()
	if c.fired || c.paused > 0 || time.Now().Before(c.deadline) {
		c.mu.Unlock()
		return
	}
	c.fired = true
	f := c.expire
	c.mu.Unlock()
	if f != nil {
		f()
	}
}

// pause stops the clock until the returned resume is called; the deadline
// moves on by the time paused. Pauses may overlap (questions asked at
// once); the clock runs again when the last ends.
func (c *runClock) pause() (resume func()) {
	c.mu.Lock()
	if c.paused == 0 {
		c.since = time.Now()
		c.disarm()
	}
	c.paused++
	c.mu.Unlock()
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			c.paused--
			if c.paused == 0 {
				if !c.deadline.IsZero() {
					c.deadline = c.deadline.Add(time.Since(c.since))
				}
				c.arm()
			}
		})
	}
}

// stop releases the timers.
func (c *runClock) stop() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.disarm()
}

// running is the deadline while the clock runs, zero while it stands
// still (the loop's Deadline).
func (c *runClock) running() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.paused > 0 {
		return time.Time{}
	}
	return c.deadline
}

// Deadline is the deadline now (zero: none).
func (c *runClock) Deadline() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.deadline
}

// pausing stops the run's clock while its Questioner waits for a person.
type pausing struct {
	tools.Questioner
	clock *runClock
}

func (p pausing) Ask(ctx context.Context, qs []tools.Question) (tools.Answers, error) {
	if p.AsksPerson() {
		defer p.clock.pause()()
	}
	return p.Questioner.Ask(ctx, qs)
}

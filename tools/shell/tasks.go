package shell

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/spill"
)

// maxTasks is how many background task records a session keeps; the oldest
// finished one is evicted (its output file removed) to make room.
const maxTasks = 20

// Task states.
const (
	stateRunning  = "running"
	stateExited   = "exited"    // finished on its own
	stateKilled   = "killed"    // ended after a kill request (or the session closing)
	stateTimedOut = "timed-out" // ended by its explicit timeout
)

// Kill decisions, fixed by the first kill request.
const (
	decisionCancel       = "cancel"           // the task was running: it is being stopped
	decisionAlreadyEnded = "already-finished" // the task had ended: its outcome stands
)

// tableKey is the session-state key of the task table.
type tableKey struct{}

// table is a session's background tasks. It is session state: Close (called
// by Session.Close) kills the running tasks and removes their output files.
// Safe for concurrent use.
type table struct {
	mu     sync.Mutex
	next   int
	tasks  []*task // oldest first
	closed bool
}

func tasksOf(env *tools.Env) (*table, error) {
	if env.Session == nil {
		return nil, tools.Errorf(tools.ErrTool, "background tasks need a session, and this run has none")
	}
	return env.Session.State(tableKey{}, func() any { return &table{} }).(*table), nil
}

// Running implements tools.Runner: the tasks still running, as
// "bg-1 (command)" with the command cut to 60 characters.
func (tb *table) Running() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var out []string
	for _, t := range tb.tasks {
		t.mu.Lock()
		running := t.state == stateRunning
		t.mu.Unlock()
		if running {
			cmd := strings.Join(strings.Fields(t.command), " ")
			if r := []rune(cmd); len(r) > 60 {
				cmd = string(r[:57]) + "..."
			}
			out = append(out, t.id+" ("+cmd+")")
		}
	}
	return out
}

// task is one background command. Its fields under mu change as it runs;
// done is closed when it has ended and been cleaned up.
type task struct {
	id, owner, command string
	started            time.Time
	p                  *proc
	out                *collector
	dir                *spill.Dir
	killReq            chan struct{} // closed by the first kill request
	done               chan struct{}

	mu         sync.Mutex
	state      string
	exitCode   int
	ended      time.Time
	decision   string // "" until the first kill request
	cleanupErr error  // a failure killing the group or draining its output
	cursor     int64  // output already returned by bash_output
}

// startBackground starts c as a task owned by env.Owner and returns at once.
func startBackground(env *tools.Env, c command, to timeouts) (tools.Result, error) {
	tb, err := tasksOf(env)
	if err != nil {
		return tools.Result{}, err
	}
	tb.mu.Lock()
	defer tb.mu.Unlock()
	if tb.closed {
		return tools.Result{}, tools.Errorf(tools.ErrCancelled, "bash: the session is closed; no new background tasks")
	}
	if err := tb.makeRoom(); err != nil {
		return tools.Result{}, err
	}
	p, err := start(c)
	if err != nil {
		return tools.Result{}, tools.Errorf(tools.ErrTool, "bash: could not start the shell: %w", err)
	}
	tb.next++
	t := &task{
		id: "bg-" + strconv.Itoa(tb.next), owner: env.Owner, command: c.script, started: time.Now(),
		p: p, out: newCollector(env.Spill, "bg-"+strconv.Itoa(tb.next)+"-*.log", true), dir: env.Spill,
		killReq: make(chan struct{}), done: make(chan struct{}), state: stateRunning,
	}
	tb.tasks = append(tb.tasks, t)
	go t.run(to)

	r := BashResult{
		BackgroundTaskID:        t.id,
		Status:                  stateRunning,
		Hint:                    fmt.Sprintf("Poll it with bash_output({taskId: %q}); stop it with kill({id: %q}).", t.id, t.id),
		TimeoutSeconds:          to.seconds,
		RequestedTimeoutSeconds: to.requested,
		FullOutputPath:          t.out.since(0).path,
	}
	r.Artifact = env.Spill.URIOf(r.FullOutputPath)
	if !to.explicit {
		r.TimeoutSeconds, r.RequestedTimeoutSeconds = 0, 0
	}
	if p.ptyErr != nil {
		r.Notes = append(r.Notes, "pty unavailable, ran with pipes: "+p.ptyErr.Error())
	}
	if r.FullOutputPath == "" {
		r.Notes = append(r.Notes, "no spill file could be made ("+t.out.spillError().Error()+"); only the last 50 KB of output is kept")
	}
	text := fmt.Sprintf("Started background task %s (process group %d).\n%s", t.id, p.pgid, r.Hint)
	if r.FullOutputPath != "" {
		text += "\nOutput: " + label(r.FullOutputPath, r.Artifact)
	}
	for _, n := range r.Notes {
		text += "\nNote: " + n
	}
	return tools.Result{Text: text, Structured: r, FullOutputPath: r.FullOutputPath}, nil
}

// makeRoom evicts the oldest finished record when the table is full. With
// every record still running it refuses: evicting would orphan a task.
func (tb *table) makeRoom() error {
	if len(tb.tasks) < maxTasks {
		return nil
	}
	for i, t := range tb.tasks {
		select {
		case <-t.done:
			tb.tasks = append(tb.tasks[:i], tb.tasks[i+1:]...)
			t.removeOutput()
			return nil
		default:
		}
	}
	return tools.Errorf(tools.ErrLimit, "bash: %d background tasks are still running; kill one before starting another", maxTasks)
}

// run supervises the task: it waits for the leader to exit, its timeout or
// a kill request, kills the group, drains the output and records the
// outcome.
func (t *task) run(to timeouts) {
	pumped := make(chan error, 1)
	go func() { pumped <- pump(t.p.out, t.out) }()

	var timeout <-chan time.Time
	if to.explicit {
		timer := time.NewTimer(time.Duration(to.seconds) * time.Second)
		defer timer.Stop()
		timeout = timer.C
	}
	final := ""
	select {
	case <-t.p.exited:
	case <-timeout:
		final = stateTimedOut
		t.p.kill(syscall.SIGKILL)
		<-t.p.exited
	case <-t.killReq:
		final = stateKilled
		t.noteCleanup(t.p.kill(syscall.SIGTERM))
		select {
		case <-t.p.exited:
		case <-time.After(killGrace):
			t.noteCleanup(t.p.kill(syscall.SIGKILL))
			<-t.p.exited
		}
	}
	t.noteCleanup(t.p.kill(syscall.SIGKILL)) // stragglers
	t.p.group.release()
	t.p.stopReading()
	t.noteCleanup(<-pumped)
	t.out.close()

	t.mu.Lock()
	if final == "" {
		final = stateExited
		if t.decision == decisionCancel {
			final = stateKilled // asked to stop while it was ending anyway
		}
	}
	t.state = final
	t.exitCode = t.p.exitCode()
	if final == stateTimedOut {
		t.exitCode = timeoutExitCode
	}
	t.ended = time.Now()
	close(t.done) // under mu: requestKill sees the outcome and done together
	t.mu.Unlock()
}

func (t *task) noteCleanup(err error) {
	if err == nil {
		return
	}
	t.mu.Lock()
	t.cleanupErr = errors.Join(t.cleanupErr, err)
	t.mu.Unlock()
}

// requestKill records the first kill decision and starts the termination;
// later requests keep the first decision. It reports whether this request
// was a repeat.
func (t *task) requestKill() (repeated bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.decision != "" {
		return true
	}
	select {
	case <-t.done:
		t.decision = decisionAlreadyEnded
	default:
		t.decision = decisionCancel
		close(t.killReq)
	}
	return false
}

// removeOutput deletes the task's output file (eviction, session close).
func (t *task) removeOutput() {
	if p := t.out.since(0).path; p != "" {
		t.dir.Remove(p)
	}
}

// find returns the task with id, or a not-found error naming the known ids.
func (tb *table) find(tool, id string) (*task, error) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	var ids []string
	for _, t := range tb.tasks {
		if t.id == id {
			return t, nil
		}
		ids = append(ids, t.id)
	}
	known := "there are no background tasks"
	if len(ids) > 0 {
		known = "known tasks: " + strings.Join(ids, ", ")
	}
	return nil, tools.Errorf(tools.ErrNotFound, "%s: no background task %q (%s). Pass the backgroundTaskId that bash returned, not a pid", tool, id, known)
}

// Close kills every running task (SIGTERM, then SIGKILL after a grace
// period), waits for them and removes their output files. New background
// starts fail afterwards.
func (tb *table) Close() error {
	tb.mu.Lock()
	tb.closed = true
	tasks := append([]*task(nil), tb.tasks...)
	tb.tasks = nil
	tb.mu.Unlock()
	var errs []error
	for _, t := range tasks {
		t.requestKill()
	}
	for _, t := range tasks {
		<-t.done
		t.mu.Lock()
		if t.cleanupErr != nil {
			errs = append(errs, fmt.Errorf("%s: %w", t.id, t.cleanupErr))
		}
		t.mu.Unlock()
		t.removeOutput()
	}
	return errors.Join(errs...)
}

// ids lists the task ids, oldest first (tests, messages).
func (tb *table) ids() []string {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	out := make([]string, len(tb.tasks))
	for i, t := range tb.tasks {
		out[i] = t.id
	}
	return out
}

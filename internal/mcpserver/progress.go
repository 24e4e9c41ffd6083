package mcpserver

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// minProgressGap throttles notifications driven by events (call starts and
// ends, tool progress); the heartbeat comes on top.
const minProgressGap = 100 * time.Millisecond

// progress sends notifications/progress for one call whose client sent a
// progress token: a heartbeat with the elapsed time and the tool calls
// running, and an update when calls start, end or report progress. All
// sends happen on its own goroutine; event methods only record state and
// may be called from any goroutine.
type progress struct {
	ctx     context.Context
	session *mcp.ServerSession
	token   any
	start   time.Time

	mu      sync.Mutex
	done    int
	running map[string]string // call id -> tool name
	note    string            // the latest tool progress message

	kick chan struct{}
	quit chan struct{}
	wg   sync.WaitGroup
	sent float64
}

func startProgress(ctx context.Context, s *mcp.ServerSession, token any, every time.Duration) *progress {
	p := &progress{ctx: ctx, session: s, token: token, start: time.Now(), running: map[string]string{},
		kick: make(chan struct{}, 1), quit: make(chan struct{})}
	p.wg.Add(1)
	go p.loop(every)
	return p
}

// stop ends the notifications; none is sent after it returns, so none
// follows the call's response.
func (p *progress) stop() {
	close(p.quit)
	p.wg.Wait()
}

func (p *progress) loop(every time.Duration) {
	defer p.wg.Done()
	tick := time.NewTicker(every)
	defer tick.Stop()
	var last time.Time
	for {
		select {
		case <-p.quit:
			return
		case <-p.ctx.Done():
			return
		case <-tick.C:
		case <-p.kick:
			if wait := minProgressGap - time.Since(last); wait > 0 {
				select {
				case <-time.After(wait):
				case <-p.quit:
					return
				}
			}
		}
		last = time.Now()
		p.send()
	}
}

func (p *progress) send() {
	p.sent++
	_ = p.session.NotifyProgress(p.ctx, &mcp.ProgressNotificationParams{
		ProgressToken: p.token,
		Progress:      p.sent,
		Message:       p.message(),
	})
}

func (p *progress) message() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	msg := fmt.Sprintf("running %.1fs", time.Since(p.start).Seconds())
	if p.done > 0 || len(p.running) > 0 {
		msg += fmt.Sprintf("; %d tool call(s) done", p.done)
	}
	if len(p.running) > 0 {
		ids := make([]string, 0, len(p.running))
		for id := range p.running {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		var names []string
		for _, id := range ids {
			names = append(names, p.running[id])
		}
		if len(names) > 5 {
			names = append(names[:5], "…")
		}
		msg += fmt.Sprintf(", %d running (%s)", len(p.running), strings.Join(names, ", "))
	}
	if p.note != "" {
		msg += ": " + p.note
	}
	// A host shows this line as its status line: tool names (an MCP
	// server chooses its own) and progress notes are printed with their
	// control and invisible characters escaped, as the CLI's status line.
	return tools.Visible(msg)
}

func (p *progress) poke() {
	select {
	case p.kick <- struct{}{}:
	default:
	}
}

// event records a codemode run's events.
func (p *progress) event(ev engine.Event) {
	p.mu.Lock()
	switch ev.Type {
	case "call_start":
		p.running[ev.Call.ID] = ev.Call.Name
	case "call_end":
		delete(p.running, ev.Call.ID)
		p.done++
	case "progress":
		if ev.Progress != nil && ev.Call != nil {
			p.note = ev.Call.Name + ": " + ev.Progress.Message
		}
	default:
		p.mu.Unlock()
		return
	}
	p.mu.Unlock()
	p.poke()
}

// toolProgress records a direct call's own progress.
func (p *progress) toolProgress(name string, pr tools.Progress) {
	p.mu.Lock()
	p.note = name + ": " + pr.Message
	p.mu.Unlock()
	p.poke()
}

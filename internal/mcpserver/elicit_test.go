package mcpserver_test

import (
	"context"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// elicitor answers the server's elicitation requests like a host's user.
type elicitor struct {
	mu     sync.Mutex
	asked  []string // the messages, in order
	answer func(ctx context.Context, msg string) (*mcp.ElicitResult, error)
}

func (e *elicitor) handle(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	e.mu.Lock()
	e.asked = append(e.asked, req.Params.Message)
	e.mu.Unlock()
	return e.answer(ctx, req.Params.Message)
}

func (e *elicitor) messages() []string {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.asked...)
}

func (e *elicitor) configure(o *mcp.ClientOptions) { o.ElicitationHandler = e.handle }

// approvalCall is a call record's approval fields in codemode's
// structured result.
type approvalCall struct {
	ID, Name, Status, Code, Error      string
	Approval, ApprovalBy, ApprovalRule string
}

func approvalCalls(t *testing.T, res *mcp.CallToolResult) []approvalCall {
	t.Helper()
	var r struct {
		Calls []approvalCall `json:"calls"`
	}
	structured(t, res, &r)
	return r.Calls
}

// TestElicitationApprovals: with approvals set to ask, a codemode call's
// bash and write calls become elicitation/create requests to the client,
// which accepts, declines or cancels them; each decision is in the call
// record.
func TestElicitationApprovals(t *testing.T) {
	w := newWorkspace(t, `{"approvals": {"bash": {"ask": true, "allow": ["true"]}, "write": "ask"}}`, "")
	e := &elicitor{answer: func(ctx context.Context, msg string) (*mcp.ElicitResult, error) {
		switch {
		case strings.Contains(msg, "Command:\ntouch decline"):
			return &mcp.ElicitResult{Action: "decline"}, nil
		case strings.Contains(msg, "Command:\ntouch cancel"):
			return &mcp.ElicitResult{Action: "cancel"}, nil
		case strings.Contains(msg, "echo always"):
			return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"always": true}}, nil
		case strings.Contains(msg, "touch order"):
			time.Sleep(time.Duration(rand.IntN(20)) * time.Millisecond)
		}
		return &mcp.ElicitResult{Action: "accept"}, nil
	}}
	c := w.serveWith(t, e.configure)
	if v := c.InitializeResult().ProtocolVersion; v >= "2026-07-28" {
		t.Errorf("negotiated %s, where a server cannot ask during a call", v)
	}

	// Accept runs the call; the request names the tool, command and rule.
	res := c.run(t, `await tools.bash({command: "touch accepted"}); await tools.bash({command: "true"}); return 1`)
	if res.IsError {
		t.Fatalf("%s", text(res))
	}
	if _, err := os.Stat(filepath.Join(w.dir, "accepted")); err != nil {
		t.Error("the accepted command did not run")
	}
	msgs := e.messages()
	if len(msgs) != 1 {
		t.Fatalf("asked %d times (the allowed `true` must not ask): %q", len(msgs), msgs)
	}
	for _, want := range []string{"run bash (call 1/1)", "approvals.bash: ask (", "Command:\ntouch accepted"} {
		if !strings.Contains(msgs[0], want) {
			t.Errorf("the request lacks %q:\n%s", want, msgs[0])
		}
	}
	calls := approvalCalls(t, res)
	if calls[0].Approval != "asked-allowed" || calls[0].ApprovalBy != "host" || calls[1].Approval != "allowed" || calls[1].ApprovalBy != "policy" {
		t.Errorf("records %+v", calls)
	}

	// Decline and cancel make the call throw ERR_DENIED with the reason.
	res = c.run(t, `
		const out = [];
		for (const c of ["touch decline", "touch cancel"]) {
			try { await tools.bash({command: c}); out.push("ran") } catch (e) { out.push(e.code + ": " + e.message) }
		}
		return out`)
	got := text(res)
	for _, want := range []string{"ERR_DENIED: bash: touch decline was denied by the host: the user declined it", "ERR_DENIED: bash: touch cancel was denied by the host: the user cancelled the request"} {
		if !strings.Contains(got, want) {
			t.Errorf("result lacks %q:\n%s", want, got)
		}
	}
	for _, f := range []string{"decline", "cancel"} {
		if _, err := os.Stat(filepath.Join(w.dir, f)); err == nil {
			t.Errorf("%s ran", f)
		}
	}
	if calls := approvalCalls(t, res); calls[0].Approval != "denied" || calls[0].ApprovalBy != "host" || calls[0].Code != "ERR_DENIED" {
		t.Errorf("records %+v", calls)
	}

	// An edit's request carries its diff.
	if err := os.WriteFile(filepath.Join(w.dir, "a.txt"), []byte("old line\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res = c.run(t, `
		const tag = (await tools.read({path: "a.txt"})).split("\n")[0];
		await tools.edit({input: tag + "\nreplace 1..1:\n+new line\n"});
		return 1`)
	if res.IsError {
		t.Fatalf("%s", text(res))
	}
	msgs = e.messages()
	if last := msgs[len(msgs)-1]; !strings.Contains(last, "Files: a.txt") || !strings.Contains(last, "-old line") || !strings.Contains(last, "+new line") {
		t.Errorf("the edit request:\n%s", last)
	}

	// "always" covers the rest of the run; Promise.all asks in order.
	n := len(e.messages())
	res = c.run(t, `
		await tools.bash({command: "echo always"});
		await tools.bash({command: "echo again"});
		await Promise.all([1, 2, 3, 4, 5, 6].map(i => tools.bash({command: "touch order" + i})));
		return 1`)
	if res.IsError {
		t.Fatalf("%s", text(res))
	}
	msgs = e.messages()[n:]
	var order []string
	for _, m := range msgs {
		if i := strings.Index(m, "touch order"); i >= 0 {
			order = append(order, m[i:i+len("touch order")+1])
		}
	}
	if len(msgs) != 7 || strings.Join(order, ",") != "touch order1,touch order2,touch order3,touch order4,touch order5,touch order6" {
		t.Errorf("asked %d times, in the order %q", len(msgs), order)
	}
	if calls := approvalCalls(t, res); !strings.Contains(calls[1].ApprovalRule, `always "echo *"`) {
		t.Errorf("the second echo: %+v", calls[1])
	}
}

// A client without the elicitation capability gets the deny behaviour,
// with an error that says which setting to change.
func TestElicitationUnsupported(t *testing.T) {
	w := newWorkspace(t, `{"approvals": {"bash": "ask"}}`, "")
	c := w.serve(t)
	res := c.run(t, `try { await tools.bash({command: "touch x"}) } catch (e) { return [e.code, e.message] }`)
	got := text(res)
	for _, want := range []string{"ERR_DENIED", `the MCP client \"e2e\" does not support elicitation, so it cannot be asked`, `Set approvals.bash in the atomic-script settings to \"allow\"`} {
		if !strings.Contains(got, want) {
			t.Errorf("result lacks %q:\n%s", want, got)
		}
	}
	if _, err := os.Stat(filepath.Join(w.dir, "x")); err == nil {
		t.Error("the command ran")
	}
}

// The run's deadline keeps running while the host is asked; the wait shows
// in progress notifications, and the host's request is cancelled.
func TestElicitationDeadline(t *testing.T) {
	w := newWorkspace(t, "", "")
	cancelled := make(chan struct{})
	e := &elicitor{answer: func(ctx context.Context, msg string) (*mcp.ElicitResult, error) {
		select {
		case <-ctx.Done():
			close(cancelled)
			return nil, ctx.Err()
		case <-time.After(20 * time.Second):
			return &mcp.ElicitResult{Action: "accept"}, nil
		}
	}}
	c := w.serveWith(t, e.configure, "--approve", "write", "--timeout", "1500ms")
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	start := time.Now()
	res, err := c.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Meta: mcp.Meta{"progressToken": "p1"},
		Arguments: map[string]any{"code": `await tools.write({path: "late.txt", content: "x"})`}})
	if err != nil {
		t.Fatal(err)
	}
	if took := time.Since(start); took > 10*time.Second {
		t.Errorf("the call took %v past a 1.5s deadline", took)
	}
	var r runResult
	structured(t, res, &r)
	if !res.IsError || r.Error == nil || r.Error.Kind != "timeout" {
		t.Fatalf("result: %s", text(res))
	}
	if calls := approvalCalls(t, res); len(calls) != 1 || calls[0].Approval != "denied" || !strings.Contains(calls[0].ApprovalRule, "no answer before the run ended") {
		t.Errorf("records %+v", calls)
	}
	if !strings.Contains(strings.Join(c.progressMessages(), "\n"), "waiting for approval (host): write: late.txt") {
		t.Errorf("progress %q", c.progressMessages())
	}
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Error("the host's elicitation request was never cancelled")
	}
	if _, err := os.Stat(filepath.Join(w.dir, "late.txt")); err == nil {
		t.Error("the write happened")
	}
}

// Over streamable HTTP the elicitation request travels on the codemode
// call's response stream, and the answer decides as on stdio.
func TestElicitationOverHTTP(t *testing.T) {
	w := newWorkspace(t, `{"approvals": {"write": "ask"}}`, "")
	_, endpoint, auth := w.serveHTTP(t)
	e := &elicitor{answer: func(ctx context.Context, msg string) (*mcp.ElicitResult, error) {
		if strings.Contains(msg, "no.txt") {
			return &mcp.ElicitResult{Action: "decline"}, nil
		}
		return &mcp.ElicitResult{Action: "accept"}, nil
	}}
	mc := mcp.NewClient(&mcp.Implementation{Name: "e2e-http", Version: "1"}, &mcp.ClientOptions{ElicitationHandler: e.handle})
	cs, err := mc.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint,
		HTTPClient: &http.Client{Transport: withAuth{auth}}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer cs.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": `
		await tools.write({path: "yes.txt", content: "y"});
		try { await tools.write({path: "no.txt", content: "n"}) } catch (e) { return e.code }`}})
	if err != nil {
		t.Fatal(err)
	}
	if got := text(res); !strings.Contains(got, "ERR_DENIED") {
		t.Errorf("result %s", got)
	}
	if len(e.messages()) != 2 {
		t.Errorf("asked %d times", len(e.messages()))
	}
	if _, err := os.Stat(filepath.Join(w.dir, "yes.txt")); err != nil {
		t.Error("the accepted write did not happen")
	}
	if _, err := os.Stat(filepath.Join(w.dir, "no.txt")); err == nil {
		t.Error("the declined write happened")
	}
}

// TestElicitationShowsControlsVisibly: the question a host shows its user
// has a command's or a path's control characters, escape sequences and
// bidi overrides as escapes, so it shows what will run: a carriage return
// and an erase-line sequence cannot hide the first half of a command.
func TestElicitationShowsControlsVisibly(t *testing.T) {
	w := newWorkspace(t, `{"approvals": {"bash": "ask", "write": "ask"}}`, "")
	e := &elicitor{answer: func(ctx context.Context, msg string) (*mcp.ElicitResult, error) {
		return &mcp.ElicitResult{Action: "decline"}, nil
	}}
	c := w.serveWith(t, e.configure)
	res := c.run(t, `
		await tools.bash({command: "(touch PWNED)\r\x1b[2Kgo test ./..."}).catch(() => {});
		await tools.write({path: "a\u202etxt.exe", content: "x\r\x1b[1A\n"}).catch(() => {});
		return 1`)
	if res.IsError {
		t.Fatalf("%s", text(res))
	}
	msgs := e.messages()
	if len(msgs) != 2 {
		t.Fatalf("asked %d times: %q", len(msgs), msgs)
	}
	for _, m := range msgs {
		for _, r := range m {
			if r != '\n' && (r < 0x20 || r == 0x7f || r >= 0x202a && r <= 0x202e) {
				t.Errorf("the question holds %U:\n%q", r, m)
				break
			}
		}
	}
	if !strings.Contains(msgs[0], `(touch PWNED)\r\x1b[2Kgo test ./...`) || !strings.Contains(msgs[1], `a\u202etxt.exe`) || !strings.Contains(msgs[1], `+x\r\x1b[1A`) {
		t.Errorf("questions:\n%s\n---\n%s", msgs[0], msgs[1])
	}
}

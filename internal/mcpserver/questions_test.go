package mcpserver_test

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// questionHost is an MCP host whose user answers elicitation requests: it
// keeps each request's schema and answers by the first question's title.
type questionHost struct {
	mu       sync.Mutex
	requests []*mcp.ElicitParams
}

func (h *questionHost) handle(ctx context.Context, req *mcp.ElicitRequest) (*mcp.ElicitResult, error) {
	h.mu.Lock()
	h.requests = append(h.requests, req.Params)
	h.mu.Unlock()
	s, _ := json.Marshal(req.Params.RequestedSchema)
	switch {
	case strings.Contains(string(s), `"title":"Decline me"`):
		return &mcp.ElicitResult{Action: "decline"}, nil
	case strings.Contains(string(s), `"title":"Cancel me"`):
		return &mcp.ElicitResult{Action: "cancel"}, nil
	case strings.Contains(string(s), `"title":"Empty accept"`):
		return &mcp.ElicitResult{Action: "accept"}, nil
	case strings.Contains(string(s), `"title":"Slow"`):
		time.Sleep(1500 * time.Millisecond) // longer than the run's deadline
		return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"Slow": "Proceed"}}, nil
	}
	return &mcp.ElicitResult{Action: "accept", Content: map[string]any{"Merge approval": "Proceed", "Languages": []any{"go", "ts"}}}, nil
}

const askScript = `
const one = await tools.ask_user_question({questions: [
  {header: "Merge approval", question: "Admin-merge the seven PRs?", options: [
    {label: "Proceed", description: "Merge them in dependency order."},
    {label: "Do not proceed", description: "Leave them."}]},
  {header: "Languages", question: "Which languages?", multiSelect: true, options: [
    {label: "go", description: "Go modules"}, {label: "ts"}, {label: "py"}]}]});
const declined = await tools.ask_user_question({questions: [{header: "Decline me", question: "Go on?", options: [{label: "Proceed"}, {label: "Stop"}]}]});
const cancelled = await tools.ask_question({header: "Cancel me", question: "Go on?", options: ["Proceed", "Stop"]});
let bad, empty;
try { await tools.ask_question({header: "Empty accept", question: "Go on?", options: ["Proceed", "Stop"]}) } catch (e) { empty = e.code + " " + e.message }
try { await tools.ask_user_question({questions: [{header: "x", question: "y", options: [{label: "only one"}]}]}) } catch (e) { bad = e.code + " " + e.message }
return {one, declined, cancelled, bad, empty, listed: ALL_TOOLS.some(t => t.name === "ask_user_question")};`

type askOutcome struct {
	One struct {
		Answers []struct {
			Header, Question string
			Selected         []string
		}
		Status, AnsweredBy string
	}
	Declined, Cancelled struct{ Status, AnsweredBy string }
	Bad, Empty          string
	Listed              bool
}

// checkAsk checks a run of askScript and the requests the host saw.
func checkAsk(t *testing.T, res *mcp.CallToolResult, h *questionHost) {
	t.Helper()
	var r struct {
		OK    bool            `json:"ok"`
		Value json.RawMessage `json:"value"`
		Calls []struct {
			Name, Status string
			Meta         json.RawMessage
		} `json:"calls"`
	}
	structured(t, res, &r)
	var v askOutcome
	if err := json.Unmarshal(r.Value, &v); !r.OK || err != nil {
		t.Fatalf("run: %v\n%s", err, text(res))
	}
	if !v.Listed {
		t.Error("ask_user_question is not in ALL_TOOLS although the client can be asked")
	}
	if v.One.Status != "answered" || v.One.AnsweredBy != "host" || len(v.One.Answers) != 2 ||
		!slices.Equal(v.One.Answers[0].Selected, []string{"Proceed"}) || v.One.Answers[0].Header != "Merge approval" ||
		!slices.Equal(v.One.Answers[1].Selected, []string{"go", "ts"}) {
		t.Errorf("answered: %+v", v.One)
	}
	if v.Declined.Status != "declined" || v.Cancelled.Status != "cancelled" {
		t.Errorf("declined %+v, cancelled %+v", v.Declined, v.Cancelled)
	}
	if !strings.HasPrefix(v.Bad, "ERR_INVALID_ARGS") || !strings.Contains(v.Bad, "2") {
		t.Errorf("one option: %q", v.Bad)
	}
	if v.Empty != `ERR_TOOL ask_user_question: the MCP client accepted the form without answering "Empty accept": not an answer, and not consent` {
		t.Errorf("accepted with no content: %q", v.Empty)
	}
	// The form: one enum per question (an array of enums for
	// multiSelect), named by its header, the descriptions in the
	// property's description.
	h.mu.Lock()
	defer h.mu.Unlock()
	if len(h.requests) != 4 {
		t.Fatalf("%d elicitation requests, want 4", len(h.requests))
	}
	s, _ := json.Marshal(h.requests[0].RequestedSchema)
	var form struct {
		Properties map[string]struct {
			Type, Title, Description string
			Enum                     []string
			Items                    *struct {
				Type string
				Enum []string
			}
		}
		Required []string
	}
	if err := json.Unmarshal(s, &form); err != nil {
		t.Fatal(err)
	}
	q1, q2 := form.Properties["Merge approval"], form.Properties["Languages"]
	if q1.Type != "string" || q1.Title != "Merge approval" || !slices.Equal(q1.Enum, []string{"Proceed", "Do not proceed"}) ||
		!strings.Contains(q1.Description, "Admin-merge the seven PRs?") || !strings.Contains(q1.Description, "- Proceed: Merge them in dependency order.") {
		t.Errorf("q1: %+v", q1)
	}
	if q2.Type != "array" || q2.Title != "Languages" || q2.Items == nil || q2.Items.Type != "string" || !slices.Equal(q2.Items.Enum, []string{"go", "ts", "py"}) {
		t.Errorf("q2: %+v", q2)
	}
	if !slices.Equal(form.Required, []string{"Merge approval", "Languages"}) {
		t.Errorf("required %v", form.Required)
	}
}

// askRecordScript asks two of askScript's questions and returns little,
// so the call records fit in structuredContent's budget (max of the text
// and 2 KB; a bigger run folds them, #36).
const askRecordScript = `
await tools.ask_user_question({questions: [
  {header: "Merge approval", question: "Admin-merge the seven PRs?", options: [{label: "Proceed"}, {label: "Do not proceed"}]},
  {header: "Languages", question: "Which languages?", multiSelect: true, options: [{label: "go"}, {label: "ts"}, {label: "py"}]}]});
await tools.ask_user_question({questions: [{header: "Decline me", question: "Go on?", options: [{label: "Proceed"}, {label: "Stop"}]}]});
return "asked"`

// checkAskRecords: the call records of askRecordScript carry who answered
// and what.
func checkAskRecords(t *testing.T, res *mcp.CallToolResult) {
	t.Helper()
	var r struct {
		Calls []struct {
			Name, Status string
			Meta         json.RawMessage
		} `json:"calls"`
	}
	structured(t, res, &r)
	var recorded []string
	for _, c := range r.Calls {
		if strings.HasPrefix(c.Name, "ask_") {
			recorded = append(recorded, string(c.Meta))
		}
	}
	if len(recorded) < 2 || !strings.Contains(recorded[0], `"answeredBy":"host"`) || !strings.Contains(recorded[0], `"selected":["Proceed"]`) || !strings.Contains(recorded[1], `"status":"declined"`) {
		t.Errorf("call records: %q", recorded)
	}

}

// TestQuestionsOverStdio: a host with an elicitation handler answers a
// script's questions (accept, decline, cancel); a host without the
// capability has none to answer: the tool is not listed and throws
// ERR_UNAVAILABLE saying to go on with stated assumptions.
func TestQuestionsOverStdio(t *testing.T) {
	w := newWorkspace(t, "", "")
	h := &questionHost{}
	c := w.serveWith(t, func(o *mcp.ClientOptions) { o.ElicitationHandler = h.handle })
	checkAsk(t, c.run(t, askScript), h)
	checkAskRecords(t, c.run(t, askRecordScript))

	bare := w.serve(t)
	res := bare.run(t, `let e; try { await tools.ask_user_question({questions: [{header: "h", question: "q", options: [{label: "a"}, {label: "b"}]}]}) } catch (x) { e = x }
		return [e.code, e.message, ALL_TOOLS.some(t => t.name.startsWith("ask_")), "ask_user_question" in tools]`)
	got := text(res)
	for _, want := range []string{"ERR_UNAVAILABLE", "continue on your own with stated, evidence-backed assumptions", "false,\n  false"} {
		if !strings.Contains(got, want) {
			t.Errorf("without elicitation: lacks %q:\n%s", want, got)
		}
	}
}

// TestQuestionsOverHTTP: the same over streamable HTTP, where each
// session has its own client: one with elicitation is asked, one without
// has no question tool.
func TestQuestionsOverHTTP(t *testing.T) {
	w := newWorkspace(t, "", "")
	_, endpoint, auth := w.serveHTTP(t)
	call := func(opts *mcp.ClientOptions, code string) *mcp.CallToolResult {
		t.Helper()
		mc := mcp.NewClient(&mcp.Implementation{Name: "e2e-http", Version: "1"}, opts)
		cs, err := mc.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: endpoint,
			HTTPClient: &http.Client{Transport: withAuth{auth}}}, nil)
		if err != nil {
			t.Fatal(err)
		}
		defer cs.Close()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		res, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "codemode", Arguments: map[string]any{"code": code}})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	h := &questionHost{}
	checkAsk(t, call(&mcp.ClientOptions{ElicitationHandler: h.handle}, askScript), h)
	checkAskRecords(t, call(&mcp.ClientOptions{ElicitationHandler: h.handle}, askRecordScript))

	got := text(call(nil, `let e; try { await tools.ask_question({question: "q", options: ["a", "b"]}) } catch (x) { e = x }
		return [e.code, e.message, ALL_TOOLS.some(t => t.name.startsWith("ask_")), "ask_question" in tools]`))
	for _, want := range []string{"ERR_UNAVAILABLE", "continue on your own with stated, evidence-backed assumptions", "false,\n  false"} {
		if !strings.Contains(got, want) {
			t.Errorf("without elicitation: lacks %q:\n%s", want, got)
		}
	}
}

// TestQuestionWaitIsNotTimed: while the host's user answers, the run's
// deadline stands still: a 1 s script whose question takes 1.5 s to answer
// still succeeds; the same wait outside a question times out.
func TestQuestionWaitIsNotTimed(t *testing.T) {
	w := newWorkspace(t, "", "")
	h := &questionHost{}
	c := w.serveWith(t, func(o *mcp.ClientOptions) { o.ElicitationHandler = h.handle }, "--timeout", "1s")
	res := c.run(t, `const a = await tools.ask_user_question({questions: [{header: "Slow", question: "q", options: [{label: "Proceed"}, {label: "No"}]}]}); return a.answers[0].selected[0]`)
	if got := text(res); res.IsError || !strings.Contains(got, "Proceed") {
		t.Errorf("a slow answer timed the run out:\n%s", got)
	}
	res = c.run(t, `await tools.bash({command: "sleep 1.5"}); return "late"`)
	if !res.IsError || !strings.Contains(text(res), "deadline") {
		t.Errorf("a slow command did not time out:\n%s", text(res))
	}
}

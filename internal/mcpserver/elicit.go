package mcpserver

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/ask"
)

// elicitationProtocols are the MCP versions a server may send
// elicitation/create on while it serves a tool call. From 2026-07-28 a
// server must instead return the question in the call's result and be
// called again (multi round-trip requests), which a script that is still
// running cannot do; a server whose policy asks offers only the versions
// before it, which every client still speaks.
func elicitationProtocols() []string {
	var out []string
	for _, v := range mcp.SupportedProtocolVersions() {
		if v < "2026-07-28" {
			out = append(out, v)
		}
	}
	return out
}

// maxElicitDiff bounds the diff in an elicitation message, in bytes.
const maxElicitDiff = 16 << 10

// elicitAsker asks the client's user about a script's call with an
// elicitation/create request: accept runs the call (with "always" ticked,
// every later call of the run that the shown patterns cover), decline and
// cancel refuse it. A client that did not declare the capability cannot
// be asked: the call is denied with what to change.
func elicitAsker(ms *mcp.ServerSession) engine.AskFunc {
	return func(ctx context.Context, req engine.ApprovalRequest) (engine.ApprovalAnswer, error) {
		if err := canElicit(ms); err != nil {
			return engine.ApprovalAnswer{}, fmt.Errorf("%v, so it cannot be asked. Set approvals.%s in the atomic-script settings to \"allow\", \"deny\" or allow patterns that cover the call (or drop --approve %s), or connect with a client that supports elicitation", err, req.Class, req.Class)
		}
		res, err := ms.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: elicitMessage(req), RequestedSchema: elicitSchema(req)})
		if err != nil {
			if ctx.Err() != nil {
				return engine.ApprovalAnswer{}, ctx.Err()
			}
			return engine.ApprovalAnswer{}, fmt.Errorf("the elicitation request failed: %v", err)
		}
		switch res.Action {
		case "accept":
			if always, _ := res.Content["always"].(bool); always && len(req.Always) > 0 {
				return engine.ApprovalAnswer{Decision: engine.ApproveAlways}, nil
			}
			return engine.ApprovalAnswer{Decision: engine.Approve}, nil
		case "decline":
			return engine.ApprovalAnswer{Reason: "the user declined it"}, nil
		}
		if res.Action == "cancel" {
			return engine.ApprovalAnswer{Reason: "the user cancelled the request"}, nil
		}
		return engine.ApprovalAnswer{Reason: fmt.Sprintf("the client answered %q, which is not accept", res.Action)}, nil
	}
}

// canElicit says why ms cannot be sent a form elicitation, or nil.
func canElicit(ms *mcp.ServerSession) error {
	if ms == nil {
		return errors.New("there is no MCP session to ask")
	}
	ip := ms.InitializeParams()
	name := "the MCP client"
	if ip != nil && ip.ClientInfo != nil && ip.ClientInfo.Name != "" {
		name = fmt.Sprintf("the MCP client %q", ip.ClientInfo.Name)
	}
	switch {
	case ip == nil || ip.Capabilities == nil || ip.Capabilities.Elicitation == nil:
		return fmt.Errorf("%s does not support elicitation", name)
	case ip.Capabilities.Elicitation.Form == nil && ip.Capabilities.Elicitation.URL != nil:
		return fmt.Errorf("%s supports only URL elicitation, not forms", name)
	case !slices.Contains(elicitationProtocols(), ip.ProtocolVersion):
		return fmt.Errorf("%s speaks MCP %s, where a server cannot ask during a tool call", name, ip.ProtocolVersion)
	}
	return nil
}

// elicitMessage is the question: the call, why it asks, and the command
// or the diff it would make. Strings from the call go through
// tools.Visible, so a client that prints the message on a terminal shows
// control characters and bidi overrides as escapes, never acts on them.
func elicitMessage(req engine.ApprovalRequest) string {
	var b strings.Builder
	fmt.Fprintf(&b, "A codemode script wants to run %s (call %s). It needs approval: %s.\n", tools.Visible(req.Tool), tools.Visible(req.CallID), tools.Visible(req.Why))
	switch {
	case req.Command != "":
		fmt.Fprintf(&b, "\nCommand:\n%s\n", tools.VisibleLines(req.Command))
		if req.Cwd != "" && req.Cwd != "." {
			fmt.Fprintf(&b, "In: %s\n", tools.Visible(req.Cwd))
		}
		for _, k := range slices.Sorted(maps.Keys(req.Env)) {
			fmt.Fprintf(&b, "With %s=%s\n", tools.Visible(k), tools.Visible(req.Env[k]))
		}
	case len(req.Paths) > 0:
		fmt.Fprintf(&b, "\nFiles: %s\n", tools.Visible(req.PathsText()))
	case len(req.Args) > 0:
		fmt.Fprintf(&b, "\nArguments: %s\n", tools.Visible(string(req.Args)))
	}
	if d := req.Diff; d != "" {
		if len(d) > maxElicitDiff {
			cut := strings.LastIndexByte(d[:maxElicitDiff], '\n') + 1
			d = d[:cut] + fmt.Sprintf("… (%d more bytes of diff)\n", len(req.Diff)-cut)
		}
		// CRLF line endings are the file's, not a hidden carriage return.
		b.WriteString("\nDiff:\n" + tools.VisibleLines(strings.ReplaceAll(d, "\r\n", "\n")))
	}
	b.WriteString("\nAccept to run it; decline to make the call fail with ERR_DENIED.")
	return b.String()
}

// elicitSchema offers "always" when there are patterns to remember.
func elicitSchema(req engine.ApprovalRequest) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
	if len(req.Always) > 0 {
		q := make([]string, len(req.Always))
		for i, p := range req.Always {
			q[i] = fmt.Sprintf("%q", p)
		}
		s.Properties["always"] = &jsonschema.Schema{
			Type:        "boolean",
			Title:       "Also allow the rest of this script's calls matching " + strings.Join(q, ", "),
			Description: "Later calls of this codemode run that match are not asked about again.",
			Default:     []byte("false"),
		}
	}
	return s
}

// hostQuestions answers a script's ask_user_question through the client:
// one elicitation/create per call, a form with a property per question,
// named by its header (an enum of the option labels, or an array of them for multiSelect; the
// question and each option's description in its description). Accept is
// answered, decline and cancel are declined and cancelled.
type hostQuestions struct{ ms *mcp.ServerSession }

func (h hostQuestions) By() string       { return "host" }
func (h hostQuestions) AsksPerson() bool { return true }

func (h hostQuestions) Ask(ctx context.Context, qs []tools.Question) (tools.Answers, error) {
	s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
	var msg strings.Builder
	msg.WriteString("A codemode script asks:\n")
	for _, q := range qs {
		key := q.Header // unique in a call, and what an answers file keys by
		labels := make([]any, len(q.Options))
		var desc strings.Builder
		desc.WriteString(q.Question)
		for k, o := range q.Options {
			labels[k] = o.Label
			if o.Description != "" {
				fmt.Fprintf(&desc, "\n- %s: %s", o.Label, o.Description)
			}
		}
		p := &jsonschema.Schema{Type: "string", Title: q.Header, Description: desc.String(), Enum: labels}
		if q.MultiSelect {
			p = &jsonschema.Schema{Type: "array", Title: q.Header, Description: desc.String(), Items: &jsonschema.Schema{Type: "string", Enum: labels}}
		}
		s.Properties[key] = p
		s.Required = append(s.Required, key)
		fmt.Fprintf(&msg, "\n%s: %s", q.Header, q.Question)
	}
	res, err := h.ms.Elicit(ctx, &mcp.ElicitParams{Mode: "form", Message: msg.String(), RequestedSchema: s})
	switch {
	case err != nil && ctx.Err() != nil:
		return tools.Answers{}, ctx.Err()
	case err != nil:
		return tools.Answers{}, tools.Errorf(tools.ErrTool, "ask_user_question: the elicitation request failed: %v", err)
	case res.Action == "decline":
		return tools.Answers{Status: "declined"}, nil
	case res.Action != "accept":
		return tools.Answers{Status: "cancelled"}, nil
	}
	out := tools.Answers{Status: "answered"}
	for _, q := range qs {
		a := tools.Answer{Header: q.Header, Question: q.Question, Selected: []string{}}
		switch v := res.Content[q.Header].(type) {
		case string:
			a.Selected = append(a.Selected, v)
		case []any:
			for _, e := range v {
				if s, ok := e.(string); ok {
					a.Selected = append(a.Selected, s)
				}
			}
		}
		if !q.MultiSelect && len(a.Selected) == 0 {
			// The form requires it, but a client may accept with no content.
			return tools.Answers{}, tools.Errorf(tools.ErrTool, "ask_user_question: the MCP client accepted the form without answering %q: not an answer, and not consent", q.Header)
		}
		out.Answers = append(out.Answers, a)
	}
	return out, nil
}

// asksQuestions reports whether scripts may ask the user questions
// (codemode and ask_user_question on): the server then offers the MCP
// versions where it can send elicitation/create during a call.
func (s *Server) asksQuestions() bool {
	_, on := s.cfg.Enabled.Get(ask.Name)
	return s.codemode != nil && on
}

// codemodeForClient gives a client that cannot answer questions (no form
// elicitation) codemode's description without ask_user_question: the
// tool list is made before the client says what it can, so its reply is
// adjusted here.
func (s *Server) codemodeForClient(next mcp.MethodHandler) mcp.MethodHandler {
	return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
		res, err := next(ctx, method, req)
		list, ok := res.(*mcp.ListToolsResult)
		if err != nil || !ok || method != "tools/list" {
			return res, err
		}
		if ms, _ := req.GetSession().(*mcp.ServerSession); canElicit(ms) == nil {
			return res, nil
		}
		out := *list
		out.Tools = slices.Clone(list.Tools)
		for i, t := range out.Tools {
			if t.Name == s.codemode.Name {
				c := *t
				c.Description = s.codemodeNoAsk
				out.Tools[i] = &c
			}
		}
		return &out, nil
	}
}

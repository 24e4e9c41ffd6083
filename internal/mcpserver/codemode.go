package mcpserver

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/google/jsonschema-go/jsonschema"
	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/meta"
)

// handleCodemode runs one script in the session's engine. The rendered
// result is the text content; the engine's structured result (without its
// text, which is that content, and within the text's budget:
// structuredResult) is structuredContent. A failed script is a
// result with isError. Cancelling the request aborts the script and its
// tool calls.
func (ss *session) handleCodemode(ctx context.Context, req *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
	ss.watch(req.Session)
	leave, err := ss.admit(int64(len(req.Params.Arguments)))
	if err != nil {
		return nil, err // a JSON-RPC error: retry later
	}
	defer leave()
	raw, bad := decodeArgs(meta.Codemode, req.Params.Arguments)
	if bad != nil {
		return bad, nil
	}
	if err := tools.Validate(meta.CodemodeTool(), raw); err != nil {
		return errorResult(err), nil
	}
	var args meta.CodemodeArgs
	if err := json.Unmarshal(raw, &args); err != nil {
		return errorResult(tools.Errorf(tools.ErrInvalidArgs, "codemode: %v", err)), nil
	}
	eng, err := ss.engine()
	if err != nil {
		return errorResult(tools.Errorf(tools.ErrTool, "codemode: %v", err)), nil
	}
	ctx, stop := ss.runContext(ctx)
	defer stop()
	release, err := ss.awaitTurn(ctx)
	if err != nil {
		return errorResult(tools.Errorf(tools.ErrCancelled, "codemode: cancelled while waiting to run: a session runs at most %d scripts at once, and serve %d (--max-runs)", RunsPerSession, ss.srv.cfg.MaxRuns)), nil
	}
	defer release()
	n := ss.runs.Add(1)
	opts := []engine.RunOption{engine.WithCallIDPrefix(strconv.FormatInt(n, 10)), engine.WithAsker("host", elicitAsker(req.Session))}
	if canElicit(req.Session) == nil { // the client's user answers ask_user_question
		opts = append(opts, engine.WithQuestions(hostQuestions{req.Session}))
	}
	if token := req.Params.GetProgressToken(); token != nil {
		p := startProgress(ctx, req.Session, token, ss.srv.cfg.ProgressInterval)
		defer p.stop()
		opts = append(opts, engine.WithRunEvents(p.event))
	}
	res, err := eng.Run(ctx, args.Code, opts...)
	if err != nil {
		return errorResult(tools.Errorf(tools.ErrTool, "codemode: the engine could not run the script: %v", err)), nil
	}
	return bound(codemodeResult(res), ss.srv.responseLimit(), func(data []byte) (string, error) {
		return eng.SaveOutput("codemode-result-*.json", data)
	}), nil
}

// codemodeResult converts an engine result.
func codemodeResult(res *engine.Result) *mcp.CallToolResult {
	out := &mcp.CallToolResult{IsError: !res.OK, Content: []mcp.Content{&mcp.TextContent{Text: res.Text}}}
	for _, it := range res.Output {
		if it.Type == "image" && it.Image != nil {
			out.Content = append(out.Content, &mcp.ImageContent{MIMEType: it.Image.MIMEType, Data: it.Image.Data})
		}
	}
	if m := structuredResult(res); m != nil {
		out.StructuredContent = m
	}
	return out
}

// runResult mirrors the JSON of engine.Result (minus text) for the output
// schema.
type runResult struct {
	OK    bool `json:"ok" jsonschema:"whether the script succeeded"`
	Value any  `json:"value,omitempty"`
	Error *struct {
		Kind    string `json:"kind" jsonschema:"script, timeout, aborted or sandbox"`
		Name    string `json:"name"`
		Message string `json:"message"`
		Stack   string `json:"stack,omitempty"`
		Code    string `json:"code,omitempty"`
		CallID  string `json:"callId,omitempty"`
	} `json:"error,omitempty"`
	ExitCode int `json:"exitCode"`
	Output   []struct {
		Type  string `json:"type" jsonschema:"text or image"`
		Text  string `json:"text,omitempty"`
		Image *struct {
			MIMEType string `json:"mimeType"`
			Data     string `json:"data" jsonschema:"base64"`
		} `json:"image,omitempty"`
	} `json:"output" jsonschema:"the script's output items, when they fit (see omitted); the text content shows them"`
	Logs  []string `json:"logs" jsonschema:"console lines, when they fit (see omitted); the text content shows them"`
	Calls []struct {
		ID           string `json:"id"`
		Name         string `json:"name"`
		Args         any    `json:"args"`
		Status       string `json:"status" jsonschema:"ok, error or cancelled"`
		DurationMs   int64  `json:"durationMs"`
		Error        string `json:"error,omitempty"`
		Code         string `json:"code,omitempty"`
		Approval     string `json:"approval,omitempty" jsonschema:"for write, edit, bash and external tools not annotated read-only: allowed, asked-allowed or denied"`
		ApprovalBy   string `json:"approvalBy,omitempty" jsonschema:"who decided: policy, or host when the client was asked"`
		ApprovalRule string `json:"approvalRule,omitempty" jsonschema:"the approval setting that decided and where it was set"`
	} `json:"calls" jsonschema:"call records that fit (failed calls first, then the first and last); callStats counts every call and the records kept"`
	Truncated      bool     `json:"truncated"`
	FullOutputPath string   `json:"fullOutputPath,omitempty"`
	WallTimeMs     int64    `json:"wallTimeMs"`
	Warnings       []string `json:"warnings,omitempty"`
	Omitted        []string `json:"omitted,omitempty" jsonschema:"what did not fit this structured copy, which stays within the text's size (at least 2 KB): value, calls, logs, output or diff; the text content shows them (run --json keeps all)"`
}

// resultSchema is codemode's output schema. It is open (extra properties
// allowed) so that fields the engine adds later do not break clients that
// validate.
func resultSchema() *jsonschema.Schema {
	s := tools.MustSchemaFor[runResult]()
	open(s)
	// Inference gives `any` fields the schema true, which strict hosts
	// refuse: say what they hold.
	s.Properties["value"] = anyJSON("the returned value (any JSON value)")
	// The result's JSON has every field (as run --json): error is null
	// when the script succeeded.
	e := s.Properties["error"]
	s.Properties["error"] = &jsonschema.Schema{
		Description: "why the script failed; null when it succeeded",
		AnyOf:       []*jsonschema.Schema{e, {Type: "null"}},
	}
	s.Properties["calls"].Items.Properties["args"] = &jsonschema.Schema{
		Description: "the call's arguments (long strings shortened), or a note of their size when they were too large to keep",
		AnyOf:       []*jsonschema.Schema{{Type: "object"}, {Type: "string"}},
	}
	return s
}

// anyJSON is a schema for any JSON value that names every type.
func anyJSON(desc string) *jsonschema.Schema {
	s := &jsonschema.Schema{Description: desc}
	for _, t := range []string{"object", "array", "string", "number", "boolean", "null"} {
		s.AnyOf = append(s.AnyOf, &jsonschema.Schema{Type: t})
	}
	return s
}

func open(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	s.AdditionalProperties = nil
	for _, p := range s.Properties {
		open(p)
	}
	open(s.Items)
	for _, x := range s.AnyOf {
		open(x)
	}
}

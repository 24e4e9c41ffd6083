package tools

import (
	"context"
	"encoding/json"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
)

// The records of a run that the engine reports and the bindings below it
// write are defined here, the lowest package both import, so each exists
// once; the engine's API names them engine.Call, engine.ScriptError,
// engine.Namespace and engine.NamespaceTool.

// Call records one tool call a script made: in a run's result, its
// call_start/call_end events and the reports built from them.
type Call struct {
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	Args     json.RawMessage `json:"args"`
	Status   string          `json:"status"` // running | ok | error | cancelled
	Duration time.Duration   `json:"-"`
	Error    string          `json:"error,omitempty"`
	Code     string          `json:"code,omitempty"`
	// Meta is the call's details.meta when the tool gave one (ReportMeta):
	// where a read came from (source, sourcePath) and how it was cut
	// (truncation, limits). A script's read still resolves to its text.
	Meta json.RawMessage `json:"meta,omitempty"`
	// Approval is the approval decision for a call in an approval class
	// (write, edit, bash, external tools not annotated read-only):
	// allowed, asked-allowed or denied. ApprovalBy says who decided
	// (policy, or the asker: host, terminal) and ApprovalRule why (the
	// setting and where it was set, the "always" answer that covered it).
	Approval     Approval `json:"approval,omitempty"`
	ApprovalBy   string   `json:"approvalBy,omitempty"`
	ApprovalRule string   `json:"approvalRule,omitempty"`
}

// MarshalJSON adds durationMs.
func (c Call) MarshalJSON() ([]byte, error) {
	type plain Call
	return json.Marshal(struct {
		plain
		DurationMs int64 `json:"durationMs"`
	}{plain(c), c.Duration.Milliseconds()})
}

// Approval is the decision recorded for a call in an approval class; the
// engine names the values (engine.Allowed, AskedAllowed, Denied).
type Approval string

// ScriptError says why a run failed.
type ScriptError struct {
	Kind    Kind   `json:"kind"`
	Name    string `json:"name"`
	Message string `json:"message"`
	Stack   string `json:"stack"`
	Code    string `json:"code"`
	// CallID names the tool call whose failure ended the script, if any.
	CallID string `json:"callId"`
}

func (e *ScriptError) Error() string {
	if e.Name == "" {
		return e.Message
	}
	return e.Name + ": " + e.Message
}

// Kind classifies how a run failed; the engine names the values
// (engine.KindScript, KindTimeout, KindAborted, KindSandbox).
type Kind string

// Namespace is a group of tools from outside the registry (an MCP server)
// that scripts call as tools.<namespace>.<tool>.
type Namespace struct {
	Name         string `json:"name"`
	Description  string `json:"description"`
	Instructions string `json:"instructions,omitempty"`
	// Tools lists the namespace's tools. A run calls it only when its script
	// first touches the namespace (tools.<ns>, ALL_TOOLS, searchTools,
	// describeNamespace or a call), so an MCP server starts on first use;
	// an error makes that namespace unavailable to the run.
	Tools func(ctx context.Context) ([]NamespaceTool, error) `json:"-"`
}

// NamespaceTool is one tool of a Namespace.
type NamespaceTool struct {
	Name        string
	Description string
	Input       *jsonschema.Schema
	Output      *jsonschema.Schema
	// ReadOnly is set when the server annotates the tool readOnlyHint: it
	// runs like read, without approval. Every other external tool is in
	// the write approval class.
	ReadOnly bool
	// Call runs the tool and returns the JSON value the script receives.
	Call func(ctx context.Context, args json.RawMessage) (json.RawMessage, error)
}

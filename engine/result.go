package engine

import (
	"encoding/json"
	"time"

	"github.com/atomic-script/atomic-script/models"
	"github.com/atomic-script/atomic-script/tools"
)

// Kind classifies how a run failed.
type Kind string

// The failure kinds of a run.
const (
	KindScript  Kind = "script"  // an uncaught exception, a rejected promise, exit(n≠0), a bad options line
	KindTimeout Kind = "timeout" // the deadline passed
	KindAborted Kind = "aborted" // the caller cancelled (signal, MCP cancellation)
	KindSandbox Kind = "sandbox" // the memory limit or an engine fault
)

// Exit codes of the CLI contract (DESIGN.md).
const (
	ExitOK      = 0
	ExitScript  = 1
	ExitUsage   = 2
	ExitTimeout = 3
	ExitSandbox = 4
	ExitAborted = 5
)

// ScriptError says why a run failed.
type ScriptError struct {
	Kind    Kind   `json:"kind"`
	Name    string `json:"name"`
	Message string `json:"message"`
	Stack   string `json:"stack,omitempty"`
	Code    string `json:"code,omitempty"`
	// CallID names the tool call whose failure ended the script, if any.
	CallID string `json:"callId,omitempty"`
}

func (e *ScriptError) Error() string {
	if e.Name == "" {
		return e.Message
	}
	return e.Name + ": " + e.Message
}

// Item is one output item: a text() value (or the returned value) or an
// image().
type Item struct {
	Type  string       `json:"type"` // "text" or "image"
	Text  string       `json:"text,omitempty"`
	Image *tools.Image `json:"image,omitempty"`
}

// Call records one tool call the script made.
type Call struct {
	ID       string          `json:"id"`
	Name     string          `json:"name"`
	Args     json.RawMessage `json:"args"`
	Status   string          `json:"status"` // ok | error | cancelled
	Duration time.Duration   `json:"-"`
	Error    string          `json:"error,omitempty"`
	Code     string          `json:"code,omitempty"`
	// Meta is the call's details.meta when the tool gave one: where a
	// read came from (source, sourcePath) and how it was cut (truncation,
	// limits). A script's read still resolves to its text.
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

// Result is everything one run produced. Run never fails because the script
// did: OK is false and Error says why.
type Result struct {
	OK bool `json:"ok"`
	// Value is the JSON of the script's return value (empty for undefined).
	Value json.RawMessage `json:"value,omitempty"`
	Error *ScriptError    `json:"error,omitempty"`
	// ExitCode is what the CLI exits with (see the Exit* constants).
	ExitCode int      `json:"exitCode"`
	Output   []Item   `json:"output"`
	Logs     []string `json:"logs"`
	Calls    []Call   `json:"calls"`
	// Text is the rendered result a model reads, capped at the output
	// budget; FullOutputPath names a 0600 file with all of it when capped.
	Text           string        `json:"text"`
	Truncated      bool          `json:"truncated"`
	FullOutputPath string        `json:"fullOutputPath,omitempty"`
	Wall           time.Duration `json:"-"`
	// Warnings are engine notes about the run (cancelled unawaited calls).
	Warnings []string `json:"warnings,omitempty"`
	// Changes lists the files the run changed (or, in a dry run, would
	// change); Diff is their unified diff in a dry run.
	Changes []FileChange `json:"changes,omitempty"`
	Diff    string       `json:"diff,omitempty"`
	// RolledBack is set when --atomic restored the files after a failure.
	RolledBack bool `json:"rolledBack,omitempty"`
	// DryRun is set when the run wrote nothing (--dry-run): Changes and
	// Diff say what it would have changed.
	DryRun bool `json:"dryRun,omitempty"`
	// Usage is what the run's models.* calls used, when it made any.
	Usage *models.Totals `json:"usage,omitempty"`
}

// FileChange is one file a run changed.
type FileChange struct {
	Path   string `json:"path"`
	Action string `json:"action"` // created | modified | deleted | mode
}

// MarshalJSON adds wallTimeMs.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	if r.Output == nil {
		r.Output = []Item{}
	}
	if r.Logs == nil {
		r.Logs = []string{}
	}
	if r.Calls == nil {
		r.Calls = []Call{}
	}
	return json.Marshal(struct {
		plain
		WallTimeMs int64 `json:"wallTimeMs"`
	}{plain(r), r.Wall.Milliseconds()})
}

func exitCodeFor(k Kind) int {
	switch k {
	case KindTimeout:
		return ExitTimeout
	case KindSandbox:
		return ExitSandbox
	case KindAborted:
		return ExitAborted
	}
	return ExitScript
}

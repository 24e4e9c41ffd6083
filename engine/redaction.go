package engine

import (
	"encoding/json"
	"os"

	"github.com/atomic-script/atomic-script/internal/redact"
)

// Redactor replaces secrets with "***" in what a run writes: the values
// of environment variables whose names look secret (*TOKEN*, *SECRET*,
// *PASSWORD*, *_KEY), of those named explicitly, and the well-known token
// shapes (GitHub, GitLab, AWS, OpenAI). Every engine redacts its results,
// events and spill files; a front end uses the same Redactor for what it
// writes itself (reports, logs).
type Redactor = redact.Redactor

// NewRedactor returns the Redactor of this process's environment, with
// the values of the variables named in extra redacted too (--redact).
func NewRedactor(extra ...string) *Redactor {
	return redact.New(os.Environ(), extra...)
}

// WithRedactor sets the engine's Redactor (default: NewRedactor()).
func WithRedactor(r *Redactor) Option {
	return func(c *config) error { c.redactor = r; return nil }
}

// redactResult replaces the secrets in everything a result says, before
// it is rendered (so the text, the capped text's spill file and every
// report made from it are clean too).
func redactResult(rd *Redactor, r *Result) {
	s := rd.String
	if len(r.Value) > 0 {
		r.Value = rd.JSON(r.Value)
	}
	if r.Error != nil {
		e := *r.Error
		e.Message, e.Stack = s(e.Message), s(e.Stack)
		r.Error = &e
	}
	for i := range r.Output {
		r.Output[i].Text = s(r.Output[i].Text)
	}
	for i := range r.Logs {
		r.Logs[i] = s(r.Logs[i])
	}
	for i := range r.Warnings {
		r.Warnings[i] = s(r.Warnings[i])
	}
	for i := range r.Calls {
		redactCall(rd, &r.Calls[i])
	}
	for i := range r.Changes {
		r.Changes[i].Path, r.Changes[i].From = s(r.Changes[i].Path), s(r.Changes[i].From)
	}
	r.Diff = s(r.Diff)
	if rb := r.Rollback; rb != nil {
		for i := range rb.Failed {
			rb.Failed[i].Error = s(rb.Failed[i].Error)
		}
	}
}

func redactCall(rd *Redactor, c *Call) {
	if len(c.Args) > 0 {
		c.Args = rd.JSON(c.Args)
	}
	if len(c.Meta) > 0 {
		c.Meta = rd.JSON(c.Meta)
	}
	c.Error = rd.String(c.Error)
}

// redactEvent is ev with its secrets replaced (a call record is copied,
// never changed in place: the run still holds it). The run_end result
// was redacted when it was finished.
func redactEvent(rd *Redactor, ev Event) Event {
	ev.Text = rd.String(ev.Text)
	if ev.Call != nil {
		c := *ev.Call
		redactCall(rd, &c)
		ev.Call = &c
	}
	if p := ev.Progress; p != nil {
		cp := *p
		cp.Message = rd.String(cp.Message)
		if cp.Data != nil {
			if data, err := json.Marshal(cp.Data); err == nil {
				cp.Data = json.RawMessage(rd.JSON(data))
			}
		}
		ev.Progress = &cp
	}
	return ev
}

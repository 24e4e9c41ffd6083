package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
)

// ApprovalClass is one of the spec's approval classes: a group of tools
// whose calls an approval policy governs. Tools outside every class
// (read-only tools, and those that change only the session: todos, kill)
// always run.
type ApprovalClass string

const (
	// ClassWrite is write and edit, and every external (MCP) tool that is
	// not annotated readOnlyHint.
	ClassWrite ApprovalClass = "write"
	// ClassBash is bash.
	ClassBash ApprovalClass = "bash"
)

// ParseApprovalClass maps a class name to its ApprovalClass.
func ParseApprovalClass(name string) (ApprovalClass, error) {
	switch c := ApprovalClass(name); c {
	case ClassWrite, ClassBash:
		return c, nil
	}
	return "", fmt.Errorf("unknown approval class %q: want write or bash", name)
}

// ApprovalAction is what a policy does with a call.
type ApprovalAction string

const (
	// ActionAllow runs the call (the default for every class).
	ActionAllow ApprovalAction = "allow"
	// ActionAsk asks the run's asker (the MCP host, the person at the
	// terminal) and runs the call only when it says yes.
	ActionAsk ApprovalAction = "ask"
	// ActionDeny refuses the call: it throws ERR_DENIED.
	ActionDeny ApprovalAction = "deny"
)

// strictness orders actions: the strictest answer of a policy's layers wins.
func (a ApprovalAction) strictness() int {
	switch a {
	case ActionAsk:
		return 1
	case ActionDeny:
		return 2
	}
	return 0
}

// ApprovalRule is one class's rule in one layer of a policy. A call that
// matches a Deny pattern is refused; else one that matches an Allow
// pattern runs; else Action applies.
//
// Patterns of the bash class are command patterns: shell words, where an
// unquoted * word stands for any number of words and other words are
// shell globs ("go test *", "git status", "npm run lint"). A command is
// allowed only when each of its commands (joined by ;, &&, || or |)
// matches a pattern as written — no variables, substitutions,
// assignments, redirections (except to /dev/null and 2>&1), subshells or
// control structures, and the call sets no env variables. Deny patterns
// are matched against every command anywhere in it, as written: they
// catch mistakes, not a determined script (an allow list does that).
//
// Patterns of the write class are doublestar globs ("src/**",
// "**/*.go"): relative ones match paths inside the workspace, absolute
// ones absolute paths, after symbolic links are resolved (a link out of
// src/ is not in src/). Every path a call writes must match.
type ApprovalRule struct {
	Action ApprovalAction
	Allow  []string
	Deny   []string
}

// ApprovalLayer is the rules one source sets (a settings file, a flag).
type ApprovalLayer struct {
	// Source names where the rules come from in records and errors
	// ("~/.atomic/agent/settings.json", "--approve").
	Source string
	Rules  map[ApprovalClass]ApprovalRule
}

// ApprovalPolicy is what runs of an engine may do without asking. The
// zero policy allows everything. A script cannot change it: it is fixed
// when the engine is made.
type ApprovalPolicy struct {
	// Layers are evaluated separately and the strictest answer wins, so a
	// layer can only tighten what another allows (a project's settings
	// cannot lift the user's).
	Layers []ApprovalLayer
	// Protected are directories (the user settings that set this policy)
	// whose files a script may not change without asking while any class
	// is not plainly allowed, so a script cannot lift the policy of later
	// runs. Any .atomic or .git directory in the workspace is protected
	// too (a .git/config or hook makes an allowed `git status` run any
	// program).
	Protected []string
	// AssumeYes, when set, answers every ask with yes without asking
	// anyone, and is named in the record as the rule that did (run --yes).
	// Deny still denies.
	AssumeYes string
}

// WithApprovals sets the approval policy of every run (and the deny rules
// of direct calls). Its patterns are checked here.
func WithApprovals(p ApprovalPolicy) Option {
	return func(c *config) error {
		if err := p.Validate(); err != nil {
			return fmt.Errorf("engine: %w", err)
		}
		c.approvals = p
		return nil
	}
}

// Validate checks p's classes, actions and patterns; the error names the
// rule and where it was set.
func (p ApprovalPolicy) Validate() error {
	_, err := compilePolicy(p, "/")
	return err
}

// Asks reports whether some class of p can ask.
func (p ApprovalPolicy) Asks() bool {
	for _, l := range p.Layers {
		for _, r := range l.Rules {
			if r.Action == ActionAsk {
				return true
			}
		}
	}
	return false
}

// Approval is the decision recorded for a call in an approval class
// (Call.Approval).
type Approval = tools.Approval

const (
	// Allowed: the policy let the call run without asking.
	Allowed Approval = "allowed"
	// AskedAllowed: the asker said yes (now, or with "always" earlier).
	AskedAllowed Approval = "asked-allowed"
	// Denied: the policy or the asker refused it; it threw ERR_DENIED.
	Denied Approval = "denied"
)

// Who decides, in Call.ApprovalBy: the policy, or the run's asker (which
// names itself in WithAsker: "host", "terminal").
const ApprovalByPolicy = "policy"

// ApprovalRequest is what an asker is asked about one call.
type ApprovalRequest struct {
	CallID string        `json:"callId"`
	Tool   string        `json:"tool"`
	Class  ApprovalClass `json:"class"`
	// Command, Cwd and Env describe a bash call (Cwd as displayed).
	Command string            `json:"command,omitempty"`
	Cwd     string            `json:"cwd,omitempty"`
	Env     map[string]string `json:"env,omitempty"`
	// Paths are every file a write or edit changes (as displayed): each
	// file it writes, and both ends of a move. Moves are its moves (both
	// ends also in Paths), shown as "src → dst". Diff is the unified diff
	// it would make (a move's is git's rename header).
	Paths []string       `json:"paths,omitempty"`
	Moves []ApprovalMove `json:"moves,omitempty"`
	// Members are the archive members it writes (their archives also in
	// Paths), shown as "a.zip:dir/m.txt".
	Members []ApprovalMember `json:"members,omitempty"`
	Diff    string           `json:"diff,omitempty"`
	// Args are the call's arguments (shortened), for tools with no
	// preview (external tools).
	Args json.RawMessage `json:"args,omitempty"`
	// Always are the patterns an "always" answer adds for the rest of the
	// run.
	Always []string `json:"always,omitempty"`
	// Why names the rule that asks.
	Why string `json:"why"`
}

// ApprovalMove is one file a call moves, as displayed.
type ApprovalMove struct {
	From string `json:"from"`
	To   string `json:"to"`
}

// ApprovalMember is one archive member a call writes: its archive as
// displayed, and its name in the archive.
type ApprovalMember struct {
	Archive string `json:"archive"`
	Name    string `json:"name"`
}

// describePaths sets r's Paths and Moves from a preview, as displayed.
func (r *ApprovalRequest) describePaths(env *tools.Env, pv tools.Preview) {
	for _, p := range pv.Paths {
		r.Paths = append(r.Paths, env.Display(p))
	}
	for _, m := range pv.Moves {
		r.Moves = append(r.Moves, ApprovalMove{From: env.Display(m.From), To: env.Display(m.To)})
	}
	for _, m := range pv.Members {
		r.Members = append(r.Members, ApprovalMember{Archive: env.Display(m.File), Name: m.Name})
	}
}

// Summary is the call in one line: the tool and its command or paths,
// with control characters, escape sequences and bidi overrides shown as
// escapes (tools.Visible): it is printed in errors, progress messages and
// status lines, where such characters would act on a terminal.
func (r ApprovalRequest) Summary() string {
	switch {
	case r.Command != "":
		return tools.Visible(r.Tool) + ": " + tools.Visible(firstLineOf(r.Command))
	case len(r.Paths) > 0:
		return tools.Visible(r.Tool) + ": " + tools.Visible(r.PathsText())
	}
	return tools.Visible(r.Tool)
}

// PathsText is the files the call changes in one line: a move as
// "src → dst", archive members as "a.zip:m.txt" (in place of their
// archive), other paths after them, joined by commas.
func (r ApprovalRequest) PathsText() string {
	var parts []string
	shown := map[string]bool{}
	for _, m := range r.Moves {
		parts = append(parts, m.From+" → "+m.To)
		shown[m.From], shown[m.To] = true, true
	}
	for _, m := range r.Members {
		parts = append(parts, m.Archive+":"+m.Name)
		shown[m.Archive] = true
	}
	for _, p := range r.Paths {
		if !shown[p] {
			parts = append(parts, p)
		}
	}
	return strings.Join(parts, ", ")
}

func firstLineOf(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// ApprovalDecision is an asker's answer. The zero value declines.
type ApprovalDecision int

const (
	// Decline refuses this call.
	Decline ApprovalDecision = iota
	// Approve runs this call.
	Approve
	// ApproveAlways runs this call and, for the rest of the run, every
	// call the request's Always patterns cover.
	ApproveAlways
	// StopRun refuses this call and every later ask, and aborts the run.
	StopRun
)

// ApprovalAnswer is an asker's answer and, when it declines, why.
type ApprovalAnswer struct {
	Decision ApprovalDecision
	Reason   string
}

// AskFunc asks whoever approves calls about req. It is called for one
// request at a time, in the order the script made the calls, and must
// return when ctx ends (the run's deadline keeps running while it waits).
// An error means it could not ask (no terminal, a client without
// elicitation): the call is denied with the error, which should say how to
// change the setting.
type AskFunc func(ctx context.Context, req ApprovalRequest) (ApprovalAnswer, error)

// WithAsker sets who this run's "ask" rules ask; by names it in the
// records ("host", "terminal"). Without one, an ask is denied.
func WithAsker(by string, ask AskFunc) RunOption {
	return func(r *runConfig) { r.askBy, r.ask = by, ask }
}

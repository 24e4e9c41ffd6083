package engine

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/engine/internal/approval"
	"github.com/atomic-script/atomic-script/internal/pathfold"
	"github.com/atomic-script/atomic-script/tools"
)

// policy is an ApprovalPolicy with its patterns compiled, for one
// workspace root (resolved).
type policy struct {
	layers    []layer
	protected []string
	assumeYes string
	root      string
	// active: some class is not plainly allowed, so the settings that set
	// the policy are protected.
	active bool
}

type layer struct {
	source string
	rules  map[ApprovalClass]*rule
}

type rule struct {
	class     ApprovalClass
	action    ApprovalAction
	allowCmd  []*approval.CommandPattern
	denyCmd   []*approval.CommandPattern
	allowPath []*approval.PathPattern
	denyPath  []*approval.PathPattern
}

func compilePolicy(p ApprovalPolicy, root string) (*policy, error) {
	out := &policy{assumeYes: p.AssumeYes, root: approval.RealPath(root)}
	for _, dir := range p.Protected {
		if dir != "" {
			out.protected = append(out.protected, approval.RealPath(dir))
		}
	}
	for _, l := range p.Layers {
		cl := layer{source: l.Source, rules: map[ApprovalClass]*rule{}}
		for class, r := range l.Rules {
			where := fmt.Sprintf("approvals.%s (%s)", class, l.Source)
			if _, err := ParseApprovalClass(string(class)); err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			cr := &rule{class: class, action: r.Action}
			switch r.Action {
			case ActionAllow, ActionAsk, ActionDeny:
			default:
				return nil, fmt.Errorf("%s: action %q: want allow, ask or deny", where, r.Action)
			}
			for _, list := range []struct {
				name string
				src  []string
				cmd  *[]*approval.CommandPattern
				path *[]*approval.PathPattern
			}{{"allow", r.Allow, &cr.allowCmd, &cr.allowPath}, {"deny", r.Deny, &cr.denyCmd, &cr.denyPath}} {
				parsePath := approval.ParsePath
				if list.name == "deny" {
					parsePath = approval.ParseDenyPath
				}
				for _, s := range list.src {
					var err error
					if class == ClassBash {
						var cp *approval.CommandPattern
						cp, err = approval.ParseCommand(s)
						*list.cmd = append(*list.cmd, cp)
					} else {
						var pp *approval.PathPattern
						pp, err = parsePath(s)
						*list.path = append(*list.path, pp)
					}
					if err != nil {
						return nil, fmt.Errorf("%s.%s: %v", where, list.name, err)
					}
				}
			}
			if r.Action != ActionAllow || len(r.Deny) > 0 {
				out.active = true
			}
			cl.rules[class] = cr
		}
		out.layers = append(out.layers, cl)
	}
	return out, nil
}

// classOf is the approval class of a registry tool, from what it declares:
// "" for read-only and session-only tools, bash for tools that run
// commands, write for everything else (a tool that declares nothing may
// change anything).
func classOf(t tools.Tool) ApprovalClass {
	switch {
	case tools.HasTag(t, tools.TagRunsCommands):
		return ClassBash
	case tools.HasTag(t, tools.TagReadOnly), tools.HasTag(t, tools.TagSessionOnly):
		return ""
	}
	return ClassWrite
}

// unset is the rule recorded for calls of a class no setting governs.
var unset = map[ApprovalClass]string{ClassWrite: "no approvals.write is set", ClassBash: "no approvals.bash is set"}

// verdict is a policy's answer for one call.
type verdict struct {
	action ApprovalAction
	why    string
}

// decide evaluates every layer for a call of class that would do pv, and
// returns the strictest answer.
func (p *policy) decide(class ApprovalClass, pv tools.Preview) verdict {
	v := verdict{action: ActionAllow}
	for _, l := range p.layers {
		r := l.rules[class]
		if r == nil {
			continue
		}
		lv := r.decide(pv, p.root)
		if lv.action.strictness() > v.action.strictness() || v.why == "" {
			v = verdict{lv.action, lv.why + " (" + l.source + ")"}
		}
	}
	if v.why == "" {
		v.why = fmt.Sprintf("no approvals.%s is set", class)
	}
	if p.active && v.action == ActionAllow && class == ClassWrite {
		for _, path := range pv.Paths {
			if p.isProtected(path) {
				return verdict{ActionAsk, "it changes files that steer the approval policy or allowed commands (settings, .git), which always asks"}
			}
		}
	}
	return v
}

// governs reports whether a rule applies to calls of class: without one
// they are allowed whatever they do.
func (p *policy) governs(class ApprovalClass) bool {
	if p.active && class == ClassWrite {
		return true
	}
	for _, l := range p.layers {
		if l.rules[class] != nil {
			return true
		}
	}
	return false
}

func (r *rule) decide(pv tools.Preview, root string) verdict {
	name := "approvals." + string(r.class)
	if r.class == ClassBash {
		if d := approval.Denied(pv.Command, r.denyCmd); d != nil {
			return verdict{ActionDeny, fmt.Sprintf("%s.deny %q", name, d.Source)}
		}
		if len(pv.Env) > 0 {
			return verdict{r.action, fmt.Sprintf("%s: %s", name, r.action)}
		}
		ok, why := approval.Covered(pv.Command, r.allowCmd)
		switch {
		case ok:
			return verdict{ActionAllow, name + ".allow"}
		case why != "":
			// An allow pattern matches, but its * covers an option that
			// runs another program or writes a file: the class's action
			// decides, and the reason says why the pattern did not.
			return verdict{r.action, fmt.Sprintf("%s: %s: %s", name, r.action, why)}
		}
		return verdict{r.action, fmt.Sprintf("%s: %s", name, r.action)}
	}
	// Deny rules see every path the call names, an archive member as a
	// path under its archive (a.zip/key.pem); allow rules the files that
	// change, so "src/**" or "**/*.zip" allows writing a member.
	for _, m := range pv.Members {
		if d := firstMatch(r.denyPath, root, filepath.Join(approval.RealPath(m.File), filepath.FromSlash(m.Name))); d != nil {
			return verdict{ActionDeny, fmt.Sprintf("%s.deny %q", name, d.Source)}
		}
	}
	allowed := len(pv.Paths) > 0 && len(r.allowPath) > 0
	for _, path := range pv.Paths {
		real := approval.RealPath(path)
		if d := firstMatch(r.denyPath, root, real); d != nil {
			return verdict{ActionDeny, fmt.Sprintf("%s.deny %q", name, d.Source)}
		}
		if allowed && firstMatch(r.allowPath, root, real) == nil {
			allowed = false
		}
	}
	if allowed {
		return verdict{ActionAllow, name + ".allow"}
	}
	return verdict{r.action, fmt.Sprintf("%s: %s", name, r.action)}
}

func anyPath(ps []*approval.PathPattern, root, real string) bool {
	return firstMatch(ps, root, real) != nil
}

// firstMatch is the first of ps that matches real, or nil.
func firstMatch(ps []*approval.PathPattern, root, real string) *approval.PathPattern {
	for _, p := range ps {
		if p.Match(root, real) {
			return p
		}
	}
	return nil
}

// isProtected reports whether a write to path could change what a policy
// lets later calls do: the settings that set it (Protected, and any
// .atomic directory in the workspace) and git's own files (a .git/config
// or hook makes an allowed `git status` run any program).
func (p *policy) isProtected(path string) bool {
	// Names compare as APFS and NTFS compare them (pathfold): ".GIT/hooks"
	// and ".Atomic/Settings.JSON" are the protected files there.
	real := approval.RealPath(path)
	for _, dir := range p.protected {
		if pathfold.Within(dir, real) {
			return true
		}
	}
	if rest, inside := pathfold.Below(p.root, real); inside {
		for _, seg := range rest {
			if pathfold.IsDotGit(seg) || pathfold.Equal(seg, ".atomic") {
				return true
			}
		}
	}
	return false
}

// approvalRecord is what the run's record says about one call's approval.
type approvalRecord struct {
	decision Approval
	by       string
	rule     string
	err      *tools.Error // the call's error, when denied
}

// gate is one run's approval gate: every tool call of the run's script
// passes it (see Engine.caller) before the tool runs.
type gate struct {
	pol    *policy
	ask    AskFunc
	askBy  string
	dryRun bool
	// scriptDryRun is set when the script, not the host, asked for the dry
	// run (// @options dry_run): a call that is not contained in it (bash
	// outside a scratch copy, an external tool) is refused rather than let
	// a preview act for real.
	scriptDryRun bool
	// stop aborts the run (an asker's StopRun).
	stop func(reason string)
	// classify is the approval class of a call by its name ("" for tools
	// in no class and unknown ones).
	classify func(name string) ApprovalClass

	turns turns

	mu      sync.Mutex
	always  []alwaysRule
	stopped string // why asking stopped, once it has
	records map[string]approvalRecord
}

type alwaysRule struct {
	class  ApprovalClass
	tool   string // external tools: the tool
	cmds   []*approval.CommandPattern
	paths  []*approval.PathPattern
	source string // "always \"go test *\" (call 3)"
}

// callTarget is the tool a call reaches: a registry tool, or an external
// one (no Tool, classed by its annotation).
type callTarget struct {
	name     string
	tool     tools.Tool // nil for namespace tools
	readOnly bool       // namespace tools: annotated readOnlyHint
}

func (ct callTarget) class() ApprovalClass {
	if ct.tool != nil {
		return classOf(ct.tool)
	}
	if ct.readOnly {
		return ""
	}
	return ClassWrite
}

// admit decides whether the call may run, asking when the policy says
// so. A nil error lets it run; the decision is recorded under the call's
// id either way.
func (g *gate) admit(ctx context.Context, ct callTarget, env *tools.Env, args json.RawMessage) error {
	info, _ := bindings.CallInfoFrom(ctx)
	defer g.turns.done(info.Seq)
	class := ct.class()
	if class == "" {
		return nil
	}
	if !g.pol.governs(class) && !g.scriptDryRun {
		// Nothing to match, no preview to work out; annotate records the
		// call as allowed.
		return nil
	}
	var pv tools.Preview
	if ct.tool != nil {
		if err := tools.Validate(ct.tool, args); err != nil {
			return err
		}
		if p, ok := tools.PreviewOf(ct.tool); ok {
			var err error
			if pv, err = p.Preview(ctx, env, args); err != nil {
				return err
			}
		}
	}
	if g.scriptDryRun && !pv.Contained {
		// A preview the script asked for must not act for real: a command
		// or an external tool would, outside the dry run's overlay.
		return g.deny(info.ID, ApprovalByPolicy, "the script asked for a dry run", tools.Errorf(tools.ErrDenied,
			"%s would act for real, outside the dry run this script asked for (// @options dry_run), which previews only file changes made with write and edit: run it without dry_run", ct.name))
	}
	if !g.pol.governs(class) {
		return nil
	}
	v := g.pol.decide(class, pv)
	req := g.request(info.ID, ct, class, pv, env, args, v.why)
	switch v.action {
	case ActionAllow:
		g.record(info.ID, Allowed, ApprovalByPolicy, v.why)
		return nil
	case ActionDeny:
		return g.deny(info.ID, ApprovalByPolicy, v.why, tools.Errorf(tools.ErrDenied, "%s was denied by the approval policy: %s. Change that setting to let it run.", req.Summary(), v.why))
	}
	switch {
	case g.dryRun && pv.Contained:
		g.record(info.ID, Allowed, ApprovalByPolicy, "--dry-run writes nothing; "+v.why)
		return nil
	case g.pol.assumeYes != "":
		g.record(info.ID, Allowed, ApprovalByPolicy, g.pol.assumeYes+"; "+v.why)
		return nil
	case g.dryRun:
		return g.deny(info.ID, ApprovalByPolicy, "--dry-run never asks; "+v.why, tools.Errorf(tools.ErrDenied, "%s needs approval (%s), and a dry run never asks: this call would act for real, outside the dry run's overlay. Run without --dry-run to be asked, or pass --yes.", req.Summary(), v.why))
	}
	if err := g.turns.wait(ctx, info.Seq); err != nil {
		return g.deny(info.ID, g.askBy, "the run ended before it was asked; "+v.why, tools.Errorf(tools.CodeOf(err), "%s: the run ended while it waited to be asked: %v", req.Summary(), err))
	}
	return g.askFor(ctx, info, class, ct, pv, req)
}

// askFor asks about one call; the caller holds its turn.
func (g *gate) askFor(ctx context.Context, info bindings.CallInfo, class ApprovalClass, ct callTarget, pv tools.Preview, req ApprovalRequest) error {
	g.mu.Lock()
	stopped := g.stopped
	var remembered string
	for _, a := range g.always {
		if a.covers(class, ct.name, pv, g.pol.root) {
			remembered = a.source
			break
		}
	}
	g.mu.Unlock()
	switch {
	case stopped != "":
		return g.deny(info.ID, g.askBy, stopped, tools.Errorf(tools.ErrDenied, "%s was not run: %s", req.Summary(), stopped))
	case remembered != "":
		g.record(info.ID, AskedAllowed, g.askBy, remembered)
		return nil
	case g.ask == nil:
		return g.deny(info.ID, ApprovalByPolicy, "nothing can ask; "+req.Why, tools.Errorf(tools.ErrDenied, "%s needs approval (%s), and this run has no way to ask. Allow or deny it in the approval settings.", req.Summary(), req.Why))
	}
	tools.ReportProgress(ctx, tools.Progress{Message: "waiting for approval (" + g.askBy + "): " + req.Summary()})
	ans, err := g.ask(ctx, req)
	if cerr := ctx.Err(); cerr != nil {
		return g.deny(info.ID, g.askBy, "no answer before the run ended; "+req.Why, tools.Errorf(tools.CodeOf(cerr), "%s: the run ended while it waited for approval (%v)", req.Summary(), cerr))
	}
	if err != nil {
		return g.deny(info.ID, ApprovalByPolicy, req.Why+"; the "+g.askBy+" could not be asked", tools.Errorf(tools.ErrDenied, "%s needs approval (%s), but %v", req.Summary(), req.Why, err))
	}
	switch ans.Decision {
	case Approve:
		g.record(info.ID, AskedAllowed, g.askBy, req.Why)
		return nil
	case ApproveAlways:
		g.remember(info, class, ct, req)
		g.record(info.ID, AskedAllowed, g.askBy, req.Why+"; always "+quoteList(req.Always))
		return nil
	case StopRun:
		reason := fmt.Sprintf("the %s stopped the run at call %s", g.askBy, info.ID)
		g.mu.Lock()
		g.stopped = reason
		g.mu.Unlock()
		err := g.deny(info.ID, g.askBy, reason, tools.Errorf(tools.ErrDenied, "%s was not run: %s", req.Summary(), reason))
		if g.stop != nil {
			g.stop(reason + " (" + req.Summary() + ")")
		}
		return err
	}
	why := "declined"
	if ans.Reason != "" {
		why = ans.Reason
	}
	return g.deny(info.ID, g.askBy, why, tools.Errorf(tools.ErrDenied, "%s was denied by the %s: %s", req.Summary(), g.askBy, why))
}

func (g *gate) remember(info bindings.CallInfo, class ApprovalClass, ct callTarget, req ApprovalRequest) {
	a := alwaysRule{class: class, source: fmt.Sprintf("always %s (answered at call %s)", quoteList(req.Always), info.ID)}
	switch {
	case ct.tool == nil:
		a.tool = ct.name
	case class == ClassBash:
		for _, s := range req.Always {
			if p, err := approval.ParseCommand(s); err == nil {
				a.cmds = append(a.cmds, p)
			}
		}
	default:
		for _, s := range req.Always {
			if p, err := approval.ParsePath(s); err == nil {
				a.paths = append(a.paths, p)
			}
		}
	}
	g.mu.Lock()
	g.always = append(g.always, a)
	g.mu.Unlock()
}

func (a alwaysRule) covers(class ApprovalClass, tool string, pv tools.Preview, root string) bool {
	switch {
	case a.class != class:
		return false
	case a.tool != "":
		return a.tool == tool
	case class == ClassBash:
		if len(pv.Env) > 0 {
			return false
		}
		ok, _ := approval.Covered(pv.Command, a.cmds)
		return ok
	}
	if len(pv.Paths) == 0 || len(a.paths) == 0 {
		return false
	}
	for _, p := range pv.Paths {
		if !anyPath(a.paths, root, approval.RealPath(p)) {
			return false
		}
	}
	return true
}

// request describes the call for an asker.
func (g *gate) request(id string, ct callTarget, class ApprovalClass, pv tools.Preview, env *tools.Env, args json.RawMessage, why string) ApprovalRequest {
	req := ApprovalRequest{CallID: id, Tool: ct.name, Class: class, Command: pv.Command, Env: pv.Env, Diff: pv.Diff, Why: why}
	if pv.Cwd != "" {
		req.Cwd = env.Display(pv.Cwd)
	}
	req.describePaths(env, pv)
	switch {
	case ct.tool == nil:
		req.Args = bindings.RecordArgs(args)
		req.Always = []string{ct.name}
	case class == ClassBash:
		if len(pv.Env) == 0 {
			req.Always = approval.Suggest(pv.Command)
		}
	default:
		seen := map[string]bool{}
		for _, p := range pv.Paths {
			s := approval.SuggestPath(g.pol.root, approval.RealPath(p))
			if !seen[s] {
				seen[s] = true
				req.Always = append(req.Always, s)
			}
		}
	}
	if ct.tool != nil && pv.Command == "" && len(pv.Paths) == 0 {
		req.Args = bindings.RecordArgs(args)
	}
	return req
}

func (g *gate) record(id string, d Approval, by, rule string) {
	g.keep(id, approvalRecord{decision: d, by: by, rule: rule})
}

// deny records a denial and returns err, the call's error.
func (g *gate) deny(id, by, rule string, err *tools.Error) error {
	g.keep(id, approvalRecord{decision: Denied, by: by, rule: rule, err: err})
	return err
}

func (g *gate) keep(id string, r approvalRecord) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.records == nil {
		g.records = map[string]approvalRecord{}
	}
	g.records[id] = r
}

// annotate adds the recorded approval of c, if any.
func (g *gate) annotate(c *Call) {
	if g == nil {
		return
	}
	g.mu.Lock()
	r, ok := g.records[c.ID]
	g.mu.Unlock()
	if !ok {
		if g.classify == nil {
			return
		}
		// A class no setting governs: allowed without a look (admit kept
		// no record, to stay off the path of every call).
		class := g.classify(c.Name)
		if class == "" || g.pol.governs(class) {
			return
		}
		r = approvalRecord{decision: Allowed, by: ApprovalByPolicy, rule: unset[class]}
	}
	c.Approval, c.ApprovalBy, c.ApprovalRule = r.decision, r.by, r.rule
	if r.err != nil && r.err.Code == tools.ErrDenied && c.Status == bindings.StatusCancelled {
		// The run ended (an asker stopped it) before the refusal reached
		// the script: it was refused, not cancelled.
		c.Status, c.Code, c.Error = bindings.StatusError, string(r.err.Code), r.err.Msg
	}
}

func quoteList(ss []string) string {
	q := make([]string, len(ss))
	for i, s := range ss {
		q[i] = fmt.Sprintf("%q", s)
	}
	return strings.Join(q, ", ")
}

// turns lets calls ask one at a time, in the order they were launched:
// call n asks only after every call before it has passed the gate.
// Calls that need no asking pass at once.
type turns struct {
	mu      sync.Mutex
	passed  int           // every call up to passed has passed
	early   map[int]bool  // calls past passed+1 that have passed
	changed chan struct{} // closed when passed moves; nil while nobody waits
}

// done marks call seq as past the gate (seq 0, a call not launched by a
// script, is ignored).
func (t *turns) done(seq int) {
	if seq <= 0 {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if seq != t.passed+1 {
		if t.early == nil {
			t.early = map[int]bool{}
		}
		t.early[seq] = true
		return
	}
	t.passed = seq
	for t.early[t.passed+1] {
		delete(t.early, t.passed+1)
		t.passed++
	}
	if t.changed != nil {
		close(t.changed)
		t.changed = nil
	}
}

// wait blocks until every call before seq has passed, or ctx ends.
func (t *turns) wait(ctx context.Context, seq int) error {
	for {
		t.mu.Lock()
		if t.passed >= seq-1 {
			t.mu.Unlock()
			return nil
		}
		if t.changed == nil {
			t.changed = make(chan struct{})
		}
		ch := t.changed
		t.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
}

// directDenial is the error of a direct (host) call the policy denies;
// asking is the host's own business for direct calls, so only deny rules
// apply.
func (p *policy) directDenial(ctx context.Context, t tools.Tool, env *tools.Env, args json.RawMessage) error {
	class := classOf(t)
	if class == "" || !p.governs(class) {
		return nil
	}
	var pv tools.Preview
	if pr, ok := tools.PreviewOf(t); ok {
		if err := tools.Validate(t, args); err != nil {
			return err
		}
		var err error
		if pv, err = pr.Preview(ctx, env, args); err != nil {
			return err
		}
	}
	v := p.decide(class, pv)
	if v.action != ActionDeny {
		return nil
	}
	summary := ApprovalRequest{Tool: t.Name(), Command: pv.Command}
	summary.describePaths(env, pv)
	return tools.Errorf(tools.ErrDenied, "%s was denied by the approval policy: %s. Change that setting to let it run.", summary.Summary(), v.why)
}

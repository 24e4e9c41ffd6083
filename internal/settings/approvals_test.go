package settings

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/engine"
)

func TestApprovals(t *testing.T) {
	home := t.TempDir()
	root := t.TempDir()
	t.Setenv("ATOMIC_HOME", home)
	user := filepath.Join(home, "agent", "settings.json")
	project := filepath.Join(root, ".atomic", "settings.json")
	write(t, user, `{"approvals": {"write": "ask", "bash": {"ask": true, "allow": ["go build *", "go test *", "git status"], "deny": ["rm *"]}}}`)
	write(t, project, `{"approvals": {"bash": "allow", "write": {"allow": ["src/**"]}}}`)
	s, err := Load(root, Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []engine.ApprovalLayer{
		{Source: user, Rules: map[engine.ApprovalClass]engine.ApprovalRule{
			engine.ClassWrite: {Action: engine.ActionAsk},
			engine.ClassBash:  {Action: engine.ActionAsk, Allow: []string{"go build *", "go test *", "git status"}, Deny: []string{"rm *"}},
		}},
		{Source: project, Rules: map[engine.ApprovalClass]engine.ApprovalRule{
			engine.ClassBash:  {Action: engine.ActionAllow},
			engine.ClassWrite: {Action: engine.ActionDeny, Allow: []string{"src/**"}},
		}},
	}
	if !reflect.DeepEqual(s.Approvals, want) {
		t.Errorf("approvals\n got %+v\nwant %+v", s.Approvals, want)
	}
	// --approve asks about calls no allow pattern covers; --yes answers.
	p := s.Policy([]engine.ApprovalClass{engine.ClassBash}, true)
	last := p.Layers[len(p.Layers)-1]
	if last.Source != "--approve" || last.Rules[engine.ClassBash].Action != engine.ActionAsk || strings.Join(last.Rules[engine.ClassBash].Allow, ",") != "go build *,go test *,git status" {
		t.Errorf("--approve layer %+v", last)
	}
	if p.AssumeYes != "--yes" || len(p.Protected) != 1 || p.Protected[0] != filepath.Join(home, "agent") {
		t.Errorf("policy %+v", p)
	}
	if _, err := engine.New(engine.WithRoot(root), engine.WithApprovals(p)); err != nil {
		t.Errorf("the engine refuses the policy: %v", err)
	}
}

func TestApprovalForms(t *testing.T) {
	for _, c := range []struct {
		json string
		want engine.ApprovalRule
	}{
		{`"deny"`, engine.ApprovalRule{Action: engine.ActionDeny}},
		{`{"ask": true}`, engine.ApprovalRule{Action: engine.ActionAsk}},
		{`{"ask": false, "allow": ["a"]}`, engine.ApprovalRule{Action: engine.ActionDeny, Allow: []string{"a"}}},
		{`{"allow": ["a"]}`, engine.ApprovalRule{Action: engine.ActionDeny, Allow: []string{"a"}}},
		{`{"deny": ["a"]}`, engine.ApprovalRule{Action: engine.ActionAllow, Deny: []string{"a"}}},
		{`{"default": "ask", "deny": ["a"]}`, engine.ApprovalRule{Action: engine.ActionAsk, Deny: []string{"a"}}},
	} {
		root := t.TempDir()
		t.Setenv("ATOMIC_HOME", t.TempDir())
		write(t, filepath.Join(root, ".atomic", "settings.json"), `{"approvals": {"bash": `+c.json+`}}`)
		s, err := Load(root, Options{})
		if err != nil {
			t.Errorf("%s: %v", c.json, err)
			continue
		}
		if got := s.Approvals[0].Rules[engine.ClassBash]; !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s = %+v, want %+v", c.json, got, c.want)
		}
	}
}

func TestApprovalErrors(t *testing.T) {
	for _, c := range []struct{ json, want string }{
		{`"yes"`, `approvals.bash: "yes": want "allow", "ask" or "deny"`},
		{`{"asks": true}`, `approvals.bash: unknown field "asks" (known keys: ask, default, allow, deny)`},
		{`{"allow": "go test *"}`, `approvals.bash: cannot unmarshal`},
		{`{"ask": true, "default": "deny"}`, `give "ask" or "default", not both`},
		{`7`, `want "allow", "ask", "deny" or an object`},
	} {
		root := t.TempDir()
		t.Setenv("ATOMIC_HOME", t.TempDir())
		path := filepath.Join(root, ".atomic", "settings.json")
		write(t, path, `{"approvals": {"bash": `+c.json+`}}`)
		_, err := Load(root, Options{})
		if err == nil || !strings.Contains(err.Error(), c.want) || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: err = %v, want %q and the file", c.json, err, c.want)
		}
	}
	root := t.TempDir()
	write(t, filepath.Join(root, ".atomic", "settings.json"), `{"approvals": {"net": "ask"}}`)
	if _, err := Load(root, Options{}); err == nil || !strings.Contains(err.Error(), `unknown approval class "net": want write or bash`) {
		t.Errorf("unknown class: %v", err)
	}
}

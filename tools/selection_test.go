package tools_test

import (
	"context"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

func fake(name string, tags ...tools.Tag) tools.Tool {
	return tools.New(tools.Spec{Name: name, Description: name + " tool", Tags: tags}, func(ctx context.Context, env *tools.Env, in struct{}) (tools.Result, error) {
		return tools.Result{}, nil
	})
}

func TestSelect(t *testing.T) {
	all := tools.NewRegistry(fake("read"), fake("bash"), fake("search"), fake("codemode", tools.TagOffByDefault), fake("ask_user", tools.TagModelOnly))
	for _, c := range []struct {
		name    string
		layers  []tools.Layer
		active  string
		reasons map[string]string
		unknown string
	}{
		{name: "defaults", active: "read,bash,search",
			reasons: map[string]string{"codemode": "off by default", "ask_user": "model-only"}},
		{name: "add and remove", layers: []tools.Layer{{Source: "settings", Entries: []string{"+codemode", "-bash"}}},
			active: "read,search,codemode", reasons: map[string]string{"bash": `removed by "-bash" in settings`}},
		{name: "allowlist replaces", layers: []tools.Layer{{Source: "--tools", Entries: []string{"read", "codemode"}}},
			active: "read,codemode", reasons: map[string]string{"bash": "not in the allowlist of --tools", "search": "not in the allowlist"}},
		{name: "later layers adjust earlier ones", layers: []tools.Layer{
			{Source: "settings", Entries: []string{"read"}}, {Source: "--tools", Entries: []string{"+search"}}},
			active: "read,search"},
		{name: "allowlist plus adjustments", layers: []tools.Layer{{Source: "--tools", Entries: []string{"read", "+bash", "-read"}}},
			active: "bash"},
		{name: "model-only stays off", layers: []tools.Layer{{Source: "--tools", Entries: []string{"+ask_user"}}},
			active: "read,bash,search"},
		{name: "unknown names are reported", layers: []tools.Layer{{Source: "settings", Entries: []string{"+serach", "-nope", "raed"}}},
			active: "read,bash,search", unknown: "serach@settings~search,nope@settings~,raed@settings~read"},
	} {
		t.Run(c.name, func(t *testing.T) {
			enabled, st := tools.Select(all, c.layers...)
			if got := strings.Join(enabled.Names(), ","); got != c.active {
				t.Errorf("enabled %s, want %s", got, c.active)
			}
			var act []string
			for _, a := range st.Active {
				act = append(act, a.Name)
			}
			if strings.Join(act, ",") != c.active {
				t.Errorf("status active %v", act)
			}
			for name, reason := range c.reasons {
				found := false
				for _, in := range st.Inactive {
					if in.Name == name && strings.Contains(in.Reason, reason) && in.Enable != "" {
						found = true
					}
				}
				if !found {
					t.Errorf("%s: no inactive entry with reason %q in %+v", name, reason, st.Inactive)
				}
			}
			var unk []string
			for _, u := range st.Unknown {
				unk = append(unk, u.Name+"@"+u.Source+"~"+u.Suggestion)
			}
			if strings.Join(unk, ",") != c.unknown {
				t.Errorf("unknown %v, want %s", unk, c.unknown)
			}
		})
	}
}

func TestStatusString(t *testing.T) {
	all := tools.NewRegistry(fake("read"), fake("codemode", tools.TagOffByDefault))
	_, st := tools.Select(all, tools.Layer{Source: "--tools", Entries: []string{"+raed"}})
	want := `Active tools (1):
  read           read tool

Inactive tools (1):
  codemode       off by default
                 to enable: add "+codemode" to defaultTools in settings, or run with --tools +codemode

Selected names that match no tool (1):
  raed           in --tools (did you mean "read"?)
`
	if got := st.String(); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
}

package resource

import (
	"errors"
	"fmt"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/internal/units"
	"github.com/atomic-script/atomic-script/tools/spill"
)

// resolveRouted resolves a scheme served by a router rather than the disk
// (artifact://, mcp://): the rest of the argument is the resource, and a
// selector-shaped tail (":5-16", ":raw") its view selector.
func resolveRouted(tool string, t *Target) (*Target, error) {
	rest := t.Path.Rest
	if base, sel, ok := selector.Split(rest); ok {
		s, err := selector.Parse(sel)
		if err != nil {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %v", tool, err)
		}
		if s.Conflicts || s.Cell >= 0 {
			return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %s: the :%s selector does not apply here; use line selectors (:5-16) or :raw", tool, t.Given, sel)
		}
		rest, t.Path.Sel = base, &s
	}
	t.Scheme, t.Path.Rest = t.Path.Scheme, rest
	t.Display = t.Path.Scheme + "://" + rest
	return t, nil
}

// artifactText reads artifact://N: the whole output a cut result saved,
// as read-only text to page through with selectors.
func artifactText(env *tools.Env, t *Target) (*Text, error) {
	id, err := spill.ParseURI(t.Path.Rest)
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%v", err)
	}
	a, data, err := env.Spill.ReadArtifact(id)
	switch {
	case errors.Is(err, spill.ErrNoArtifact):
		return nil, tools.Errorf(tools.ErrNotFound, "%s is not an output of this session: %s. Artifacts are the full outputs this session saved; read artifact:// lists them", t.Display, artifactIDs(env))
	case err != nil:
		return nil, tools.Errorf(tools.ErrIO, "could not read %s: %v", t.Display, err)
	}
	return &Text{
		Key: t.Display, Display: t.Display, Body: string(data), Sel: t.Path.Sel, ReadOnly: true,
		Meta: Meta{Source: spill.Scheme, SourcePath: a.Path},
	}, nil
}

// artifactIDs says which artifacts exist, for an error.
func artifactIDs(env *tools.Env) string {
	as := env.Spill.Artifacts()
	if len(as) == 0 {
		return "it has saved none"
	}
	ids := make([]string, len(as))
	for i, a := range as {
		ids[i] = a.URI()
	}
	return "it has " + strings.Join(ids, ", ")
}

// listArtifacts is read("artifact://"): the session's artifacts.
func listArtifacts(env *tools.Env) *tools.Result {
	as := env.Spill.Artifacts()
	var b strings.Builder
	if len(as) == 0 {
		b.WriteString("No artifacts: this session has saved no full output yet (a cut result names its artifact://N).")
	}
	for _, a := range as {
		fmt.Fprintf(&b, "%s\t%s\t%s\n", a.URI(), units.Size(a.Size), a.Path)
	}
	return &tools.Result{Text: strings.TrimRight(b.String(), "\n"), Details: Details{Meta: Meta{Source: spill.Scheme, SourcePath: env.Spill.Path()}}}
}

// allArtifactTexts is search over artifact://: every saved output.
func allArtifactTexts(env *tools.Env) ([]Text, []string, error) {
	var out []Text
	var skipped []string
	for _, a := range env.Spill.Artifacts() {
		t := &Target{Scheme: spill.Scheme, Display: a.URI(), Path: selector.Path{Rest: strings.TrimPrefix(a.URI(), "artifact://")}}
		text, err := artifactText(env, t)
		if err != nil {
			skipped = append(skipped, a.URI()+": "+err.Error())
			continue
		}
		out = append(out, *text)
	}
	return out, skipped, nil
}

package files

import (
	"context"
	"errors"
	"io/fs"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/hashline/blocks"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/resource"
)

// previewWrite says what a write call would do: the file it writes and
// the unified diff from what the run sees now, after the write guard has
// had its say (a write it would refuse fails here, before anyone is asked).
func previewWrite(ctx context.Context, env *tools.Env, in WriteArgs) (tools.Preview, error) {
	env = ensureFiles(env)
	t, err := resolveWrite(env, in.Path)
	if err != nil {
		return tools.Preview{}, err
	}
	defer t.res.Close()
	if t.res.IsResource() {
		// An archive member, a table row, a conflict region: the file
		// written is the one behind it (its diff is not text).
		return tools.Preview{Paths: []string{t.res.Abs}, Contained: true}, nil
	}
	exists, _, err := guardWrite(env, t, in.AllowGenerated)
	if err != nil {
		return tools.Preview{}, err
	}
	var before []byte
	if exists {
		if before, err = env.Files.ReadFile(t.abs); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return tools.Preview{}, writeError(t.display, err)
		}
	}
	after, _ := newContent(env, t, deref(in.Content))
	from := "a/" + t.display
	if !exists {
		from = "/dev/null"
	}
	return tools.Preview{Paths: []string{t.abs}, Diff: unified(from, "b/"+t.display, string(before), after), Contained: true}, nil
}

// previewEdit says what an edit call would do: the files its sections
// change and their unified patches, prepared exactly as the edit would be
// (a stale tag fails here) without counting a no-op.
func previewEdit(ctx context.Context, env *tools.Env, in EditArgs) (tools.Preview, error) {
	env = ensureFiles(env)
	sections, err := hashline.Parse(in.Input, hashline.ParseOptions{Cwd: env.Root})
	if err != nil {
		return tools.Preview{}, hashlineError(err)
	}
	p, err := hashline.Prepare(sections, hashline.PrepareOptions{
		Store:    env.Session.Snapshots,
		Read:     editReader(env, &editables{m: map[string]*resource.Editable{}}, in.AllowGenerated),
		Resolver: blocks.NewContext(ctx),
		Display:  env.Display,
	})
	if err != nil {
		return tools.Preview{}, hashlineError(err)
	}
	pv := tools.Preview{Contained: true}
	var diff strings.Builder
	for _, f := range p.Files {
		pv.Paths = append(pv.Paths, f.Abs)
		diff.WriteString(f.Patch)
	}
	if len(pv.Paths) == 0 {
		for _, s := range sections {
			pv.Paths = append(pv.Paths, env.Abs(s.Path))
		}
	}
	pv.Diff = diff.String()
	return pv, nil
}

// unified is the git-style diff of before and after, "" when they are the
// same.
func unified(from, to, before, after string) string {
	if before == after {
		return ""
	}
	return udiff.Unified(from, to, before, after)
}

func deref(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

package files

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"

	"github.com/aymanbagabas/go-udiff"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/hashline/blocks"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/gitpath"
	"github.com/atomic-script/atomic-script/tools/internal/selector"
	"github.com/atomic-script/atomic-script/tools/resource"
)

// previewWrite says what a write call would do: every file it touches
// and the unified diff from what the run sees now, after the protected
// paths and the write guard have had their say (a write it would refuse
// fails here, before anyone is asked). A move reports both ends.
func previewWrite(ctx context.Context, env *tools.Env, in WriteArgs) (tools.Preview, error) {
	env = ensureFiles(env)
	t, err := resolveWrite(ctx, env, in.Path)
	if err != nil {
		return tools.Preview{}, err
	}
	defer t.res.Close()
	if err := checkProtected(env, "write", t.abs); err != nil {
		return tools.Preview{}, err
	}
	if t.res.IsResource() {
		// An archive member, a table row, a conflict region: the files
		// written are the ones behind it (its diff is not text).
		paths, err := resourcePaths(ctx, env, t, in)
		if err != nil {
			return tools.Preview{}, err
		}
		pv := tools.Preview{Paths: paths, Contained: true}
		if t.res.Kind() == selector.Archive && t.res.Path.Inner != "" {
			pv.Members = []tools.Member{{File: t.res.Abs, Name: t.res.Path.Inner}}
		}
		return pv, nil
	}
	if in.Delete || in.MoveTo != "" {
		return previewMove(ctx, env, t, in)
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
	// Names are quoted as git quotes them: a name holding a newline
	// cannot add lines of its own to the diff a prompt shows.
	from := gitpath.Quote("a/" + t.display)
	if !exists {
		from = "/dev/null"
	}
	return tools.Preview{Paths: []string{t.abs}, Diff: unified(from, gitpath.Quote("b/"+t.display), string(before), after), Contained: true}, nil
}

// previewMove is the preview of a deletion (the diff removes every line)
// or a move (both paths, and a rename in git's form), checked as runMove
// checks them.
func previewMove(ctx context.Context, env *tools.Env, t *target, in WriteArgs) (tools.Preview, error) {
	fi, dst, err := resolveMove(ctx, env, t, in)
	if err != nil {
		return tools.Preview{}, err
	}
	if dst == nil {
		pv := tools.Preview{Paths: []string{t.abs}, Contained: true}
		if before, err := env.Files.ReadFile(t.abs); err == nil && !overCap(fi) {
			pv.Diff = unified(gitpath.Quote("a/"+t.display), "/dev/null", string(before), "")
		}
		if pv.Diff == "" {
			pv.Diff = fmt.Sprintf("deleted file %s\n", gitpath.Quote(t.display))
		}
		return pv, nil
	}
	return tools.Preview{
		Paths: []string{t.abs, dst.abs},
		Moves: []tools.Move{{From: t.abs, To: dst.abs}},
		Diff: fmt.Sprintf("diff --git %s %s\nsimilarity index 100%%\nrename from %s\nrename to %s\n",
			gitpath.Quote("a/"+t.display), gitpath.Quote("b/"+dst.display), gitpath.Quote(t.display), gitpath.Quote(dst.display)),
		Contained: true,
	}, nil
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
	ed := &editables{m: map[string]*resource.Editable{}}
	p, err := hashline.Prepare(sections, hashline.PrepareOptions{
		Store:    env.Session.Snapshots,
		Read:     editReader(ctx, env, ed, in.AllowGenerated),
		Resolver: blocks.NewContext(ctx),
		Display:  env.Display,
	})
	if err != nil {
		return tools.Preview{}, hashlineError(err)
	}
	pv := tools.Preview{Contained: true}
	var diff strings.Builder
	for _, f := range p.Files {
		diff.WriteString(f.Patch)
		// An archive member or a notebook cell changes the file it lives
		// in; a member's name is reported too.
		e := ed.get(f.Abs)
		if e == nil {
			pv.Paths = append(pv.Paths, f.Abs)
			continue
		}
		if !slices.Contains(pv.Paths, e.File) {
			pv.Paths = append(pv.Paths, e.File)
		}
		if e.Member != "" {
			pv.Members = append(pv.Members, tools.Member{File: e.File, Name: e.Member})
		}
	}
	if len(pv.Paths) == 0 {
		for _, s := range sections {
			pv.Paths = append(pv.Paths, env.Abs(s.Path))
		}
	}
	for _, path := range pv.Paths {
		// Refused here as the edit itself would refuse it, before anyone
		// is asked.
		if err := checkProtected(env, "edit", path); err != nil {
			return tools.Preview{}, err
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

package tools

import (
	"context"
	"encoding/json"
)

// Preview is what one call of a tool would do, worked out without doing
// it, so an approval policy can match it and a person can be shown it
// before it runs.
type Preview struct {
	// Paths are the absolute paths of every file the call would change
	// (write, edit): each file it writes, and both ends of a move. The
	// approval gate checks every one against the path policy (protected
	// paths, allow and deny rules), so a tool that touches a second path
	// must list it here: a path left out is a path no rule sees.
	Paths []string
	// Moves are the call's moves (source and destination, both also in
	// Paths), shown to a person as "src → dst".
	Moves []Move
	// Members are the archive members the call writes (their archive
	// also in Paths): a member's name is a path too, so deny rules see
	// it under its archive (a.zip/key.pem) and a person is shown
	// "a.zip:key.pem", not just the archive.
	Members []Member
	// Command is the shell command the call would run (bash), Cwd its
	// working directory (absolute) and Env the variables the call sets on
	// top of the inherited environment.
	Command string
	Cwd     string
	Env     map[string]string
	// Diff is the unified diff of the files the call would change.
	Diff string
	// Contained is set when every change the call makes goes through the
	// Env's Files (write and edit; in a dry run, a foreground bash command
	// that runs in the scratch copy, whose changes join the run's overlay):
	// in a dry run nothing it does reaches the workspace, so a dry run lets
	// it run without asking.
	Contained bool
}

// Move is one file a call moves: From to To, absolute paths.
type Move struct{ From, To string }

// Member is one archive member a call writes: File is the archive's
// absolute path, Name the member's name in it.
type Member struct{ File, Name string }

// Previewer is implemented by tools whose calls need approval: Preview
// says what the call with args (already validated) would do. It must
// change nothing. Safe for concurrent use.
type Previewer interface {
	Preview(ctx context.Context, env *Env, args json.RawMessage) (Preview, error)
}

// PreviewOf returns t's Previewer, looking through the wrappers of this
// package (WithTags, WithPreview).
func PreviewOf(t Tool) (Previewer, bool) {
	for t != nil {
		if p, ok := t.(Previewer); ok {
			return p, true
		}
		u, ok := t.(interface{ Unwrap() Tool })
		if !ok {
			return nil, false
		}
		t = u.Unwrap()
	}
	return nil, false
}

// WithPreview returns t with a Previewer: fn receives the call's arguments
// decoded as In, as t's own Run does.
func WithPreview[In any](t Tool, fn func(ctx context.Context, env *Env, in In) (Preview, error)) Tool {
	return &previewTool[In]{Tool: t, fn: fn}
}

type previewTool[In any] struct {
	Tool
	fn func(ctx context.Context, env *Env, in In) (Preview, error)
}

func (t *previewTool[In]) Unwrap() Tool { return t.Tool }
func (t *previewTool[In]) Tags() []Tag  { return existingTags(t.Tool) }

func (t *previewTool[In]) Preview(ctx context.Context, env *Env, args json.RawMessage) (Preview, error) {
	var in In
	if len(args) > 0 && string(args) != "null" {
		if err := json.Unmarshal(args, &in); err != nil {
			return Preview{}, Errorf(ErrInvalidArgs, "%s: invalid arguments: %v", t.Name(), err)
		}
	}
	return t.fn(ctx, env, in)
}

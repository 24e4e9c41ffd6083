package resource

import (
	"context"
	"fmt"
	"strings"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/notebook"
)

func cellKey(abs string, n int) string { return fmt.Sprintf("%s:cell:%d", abs, n) }

// loadNotebook reads and parses the target's notebook.
func loadNotebook(env *tools.Env, t *Target) ([]byte, *notebook.Notebook, error) {
	data, err := env.Files.ReadFile(t.Abs)
	if err != nil {
		return nil, nil, fileError(t.Display, err)
	}
	nb, err := notebook.Parse(t.Display, data)
	return data, nb, err
}

// readCell reads one notebook cell: its source as rows under a
// [nb.ipynb:cell:N#TAG] header edit accepts, its outputs after them.
func readCell(env *tools.Env, t *Target) (*Text, error) {
	data, nb, err := loadNotebook(env, t)
	if err != nil {
		return nil, err
	}
	n := t.Path.Sel.Cell
	c, err := nb.Cell(n)
	if err != nil {
		return nil, err
	}
	env.Session.Snapshots.Record(t.Abs, string(data))
	var tail []string
	for _, o := range c.Outputs {
		tail = append(tail, notebook.RenderOutput(o))
	}
	return &Text{
		Key: cellKey(t.Abs, n), Display: fmt.Sprintf("%s:cell:%d", t.Display, n), Body: string(c.Source),
		Head: fmt.Sprintf("[notebook %s: cell %d of %d, %s]", t.Display, n, len(nb.Cells), c.Label()),
		Tail: strings.Join(tail, "\n"),
		Meta: Meta{Source: "notebook", SourcePath: t.Abs},
	}, nil
}

// writeCell replaces a cell's source, keeping its outputs and metadata and
// every other byte of the notebook. It needs this session to have seen
// the notebook or the cell as they are.
func writeCell(ctx context.Context, env *tools.Env, t *Target, content string) (*Written, error) {
	n := t.Path.Sel.Cell
	display := fmt.Sprintf("%s:cell:%d", t.Display, n)
	key := cellKey(t.Abs, n)
	content, stripped := hashline.StripCopied(content, hashline.StripOptions{
		Store:   env.Session.Snapshots,
		Resolve: func(d string) (string, bool) { return env.Abs(d), true },
		Target:  []string{t.Given, key, display},
	})
	unlock := Mutations.Lock(t.Abs)
	defer unlock()
	data, nb, err := loadNotebook(env, t)
	if err != nil {
		return nil, err
	}
	c, err := nb.Cell(n)
	if err != nil {
		return nil, err
	}
	norm := hashline.Normalize(string(data))
	if !env.Session.Snapshots.Holds(t.Abs, hashline.TagNormalized(norm), norm) {
		if err := observed(env, key, display, string(c.Source)); err != nil {
			return nil, err
		}
	}
	if err := setCell(ctx, env, t.Abs, t.Display, data, n, content); err != nil {
		return nil, err
	}
	tag := env.Session.Snapshots.Record(key, content)
	return &Written{
		Display: display, Tag: tag, Bytes: len(content), Stripped: stripped,
		Text:   fmt.Sprintf("%s\nSuccessfully replaced the source of cell %d of %s (%d bytes; its outputs and metadata kept)", hashline.Header(display, tag), n, t.Display, len(content)),
		Source: "notebook", SourcePath: t.Abs,
	}, nil
}

// setCell writes data with cell n's source set to src through env.Files,
// and records the new notebook as seen.
func setCell(ctx context.Context, env *tools.Env, abs, display string, data []byte, n int, src string) error {
	out, err := notebook.SetSource(display, data, n, src)
	if err != nil {
		return err
	}
	if ctx.Err() != nil {
		return tools.Errorf(tools.CodeOf(ctx.Err()), "Operation aborted")
	}
	if err := env.Files.WriteFile(abs, out, 0o644); err != nil {
		return writeError(display, err)
	}
	env.Session.Snapshots.Record(abs, string(out))
	return nil
}

// editCell is a notebook cell as edit sees it.
func editCell(env *tools.Env, t *Target) (*Editable, error) {
	_, nb, err := loadNotebook(env, t)
	if err != nil {
		return nil, err
	}
	n := t.Path.Sel.Cell
	c, err := nb.Cell(n)
	if err != nil {
		return nil, err
	}
	abs, display := t.Abs, t.Display
	return &Editable{
		Key: cellKey(abs, n), Display: fmt.Sprintf("%s:cell:%d", display, n), Text: string(c.Source), File: abs,
		Write: func(ctx context.Context, text string) error {
			unlock := Mutations.Lock(abs)
			defer unlock()
			data, err := env.Files.ReadFile(abs)
			if err != nil {
				return fileError(display, err)
			}
			return setCell(ctx, env, abs, display, data, n, text)
		},
	}, nil
}

package resource

import (
	"context"
	"fmt"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/document"
)

// readDocument extracts a document's text, read as rows within the usual
// limits (a line selector continues a long one). The text is read-only.
func readDocument(ctx context.Context, env *tools.Env, t *Target) (*Text, error) {
	f, _ := document.FormatOf(t.Abs)
	if f.Legacy {
		return nil, document.Unsupported(t.Display, f)
	}
	fi, err := env.Files.Stat(t.Abs)
	if err != nil {
		return nil, fileError(t.Display, err)
	}
	if fi.Size() > document.MaxDocumentBytes {
		return nil, tools.Errorf(tools.ErrLimit, "%s is %s; documents are read up to %s. Convert it to text with bash first (pdftotext, pandoc) and read that", t.Display, units.Size(fi.Size()), units.Size(document.MaxDocumentBytes))
	}
	data, err := env.Files.ReadFile(t.Abs)
	if err != nil {
		return nil, fileError(t.Display, err)
	}
	d, err := document.Extract(ctx, t.Abs, t.Display, data)
	if err != nil {
		return nil, err
	}
	parts := ""
	if d.Parts != "" {
		parts = ", " + d.Parts
	}
	text := &Text{
		Key: t.Abs, Display: t.Display, Body: d.Text, Sel: t.Path.Sel, ReadOnly: true,
		Head: fmt.Sprintf("[%s: %s%s, read as text (read-only)]", t.Display, d.Format, parts),
		Meta: Meta{Source: "document", SourcePath: t.Abs, Format: d.Format},
	}
	if d.Cut {
		text.Tail = fmt.Sprintf("[The text was cut at %s; convert the document with bash (pdftotext, pandoc) for the rest]", units.Size(document.MaxTextBytes))
	}
	return text, nil
}

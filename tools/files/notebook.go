package files

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/atomic-script/atomic-script/tools/internal/units"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/internal/notebook"
)

func isNotebook(p string) bool { return strings.EqualFold(filepath.Ext(p), ".ipynb") }

// readNotebook renders a notebook as its cells with 0-based cell:N ids. The
// rows are not file lines, so there is no hashline header; nb.ipynb:cell:N
// reads one cell's source as editable rows, and a line selector
// (nb.ipynb:1) shows the JSON as editable rows. The read still records the
// file as observed, so write may replace it.
func readNotebook(env *tools.Env, t *target, text string) (tools.Result, error) {
	nb, err := notebook.Parse(t.display, []byte(text))
	if err != nil {
		return tools.Result{}, err
	}
	env.Session.Snapshots.Record(t.abs, text)

	var b strings.Builder
	kernel := ""
	if k := nb.Metadata.Kernelspec.Name; k != "" {
		kernel = ", kernel " + k
	}
	fmt.Fprintf(&b, "[notebook %s: %s%s. Its JSON as editable hashline rows: %s:1; one cell's source: %s:cell:N]", t.display, plural(len(nb.Cells), "cell", "cells"), kernel, t.display, t.display)
	size := 0
	for i, c := range nb.Cells {
		var cb strings.Builder
		fmt.Fprintf(&cb, "\n\n# cell:%d %s", i, c.Label())
		if src := strings.TrimRight(string(c.Source), "\n"); src != "" {
			cb.WriteString("\n" + src)
		}
		for _, o := range c.Outputs {
			cb.WriteString("\n" + notebook.RenderOutput(o))
		}
		if size+cb.Len() > MaxReadBytes && i > 0 {
			fmt.Fprintf(&b, "\n\n[Showing cells 0-%d of %d (%s limit). Continue with path selector :cell:%d.]", i-1, len(nb.Cells), units.Size(MaxReadBytes), i)
			break
		}
		size += cb.Len()
		b.WriteString(cb.String())
	}
	return tools.Result{Text: b.String(), Details: ReadDetails{Meta: ReadMeta{Source: "notebook", SourcePath: t.abs}}}, nil
}

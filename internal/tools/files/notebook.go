package files

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
)

func isNotebook(p string) bool { return strings.EqualFold(filepath.Ext(p), ".ipynb") }

// notebook is the part of a Jupyter notebook read shows.
type notebook struct {
	Cells    []nbCell `json:"cells"`
	Metadata struct {
		Kernelspec struct {
			Name string `json:"name"`
		} `json:"kernelspec"`
	} `json:"metadata"`
}

type nbCell struct {
	Type           string     `json:"cell_type"`
	Source         nbText     `json:"source"`
	ExecutionCount *int       `json:"execution_count"`
	Outputs        []nbOutput `json:"outputs"`
}

type nbOutput struct {
	Type   string            `json:"output_type"`
	Name   string            `json:"name"`
	Text   nbText            `json:"text"`
	Data   map[string]nbText `json:"data"`
	Ename  string            `json:"ename"`
	Evalue string            `json:"evalue"`
}

// nbText is notebook text: a string or a list of lines.
type nbText string

func (t *nbText) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*t = nbText(s)
		return nil
	}
	var lines []string
	if err := json.Unmarshal(data, &lines); err != nil {
		return nil // not text (an image's base64 may be either; others are ignored)
	}
	*t = nbText(strings.Join(lines, ""))
	return nil
}

// maxOutputChars bounds each cell output shown.
const maxOutputChars = 2000

// readNotebook renders a notebook as its cells with 0-based cell:N ids. The
// rows are not file lines, so there is no hashline header; a line selector
// (nb.ipynb:1) shows the JSON as editable rows. The read still records the
// file as observed, so write may replace it.
func readNotebook(env *tools.Env, t *target, text string) (tools.Result, error) {
	var nb notebook
	if err := json.Unmarshal([]byte(text), &nb); err != nil {
		return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "read: %s is not a valid notebook (%v); read %s:1 for its raw lines", t.display, err, t.display)
	}
	cells := nb.Cells
	first := 0
	if t.sel != nil && t.sel.Cell >= 0 {
		if t.sel.Cell >= len(cells) {
			return tools.Result{}, tools.Errorf(tools.ErrInvalidArgs, "Cell %d does not exist (the notebook has %d cells, numbered from 0).", t.sel.Cell, len(cells))
		}
		first, cells = t.sel.Cell, cells[t.sel.Cell:t.sel.Cell+1]
	}
	env.Session.Snapshots.Record(t.abs, text)

	var b strings.Builder
	kernel := ""
	if k := nb.Metadata.Kernelspec.Name; k != "" {
		kernel = ", kernel " + k
	}
	fmt.Fprintf(&b, "[notebook %s: %s%s. Its JSON as editable hashline rows: %s:1]", t.display, plural(len(nb.Cells), "cell", "cells"), kernel, t.display)
	size := 0
	for i, c := range cells {
		var cb strings.Builder
		fmt.Fprintf(&cb, "\n\n# cell:%d %s", first+i, c.Type)
		if c.ExecutionCount != nil {
			fmt.Fprintf(&cb, " [%d]", *c.ExecutionCount)
		}
		if src := strings.TrimRight(string(c.Source), "\n"); src != "" {
			cb.WriteString("\n" + src)
		}
		for _, o := range c.Outputs {
			cb.WriteString("\n" + renderOutput(o))
		}
		if size+cb.Len() > MaxReadBytes && i > 0 {
			fmt.Fprintf(&b, "\n\n[Showing cells %d-%d of %d (%s limit). Continue with path selector :cell:%d.]", first, first+i-1, len(nb.Cells), formatSize(MaxReadBytes), first+i)
			break
		}
		size += cb.Len()
		b.WriteString(cb.String())
	}
	return tools.Result{Text: b.String(), Details: ReadDetails{Meta: ReadMeta{Source: "notebook", SourcePath: t.abs}}}, nil
}

// renderOutput shows one cell output as a bracketed note with its text.
func renderOutput(o nbOutput) string {
	clip := func(s string) string {
		s = strings.TrimRight(s, "\n")
		if r := []rune(s); len(r) > maxOutputChars {
			return string(r[:maxOutputChars]) + "…"
		}
		return s
	}
	switch o.Type {
	case "stream":
		return "[output: " + o.Name + "]\n" + clip(string(o.Text))
	case "error":
		return "[output: error] " + o.Ename + ": " + clip(o.Evalue)
	}
	if text, ok := o.Data["text/plain"]; ok {
		return "[output: " + o.Type + "]\n" + clip(string(text))
	}
	kinds := make([]string, 0, len(o.Data))
	for k := range o.Data {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	return "[output: " + o.Type + " " + strings.Join(kinds, ", ") + "]"
}

// Package notebook reads Jupyter notebooks (.ipynb) for read and replaces
// one cell's source for write and edit. A replacement changes only the
// bytes of that cell's "source" value: outputs, metadata, unknown fields
// and the file's formatting stay exactly as they were.
package notebook

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/atomic-script/atomic-script/tools"
)

// Notebook is the part of a notebook read shows.
type Notebook struct {
	Cells    []Cell `json:"cells"`
	Metadata struct {
		Kernelspec struct {
			Name string `json:"name"`
		} `json:"kernelspec"`
	} `json:"metadata"`
}

// Cell is one cell.
type Cell struct {
	Type           string   `json:"cell_type"`
	Source         Text     `json:"source"`
	ExecutionCount *int     `json:"execution_count"`
	Outputs        []Output `json:"outputs"`
}

// Output is one cell output.
type Output struct {
	Type   string          `json:"output_type"`
	Name   string          `json:"name"`
	Text   Text            `json:"text"`
	Data   map[string]Text `json:"data"`
	Ename  string          `json:"ename"`
	Evalue string          `json:"evalue"`
}

// Text is notebook text: a string or a list of lines.
type Text string

// UnmarshalJSON accepts a string or a list of strings.
func (t *Text) UnmarshalJSON(data []byte) error {
	var s string
	if err := json.Unmarshal(data, &s); err == nil {
		*t = Text(s)
		return nil
	}
	var lines []string
	if err := json.Unmarshal(data, &lines); err != nil {
		return nil // not text (an image's base64 may be either; others are ignored)
	}
	*t = Text(strings.Join(lines, ""))
	return nil
}

// Parse parses a notebook.
func Parse(display string, data []byte) (*Notebook, error) {
	var nb Notebook
	if err := json.Unmarshal(data, &nb); err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "read: %s is not a valid notebook (%v); read %s:1 for its raw lines", display, err, display)
	}
	return &nb, nil
}

// Cell returns cell n, or an error naming how many there are.
func (nb *Notebook) Cell(n int) (Cell, error) {
	if n < 0 || n >= len(nb.Cells) {
		return Cell{}, tools.Errorf(tools.ErrInvalidArgs, "Cell %d does not exist (the notebook has %d cells, numbered from 0).", n, len(nb.Cells))
	}
	return nb.Cells[n], nil
}

// SetSource returns the notebook data with cell n's source replaced by
// src. Only the bytes of that "source" value change; the new value keeps
// the old one's shape (a list of lines, one a line as Jupyter writes them,
// indented like the old one; or one string).
func SetSource(display string, data []byte, n int, src string) ([]byte, error) {
	start, end, err := sourceSpan(data, n)
	if err != nil {
		return nil, tools.Errorf(tools.ErrInvalidArgs, "%s: %v", display, err)
	}
	value := encodeSource(data, start, end, src)
	out := make([]byte, 0, len(data)-(end-start)+len(value))
	out = append(out, data[:start]...)
	out = append(out, value...)
	return append(out, data[end:]...), nil
}

// encodeSource writes src in the shape of the value data[start:end].
func encodeSource(data []byte, start, end int, src string) []byte {
	old := data[start:end]
	if len(old) > 0 && old[0] == '"' {
		return jsonString(src)
	}
	var lines []string
	for rest := src; rest != ""; {
		i := strings.IndexByte(rest, '\n')
		if i < 0 {
			lines = append(lines, rest)
			break
		}
		lines = append(lines, rest[:i+1])
		rest = rest[i+1:]
	}
	if len(lines) == 0 {
		return []byte("[]")
	}
	if !bytes.Contains(old, []byte("\n")) {
		var b bytes.Buffer
		b.WriteByte('[')
		for i, l := range lines {
			if i > 0 {
				b.WriteString(", ")
			}
			b.Write(jsonString(l))
		}
		b.WriteByte(']')
		return b.Bytes()
	}
	// Multi-line: element indent from the old value's first element (or
	// the closing bracket's plus one level), closing indent from its last
	// line.
	closeIndent := lineIndent(old, len(old)-1)
	elemIndent := closeIndent + " "
	if i := bytes.IndexByte(old, '"'); i > 0 {
		elemIndent = lineIndent(old, i)
	}
	var b bytes.Buffer
	b.WriteString("[\n")
	for i, l := range lines {
		if i > 0 {
			b.WriteString(",\n")
		}
		b.WriteString(elemIndent)
		b.Write(jsonString(l))
	}
	b.WriteString("\n" + closeIndent + "]")
	return b.Bytes()
}

// lineIndent returns the whitespace that starts the line holding old[i].
func lineIndent(old []byte, i int) string {
	ls := bytes.LastIndexByte(old[:i], '\n') + 1
	j := ls
	for j < len(old) && (old[j] == ' ' || old[j] == '\t') {
		j++
	}
	return string(old[ls:j])
}

func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s)
	return bytes.TrimRight(b.Bytes(), "\n")
}

// sourceSpan finds the byte range of cells[n].source in a notebook.
func sourceSpan(data []byte, n int) (int, int, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	if err := expectDelim(dec, '{'); err != nil {
		return 0, 0, err
	}
	for dec.More() {
		key, err := dec.Token()
		if err != nil {
			return 0, 0, fmt.Errorf("not a valid notebook: %v", err)
		}
		if key != "cells" {
			if err := skipValue(dec); err != nil {
				return 0, 0, err
			}
			continue
		}
		if err := expectDelim(dec, '['); err != nil {
			return 0, 0, err
		}
		for i := 0; dec.More(); i++ {
			if i != n {
				if err := skipValue(dec); err != nil {
					return 0, 0, err
				}
				continue
			}
			if err := expectDelim(dec, '{'); err != nil {
				return 0, 0, err
			}
			for dec.More() {
				k, err := dec.Token()
				if err != nil {
					return 0, 0, fmt.Errorf("not a valid notebook: %v", err)
				}
				if k != "source" {
					if err := skipValue(dec); err != nil {
						return 0, 0, err
					}
					continue
				}
				start := valueStart(data, int(dec.InputOffset()))
				if err := skipValue(dec); err != nil {
					return 0, 0, err
				}
				return start, int(dec.InputOffset()), nil
			}
			return 0, 0, fmt.Errorf("cell %d has no source", n)
		}
		return 0, 0, fmt.Errorf("cell %d does not exist (the notebook has fewer cells, numbered from 0)", n)
	}
	return 0, 0, fmt.Errorf("not a valid notebook: it has no cells")
}

// valueStart skips the whitespace and ':' between a key and its value.
func valueStart(data []byte, off int) int {
	for off < len(data) && (data[off] == ' ' || data[off] == '\t' || data[off] == '\n' || data[off] == '\r' || data[off] == ':') {
		off++
	}
	return off
}

func expectDelim(dec *json.Decoder, want json.Delim) error {
	tok, err := dec.Token()
	if err != nil {
		return fmt.Errorf("not a valid notebook: %v", err)
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		return fmt.Errorf("not a valid notebook: expected %q, found %v", want, tok)
	}
	return nil
}

// skipValue reads one whole value.
func skipValue(dec *json.Decoder) error {
	depth := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return fmt.Errorf("not a valid notebook: unexpected end")
		}
		if err != nil {
			return fmt.Errorf("not a valid notebook: %v", err)
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

// maxOutputChars bounds each cell output shown.
const maxOutputChars = 2000

// RenderOutput shows one cell output as a bracketed note with its text.
func RenderOutput(o Output) string {
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

// Label is a cell's heading: "code [3]", "markdown".
func (c Cell) Label() string {
	if c.ExecutionCount != nil {
		return fmt.Sprintf("%s [%d]", c.Type, *c.ExecutionCount)
	}
	return c.Type
}

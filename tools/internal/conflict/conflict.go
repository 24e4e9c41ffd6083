// Package conflict finds git conflict-marker regions in text and replaces
// them: a region runs from a "<<<<<<<" line through an optional "|||||||"
// base section and a "=======" line to a ">>>>>>>" line. A resolution is
// text whose lines "@ours", "@theirs" and "@base" stand for those sides.
package conflict

import (
	"strings"
)

// Region is one conflict-marker region of a text.
type Region struct {
	// Start and End are the 1-based lines of the "<<<<<<<" and ">>>>>>>"
	// markers.
	Start, End int
	// Ours, Base and Theirs are the sides' lines, each with its line
	// ending; Base is set only in diff3 style (HasBase).
	Ours, Base, Theirs string
	HasBase            bool
	// The labels after the markers ("HEAD", "feature", "merged common
	// ancestors").
	OursLabel, BaseLabel, TheirsLabel string
}

// Side returns the named side's text: "ours", "theirs" or "base".
func (r Region) Side(name string) (string, bool) {
	switch name {
	case "ours":
		return r.Ours, true
	case "theirs":
		return r.Theirs, true
	case "base":
		return r.Base, r.HasBase
	}
	return "", false
}

// marker reports whether line is a conflict marker of character c (seven
// of them, then nothing, or a space and a label; "=======" takes no label).
func marker(line string, c byte) (label string, ok bool) {
	l := strings.TrimRight(line, "\r\n")
	if len(l) < 7 || l[:7] != strings.Repeat(string(c), 7) {
		return "", false
	}
	rest := l[7:]
	switch {
	case c == '=':
		return "", strings.TrimSpace(rest) == ""
	case rest == "":
		return "", true
	case rest[0] != ' ' && rest[0] != '\t':
		return "", false
	}
	return strings.TrimSpace(rest), true
}

// Lines splits text into lines that keep their endings.
func Lines(text string) []string {
	var out []string
	for text != "" {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			out = append(out, text)
			break
		}
		out = append(out, text[:i+1])
		text = text[i+1:]
	}
	return out
}

// Scan returns the complete conflict regions of text in order. Markers
// that do not make a complete region are ignored.
func Scan(text string) []Region {
	lines := Lines(text)
	var out []Region
	for i := 0; i < len(lines); i++ {
		label, ok := marker(lines[i], '<')
		if !ok {
			continue
		}
		r := Region{Start: i + 1, OursLabel: label}
		const (
			inOurs = iota
			inBase
			inTheirs
		)
		state := inOurs
		var ours, base, theirs strings.Builder
		done := false
		j := i + 1
		for ; j < len(lines) && !done; j++ {
			l := lines[j]
			switch {
			case state == inOurs && isMarker(l, '|'):
				r.BaseLabel, _ = marker(l, '|')
				r.HasBase, state = true, inBase
			case state != inTheirs && isMarker(l, '='):
				state = inTheirs
			case state == inTheirs && isMarker(l, '>'):
				r.TheirsLabel, _ = marker(l, '>')
				r.End, done = j+1, true
			case isMarker(l, '<'):
				j = len(lines) // a new region before this one ended: not complete
			case state == inOurs:
				ours.WriteString(l)
			case state == inBase:
				base.WriteString(l)
			default:
				theirs.WriteString(l)
			}
		}
		if !done {
			continue
		}
		r.Ours, r.Base, r.Theirs = ours.String(), base.String(), theirs.String()
		out = append(out, r)
		i = r.End - 1
	}
	return out
}

func isMarker(line string, c byte) bool {
	_, ok := marker(line, c)
	return ok
}

// Expand turns a resolution into text: each line that is exactly "@ours",
// "@theirs" or "@base" (spaces around it allowed) becomes that side of r;
// other lines stay. A resolution that does not end with a newline gets
// one when the region's last line had one, so the next line stays its own.
func Expand(r Region, resolution string) (string, error) {
	var b strings.Builder
	for _, l := range Lines(resolution) {
		switch strings.TrimSpace(l) {
		case "@ours":
			b.WriteString(r.Ours)
		case "@theirs":
			b.WriteString(r.Theirs)
		case "@base":
			if !r.HasBase {
				return "", errNoBase
			}
			b.WriteString(r.Base)
		default:
			b.WriteString(l)
		}
	}
	out := b.String()
	if out != "" && !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return out, nil
}

type baseError struct{}

func (baseError) Error() string {
	return "@base names the common ancestor, but this region has none (merge.conflictStyle is not diff3 or zdiff3); use @ours and @theirs"
}

var errNoBase error = baseError{}

// Replace returns text with region r (as Scan found it in text) replaced
// by the expanded resolution.
func Replace(text string, r Region, resolution string) (string, error) {
	body, err := Expand(r, resolution)
	if err != nil {
		return "", err
	}
	lines := Lines(text)
	var b strings.Builder
	for _, l := range lines[:r.Start-1] {
		b.WriteString(l)
	}
	b.WriteString(body)
	for _, l := range lines[r.End:] {
		b.WriteString(l)
	}
	return b.String(), nil
}

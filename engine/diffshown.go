package engine

import (
	"encoding/json"
	"sort"
	"strings"
)

// diffSection is one file's part of a run's diff.
type diffSection struct {
	name  string // the path after the change (b/ side)
	text  string
	shown bool // the script's output already holds its changed lines
}

// diffSections splits a run's git diff into its files and marks each whose
// change the script's output (text, console lines, the returned value's
// strings) already shows: a script that returns edit()'s diff or
// RUN.diff() must not make a model read the same change twice.
func diffSections(r *Result) []diffSection {
	var secs []diffSection
	for _, part := range splitKeep(r.Diff, "\ndiff --git ") {
		name := ""
		if head, _, _ := strings.Cut(part, "\n"); strings.HasPrefix(head, "diff --git ") {
			if i := strings.LastIndex(head, " b/"); i >= 0 {
				name = head[i+3:]
			}
		}
		secs = append(secs, diffSection{name: name, text: part})
	}
	ix := outputLines(r)
	if len(ix) == 0 {
		return secs
	}
	for i := range secs {
		secs[i].shown = ix.holds(changedLines(secs[i].text))
	}
	return secs
}

// splitKeep splits s before each occurrence of sep (after its leading
// newline), keeping every byte.
func splitKeep(s, sep string) []string {
	var out []string
	for {
		i := strings.Index(s, sep)
		if i < 0 {
			if s != "" {
				out = append(out, s)
			}
			return out
		}
		out = append(out, s[:i+1])
		s = s[i+1:]
	}
}

// changedLines are a file section's added and removed lines, each with
// its sign, in order ("-old", "+new"); the file headers before the first
// hunk are not changes.
func changedLines(sec string) []string {
	var out []string
	inHunk := false
	for _, l := range strings.Split(sec, "\n") {
		switch {
		case strings.HasPrefix(l, "@@"):
			inHunk = true
		case inHunk && (strings.HasPrefix(l, "+") || strings.HasPrefix(l, "-")):
			out = append(out, strings.TrimSuffix(l, "\r"))
		}
	}
	return out
}

// lineIndex maps a signed line of the output to where it occurs, in
// output order.
type lineIndex map[string][]int

// outputLines indexes the output's lines that start with + or -, as they
// are and, for the numbered form edit's diff uses ("+12 text"), without
// the number.
func outputLines(r *Result) lineIndex {
	ix := lineIndex{}
	pos := 0
	add := func(text string) {
		for _, l := range strings.Split(text, "\n") {
			pos++
			l = strings.TrimSuffix(l, "\r")
			if l == "" || l[0] != '+' && l[0] != '-' {
				continue
			}
			ix[l] = append(ix[l], pos)
			rest := strings.TrimLeft(l[1:], " ")
			n := 0
			for n < len(rest) && rest[n] >= '0' && rest[n] <= '9' {
				n++
			}
			if n > 0 && n < len(rest) && rest[n] == ' ' {
				k := l[:1] + rest[n+1:]
				ix[k] = append(ix[k], pos)
			}
		}
	}
	for _, it := range r.Output {
		if it.Type == "text" {
			add(it.Text)
		}
	}
	for _, l := range r.Logs {
		add(l)
	}
	if len(r.Value) > 0 {
		var v any
		if json.Unmarshal(r.Value, &v) == nil {
			eachString(v, add)
		}
	}
	return ix
}

// eachString calls f with every string in a decoded JSON value.
func eachString(v any, f func(string)) {
	switch x := v.(type) {
	case string:
		f(x)
	case []any:
		for _, e := range x {
			eachString(e, f)
		}
	case map[string]any:
		keys := make([]string, 0, len(x))
		for k := range x {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			eachString(x[k], f)
		}
	}
}

// holds reports whether lines occur in the output in this order (a file
// section with no changed lines, a binary or mode change, never does).
func (ix lineIndex) holds(lines []string) bool {
	if len(lines) == 0 {
		return false
	}
	at := 0
	for _, l := range lines {
		ps := ix[l]
		i := sort.SearchInts(ps, at+1)
		if i == len(ps) {
			return false
		}
		at = ps[i]
	}
	return true
}

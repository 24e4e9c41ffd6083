package tools

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// MaxResultText is the most text one tool result carries, the spec's
// persistence threshold: longer text is saved whole in the session's
// owner-only spill directory, and the result keeps its head and tail and
// names the file ("Full output saved to: PATH").
const MaxResultText = 50 << 10

// boundText is BoundText for every result but a Whole one.
func boundText(env *Env, t Tool, res Result) Result {
	if res.Whole {
		return res
	}
	return BoundText(env, t, res)
}

// BoundText applies MaxResultText to res.Text of tool t; for a tool tagged
// TagBoundedOutput, which pages or saves its own output by MaxResultText of
// content, twice that (its row prefixes and notices) is the safety net.
func BoundText(env *Env, t Tool, res Result) Result {
	limit := MaxResultText
	if HasTag(t, TagBoundedOutput) {
		limit *= 2
	}
	if len(res.Text) <= limit {
		return res
	}
	name := t.Name()
	full := res.Text
	var path, why string
	if env == nil || env.Spill == nil {
		why = "no spill directory in this session"
	} else if p, err := env.Spill.WriteFile(name+"-output-*.txt", []byte(full)); err != nil {
		why = err.Error()
	} else {
		path = p
	}
	note := "The full output could not be saved (" + why + "): narrow the call to see the rest"
	if path != "" {
		note = "Full output saved to: " + env.Spill.Label(path)
	}
	// Two thirds head, one third tail, cut at line ends, leaving room for
	// the marker and the note.
	room := MaxResultText - 256 - len(note) // a cut result fits MaxResultText
	head := cutAtLine(full[:utf8Floor(full, room*2/3)], true)
	tailStart := utf8Ceil(full, len(full)-(room-len(head)))
	tail := cutAtLine(full[tailStart:], false)
	omitted := full[len(head) : len(full)-len(tail)]
	res.Text = fmt.Sprintf("%s\n[… %d bytes (%d lines) not shown: the result is over the %d KB limit of a tool result …]\n%s\n\n%s",
		strings.TrimRight(head, "\n"), len(omitted), strings.Count(omitted, "\n"), MaxResultText>>10, strings.Trim(tail, "\n"), note)
	if res.FullOutputPath == "" {
		res.FullOutputPath = path
	}
	return res
}

// cutAtLine keeps whole lines of s: up to its last newline (head), or
// from its first (tail); s itself when it has none.
func cutAtLine(s string, head bool) string {
	if head {
		if i := strings.LastIndexByte(s, '\n'); i > 0 {
			return s[:i+1]
		}
		return s
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 && i < len(s)-1 {
		return s[i+1:]
	}
	return s
}

// utf8Floor is the largest character boundary of s at or before n.
func utf8Floor(s string, n int) int {
	n = max(0, min(n, len(s)))
	for n > 0 && n < len(s) && !utf8.RuneStart(s[n]) {
		n--
	}
	return n
}

// utf8Ceil is the smallest character boundary of s at or after n.
func utf8Ceil(s string, n int) int {
	n = max(0, min(n, len(s)))
	for n < len(s) && !utf8.RuneStart(s[n]) {
		n++
	}
	return n
}

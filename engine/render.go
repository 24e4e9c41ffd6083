package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// charsPerToken is the token estimate of codemode-notes.md.
const charsPerToken = 4

// EstimateTokens estimates the tokens of s (about 4 characters a token).
func EstimateTokens(s string) int {
	return (utf8.RuneCountInString(s) + charsPerToken - 1) / charsPerToken
}

// renderHeader is the status and wall-time lines.
func renderHeader(r *Result) string {
	status := "Script completed"
	if !r.OK {
		status = "Script failed"
	}
	return fmt.Sprintf("%s\nWall time %.1f seconds\n", status, r.Wall.Seconds())
}

// renderBody is everything after the header: output items, console block,
// warnings, the error and the calls made before it.
func renderBody(r *Result) string {
	var b strings.Builder
	b.WriteString("Output:\n")
	texts := 0
	for _, it := range r.Output {
		if it.Type == "text" {
			texts++
		}
	}
	if len(r.Output) == 0 {
		b.WriteString("(no output)\n")
	}
	n, imgs := 0, 0
	for _, it := range r.Output {
		switch it.Type {
		case "text":
			n++
			if texts > 1 {
				fmt.Fprintf(&b, "==> text %d/%d <==\n", n, texts)
			}
			b.WriteString(it.Text)
			if !strings.HasSuffix(it.Text, "\n") {
				b.WriteByte('\n')
			}
		case "image":
			imgs++
			fmt.Fprintf(&b, "[image %d: %s, %d bytes]\n", imgs, it.Image.MIMEType, len(it.Image.Data))
		}
	}
	if len(r.Logs) > 0 {
		b.WriteString("<console_output>\n")
		for _, l := range r.Logs {
			b.WriteString(l)
			b.WriteByte('\n')
		}
		b.WriteString("</console_output>\n")
	}
	for _, w := range r.Warnings {
		b.WriteString("Warning: " + w + "\n")
	}
	switch {
	case r.DryRun && len(r.Changes) == 0:
		b.WriteString("Dry run: no files were written, and the run would change none.\n")
	case r.Diff != "":
		fmt.Fprintf(&b, "Dry run: no files were written. The run would change %s: %s\n", plural(len(r.Changes), "file"), changesLine(r.Changes))
		b.WriteString(r.Diff)
		if !strings.HasSuffix(r.Diff, "\n") {
			b.WriteByte('\n')
		}
	case len(r.Changes) > 0:
		b.WriteString("Files changed: " + changesLine(r.Changes) + "\n")
	}
	if r.Error != nil {
		b.WriteString("Script error:\n")
		b.WriteString(r.Error.Error())
		if r.Error.Code != "" {
			fmt.Fprintf(&b, " [%s]", r.Error.Code)
		}
		b.WriteByte('\n')
		if r.Error.CallID != "" {
			for _, c := range r.Calls {
				if c.ID == r.Error.CallID {
					fmt.Fprintf(&b, "    from tool call %s: %s %s\n", c.ID, c.Name, clipArgs(c.Args))
				}
			}
		}
		if r.Error.Stack != "" {
			b.WriteString(r.Error.Stack)
			b.WriteByte('\n')
		}
		if len(r.Calls) > 0 {
			if r.RolledBack {
				b.WriteString("Tool calls made (file changes were rolled back):\n")
			} else {
				b.WriteString("Tool calls made (their effects are not undone):\n")
			}
			for _, c := range r.Calls {
				b.WriteString("- " + describeCall(c) + "\n")
			}
		}
	}
	return b.String()
}

// describeCall renders a call on one line: `3 read {"path":"a"} → ok (2 ms)`.
func describeCall(c Call) string {
	s := fmt.Sprintf("%s %s %s → %s (%d ms)", c.ID, c.Name, clipArgs(c.Args), c.Status, c.Duration.Milliseconds())
	if c.Error != "" {
		msg := c.Error
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		s += ": " + truncateRunes(msg, 200)
	}
	return s
}

// clipArgs renders call arguments on one line, at most 120 characters.
func clipArgs(a json.RawMessage) string {
	args := string(a)
	if utf8.RuneCountInString(args) > 120 {
		args = truncateRunes(args, 117) + "..."
	}
	return args
}

// valueText renders a returned value as an output item: strings as they
// are, anything else as indented JSON.
func valueText(v json.RawMessage) string {
	var s string
	if err := json.Unmarshal(v, &s); err == nil {
		return s
	}
	var out bytes.Buffer
	if err := json.Indent(&out, v, "", "  "); err != nil {
		return string(v)
	}
	return out.String()
}

// capText keeps the head and the tail of text within maxTokens, on line
// boundaries where it can, with a marker naming what was cut.
func capText(header, body string, maxTokens int, fullPath string) string {
	budget := maxTokens * charsPerToken
	warning := fmt.Sprintf("Warning: truncated output (original token count: %d)\n", EstimateTokens(header+body))
	footer := "[Full output: " + fullPath + "]\n"
	if fullPath == "" {
		footer = "[Full output could not be saved]\n"
	}
	room := budget - utf8.RuneCountInString(header+warning+footer) - 64
	if room < 200 {
		room = 200
	}
	runes := []rune(body)
	headN := room * 2 / 3
	tailN := room - headN
	if headN+tailN >= len(runes) {
		return header + warning + body + footer
	}
	head := string(runes[:headN])
	tail := string(runes[len(runes)-tailN:])
	if i := strings.LastIndexByte(head, '\n'); i > len(head)/2 {
		head = head[:i+1]
	}
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < len(tail)/2 {
		tail = tail[i+1:]
	}
	omitted := len(runes) - utf8.RuneCountInString(head) - utf8.RuneCountInString(tail)
	if !strings.HasSuffix(head, "\n") {
		head += "\n"
	}
	return header + warning + head + fmt.Sprintf("…[%d characters omitted]…\n", omitted) + tail + footer
}

func truncateRunes(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	return string([]rune(s)[:n])
}

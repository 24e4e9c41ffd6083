package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/atomic-script/atomic-script/tools"
)

// charsPerToken is the token estimate the result cap uses: four characters
// a token, as the codemode reference counts (docs/script-api.md, Limits).
const charsPerToken = 4

// EstimateTokens estimates the tokens of s (about 4 characters a token).
func EstimateTokens(s string) int {
	return (utf8.RuneCountInString(s) + charsPerToken - 1) / charsPerToken
}

// renderHeader is the status and wall-time lines.
func renderHeader(r *Result) string {
	status := "Script completed"
	switch {
	case r.ExitCode == ExitChanged:
		status = fmt.Sprintf("Script completed, but --fail-on-change failed it (exit %d)", ExitChanged)
	case !r.OK:
		status = "Script failed"
	}
	return fmt.Sprintf("%s\nWall time %.1f seconds\n", status, r.Wall.Seconds()) + modelsHeader(r.Usage)
}

// segment is one part of the rendered body. A kept segment says how the run
// ended (warnings, the rollback notice, the error); it survives the output
// cap, where the other segments lose their middle.
type segment struct {
	text string
	keep bool
}

// largePiece is the size from which an output item or log line is a
// segment of its own (not copied into its neighbours').
const largePiece = 1 << 20

// renderSegments renders everything after the header as segments, in
// order: output items, console block, warnings, the dry-run summary and
// diff, the error and the calls made before it.
func renderSegments(r *Result) []segment {
	var segs []segment
	var b strings.Builder
	// add ends the segment being written.
	add := func(keep bool) {
		if b.Len() > 0 {
			segs = append(segs, segment{b.String(), keep})
			b.Reset()
		}
	}
	// piece writes a text or log line; a large one becomes a segment of
	// its own rather than a copy (its head and tail survive the cap the
	// same way, and small pieces around it stay whole).
	piece := func(s string) {
		if len(s) < largePiece {
			b.WriteString(s)
			return
		}
		add(false)
		segs = append(segs, segment{s, false})
	}
	writeOutput(&b, piece, r)
	add(false)
	for _, w := range r.Warnings {
		b.WriteString("Warning: " + w + "\n")
	}
	add(true)
	switch {
	case r.DryRun && len(r.Changes) == 0:
		b.WriteString("Dry run: no files were written, and the run would change none.\n")
	case r.Diff != "":
		fmt.Fprintf(&b, "Dry run: no files were written. The run would change %s: %s\n", plural(len(r.Changes), "file"), changesLine(r.Changes))
		diff := dryRunDiff(&b, r)
		add(true)
		b.WriteString(diff)
		if diff != "" && !strings.HasSuffix(diff, "\n") {
			b.WriteByte('\n')
		}
		add(false)
	case len(r.Changes) > 0:
		b.WriteString("Files changed: " + changesLine(r.Changes) + "\n")
	}
	if r.Error != nil {
		b.WriteString("Script error:\n")
		// Escaped as the calls below: a tool's error names the path or
		// command it was given, which may hold control characters.
		b.WriteString(tools.VisibleLines(r.Error.Error()))
		if r.Error.Code != "" {
			fmt.Fprintf(&b, " [%s]", r.Error.Code)
		}
		b.WriteByte('\n')
		if r.Error.CallID != "" {
			for _, c := range r.Calls {
				if c.ID == r.Error.CallID {
					fmt.Fprintf(&b, "    from tool call %s: %s %s\n", c.ID, tools.Visible(c.Name), clipArgs(c.Args))
				}
			}
		}
		if r.Error.Stack != "" {
			b.WriteString(r.Error.Stack)
			b.WriteByte('\n')
		}
		add(true)
		if len(r.Calls) > 0 {
			switch {
			case r.Rollback != nil && len(r.Rollback.Failed) > 0:
				b.WriteString("Tool calls made (the rollback is incomplete: the files named above are left changed):\n")
			case r.RolledBack:
				b.WriteString("Tool calls made (file changes were rolled back):\n")
			case r.DryRun:
				b.WriteString("Tool calls made (dry run: files were not written, bash ran in a scratch copy; effects outside the workspace, such as network calls, were real):\n")
			default:
				b.WriteString("Tool calls made (their effects are not undone):\n")
			}
			if st := r.CallStats; st.Folded > 0 {
				fmt.Fprintf(&b, "(%d of %d calls listed: the first and last 50 and the failed ones; all of them by tool: %s)\n", st.Kept, st.Total, toolCounts(st))
			}
			for _, c := range r.Calls {
				b.WriteString("- " + describeCall(c) + "\n")
			}
		}
	}
	add(false)
	return segs
}

// dryRunDiff is the part of a dry run's diff the text shows: the files
// whose change the script's output already holds are named in b, not
// shown again.
func dryRunDiff(b *strings.Builder, r *Result) string {
	secs := diffSections(r)
	var shown []string
	var rest strings.Builder
	for _, s := range secs {
		if s.shown {
			shown = append(shown, s.name)
		} else {
			rest.WriteString(s.text)
		}
	}
	switch {
	case len(shown) == 0:
	case len(shown) == len(secs):
		b.WriteString("Its diff is the one the output above shows.\n")
	default:
		fmt.Fprintf(b, "The output above shows the diff of %s; the rest:\n", listNames(shown))
	}
	return rest.String()
}

// listNames joins names, the first maxListedPaths of them.
func listNames(names []string) string {
	if len(names) > maxListedPaths {
		return strings.Join(names[:maxListedPaths], ", ") + fmt.Sprintf(" and %d more", len(names)-maxListedPaths)
	}
	return strings.Join(names, ", ")
}

// writeOutput writes the output items and the console block; piece
// writes a text or a log line (a large one becomes a segment of its own).
func writeOutput(b *strings.Builder, piece func(string), r *Result) {
	texts, size := 0, 64
	for _, it := range r.Output {
		if it.Type == "text" {
			texts++
			if len(it.Text) < largePiece {
				size += len(it.Text) + 32
			}
		}
	}
	for _, l := range r.Logs {
		if len(l) < largePiece {
			size += len(l) + 1
		}
	}
	b.Grow(size) // one copy of many small pieces, not a doubling series
	b.WriteString("Output:\n")
	if len(r.Output) == 0 {
		b.WriteString("(no output)\n")
	}
	n, imgs := 0, 0
	for _, it := range r.Output {
		switch it.Type {
		case "text":
			n++
			if texts > 1 {
				fmt.Fprintf(b, "==> text %d/%d <==\n", n, texts)
			}
			piece(it.Text)
			if !strings.HasSuffix(it.Text, "\n") {
				b.WriteByte('\n')
			}
		case "image":
			imgs++
			fmt.Fprintf(b, "[image %d: %s, %d bytes]\n", imgs, it.Image.MIMEType, len(it.Image.Data))
		}
	}
	if len(r.Logs) > 0 {
		b.WriteString("<console_output>\n")
		for _, l := range r.Logs {
			piece(l)
			b.WriteByte('\n')
		}
		b.WriteString("</console_output>\n")
	}
}

// toolCounts renders the per-tool call counts: "read 1000 (2 failed), edit 1000".
func toolCounts(st CallStats) string {
	names := make([]string, 0, len(st.ByTool))
	for n := range st.ByTool {
		names = append(names, n)
	}
	sort.Strings(names)
	parts := make([]string, len(names))
	for i, n := range names {
		t := st.ByTool[n]
		parts[i] = fmt.Sprintf("%s %d", n, t.Count)
		if bad := t.Errors + t.Cancelled; bad > 0 {
			parts[i] += fmt.Sprintf(" (%d failed)", bad)
		}
	}
	return strings.Join(parts, ", ")
}

// describeCall renders a call on one line: `3 read {"path":"a"} → ok (2 ms)`.
// The tool's name, its arguments and its error are printed with their
// control and invisible characters escaped (tools.Visible), so the list
// of calls a run made shows what they were.
func describeCall(c Call) string {
	s := fmt.Sprintf("%s %s %s → %s (%d ms)", c.ID, tools.Visible(c.Name), clipArgs(c.Args), c.Status, c.Duration.Milliseconds())
	if c.Error != "" {
		msg := c.Error
		if i := strings.IndexByte(msg, '\n'); i >= 0 {
			msg = msg[:i]
		}
		s += ": " + tools.Visible(truncateRunes(msg, 200))
	}
	return s
}

// clipArgs renders call arguments on one line, at most 120 characters,
// escaped as describeCall says.
func clipArgs(a json.RawMessage) string {
	args := string(a)
	if utf8.RuneCountInString(args) > 120 {
		args = truncateRunes(args, 117) + "..."
	}
	return tools.Visible(args)
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

// estimateSegments is the token estimate of the segments together.
func estimateSegments(segs []segment) int {
	runes := 0
	for _, s := range segs {
		runes += utf8.RuneCountInString(s.text)
	}
	return (runes + charsPerToken - 1) / charsPerToken
}

// joinSegments is header and the segments' texts as one string.
func joinSegments(header string, segs []segment) string {
	n := len(header)
	for _, s := range segs {
		n += len(s.text)
	}
	var b strings.Builder
	b.Grow(n)
	b.WriteString(header)
	for _, s := range segs {
		b.WriteString(s.text)
	}
	return b.String()
}

// writeString writes s to w a chunk at a time, so no copy of a large s is
// made.
func writeString(w io.Writer, s string) error {
	const chunk = 1 << 20
	for len(s) > 0 {
		n := min(len(s), chunk)
		if _, err := w.Write([]byte(s[:n])); err != nil {
			return err
		}
		s = s[n:]
	}
	return nil
}

// capText renders header and body within about maxTokens: the segments
// that say how the run ended are kept (each cut to its head if it alone is
// over half the budget and 1,000 characters), and the others keep their
// head and tail (at least 300 characters each), on line
// boundaries where they can, with a marker naming what was cut. A budget
// below what the status lines, the kept segments and those minimums need is
// exceeded rather than losing them. It works on the strings in place (rune
// offsets, no rune copies): a body can be tens of megabytes.
func capText(header string, body []segment, maxTokens int, fullPath string) string {
	budget := maxTokens * charsPerToken
	warning := fmt.Sprintf("Warning: truncated output (original token count: %d)\n", EstimateTokens(header)+estimateSegments(body))
	footer := "[Full output: " + fullPath + "]\n"
	if fullPath == "" {
		footer = "[Full output could not be saved]\n"
	}
	room := budget - utf8.RuneCountInString(header+warning+footer) - 64
	keepMax := max(room/2, 1000)
	cutTotal := 0
	out := make([]string, len(body))
	for i, s := range body {
		if s.keep {
			out[i] = headOnly(s.text, keepMax)
			room -= utf8.RuneCountInString(out[i])
		} else {
			cutTotal += utf8.RuneCountInString(s.text)
		}
	}
	room = max(room, 200)
	for i, s := range body {
		if !s.keep {
			// Each cut segment gets room in proportion to its size.
			// Each keeps at least 300 runes, for a head and tail line.
			n := utf8.RuneCountInString(s.text)
			share := int(int64(room) * int64(n) / int64(max(cutTotal, 1)))
			out[i] = headAndTail(s.text, max(share, min(n, 300)))
		}
	}
	return header + warning + strings.Join(out, "") + footer
}

// runeOffset is the byte offset in s after its first n runes.
func runeOffset(s string, n int) int {
	i := 0
	for ; n > 0 && i < len(s); n-- {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
	}
	return i
}

// runeOffsetFromEnd is the byte offset in s before its last n runes.
func runeOffsetFromEnd(s string, n int) int {
	i := len(s)
	for ; n > 0 && i > 0; n-- {
		_, size := utf8.DecodeLastRuneInString(s[:i])
		i -= size
	}
	return i
}

// headAndTail keeps about n runes of s: two thirds from the head and one
// third from the tail, on line boundaries where it can, and a marker
// between them.
func headAndTail(s string, n int) string {
	total := utf8.RuneCountInString(s)
	if total <= n {
		return s
	}
	headN := n * 2 / 3
	tailN := n - headN
	head := s[:runeOffset(s, headN)]
	tail := s[runeOffsetFromEnd(s, tailN):]
	if i := strings.LastIndexByte(head, '\n'); i > len(head)/2 {
		head = head[:i+1]
	}
	if i := strings.IndexByte(tail, '\n'); i >= 0 && i < len(tail)/2 {
		tail = tail[i+1:]
	}
	omitted := total - utf8.RuneCountInString(head) - utf8.RuneCountInString(tail)
	if !strings.HasSuffix(head, "\n") {
		head += "\n"
	}
	return head + fmt.Sprintf("…[%d characters omitted]…\n", omitted) + tail
}

// headOnly keeps the first n runes of s, on a line boundary where it can.
func headOnly(s string, n int) string {
	total := utf8.RuneCountInString(s)
	if total <= n {
		return s
	}
	head := s[:runeOffset(s, n)]
	if i := strings.LastIndexByte(head, '\n'); i > len(head)/2 {
		head = head[:i+1]
	}
	if !strings.HasSuffix(head, "\n") {
		head += "\n"
	}
	return head + fmt.Sprintf("…[%d characters omitted]…\n", total-utf8.RuneCountInString(head))
}

func truncateRunes(s string, n int) string {
	return s[:runeOffset(s, n)]
}

package hashline

import (
	"fmt"
	"strings"
)

// The fixed warnings and error texts of builtin-tools.md, verbatim.
const (
	WarnBareRows       = "Auto-prefixed bare body row(s) with `+`. Body rows must be `+TEXT` literal lines."
	WarnHunkLike       = "Literal +TEXT row resembles a valid hunk header; it was kept as literal payload text."
	WarnRecoveredHead  = "Recovered from a stale file hash using a previous read snapshot (file changed externally between read and edit)."
	WarnRecoveredChain = "Recovered from a stale file hash using an earlier in-session snapshot (a prior edit in this session advanced the hash)."
	WarnReplayed       = "Recovered by replaying your edits onto the current file content (a prior in-session edit changed the lines you re-targeted with a stale hash). Verify the diff matches your intent."
	WarnCutRow         = "A body row ends with `" + CutRowMarker + "`, the marker of a search row cut at 512 characters: if it was copied from search output, the written line is cut too. Read that line whole (read path:N) and edit it again from there."
	WarnHeadTailDrift  = "Applied the `insert head:`/`insert tail:` edit despite a stale snapshot tag (file changed since your read) — head/tail position is content-independent. Re-read if the drift was unexpected."

	msgMinusRow         = "`-` rows are not valid; the range already names the lines being changed. For a literal `-` line, write `+-…`."
	msgEmptyBlock       = "`replace block N:` needs at least one `+TEXT` body row. To delete a block, use `delete block N`."
	msgEmptyInsert      = "`insert` needs at least one `+TEXT` body row."
	msgDeleteNoBody     = "`delete N..M` does not take body rows. Remove the body, or use `replace N..M:`."
	msgDeleteBlockBody  = "`delete block N` does not take body rows. Remove the body, or use `replace block N:`."
	msgNoResolver       = "`replace block`/`delete block`/`insert after block` are not available here (no block resolver configured). Use a concrete line range."
	msgNoSections       = "Patch input did not produce any sections."
	msgEmptyHeader      = `Input header "[]" is empty; provide a file path.`
	msgEmptyInput       = "edit input must be a non-empty hashline script with [PATH#TAG] sections."
	msgUnifiedFirstLine = "unified-diff hunk header (`@@ -N,M +N,M @@`) is not valid in hashline. File sections start with `[path#HASH]`; use `replace`, `delete`, or `insert` ops."
	msgOverlapTail      = "Issue ONE hunk per range; payload is only the final desired content, never a before/after pair."

	// mismatchContext is how many lines either side of an anchor a rejection
	// or unresolved-block preview shows.
	mismatchContext = 2
	// maxContextRows bounds a rejection's context so a huge range cannot
	// flood the message; maxContextWidth bounds each row.
	maxContextRows  = 200
	maxContextWidth = 512
)

// WarnParallelBatch is the note on each section of merged parallel calls.
func WarnParallelBatch(n int) string {
	return fmt.Sprintf("Applied %d parallel edit calls as one snapshot-anchored batch.", n)
}

func missingTagMessage(path string) string {
	return fmt.Sprintf("Missing hashline snapshot tag for %s; use `[%s#tag]` from your latest read/search output. To create a new file, use the write tool.", path, path)
}

func notFoundMessage(path string) string {
	return fmt.Sprintf("File not found: %s. Use the write tool to create new files.", path)
}

func conflictingTagsMessage(path, a, b string) string {
	return fmt.Sprintf("Conflicting hashline snapshot tags for %s: #%s and #%s. Re-read the file and retry with one current header.", path, a, b)
}

func sameFileMessage(a, b string) string {
	return fmt.Sprintf("Multiple hashline sections resolve to the same file (%s and %s). Merge their ops under one header before applying.", a, b)
}

func boundsMessage(line, total int) string {
	return fmt.Sprintf("Line %d does not exist (file has %d lines)", line, total)
}

func blockUnresolvedMessage(line int, del bool, fileLines []string) string {
	phrase, fallback := fmt.Sprintf("replace block %d:", line), fmt.Sprintf("replace %d..M:", line)
	if del {
		phrase, fallback = fmt.Sprintf("delete block %d", line), fmt.Sprintf("delete %d..M", line)
	}
	msg := fmt.Sprintf("`%s` could not resolve a syntactic block beginning on line %d (unsupported language, blank/closer line, or parse error). Use `%s` with explicit lines.", phrase, line, fallback)
	if rows := anchoredContext([]lineRange{{line, line}}, fileLines); len(rows) > 0 {
		msg += "\n\n" + strings.Join(rows, "\n")
	}
	return msg
}

func insertAfterBlockCloserWarning(line int) string {
	return fmt.Sprintf("`insert after block %d:` anchors on a closing delimiter, so it was applied as plain `insert after %d:`. Anchor on the line that OPENS the construct.", line, line)
}

func insertAfterBlockUnresolvedWarning(line int) string {
	return fmt.Sprintf("`insert after block %d:` could not resolve a syntactic block on line %d, so it was applied as plain `insert after %d:`. Verify the landing line; anchor on a line that OPENS a construct.", line, line, line)
}

func blockAloneWarning(line int, del bool) string {
	phrase := fmt.Sprintf("replace block %d:", line)
	if del {
		phrase = fmt.Sprintf("delete block %d", line)
	}
	return fmt.Sprintf("`%s` took line %d alone: it opens no construct (a one-line statement or comment). Anchor on a line that OPENS a construct to take a whole block.", phrase, line)
}

func landingShiftWarning(anchor, landing, crossed int) string {
	plural := "s"
	if crossed == 1 {
		plural = ""
	}
	return fmt.Sprintf("insert after %d: body indented shallower than the anchor, so the landing moved past %d closing line%s to after line %d. For the deeper position inside the block, re-issue with the body indented to match.", anchor, crossed, plural, landing)
}

func blockLandingShiftWarning(blockStart, closer, landing int) string {
	return fmt.Sprintf("insert after block %d: body indented deeper than closing line %d, so it was placed inside the block, after line %d. `insert after block` lands AFTER the block at sibling depth — if inside was intended, use plain `insert after %d:`.", blockStart, closer, landing, closer)
}

func boundaryEchoWarning(start, leading, trailing int) string {
	return fmt.Sprintf("Auto-repaired a replacement boundary echo at line %d: dropped %d leading and %d trailing payload line(s) already present outside the range. Issue the payload as the final desired content for the selected range only — never restate unchanged lines bordering the range.", start, leading, trailing)
}

func delimiterRepairWarning(start int, action string) string {
	return fmt.Sprintf("Auto-repaired a delimiter-balance mismatch in the replacement at line %d: %s. Issue the payload as the final desired content only — never restate or omit a closing bracket bordering the range.", start, action)
}

// NoopMessage is the diagnostic for an edit that changed nothing; count is
// how many times this identical payload has been seen (1-based).
func NoopMessage(path string, count int) string {
	msg := "Edits to " + path + " parsed and applied cleanly, but produced no change: your body row(s) are byte-identical to the file at the targeted lines. The bug is somewhere else — re-read the file before issuing another edit. Do NOT widen the payload or add lines; verify the anchor first."
	if count > 1 {
		msg += fmt.Sprintf("\nNo-op count for this identical payload: %d.", count)
	}
	return msg
}

// StaleBeforeWriteError is the error for a file that changed between
// [Prepare] and the write (the caller re-reads just before writing).
func StaleBeforeWriteError(path string) *Error {
	return errorf(KindStale, "Stale hashline tag for %s: file content changed before write. Re-read before editing.", path)
}

// WriteFailedError reports a failed write of section index of paths, naming
// the sections already written and those not written.
func WriteFailedError(paths []string, index int, cause error) *Error {
	msg := fmt.Sprintf("Failed to write %s: %s", paths[index], cause.Error())
	if index > 0 {
		msg += " Sections already written: " + strings.Join(paths[:index], ", ") + "."
	}
	if index+1 < len(paths) {
		msg += " Sections not written: " + strings.Join(paths[index+1:], ", ") + "."
	}
	return &Error{Kind: KindUnreadable, Msg: msg, Err: cause}
}

// lineRange is an inclusive range of 1-based lines.
type lineRange struct{ start, end int }

// anchoredContext renders the rows around anchors: `*N:text` for anchored
// lines, ` N:text` for up to two lines either side, `...` between gaps.
// Anchors outside fileLines contribute nothing.
func anchoredContext(anchors []lineRange, fileLines []string) []string {
	n := len(fileLines)
	var spans []lineRange // display spans, merged
	for _, a := range mergeRanges(anchors) {
		lo, hi := max(a.start, 1), min(a.end, n)
		if lo > hi {
			continue
		}
		lo, hi = max(1, lo-mismatchContext), min(n, hi+mismatchContext)
		if k := len(spans); k > 0 && lo <= spans[k-1].end+1 {
			spans[k-1].end = max(spans[k-1].end, hi)
			continue
		}
		spans = append(spans, lineRange{lo, hi})
	}
	marked := mergeRanges(anchors)
	var rows []string
	mi := 0
	for si, sp := range spans {
		if si > 0 {
			rows = append(rows, "...")
		}
		for line := sp.start; line <= sp.end; line++ {
			if len(rows) >= maxContextRows {
				return append(rows, "...")
			}
			for mi < len(marked) && marked[mi].end < line {
				mi++
			}
			mark := " "
			if mi < len(marked) && marked[mi].start <= line {
				mark = "*"
			}
			rows = append(rows, mark+Row(line, preview(fileLines[line-1], maxContextWidth)))
		}
	}
	return rows
}

// mergeRanges sorts and merges overlapping or touching ranges.
func mergeRanges(in []lineRange) []lineRange {
	out := append([]lineRange(nil), in...)
	sortRanges(out)
	merged := out[:0]
	for _, r := range out {
		if k := len(merged); k > 0 && r.start <= merged[k-1].end+1 {
			merged[k-1].end = max(merged[k-1].end, r.end)
			continue
		}
		merged = append(merged, r)
	}
	return merged
}

// CutRowMarker ends a search row cut at its display limit (the search tool
// writes it). A body row ending with it was most likely copied from such a
// row, and Parse warns (WarnCutRow); it is not refused, since a file may
// hold the text.
const CutRowMarker = "…... [truncated]"

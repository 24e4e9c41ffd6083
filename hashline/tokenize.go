package hashline

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// maxSafeInteger is JavaScript's Number.MAX_SAFE_INTEGER: the largest anchor
// the language accepts, kept for compatibility with scripts written for the
// reference engine.
const maxSafeInteger = 1<<53 - 1

// maxRangeLines caps how many lines one numeric range may name; it is
// checked before anything is expanded.
const maxRangeLines = 100_000

const (
	markerBegin = "*** Begin Patch"
	markerEnd   = "*** End Patch"
	markerAbort = "*** Abort"
)

type tokenKind uint8

const (
	tokBlank tokenKind = iota + 1
	tokBegin
	tokEnd
	tokAbort
	tokHeader
	tokOp
	tokLiteral // a `+TEXT` row; text is TEXT
	tokRaw     // anything else; text is the whole line
)

type token struct {
	kind tokenKind
	line int
	text string
	op   Op // for tokOp: Kind, Start, End
	path string
	tag  string
}

func isWS(c byte) bool { return c == ' ' || (c >= '\t' && c <= '\r') }

func skipWS(s string, i, end int) int {
	for i < end && isWS(s[i]) {
		i++
	}
	return i
}

func trimEndIndex(s string) int {
	end := len(s)
	for end > 0 && isWS(s[end-1]) {
		end--
	}
	return end
}

func isMarker(line, marker string) bool {
	return trimEndIndex(line) == len(marker) && strings.HasPrefix(line, marker)
}

func unsafeIntegerError(lineNum int, digits string) *Error {
	prefix := ""
	if lineNum > 0 {
		prefix = fmt.Sprintf("line %d: ", lineNum)
	}
	return errorf(KindInvalid, "%sline anchor %s is not a safe integer; line numbers must be positive safe integers no greater than %d.", prefix, jsonQuote(digits), maxSafeInteger)
}

// scanNumber reads an anchor `[1-9][0-9]*` at i. It fails with an error for
// a number above [maxSafeInteger]; ok is false when no anchor starts at i.
func scanNumber(s string, i, end, lineNum int) (n, next int, ok bool, err error) {
	if i >= end || s[i] < '1' || s[i] > '9' {
		return 0, i, false, nil
	}
	next = i
	for next < end && s[next] >= '0' && s[next] <= '9' {
		next++
	}
	for k := i; k < next; k++ {
		d := int(s[k] - '0')
		if n > (maxSafeInteger-d)/10 {
			return 0, next, false, unsafeIntegerError(lineNum, s[i:next])
		}
		n = n*10 + d
	}
	return n, next, true, nil
}

// scanRangeSep skips a range separator — any mix of whitespace, `-`, `…`
// and `..` — and returns where the second number starts, or -1.
func scanRangeSep(s string, i, end int) int {
	consumed := false
	for i < end {
		switch {
		case isWS(s[i]) || s[i] == '-':
			i++
		case strings.HasPrefix(s[i:end], "…"):
			i += len("…")
		case s[i] == '.' && i+1 < end && s[i+1] == '.':
			i += 2
		default:
			goto done
		}
		consumed = true
	}
done:
	if !consumed || i >= end || s[i] < '1' || s[i] > '9' {
		return -1
	}
	return i
}

// scanKeyword matches keyword at i when it is followed by whitespace, `:`
// or the end, returning the index after it or -1.
func scanKeyword(s string, i, end int, keyword string) int {
	if !strings.HasPrefix(s[i:], keyword) {
		return -1
	}
	next := i + len(keyword)
	if next < end && !isWS(s[next]) && s[next] != ':' {
		return -1
	}
	return next
}

func optionalColon(s string, i, end int) int {
	i = skipWS(s, i, end)
	if i < end && s[i] == ':' {
		return skipWS(s, i+1, end)
	}
	return i
}

// scanRange reads `A`, or `A SEP B`, returning the range and the index
// after it (whitespace skipped).
func scanRange(s string, i, end, lineNum int) (a, b, next int, ok bool, err error) {
	a, next, ok, err = scanNumber(s, skipWS(s, i, end), end, lineNum)
	if !ok || err != nil {
		return
	}
	sep := scanRangeSep(s, next, end)
	if sep < 0 {
		return a, a, skipWS(s, next, end), true, nil
	}
	b, next, ok, err = scanNumber(s, sep, end, lineNum)
	if !ok || err != nil {
		return
	}
	return a, b, skipWS(s, next, end), true, nil
}

// parseOpHeader recognises a hunk header line. It returns ok=false for a
// line that is not one, and an error only for an unsafe anchor.
func parseOpHeader(line string, lineNum int) (op Op, ok bool, err error) {
	end := trimEndIndex(line)
	i := skipWS(line, 0, end)
	if i >= end {
		return Op{}, false, nil
	}
	next := -1
	number := func(at int) (int, int, bool) {
		n, nx, good, e := scanNumber(line, skipWS(line, at, end), end, lineNum)
		if e != nil {
			err = e
		}
		return n, nx, good && e == nil
	}
	if k := scanKeyword(line, i, end, "replace"); k >= 0 {
		if b := scanKeyword(line, skipWS(line, k, end), end, "block"); b >= 0 {
			n, nx, good := number(b)
			if !good {
				return Op{}, false, err
			}
			op, next = Op{Kind: OpReplaceBlock, Start: n, End: n}, optionalColon(line, nx, end)
		} else {
			a, bb, nx, good, e := scanRange(line, k, end, lineNum)
			if !good || e != nil {
				return Op{}, false, e
			}
			op, next = Op{Kind: OpReplace, Start: a, End: bb}, optionalColon(line, nx, end)
		}
	} else if k := scanKeyword(line, i, end, "delete"); k >= 0 {
		kind, a, bb, nx := OpDelete, 0, 0, 0
		if b := scanKeyword(line, skipWS(line, k, end), end, "block"); b >= 0 {
			n, x, good := number(b)
			if !good {
				return Op{}, false, err
			}
			kind, a, bb, nx = OpDeleteBlock, n, n, skipWS(line, x, end)
		} else {
			var good bool
			var e error
			a, bb, nx, good, e = scanRange(line, k, end, lineNum)
			if !good || e != nil {
				return Op{}, false, e
			}
		}
		if nx < end && line[nx] == ':' {
			return Op{}, false, nil
		}
		op, next = Op{Kind: kind, Start: a, End: bb}, nx
	} else if k := scanKeyword(line, i, end, "insert"); k >= 0 {
		c := skipWS(line, k, end)
		if b := scanKeyword(line, c, end, "before"); b >= 0 {
			n, nx, good := number(b)
			if !good {
				return Op{}, false, err
			}
			op, next = Op{Kind: OpInsertBefore, Start: n, End: n}, optionalColon(line, nx, end)
		} else if a := scanKeyword(line, c, end, "after"); a >= 0 {
			kind, at := OpInsertAfter, a
			if b := scanKeyword(line, skipWS(line, a, end), end, "block"); b >= 0 {
				kind, at = OpInsertAfterBlock, b
			}
			n, nx, good := number(at)
			if !good {
				return Op{}, false, err
			}
			op, next = Op{Kind: kind, Start: n, End: n}, optionalColon(line, nx, end)
		} else if h := scanKeyword(line, c, end, "head"); h >= 0 {
			op, next = Op{Kind: OpInsertHead}, optionalColon(line, h, end)
		} else if t := scanKeyword(line, c, end, "tail"); t >= 0 {
			op, next = Op{Kind: OpInsertTail}, optionalColon(line, t, end)
		} else {
			return Op{}, false, nil
		}
	} else {
		return Op{}, false, nil
	}
	if next != end {
		return Op{}, false, nil
	}
	op.Line = lineNum
	return op, true, nil
}

// isOpHeader reports whether text parses as a hunk header (an unsafe anchor
// counts as not one).
func isOpHeader(text string) bool {
	_, ok, err := parseOpHeader(text, 0)
	return ok && err == nil
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// parseHeaderToken recognises the strict `[PATH]` / `[PATH#XXXX]` header.
// PATH may hold spaces but no `#`.
func parseHeaderToken(line string) (path, tag string, ok bool) {
	if !strings.HasPrefix(line, "[") {
		return "", "", false
	}
	end := trimEndIndex(line)
	if end <= 2 || line[end-1] != ']' {
		return "", "", false
	}
	bodyEnd := end - 1
	pathEnd := bodyEnd
	if h := bodyEnd - 5; h >= 1 && line[h] == '#' {
		allHex := true
		for p := h + 1; p < bodyEnd; p++ {
			allHex = allHex && isHex(line[p])
		}
		if allHex {
			pathEnd, tag = h, strings.ToUpper(line[h+1:bodyEnd])
		}
	}
	if strings.IndexByte(line[1:pathEnd], '#') >= 0 || pathEnd == 1 {
		return "", "", false
	}
	return line[1:pathEnd], tag, true
}

// classify turns one script line (without its line break) into a token.
// It fails only for an unsafe anchor on a hunk header.
func classify(line string, lineNum int) (token, error) {
	t := token{line: lineNum, text: line}
	switch {
	case line == "":
		t.kind = tokBlank
		return t, nil
	case isMarker(line, markerBegin):
		t.kind = tokBegin
		return t, nil
	case isMarker(line, markerEnd):
		t.kind = tokEnd
		return t, nil
	case isMarker(line, markerAbort):
		t.kind = tokAbort
		return t, nil
	}
	if path, tag, ok := parseHeaderToken(line); ok {
		t.kind, t.path, t.tag = tokHeader, path, tag
		return t, nil
	}
	lead := line[skipWS(line, 0, len(line)):]
	if strings.HasPrefix(lead, "replace") || strings.HasPrefix(lead, "delete") || strings.HasPrefix(lead, "insert") {
		op, ok, err := parseOpHeader(line, lineNum)
		if err != nil {
			return t, err
		}
		if ok {
			t.kind, t.op = tokOp, op
			return t, nil
		}
	}
	if line[0] == '+' {
		t.kind, t.text = tokLiteral, line[1:]
		return t, nil
	}
	t.kind = tokRaw
	return t, nil
}

// splitScriptLines splits a script into lines at "\r\n", "\n" and a lone
// "\r", the breaks a file's text is normalised at: a body row holding a lone
// CR would be written as two lines, and the tag returned for the result would
// not be the tag of the file as read back.
func splitScriptLines(s string) []string {
	if strings.IndexByte(s, '\r') >= 0 {
		s = strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
	}
	return strings.Split(s, "\n")
}

// validUTF8Prefix keeps messages well-formed when a script holds bad bytes.
func validUTF8Prefix(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

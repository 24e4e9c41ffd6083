// Package hashline is the anchored edit language behind read's numbered
// output and the edit tool: tags, numbered rows, the script parser, the
// applier, stale-tag recovery and block resolution. It does no I/O.
package hashline

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/OneOfOne/xxhash"
)

var trailingWS = regexp.MustCompile(`[ \t\r]+(\n|$)`)

// Normalize returns text as the tag sees it: one leading BOM stripped, CRLF
// and lone CR turned into LF, and trailing spaces and tabs before each newline
// (and at the end) removed.
func Normalize(text string) string {
	text = strings.TrimPrefix(text, "\uFEFF")
	text = strings.ReplaceAll(text, "\r\n", "\n")
	text = strings.ReplaceAll(text, "\r", "\n")
	return trailingWS.ReplaceAllString(text, "$1")
}

// Tag returns the four-hex snapshot tag of a whole file's text: the low 16
// bits of xxHash32 (seed 0) over the normalised text, upper case.
func Tag(text string) string {
	return fmt.Sprintf("%04X", xxhash.ChecksumString32(Normalize(text))&0xFFFF)
}

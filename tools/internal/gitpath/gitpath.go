// Package gitpath writes file names as git writes them in a diff.
package gitpath

import (
	"fmt"
	"strings"
)

// Quote is name as git writes it in a diff with core.quotePath on (its
// default): unchanged unless it holds a byte below 0x20, a double quote,
// a backslash, DEL or a byte of 0x80 and up; then in double quotes, those
// bytes as C escapes (\t, \n, \", \\) or three octal digits (\033).
func Quote(name string) string {
	i := 0
	for i < len(name) && !needsQuote(name[i]) {
		i++
	}
	if i == len(name) {
		return name
	}
	var b strings.Builder
	b.WriteByte('"')
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !needsQuote(c) {
			b.WriteByte(c)
			continue
		}
		b.WriteByte('\\')
		if e := strings.IndexByte("\a\b\t\n\v\f\r\"\\", c); e >= 0 {
			b.WriteByte("abtnvfr\"\\"[e])
		} else {
			fmt.Fprintf(&b, "%03o", c)
		}
	}
	b.WriteByte('"')
	return b.String()
}

func needsQuote(c byte) bool { return c < 0x20 || c == '"' || c == '\\' || c >= 0x7f }

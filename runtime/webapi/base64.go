package webapi

import (
	"encoding/base64"
	"strings"
	"unicode/utf8"
)

// btoa is the HTML Standard's btoa: the base64 of s, whose code points
// must each fit a byte.
func btoa(s string) (string, error) {
	b := make([]byte, 0, len(s))
	for i, r := range s {
		if r > 0xFF {
			return "", domError("InvalidCharacterError", "btoa: the string has a character outside Latin-1 (%q at index %d); encode text first: btoa(String.fromCharCode(...new TextEncoder().encode(s)))", r, i)
		}
		b = append(b, byte(r))
	}
	return base64.StdEncoding.EncodeToString(b), nil
}

// atob is the HTML Standard's atob: forgiving-base64 decode, each byte as
// one code point of the result.
func atob(s string) (string, error) {
	b, ok := forgivingBase64(s)
	if !ok {
		return "", domError("InvalidCharacterError", "atob: the string is not valid base64")
	}
	var sb strings.Builder
	sb.Grow(len(b) * 2)
	for _, c := range b {
		if c < utf8.RuneSelf {
			sb.WriteByte(c)
		} else {
			sb.WriteRune(rune(c))
		}
	}
	return sb.String(), nil
}

// forgivingBase64 is the Infra Standard's forgiving-base64 decode: ASCII
// whitespace is ignored, padding is optional but must be right, and bits
// past the last byte are dropped.
func forgivingBase64(s string) ([]byte, bool) {
	if strings.ContainsAny(s, "\t\n\f\r ") {
		s = strings.Map(func(r rune) rune {
			switch r {
			case '\t', '\n', '\f', '\r', ' ':
				return -1
			}
			return r
		}, s)
	}
	if len(s)%4 == 0 {
		if strings.HasSuffix(s, "==") {
			s = s[:len(s)-2]
		} else if strings.HasSuffix(s, "=") {
			s = s[:len(s)-1]
		}
	}
	if len(s)%4 == 1 {
		return nil, false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !('A' <= c && c <= 'Z' || 'a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '+' || c == '/') {
			return nil, false
		}
	}
	b, err := base64.RawStdEncoding.DecodeString(s)
	return b, err == nil
}

package webapi

import (
	"encoding/json"
	"strings"
	"unicode/utf8"
)

// formParse is the application/x-www-form-urlencoded parser of the URL
// Standard: the list of [name, value] pairs of query, as JSON.
func formParse(query string) string {
	pairs := [][2]string{}
	for seq := range strings.SplitSeq(query, "&") {
		if seq == "" {
			continue
		}
		name, value, _ := strings.Cut(seq, "=")
		pairs = append(pairs, [2]string{formDecode(name), formDecode(value)})
	}
	b, _ := json.Marshal(pairs)
	return string(b)
}

// formDecode replaces '+' with a space, percent-decodes the bytes and
// decodes them as UTF-8 with replacement.
func formDecode(s string) string {
	if !strings.ContainsAny(s, "+%") && utf8.ValidString(s) {
		return s
	}
	var sb strings.Builder
	decodeUTF8(&sb, percentDecode(s, true), false, true)
	return sb.String()
}

// percentDecode is the URL Standard's percent-decode: %XX becomes its
// byte, any other % stays; with plusIsSpace (form data) '+' is a space.
func percentDecode(s string, plusIsSpace bool) []byte {
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '+' && plusIsSpace:
			b = append(b, ' ')
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b = append(b, unhex(s[i+1])<<4|unhex(s[i+2]))
			i += 2
		default:
			b = append(b, c)
		}
	}
	return b
}

func isHex(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func unhex(c byte) byte {
	switch {
	case c <= '9':
		return c - '0'
	case c >= 'a':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

// formSerialize is the application/x-www-form-urlencoded serializer: pairs
// is their JSON (a lone surrogate in it has become U+FFFD, as USVString
// conversion wants).
func formSerialize(pairsJSON string) (string, error) {
	var pairs [][2]string
	if err := json.Unmarshal([]byte(pairsJSON), &pairs); err != nil {
		return "", typeError("URLSearchParams: bad pairs")
	}
	var sb strings.Builder
	for i, p := range pairs {
		if i > 0 {
			sb.WriteByte('&')
		}
		formEncode(&sb, p[0])
		sb.WriteByte('=')
		formEncode(&sb, p[1])
	}
	return sb.String(), nil
}

const upperHex = "0123456789ABCDEF"

func formEncode(sb *strings.Builder, s string) {
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == ' ':
			sb.WriteByte('+')
		case 'a' <= c && c <= 'z', 'A' <= c && c <= 'Z', '0' <= c && c <= '9', c == '*', c == '-', c == '.', c == '_':
			sb.WriteByte(c)
		default:
			sb.WriteByte('%')
			sb.WriteByte(upperHex[c>>4])
			sb.WriteByte(upperHex[c&15])
		}
	}
}

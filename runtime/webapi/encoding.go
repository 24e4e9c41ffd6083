package webapi

import (
	"encoding/base64"
	"strconv"
	"strings"
	"unicode/utf8"
)

// The Unicode encodings TextDecoder knows, by canonical name, and their
// labels (Encoding Standard, section 4.2). Legacy single- and multi-byte
// encodings are refused with a RangeError that says how to convert.
var decoderLabels = map[string]string{
	"unicode-1-1-utf-8": "utf-8", "unicode11utf8": "utf-8", "unicode20utf8": "utf-8",
	"utf-8": "utf-8", "utf8": "utf-8", "x-unicode20utf8": "utf-8",
	"unicodefffe": "utf-16be", "utf-16be": "utf-16be",
	"csunicode": "utf-16le", "iso-10646-ucs-2": "utf-16le", "ucs-2": "utf-16le", "unicode": "utf-16le",
	"unicodefeff": "utf-16le", "utf-16": "utf-16le", "utf-16le": "utf-16le",
}

// decoderLabel returns the encoding a TextDecoder label names.
func decoderLabel(label string) (string, error) {
	l := strings.ToLower(strings.Trim(label, "\t\n\f\r "))
	if enc, ok := decoderLabels[l]; ok {
		return enc, nil
	}
	return "", rangeError("TextDecoder: the encoding %q is not supported here (only utf-8, utf-16le and utf-16be); convert other encodings with bash, e.g. iconv -f %s -t utf-8 FILE", label, strings.TrimSpace(label))
}

// encodeUTF8 is TextEncoder.encode: the UTF-8 bytes of s, as base64. A lone
// surrogate becomes U+FFFD.
func encodeUTF8(s string) string {
	return base64.StdEncoding.EncodeToString(wellFormed(s))
}

// wellFormed returns the UTF-8 of s with every lone surrogate (which an
// engine may hand over as its 3-byte generalized UTF-8 form) and every other
// invalid byte replaced by U+FFFD.
func wellFormed(s string) []byte {
	if utf8.ValidString(s) {
		return []byte(s)
	}
	out := make([]byte, 0, len(s)+8)
	for i := 0; i < len(s); {
		r, n := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && n <= 1 && i+2 < len(s) && s[i] == 0xED && s[i+1] >= 0xA0 && s[i+1] <= 0xBF && s[i+2] >= 0x80 && s[i+2] <= 0xBF {
			n = 3 // an encoded surrogate
		}
		if r == utf8.RuneError && n <= 3 {
			out = utf8.AppendRune(out, utf8.RuneError)
		} else {
			out = append(out, s[i:i+n]...)
		}
		i += n
	}
	return out
}

// encodeInto is TextEncoder.encodeInto for a destination of room bytes:
// "read,base64" where read counts the UTF-16 code units of s that fit
// whole.
func encodeInto(s string, room int) string {
	b := wellFormed(s)
	read, n := 0, 0
	for n < len(b) {
		_, size := utf8.DecodeRune(b[n:])
		if n+size > room {
			break
		}
		n += size
		read++
		if size == 4 {
			read++ // a surrogate pair in UTF-16
		}
	}
	return strconv.Itoa(read) + "," + base64.StdEncoding.EncodeToString(b[:n])
}

// decode is TextDecoder.decode: enc is a canonical name, flags four '0'/'1'
// characters (fatal, ignoreBOM, BOM already seen, flush), pending the bytes
// a streaming decode kept from the previous call and input the new bytes,
// both base64. The reply is "pending,B" + text, where pending is what to
// keep for the next call and B is '1' once the BOM check is done.
func decode(enc, flags, pending, input string) (string, error) {
	if len(flags) != 4 {
		return "", typeError("TextDecoder: bad flags")
	}
	fatal, ignoreBOM, bomSeen, flush := flags[0] == '1', flags[1] == '1', flags[2] == '1', flags[3] == '1'
	p, err1 := base64.StdEncoding.DecodeString(pending)
	b, err2 := base64.StdEncoding.DecodeString(input)
	if err1 != nil || err2 != nil {
		return "", typeError("TextDecoder: bad input")
	}
	if len(p) > 0 {
		b = append(p, b...)
	}
	var sb strings.Builder
	sb.Grow(len(b))
	var rest []byte
	var ok bool
	switch enc {
	case "utf-8":
		rest, ok = decodeUTF8(&sb, b, fatal, flush)
	case "utf-16le", "utf-16be":
		rest, ok = decodeUTF16(&sb, b, enc == "utf-16be", fatal, flush)
	default:
		return "", rangeError("TextDecoder: unknown encoding %q", enc)
	}
	if !ok {
		return "", typeError("The encoded data was not valid %s", enc)
	}
	text := sb.String()
	if !bomSeen && text != "" {
		bomSeen = true
		if !ignoreBOM {
			text = strings.TrimPrefix(text, "\uFEFF")
		}
	}
	seen := "0"
	if bomSeen {
		seen = "1"
	}
	return base64.StdEncoding.EncodeToString(rest) + "," + seen + text, nil
}

// decodeUTF8 is the Encoding Standard's UTF-8 decoder: every maximal
// invalid subpart becomes one U+FFFD (or, when fatal, the decode fails:
// ok is false). Without flush, an incomplete sequence at the end is
// returned as rest instead of being an error.
func decodeUTF8(sb *strings.Builder, b []byte, fatal, flush bool) (rest []byte, ok bool) {
	needed, seen := 0, 0
	var cp rune
	lower, upper := byte(0x80), byte(0xBF)
	start := 0 // index of the lead byte of the sequence in progress
	for i := 0; i < len(b); i++ {
		c := b[i]
		if needed == 0 {
			switch {
			case c < 0x80:
				// A run of ASCII is the common case: copy it whole.
				j := i + 1
				for j < len(b) && b[j] < 0x80 {
					j++
				}
				sb.Write(b[i:j])
				i = j - 1
			case c >= 0xC2 && c <= 0xDF:
				needed, cp = 1, rune(c&0x1F)
			case c >= 0xE0 && c <= 0xEF:
				if c == 0xE0 {
					lower = 0xA0
				} else if c == 0xED {
					upper = 0x9F
				}
				needed, cp = 2, rune(c&0x0F)
			case c >= 0xF0 && c <= 0xF4:
				if c == 0xF0 {
					lower = 0x90
				} else if c == 0xF4 {
					upper = 0x8F
				}
				needed, cp = 3, rune(c&0x07)
			default:
				if fatal {
					return nil, false
				}
				sb.WriteRune(utf8.RuneError)
			}
			start = i
			continue
		}
		if c < lower || c > upper {
			needed, seen, cp = 0, 0, 0
			lower, upper = 0x80, 0xBF
			if fatal {
				return nil, false
			}
			sb.WriteRune(utf8.RuneError)
			i-- // the byte starts over
			continue
		}
		lower, upper = 0x80, 0xBF
		cp = cp<<6 | rune(c&0x3F)
		seen++
		if seen == needed {
			sb.WriteRune(cp)
			needed, seen, cp = 0, 0, 0
		}
	}
	if needed > 0 {
		if !flush {
			return b[start:], true
		}
		if fatal {
			return nil, false
		}
		sb.WriteRune(utf8.RuneError)
	}
	return nil, true
}

// decodeUTF16 is the Encoding Standard's shared UTF-16 decoder.
func decodeUTF16(sb *strings.Builder, b []byte, bigEndian, fatal, flush bool) (rest []byte, ok bool) {
	lead := -1 // a lead surrogate waiting for its trail
	i := 0
	for ; i+1 < len(b); i += 2 {
		var u int
		if bigEndian {
			u = int(b[i])<<8 | int(b[i+1])
		} else {
			u = int(b[i+1])<<8 | int(b[i])
		}
		if lead >= 0 {
			l := lead
			lead = -1
			if u >= 0xDC00 && u <= 0xDFFF {
				sb.WriteRune(rune(0x10000 + (l-0xD800)<<10 + (u - 0xDC00)))
				continue
			}
			if fatal {
				return nil, false
			}
			sb.WriteRune(utf8.RuneError)
			// u is processed on its own below.
		}
		switch {
		case u >= 0xD800 && u <= 0xDBFF:
			lead = u
		case u >= 0xDC00 && u <= 0xDFFF:
			if fatal {
				return nil, false
			}
			sb.WriteRune(utf8.RuneError)
		default:
			sb.WriteRune(rune(u))
		}
	}
	if lead < 0 && i == len(b) {
		return nil, true
	}
	if !flush {
		from := i
		if lead >= 0 {
			from -= 2
		}
		return b[from:], true
	}
	if fatal {
		return nil, false
	}
	sb.WriteRune(utf8.RuneError)
	return nil, true
}

package webapi

import (
	"bytes"
	"encoding/base64"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzDecodeUTF8: a streaming decode split anywhere gives what one decode
// gives; valid UTF-8 comes back unchanged; fatal fails exactly on invalid
// input.
func FuzzDecodeUTF8(f *testing.F) {
	for _, s := range []string{"", "abc", "é€😀", "\xF0\x9F\x92", "\xE0\x80\x80", "\xED\xA0\x80", "a\xF0\x90\x41b", "\xC1\xBF"} {
		f.Add([]byte(s), 1)
	}
	f.Fuzz(func(t *testing.T, b []byte, k int) {
		var whole strings.Builder
		decodeUTF8(&whole, b, false, true)
		if k < 0 {
			k = -k
		}
		k %= len(b) + 1
		var split strings.Builder
		rest, _ := decodeUTF8(&split, b[:k], false, false)
		decodeUTF8(&split, append(append([]byte{}, rest...), b[k:]...), false, true)
		if whole.String() != split.String() {
			t.Errorf("%q split at %d: %q, whole: %q", b, k, split.String(), whole.String())
		}
		if utf8.Valid(b) && whole.String() != string(b) {
			t.Errorf("valid %q decoded to %q", b, whole.String())
		}
		var sb strings.Builder
		if _, ok := decodeUTF8(&sb, b, true, true); ok != utf8.Valid(b) {
			t.Errorf("fatal decode of %q: ok = %v, valid = %v", b, ok, utf8.Valid(b))
		}
	})
}

// FuzzDecodeUTF16: a streaming decode split anywhere gives what one decode
// gives, in both byte orders.
func FuzzDecodeUTF16(f *testing.F) {
	f.Add([]byte{0x3d, 0xd8, 0x00, 0xde, 0x00}, 3)
	f.Add([]byte{0x00, 0xdc, 0x00, 0xd8}, 1)
	f.Fuzz(func(t *testing.T, b []byte, k int) {
		for _, be := range []bool{false, true} {
			var whole strings.Builder
			decodeUTF16(&whole, b, be, false, true)
			if k < 0 {
				k = -k
			}
			k %= len(b) + 1
			var split strings.Builder
			rest, _ := decodeUTF16(&split, b[:k], be, false, false)
			decodeUTF16(&split, append(append([]byte{}, rest...), b[k:]...), be, false, true)
			if whole.String() != split.String() {
				t.Errorf("%x (big endian %v) split at %d: %q, whole: %q", b, be, k, split.String(), whole.String())
			}
			if !utf8.ValidString(whole.String()) {
				t.Errorf("%x decoded to invalid UTF-8", b)
			}
		}
	})
}

// FuzzForgivingBase64: what decodes re-encodes to the same bytes, and the
// standard encoding of any bytes decodes back to them.
func FuzzForgivingBase64(f *testing.F) {
	for _, s := range []string{"", "YQ", "YQ==", " Y Q = = ", "A/", "////A", "abcd="} {
		f.Add(s, []byte(s))
	}
	f.Fuzz(func(t *testing.T, s string, raw []byte) {
		if b, ok := forgivingBase64(s); ok {
			again, ok := forgivingBase64(base64.StdEncoding.EncodeToString(b))
			if !ok || !bytes.Equal(again, b) {
				t.Errorf("%q decoded to %x, whose encoding decodes to %x", s, b, again)
			}
		}
		if b, ok := forgivingBase64(base64.StdEncoding.EncodeToString(raw)); !ok || !bytes.Equal(b, raw) {
			t.Errorf("the encoding of %x decodes to %x, %v", raw, b, ok)
		}
	})
}

// FuzzForm: serializing parsed pairs and parsing them again gives the same
// pairs.
func FuzzForm(f *testing.F) {
	for _, s := range []string{"", "a=b&c", "a+b=%20&&=x", "%zz=%e2%82", "%F0%9F%92%A9=%"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, q string) {
		pairs := formParse(q)
		ser, err := formSerialize(pairs)
		if err != nil {
			t.Fatal(err)
		}
		if again := formParse(ser); again != pairs {
			t.Errorf("%q parsed to %s, serialized to %q, which parses to %s", q, pairs, ser, again)
		}
	})
}

package bindings

import (
	"bytes"
	"encoding/json"
	"fmt"
	"unicode/utf8"
)

// Limits of the arguments a call record keeps. Records last the whole run
// and go out in --json, --events and MCP structured content, so a script
// that writes a 10 MB file a thousand times must not keep ten gigabytes of
// them.
const (
	recordArgsBytes  = 4 << 10 // arguments up to this size are kept as they are
	recordArgsString = 200     // longer strings are cut to this many characters
	recordArgsMax    = 16 << 10
)

// RecordArgs returns the arguments a call record keeps: raw when it is
// small; else raw with every long string cut to its first characters and a
// note of how many were left out; else, when even that is too large (huge
// arrays), a JSON string saying how large the arguments were. The result is
// always valid JSON when raw is.
func RecordArgs(raw json.RawMessage) json.RawMessage {
	if len(raw) <= recordArgsBytes {
		return raw
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err == nil {
		if short, err := json.Marshal(shortenStrings(v)); err == nil && len(short) <= recordArgsMax {
			return short
		}
	}
	note, _ := json.Marshal(fmt.Sprintf("(arguments of %d bytes, not kept)", len(raw)))
	return note
}

// shortenStrings cuts the long strings in a decoded JSON value.
func shortenStrings(v any) any {
	switch v := v.(type) {
	case string:
		if utf8.RuneCountInString(v) <= recordArgsString {
			return v
		}
		n, cut := 0, len(v)
		for i := range v {
			if n == recordArgsString {
				cut = i
				break
			}
			n++
		}
		return fmt.Sprintf("%s…(%d more characters)", v[:cut], utf8.RuneCountInString(v[cut:]))
	case []any:
		for i := range v {
			v[i] = shortenStrings(v[i])
		}
	case map[string]any:
		for k := range v {
			v[k] = shortenStrings(v[k])
		}
	}
	return v
}

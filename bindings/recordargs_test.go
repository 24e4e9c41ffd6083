package bindings

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestRecordArgs(t *testing.T) {
	long := strings.Repeat("x", 10_000)
	wide := strings.Repeat("é", 5_000)
	many := "[" + strings.Repeat(`"abc",`, 10_000) + `"abc"]`
	for _, c := range []struct {
		name, raw, want string
	}{
		{"small args are kept as they are", `{"path": "a.txt",  "n": 1}`, `{"path": "a.txt",  "n": 1}`},
		{"a long string is cut", `{"path":"a.txt","content":"` + long + `"}`,
			`{"content":"` + strings.Repeat("x", 200) + `…(9800 more characters)","path":"a.txt"}`},
		{"characters, not bytes", `{"content":"` + wide + `"}`, `{"content":"` + strings.Repeat("é", 200) + `…(4800 more characters)"}`},
		{"nested strings and numbers", `{"edits":[{"text":"` + long + `","line":12345678901234567890}]}`,
			`{"edits":[{"line":12345678901234567890,"text":"` + strings.Repeat("x", 200) + `…(9800 more characters)"}]}`},
		{"too many small values", many, `"(arguments of 60007 bytes, not kept)"`},
		{"not JSON", `{"a":"` + long, `"(arguments of 10006 bytes, not kept)"`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := string(RecordArgs(json.RawMessage(c.raw)))
			if got != c.want {
				t.Fatalf("got  %.300s\nwant %.300s", got, c.want)
			}
		})
	}
}

// FuzzRecordArgs: the record is valid JSON whenever the arguments are, and
// never much larger than the cap.
func FuzzRecordArgs(f *testing.F) {
	f.Add(`{"a":"` + strings.Repeat("ü", 3000) + `"}`)
	f.Add(`[` + strings.Repeat(`{"k":"v"},`, 1000) + `1]`)
	f.Add(`"\ud800` + strings.Repeat("y", 5000) + `"`)
	f.Fuzz(func(t *testing.T, raw string) {
		got := RecordArgs(json.RawMessage(raw))
		if json.Valid([]byte(raw)) && !json.Valid(got) {
			t.Fatalf("invalid record %.200q for valid arguments", got)
		}
		if len(raw) > recordArgsBytes && len(got) > recordArgsMax {
			t.Fatalf("record of %d bytes", len(got))
		}
	})
}

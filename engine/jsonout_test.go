package engine

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// TestWriteJSONMatchesEncoder: Result.WriteJSON and Event.WriteJSON write
// what json.Encoder writes, large strings included (streamed in chunks
// cut on character boundaries, HTML-escaped alike), and a large string
// that looks like a placeholder stays itself.
func TestWriteJSONMatchesEncoder(t *testing.T) {
	big := "x" + strings.Repeat("é<b>&\u2028\n", largePiece/6) + "\x00atomic-script:0:s0\x00"
	bigValue := quoteJSON(strings.Repeat("value ", largePiece/5))
	r := &Result{
		OK:     true,
		Value:  bigValue,
		Output: []Item{{Type: "text", Text: "small"}, {Type: "text", Text: big}},
		Logs:   []string{big, "a <small> log", big + "2"},
		Text:   "rendered",
		Wall:   3 * time.Millisecond,
		Calls:  []Call{{ID: "1", Name: "read", Args: json.RawMessage(`{"path":"a"}`)}},
	}
	encode := func(v any, indent string) string {
		var b bytes.Buffer
		enc := json.NewEncoder(&b)
		enc.SetIndent("", indent)
		if err := enc.Encode(v); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	for _, indent := range []string{"", "  "} {
		var got bytes.Buffer
		if err := r.WriteJSON(&got, indent); err != nil {
			t.Fatal(err)
		}
		if want := encode(r, indent); got.String() != want {
			t.Errorf("indent %q: WriteJSON differs from json.Encoder (%d and %d bytes)", indent, got.Len(), len(want))
		}
	}
	ev := Event{Type: "log", Time: time.Unix(1, 0).UTC(), Text: big}
	var got bytes.Buffer
	if err := ev.WriteJSON(&got); err != nil {
		t.Fatal(err)
	}
	if want := encode(ev, ""); got.String() != want {
		t.Errorf("event: WriteJSON differs from json.Encoder (%d and %d bytes)", got.Len(), len(want))
	}
	got.Reset()
	if err := (Event{Type: "run_end", Result: r}).WriteJSON(&got); err != nil {
		t.Fatal(err)
	}
	if want := encode(Event{Type: "run_end", Result: r}, ""); got.String() != want {
		t.Errorf("run_end: WriteJSON differs from json.Encoder (%d and %d bytes)", got.Len(), len(want))
	}
}

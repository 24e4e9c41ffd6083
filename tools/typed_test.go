package tools_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

// upper is an argument type with its own decoder: {} must reach it.
type upper struct{ Seen string }

func (u *upper) UnmarshalJSON(b []byte) error { u.Seen = "decoded " + string(b); return nil }

type withUpper struct{ upper }

type plain struct {
	Name string   `json:"name,omitempty"`
	N    int      `json:"n,omitempty"`
	Tags []string `json:"tags,omitempty"`
}

// decodedBy runs a tool built by New with args and returns the In it got.
func decodedBy[In any](t *testing.T, args string) In {
	t.Helper()
	var got In
	tool := tools.New(tools.Spec{Name: "probe"}, func(_ context.Context, _ *tools.Env, in In) (tools.Result, error) {
		got = in
		return tools.Result{Text: "ok"}, nil
	})
	if _, err := tool.Run(context.Background(), nil, json.RawMessage(args)); err != nil {
		t.Fatalf("Run(%s): %v", args, err)
	}
	return got
}

// TestNewDecodesLikeUnmarshal: a typed tool sees the value json.Unmarshal
// makes of its arguments, also for {} (which skips the decoder where the
// result is the zero value anyway) and for types with their own decoder.
func TestNewDecodesLikeUnmarshal(t *testing.T) {
	check := func(name string, got, want any) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: got %#v, want %#v", name, got, want)
		}
	}
	for _, args := range []string{"{}", "null", "", `{"name":"x","n":2,"tags":[]}`, `{"n":0}`} {
		var want plain
		if args != "" && args != "null" {
			_ = json.Unmarshal([]byte(args), &want)
		}
		check("plain "+args, decodedBy[plain](t, args), want)
	}
	for _, args := range []string{"{}", `{"a":1}`} {
		var wantU upper
		_ = json.Unmarshal([]byte(args), &wantU)
		check("own decoder "+args, decodedBy[upper](t, args), wantU)
		var wantE withUpper
		_ = json.Unmarshal([]byte(args), &wantE)
		check("promoted decoder "+args, decodedBy[withUpper](t, args), wantE)
		var wantM map[string]any
		_ = json.Unmarshal([]byte(args), &wantM)
		check("map "+args, decodedBy[map[string]any](t, args), wantM)
	}
	if got := decodedBy[upper](t, "{}"); got.Seen != "decoded {}" {
		t.Errorf("a type with its own UnmarshalJSON was not given {}: %#v", got)
	}
	if got := decodedBy[map[string]any](t, "{}"); got == nil {
		t.Error("a map argument got nil for {}, want an empty map as json.Unmarshal makes")
	}
}

package cli

import (
	"encoding/json"
	"slices"
	"testing"
)

func TestParseFileAnswer(t *testing.T) {
	for _, tc := range []struct {
		in    string
		sel   []string
		other string
		bad   bool
	}{
		{`"Proceed"`, []string{"Proceed"}, "", false},
		{`["go","ts"]`, []string{"go", "ts"}, "", false},
		{`{"selected": "a", "other": "x"}`, []string{"a"}, "x", false},
		{`{"selected": ["a","b"]}`, []string{"a", "b"}, "", false},
		{`{"other": "free text"}`, nil, "free text", false},
		{`{"answer": 3}`, nil, "", true},
		{`3`, nil, "", true},
		{`{"selected": 3}`, nil, "", true},
	} {
		got, err := parseFileAnswer(json.RawMessage(tc.in))
		if (err != nil) != tc.bad || !tc.bad && (!slices.Equal(got.Selected, tc.sel) || got.Other != tc.other) {
			t.Errorf("%s: %+v, %v", tc.in, got, err)
		}
	}
}

func FuzzParseFileAnswer(f *testing.F) {
	for _, s := range []string{`"a"`, `["a","b"]`, `{"selected":"a","other":"o"}`, `{"other":""}`, `null`, `[1]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, err := parseFileAnswer(json.RawMessage(s))
		if err == nil && got.Selected == nil && got.Other == "" {
			t.Fatalf("%q parsed to an empty answer", s)
		}
	})
}

package cli

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestLoadAnswers: every shape of answer, in YAML and JSON; a scalar is
// the text written (YAML's yes, no, on, 3, 1.50 and ~-free keys are
// labels, not booleans or numbers); bad shapes fail naming the line.
func TestLoadAnswers(t *testing.T) {
	for _, tc := range []struct {
		file  string
		key   string
		sel   []string
		other string
		bad   string
	}{
		{`Merge approval: Proceed`, "Merge approval", []string{"Proceed"}, "", ""},
		{`{"Merge approval": "Proceed"}`, "Merge approval", []string{"Proceed"}, "", ""},
		{"{\n\t\"L\": [\"go\",\n\t\t\"ts\"]\n}\n", "L", []string{"go", "ts"}, "", ""},
		{`L: [go, ts]`, "L", []string{"go", "ts"}, "", ""},
		{"I:\n  selected: a\n  other: x\n", "I", []string{"a"}, "x", ""},
		{`I: {selected: [a, b]}`, "I", []string{"a", "b"}, "", ""},
		{`I: {selected: []}`, "I", []string{}, "", ""},
		{`I: {other: free text}`, "I", nil, "free text", ""},
		// YAML 1.1 booleans and numbers stay the labels they spell.
		{`Confirm: Yes`, "Confirm", []string{"Yes"}, "", ""},
		{`Confirm: no`, "Confirm", []string{"no"}, "", ""},
		{`Switch: [on, off]`, "Switch", []string{"on", "off"}, "", ""},
		{`Version: 1.50`, "Version", []string{"1.50"}, "", ""},
		{`Retries: 3`, "Retries", []string{"3"}, "", ""},
		{`yes: "null"`, "yes", []string{"null"}, "", ""},
		{"a: &p Proceed\nb: *p\n", "b", []string{"Proceed"}, "", ""},
		// Not an answer.
		{`I: {answer: 3}`, "", nil, "", `line 1: "I": an answer is a label`},
		{`I: {selected: a, extra: 1}`, "", nil, "", "an answer is a label"},
		{`I: {selected: {a: b}}`, "", nil, "", "an answer is a label"},
		{"I:\n", "", nil, "", `"I": an answer is a label`},
		{`I: [a, ~]`, "", nil, "", "an answer is a label"},
		{`I: [[a]]`, "", nil, "", "an answer is a label"},
		{`I: {other: ~}`, "", nil, "", "an answer is a label"},
		{"I: a\nI: b\n", "", nil, "", `line 2: "I" is answered twice`},
		{`[a, b]`, "", nil, "", "give an object keyed by question header"},
		{``, "", nil, "", "give an object keyed by question header"},
		{`{"a": `, "", nil, "", "not JSON or YAML"},
	} {
		path := filepath.Join(t.TempDir(), "answers.yaml")
		if err := os.WriteFile(path, []byte(tc.file), 0o600); err != nil {
			t.Fatal(err)
		}
		a, err := loadAnswers(path)
		if tc.bad != "" {
			if err == nil || !strings.Contains(err.Error(), tc.bad) {
				t.Errorf("%q: error %v, want %q", tc.file, err, tc.bad)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", tc.file, err)
			continue
		}
		got, ok := a.answers[tc.key]
		if !ok || !slices.Equal(got.Selected, tc.sel) || (got.Selected == nil) != (tc.sel == nil) || got.Other != tc.other {
			t.Errorf("%q: %q is %+v (%v), want %q other %q", tc.file, tc.key, got, ok, tc.sel, tc.other)
		}
	}
}

// FuzzLoadAnswers: any file either fails or gives answers that each pick
// something or say something.
func FuzzLoadAnswers(f *testing.F) {
	for _, s := range []string{`a: x`, `{"a": ["x","y"]}`, "a:\n  selected: x\n  other: o\n", `a: {other: ""}`, `a: null`, `a: [1]`, "a: &x yes\nb: *x\n"} {
		f.Add(s)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, s string) {
		path := filepath.Join(dir, "answers.yaml")
		if err := os.WriteFile(path, []byte(s), 0o600); err != nil {
			t.Fatal(err)
		}
		a, err := loadAnswers(path)
		if err != nil {
			return
		}
		for k, fa := range a.answers {
			if fa.Selected == nil && fa.Other == "" {
				t.Fatalf("%q: %q parsed to an empty answer", s, k)
			}
		}
	})
}

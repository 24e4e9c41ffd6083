package cli

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
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
		// A list of answers, as an earlier run's result gives them.
		{"- header: Merge approval\n  selected: [Proceed]\n- question: Which?\n  selected: go\n", "Which?", []string{"go"}, "", ""},
		{`[{"header": "H", "question": "Q?", "selected": ["a"], "other": "x"}]`, "H", []string{"a"}, "x", ""},
		{`{"answers": [{"header": "H", "question": "Q?", "selected": ["a"]}], "status": "answered", "answeredBy": "terminal"}`, "H", []string{"a"}, "", ""},
		// A header named answers is still a header.
		{`answers: [a, b]`, "answers", []string{"a", "b"}, "", ""},
		{`[{"header": "H", "label": "a"}]`, "", nil, "", `"label" is not a key of an answer`},
		{`[{"selected": "a"}]`, "", nil, "", "names its question by header or question"},
		{`[{"header": "H"}]`, "", nil, "", `"H": an answer is a label`},
		{`[{"header": "H", "selected": "a"}, "b"]`, "", nil, "", "each item of the list is"},
		{`[{"header": "H", "selected": "a"}, {"header": "H", "selected": "b"}]`, "", nil, "", `"H" is answered twice`},
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

// TestAnswersLookup: a question is answered by its header, else its
// question text, exactly first, then ignoring case and spacing when one
// key matches; labels likewise, reported as the option spells them.
func TestAnswersLookup(t *testing.T) {
	file := `Merge approval: Proceed
"merge  APPROVAL": Wait
languages: [GO, ts, go]
Which colour?: blue
Tabs: [tabs, spaces]
` + "\"Pick one\": b\n"
	path := filepath.Join(t.TempDir(), "answers.yaml")
	if err := os.WriteFile(path, []byte(file), 0o600); err != nil {
		t.Fatal(err)
	}
	a, err := loadAnswers(path)
	if err != nil {
		t.Fatal(err)
	}
	opts := func(labels ...string) []tools.QuestionOption {
		o := make([]tools.QuestionOption, len(labels))
		for i, l := range labels {
			o[i] = tools.QuestionOption{Label: l}
		}
		return o
	}
	for _, tc := range []struct {
		q    tools.Question
		want []string
		err  string
	}{
		{tools.Question{Header: "Merge approval", Question: "q", Options: opts("Proceed", "Wait")}, []string{"Proceed"}, ""},
		{tools.Question{Header: "MERGE approval", Question: "q", Options: opts("Proceed", "Wait")}, nil, `has no answer for "MERGE approval"`}, // two keys fold alike
		{tools.Question{Header: "Languages", Question: "q", MultiSelect: true, Options: opts("go", "ts", "py")}, []string{"go", "ts"}, ""},
		{tools.Question{Header: "Colour", Question: "which colour?", Options: opts("Red", "Blue")}, []string{"Blue"}, ""},
		{tools.Question{Header: "Question", Question: "Pick one", Options: opts("a", "b")}, []string{"b"}, ""},
		{tools.Question{Header: "Tabs", Question: "q", Options: opts("tabs", "spaces")}, nil, "picks 2 options"},
		{tools.Question{Header: "Colour", Question: "Which colour?", Options: opts("blue", "BLUE")}, []string{"blue"}, ""},
		{tools.Question{Header: "Colour", Question: "Which colour?", Options: opts("Blue ", "BLUE")}, nil, "not one of its options"},
		{tools.Question{Header: "Other", Question: "q", Options: opts("a", "b")}, nil, `has no answer for "Other"`},
	} {
		got, err := a.Ask(context.Background(), []tools.Question{tc.q})
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("%s: %+v, %v; want error %q", tc.q.Header, got, err, tc.err)
			}
			continue
		}
		if err != nil || len(got.Answers) != 1 || !slices.Equal(got.Answers[0].Selected, tc.want) {
			t.Errorf("%s: %+v, %v; want %q", tc.q.Header, got, err, tc.want)
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

package ask

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/tools"
)

func opts(labels ...string) []tools.QuestionOption {
	out := make([]tools.QuestionOption, len(labels))
	for i, l := range labels {
		out[i] = tools.QuestionOption{Label: l}
	}
	return out
}

// TestValidate: the spec's limits, each refusal naming the limit and the
// question.
func TestValidate(t *testing.T) {
	q := func(h string, n int) tools.Question {
		labels := []string{"a", "b", "c", "d", "e"}[:n]
		return tools.Question{Header: h, Question: "q?", Options: opts(labels...)}
	}
	for _, tc := range []struct {
		name string
		qs   []tools.Question
		want string // "" for valid
	}{
		{"one", []tools.Question{q("h", 2)}, ""},
		{"four of four", []tools.Question{q("a", 4), q("b", 4), q("c", 4), q("d", 4)}, ""},
		{"none", nil, "at least one question"},
		{"five", []tools.Question{q("a", 2), q("b", 2), q("c", 2), q("d", 2), q("e", 2)}, "5 questions: at most 4 questions a call"},
		{"one option", []tools.Question{q("h", 1)}, "question 1 (h) has 1 options: each question needs 2 to 4 options"},
		{"five options", []tools.Question{q("h", 2), q("i", 5)}, "question 2 (i) has 5 options"},
		{"no header", []tools.Question{{Question: "q", Options: opts("a", "b")}}, "question 1 has no header"},
		{"no text", []tools.Question{{Header: "h", Options: opts("a", "b")}}, "question 1 (h) has no question text"},
		{"same header", []tools.Question{q("h", 2), q("h", 2)}, "questions 1 and 2 share the header \"h\""},
		{"same label", []tools.Question{{Header: "h", Question: "q", Options: opts("a", "a")}}, "two options are labelled \"a\""},
		{"empty label", []tools.Question{{Header: "h", Question: "q", Options: opts("a", " ")}}, "option 2 has no label"},
	} {
		err := Validate(Name, tc.qs)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want) || tools.CodeOf(err) != tools.ErrInvalidArgs):
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
	}
}

type fixed struct{ a tools.Answers }

func (f fixed) By() string       { return "test" }
func (f fixed) AsksPerson() bool { return false }
func (f fixed) Ask(context.Context, []tools.Question) (tools.Answers, error) {
	return f.a, nil
}

// TestAlias: ask_question takes strings or {label, description} and
// resolves like ask_user_question; without a Questioner both throw
// ERR_UNAVAILABLE.
func TestAlias(t *testing.T) {
	ts := Tools()
	env := &tools.Env{Questions: fixed{tools.Answers{Status: "answered", Answers: []tools.Answer{{Header: "Question", Question: "Pick", Selected: []string{"b"}}}}}}
	res, err := tools.Invoke(context.Background(), ts[1], env, json.RawMessage(`{"question": "Pick", "options": ["a", {"label": "b", "description": "the second"}]}`))
	if err != nil {
		t.Fatal(err)
	}
	r := res.Structured.(Result)
	if r.Status != "answered" || r.By != "test" || r.Answers[0].Selected[0] != "b" {
		t.Errorf("%+v", r)
	}
	if _, err := tools.Invoke(context.Background(), ts[1], env, json.RawMessage(`{"question": "Pick", "options": ["a"]}`)); tools.CodeOf(err) != tools.ErrInvalidArgs {
		t.Errorf("one option: %v", err)
	}
	// Its spec sets no maximum: more than ask_user_question's 4 pass, up
	// to 20.
	many := func(n int) json.RawMessage {
		o := make([]string, n)
		for i := range o {
			o[i] = string(rune('a' + i))
		}
		b, _ := json.Marshal(map[string]any{"question": "Pick", "options": o})
		return b
	}
	if _, err := tools.Invoke(context.Background(), ts[1], env, many(6)); err != nil {
		t.Errorf("six options: %v", err)
	}
	if _, err := tools.Invoke(context.Background(), ts[1], env, many(21)); tools.CodeOf(err) != tools.ErrInvalidArgs || !strings.Contains(err.Error(), "has 21 options: each question needs 2 to 20 options") {
		t.Errorf("21 options: %v", err)
	}
	for _, tl := range ts {
		args := `{"questions": [{"header": "h", "question": "q", "options": [{"label": "a"}, {"label": "b"}]}]}`
		if tl.Name() == Alias {
			args = `{"question": "q", "options": ["a", "b"]}`
		}
		_, err := tools.Invoke(context.Background(), tl, &tools.Env{}, json.RawMessage(args))
		if tools.CodeOf(err) != tools.ErrUnavailable || !strings.Contains(err.Error(), "stated, evidence-backed assumptions") {
			t.Errorf("%s with no one to answer: %v", tl.Name(), err)
		}
	}
	declined := &tools.Env{Questions: fixed{tools.Answers{Status: "declined"}}}
	res, _ = tools.Invoke(context.Background(), ts[0], declined, json.RawMessage(`{"questions": [{"header": "h", "question": "q", "options": [{"label": "a"}, {"label": "b"}]}]}`))
	if !strings.Contains(res.Text, "not approval") || res.Structured.(Result).Answers == nil {
		t.Errorf("declined: %q %+v", res.Text, res.Structured)
	}
}

func FuzzAliasOptions(f *testing.F) {
	for _, s := range []string{`["a","b"]`, `[{"label":"a"},"b"]`, `[1]`, `{}`, `[null]`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var o aliasOptions
		var raw []json.RawMessage
		if err := json.Unmarshal([]byte(s), &o); err == nil {
			// Every element became one option.
			if json.Unmarshal([]byte(s), &raw) != nil || len(raw) != len(o) {
				t.Fatalf("%q decoded to %d options from %d elements", s, len(o), len(raw))
			}
		}
	})
}

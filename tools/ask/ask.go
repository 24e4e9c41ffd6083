// Package ask is ask_user_question: a script asks the person it runs for
// (the MCP host's user, the person at the terminal, or an answers file in
// CI) up to four multiple-choice questions and goes on with the answers.
// Who answers is the run's tools.Questioner, set by the front end; with
// none the call fails with ERR_UNAVAILABLE, saying to go on with stated
// assumptions, as the spec asks. ask_question is the thirteen-tool
// agent's shape of the same call (one question, its options).
package ask

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"

	"github.com/atomic-script/atomic-script/tools"
)

// Names of the tools, and the spec's limits.
const (
	Name  = "ask_user_question"
	Alias = "ask_question"

	MaxQuestions = 4
	MinOptions   = 2
	MaxOptions   = 4
)

// aliasMaxOptions bounds ask_question's options: its spec asks for at
// least 2 and sets no maximum, so a model of that agent may offer more
// than ask_user_question's 4; 20 is what a picker or a form still shows.
const aliasMaxOptions = 20

// Unavailable is the error message when no one can answer.
const Unavailable = "no one can answer questions in this run (no MCP client with elicitation, no terminal, no --answers file): do not wait for an answer; continue on your own with stated, evidence-backed assumptions, and keep every approval gate (a question nobody answered is not consent)"

// Args are ask_user_question's arguments.
type Args struct {
	Questions []tools.Question `json:"questions" jsonschema:"one to four questions, each with two to four options"`
}

// Result is what a call resolves to.
type Result struct {
	Answers []tools.Answer `json:"answers" jsonschema:"one per question when answered; empty when declined or cancelled"`
	// Status: answered, declined or cancelled. Declined and cancelled are
	// never consent.
	Status string `json:"status" jsonschema:"answered, declined or cancelled; only answered carries answers, and nothing else is consent"`
	By     string `json:"answeredBy" jsonschema:"who answered: host (the MCP client's user), terminal, or answers file"`
}

// Meta is the call record's details.meta: who answered and how.
type Meta struct {
	Source  string         `json:"source"`
	Status  string         `json:"status"`
	By      string         `json:"answeredBy"`
	Answers []tools.Answer `json:"answers,omitempty"`
}

// Tools returns ask_user_question and its ask_question alias.
func Tools() []tools.Tool {
	out := tools.MustSchemaFor[Result]()
	return []tools.Tool{
		tools.New(tools.Spec{
			Name: Name,
			Description: "Ask the user multiple-choice questions and wait for the answers: up to 4 questions a call, 2 to 4 options each ({label, description}), multiSelect to allow several. " +
				"For a confirmation, state the concrete action and scope in the question and offer explicit proceed and decline options. " +
				"Resolves to {answers: [{header, question, selected: [labels], other?}], status: \"answered\" | \"declined\" | \"cancelled\", answeredBy}: only answered carries answers; declined or cancelled is never approval. " +
				"Listed only when someone can answer (an MCP client with elicitation, a terminal, or run --answers FILE); otherwise it throws ERR_UNAVAILABLE: continue with stated assumptions.",
			Input:  inputSchema(),
			Output: out,
		}, func(ctx context.Context, env *tools.Env, in Args) (tools.Result, error) {
			return ask(ctx, env, Name, MaxOptions, in.Questions)
		}),
		tools.New(tools.Spec{
			Name:        Alias,
			Description: "The thirteen-tool agent's ask_user_question: one question and at least 2 options (strings or {label, description}; at most 20); resolves like ask_user_question.",
			Input:       aliasSchema(),
			Output:      out,
		}, func(ctx context.Context, env *tools.Env, in aliasArgs) (tools.Result, error) {
			header := in.Header
			if header == "" {
				header = "Question"
			}
			return ask(ctx, env, Alias, aliasMaxOptions, []tools.Question{{Header: header, Question: in.Question, Options: in.Options, MultiSelect: in.MultiSelect}})
		}),
	}
}

// inputSchema states the limits in words, not minItems/maxItems: Validate
// checks them with errors that name the limit and the question.
func inputSchema() *jsonschema.Schema { return tools.MustSchemaFor[Args]() }

// aliasArgs are ask_question's arguments.
type aliasArgs struct {
	Question    string       `json:"question"`
	Options     aliasOptions `json:"options"`
	Header      string       `json:"header,omitempty"`
	MultiSelect bool         `json:"multiSelect,omitempty"`
}

// aliasOptions are options given as strings or objects.
type aliasOptions []tools.QuestionOption

func (o *aliasOptions) UnmarshalJSON(data []byte) error {
	var raw []json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		return err
	}
	*o = nil
	for _, r := range raw {
		var label string
		if json.Unmarshal(r, &label) == nil {
			*o = append(*o, tools.QuestionOption{Label: label})
			continue
		}
		var opt tools.QuestionOption
		if err := json.Unmarshal(r, &opt); err != nil {
			return fmt.Errorf("an option is a string or {label, description}: %s", r)
		}
		*o = append(*o, opt)
	}
	return nil
}

func aliasSchema() *jsonschema.Schema {
	opt := tools.MustSchemaFor[tools.QuestionOption]()
	return &jsonschema.Schema{
		Type:     "object",
		Required: []string{"question", "options"},
		Properties: map[string]*jsonschema.Schema{
			"question": {Type: "string", Description: "the question"},
			"options": {Type: "array", Description: "two or more choices (at most 20): strings, or {label, description}",
				Items: &jsonschema.Schema{AnyOf: []*jsonschema.Schema{{Type: "string"}, opt}}},
			"header":      {Type: "string", Description: "a short label (default Question)"},
			"multiSelect": {Type: "boolean", Description: "let the person pick several options"},
		},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
	}
}

// ask validates qs, asks them and renders the answers.
func ask(ctx context.Context, env *tools.Env, tool string, maxOptions int, qs []tools.Question) (tools.Result, error) {
	if err := validate(tool, qs, maxOptions); err != nil {
		return tools.Result{}, err
	}
	if env == nil || env.Questions == nil {
		return tools.Result{}, tools.Errorf(tools.ErrUnavailable, "%s: %s", tool, Unavailable)
	}
	q := env.Questions
	ans, err := q.Ask(ctx, qs)
	if err != nil {
		return tools.Result{}, err
	}
	r := Result{Status: ans.Status, Answers: ans.Answers, By: q.By()}
	if r.Answers == nil {
		r.Answers = []tools.Answer{}
	}
	return tools.Result{Text: render(r), Structured: r, Details: struct {
		Meta Meta `json:"meta"`
	}{Meta{Source: "question", Status: r.Status, By: r.By, Answers: ans.Answers}}}, nil
}

// render is the model-facing text of the answers.
func render(r Result) string {
	if r.Status != "answered" {
		return fmt.Sprintf("The user %s the question(s) (%s): that is not approval; do not proceed with what was asked.", r.Status, r.By)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Answered (%s):\n", r.By)
	for _, a := range r.Answers {
		fmt.Fprintf(&b, "- %s: %s", a.Header, strings.Join(a.Selected, ", "))
		if a.Other != "" {
			fmt.Fprintf(&b, " (other: %s)", a.Other)
		}
		b.WriteByte('\n')
	}
	return strings.TrimRight(b.String(), "\n")
}

// Validate checks questions against the spec's limits; each error names
// the limit and the question.
func Validate(tool string, qs []tools.Question) error { return validate(tool, qs, MaxOptions) }

func validate(tool string, qs []tools.Question, maxOptions int) error {
	bad := func(format string, args ...any) error {
		return tools.Errorf(tools.ErrInvalidArgs, "%s: %s", tool, fmt.Sprintf(format, args...))
	}
	switch {
	case len(qs) == 0:
		return bad("give at least one question")
	case len(qs) > MaxQuestions:
		return bad("%d questions: at most %d questions a call; group related ones, ask the rest in another call", len(qs), MaxQuestions)
	}
	headers := map[string]int{}
	for i, q := range qs {
		n := i + 1
		switch {
		case strings.TrimSpace(q.Header) == "":
			return bad("question %d has no header: give a short label (an answers file keys answers by it)", n)
		case strings.TrimSpace(q.Question) == "":
			return bad("question %d (%s) has no question text", n, q.Header)
		case len(q.Options) < MinOptions || len(q.Options) > maxOptions:
			return bad("question %d (%s) has %d options: each question needs %d to %d options", n, q.Header, len(q.Options), MinOptions, maxOptions)
		}
		if j, dup := headers[q.Header]; dup {
			return bad("questions %d and %d share the header %q: headers tell the answers apart", j, n, q.Header)
		}
		headers[q.Header] = n
		labels := map[string]bool{}
		for k, o := range q.Options {
			switch {
			case strings.TrimSpace(o.Label) == "":
				return bad("question %d (%s): option %d has no label", n, q.Header, k+1)
			case labels[o.Label]:
				return bad("question %d (%s): two options are labelled %q; labels must differ", n, q.Header, o.Label)
			}
			labels[o.Label] = true
		}
	}
	return nil
}

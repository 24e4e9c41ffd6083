package tools

import "context"

// Question is one question of ask_user_question: a short header, the
// question, two to four options, and whether several may be picked.
type Question struct {
	Header      string           `json:"header" jsonschema:"a short label for the question (a chip or tab title), e.g. \"Merge approval\"; an answers file keys answers by it"`
	Question    string           `json:"question" jsonschema:"the question, stating the concrete action and scope when it asks to proceed"`
	Options     []QuestionOption `json:"options" jsonschema:"two to four choices"`
	MultiSelect bool             `json:"multiSelect,omitempty" jsonschema:"let the person pick several options"`
}

// QuestionOption is one choice.
type QuestionOption struct {
	Label       string `json:"label" jsonschema:"the choice as the answer names it"`
	Description string `json:"description,omitempty" jsonschema:"what picking it means"`
}

// Answer is the answer to one question: the labels picked (one unless
// multiSelect), and text the person wrote instead, if any.
type Answer struct {
	Header   string   `json:"header"`
	Question string   `json:"question"`
	Selected []string `json:"selected"`
	Other    string   `json:"other,omitempty"`
}

// Answers is what a Questioner returns for one call.
type Answers struct {
	// Status is "answered", "declined" or "cancelled"; Answers is set only
	// when answered. Declined and cancelled are never consent.
	Status  string
	Answers []Answer
}

// Questioner answers ask_user_question for a run: the MCP host's user
// (elicitation), the person at the terminal, or an answers file.
type Questioner interface {
	// By names who answers: "host", "terminal" or "answers file".
	By() string
	// AsksPerson reports whether Ask waits for a person (a picker, an
	// elicitation): the run's deadline stands still meanwhile. An answers
	// file answers at once.
	AsksPerson() bool
	// Ask asks every question of one call (already validated) and returns
	// the answers. A question it cannot answer is an error (an answers file
	// that does not cover it).
	Ask(ctx context.Context, qs []Question) (Answers, error)
}

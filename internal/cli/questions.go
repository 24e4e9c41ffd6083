package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"sync"

	tea "charm.land/bubbletea/v2"
	"charm.land/huh/v2"
	"github.com/mattn/go-isatty"
	"go.yaml.in/yaml/v3"
	"golang.org/x/term"

	"github.com/atomic-script/atomic-script/tools"
)

// questioner picks who answers ask_user_question in a run: the answers
// file when --answers is given (CI never waits, terminal or not), else the
// person at the terminal when there is one, else nobody (the tool is then
// left out of the run and throws ERR_UNAVAILABLE). why says, for nobody,
// what was missing.
func questioner(answersPath string, stderr io.Writer, status *statusLine) (q tools.Questioner, why string, err error) {
	if answersPath != "" {
		a, err := loadAnswers(answersPath)
		return a, "", err
	}
	if why := noTerminal(stderr); why != "" {
		return nil, why, nil
	}
	return &terminalQuestioner{out: stderr, status: status}, "", nil
}

// noTerminal says why questions cannot be asked on a terminal, or "".
func noTerminal(stderr io.Writer) string {
	f, ok := stderr.(*os.File)
	switch {
	case ciEnv():
		return "CI is set"
	case !ok || !isatty.IsTerminal(f.Fd()):
		return "stderr is not a terminal"
	case os.Getenv("TERM") == "dumb":
		return "TERM=dumb"
	}
	tty, err := os.Open("/dev/tty")
	if err != nil {
		return "no controlling terminal"
	}
	tty.Close()
	return ""
}

// answersFile answers questions from --answers FILE: a JSON or YAML
// object keyed by a question's header (or, failing that, its question
// text); a value is the label picked, a list of labels, or
// {selected, other}. A list of {header or question, selected, other}
// (the answers of an earlier run's result) works too. Keys and labels
// match exactly, else ignoring case and spacing when that picks one. A
// question it does not cover fails the call.
type answersFile struct {
	path    string
	answers map[string]fileAnswer
}

type fileAnswer struct {
	Selected []string
	Other    string
}

func (a *answersFile) By() string       { return "answers file" }
func (a *answersFile) AsksPerson() bool { return false }

const answersShape = `give an object keyed by question header (or question text), e.g. "Merge approval": Proceed, or a list of {header, selected}`

// loadAnswers reads and checks an answers file. It is read as YAML
// nodes (JSON is YAML), so a scalar answer is the text written: `Yes`,
// `no`, `3` and `1.50` are the labels they spell, never a boolean or a
// number.
func loadAnswers(path string) (*answersFile, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, usagef("run: --answers: %v", err)
	}
	bad := func(format string, args ...any) error {
		return usagef("run: --answers %s: %s", path, fmt.Sprintf(format, args...))
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, bad("not JSON or YAML: %v", err)
	}
	root := deref(&doc)
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = deref(root.Content[0])
	}
	a := &answersFile{path: path, answers: map[string]fileAnswer{}}
	add := func(k *yaml.Node, v *yaml.Node) error {
		if k.Kind != yaml.ScalarNode {
			return bad("line %d: a key is a question's header or text", k.Line)
		}
		if _, dup := a.answers[k.Value]; dup {
			return bad("line %d: %q is answered twice", k.Line, k.Value)
		}
		fa, err := parseFileAnswer(v)
		if err != nil {
			return bad("line %d: %q: %v", v.Line, k.Value, err)
		}
		a.answers[k.Value] = fa
		return nil
	}
	if list := answerList(root); list != nil {
		for _, e := range list.Content {
			k, v, err := listEntry(deref(e))
			if err != nil {
				return nil, bad("line %d: %v", e.Line, err)
			}
			if err := add(k, v); err != nil {
				return nil, err
			}
		}
		return a, nil
	}
	if root.Kind != yaml.MappingNode {
		return nil, bad(answersShape)
	}
	for i := 0; i+1 < len(root.Content); i += 2 {
		if err := add(deref(root.Content[i]), root.Content[i+1]); err != nil {
			return nil, err
		}
	}
	return a, nil
}

// answerList is the list of a file in the list shape: a sequence of
// objects, or a result's {answers: [...], status?, answeredBy?}; nil for
// the keyed shape.
func answerList(root *yaml.Node) *yaml.Node {
	if root.Kind == yaml.MappingNode {
		var list *yaml.Node
		for i := 0; i+1 < len(root.Content); i += 2 {
			switch k := deref(root.Content[i]).Value; k {
			case "answers":
				list = deref(root.Content[i+1])
			case "status", "answeredBy":
			default:
				return nil
			}
		}
		if list == nil || list.Kind != yaml.SequenceNode || len(list.Content) == 0 || deref(list.Content[0]).Kind != yaml.MappingNode {
			return nil
		}
		root = list
	}
	if root.Kind != yaml.SequenceNode || len(root.Content) == 0 || deref(root.Content[0]).Kind != yaml.MappingNode {
		return nil
	}
	return root
}

// listEntry is one {header or question, selected, other} of the list
// shape as its key (the header, else the question) and its answer.
func listEntry(e *yaml.Node) (key, answer *yaml.Node, err error) {
	if e.Kind != yaml.MappingNode {
		return nil, nil, errors.New("each item of the list is {header or question, selected, other}")
	}
	var header, question *yaml.Node
	ans := &yaml.Node{Kind: yaml.MappingNode, Line: e.Line}
	for i := 0; i+1 < len(e.Content); i += 2 {
		k, v := deref(e.Content[i]), deref(e.Content[i+1])
		switch k.Value {
		case "header":
			header = v
		case "question":
			question = v
		case "selected", "other":
			ans.Content = append(ans.Content, k, v)
		default:
			return nil, nil, fmt.Errorf("%q is not a key of an answer: use header or question, selected, other", k.Value)
		}
	}
	key = header
	if key == nil {
		key = question
	}
	if key == nil || key.Kind != yaml.ScalarNode || key.Value == "" {
		return nil, nil, errors.New("an answer in a list names its question by header or question")
	}
	return key, ans, nil
}

// deref follows a YAML alias (*name) to the node it names.
func deref(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

var errFileAnswer = errors.New(`an answer is a label, a list of labels, or {selected: label or [labels], other: text}`)

// parseFileAnswer reads one answer: a label, a list of labels, or
// {selected, other}.
func parseFileAnswer(v *yaml.Node) (fileAnswer, error) {
	v = deref(v)
	switch v.Kind {
	case yaml.ScalarNode:
		l, err := label(v)
		return fileAnswer{Selected: []string{l}}, err
	case yaml.SequenceNode:
		sel := []string{}
		for _, e := range v.Content {
			l, err := label(deref(e))
			if err != nil {
				return fileAnswer{}, err
			}
			sel = append(sel, l)
		}
		return fileAnswer{Selected: sel}, nil
	case yaml.MappingNode:
		var fa fileAnswer
		for i := 0; i+1 < len(v.Content); i += 2 {
			k, e := deref(v.Content[i]), deref(v.Content[i+1])
			switch {
			case k.Value == "selected" && e.Kind != yaml.MappingNode:
				sel, err := parseFileAnswer(e)
				if err != nil {
					return fileAnswer{}, err
				}
				fa.Selected = sel.Selected
			case k.Value == "other" && e.Kind == yaml.ScalarNode && e.Tag != "!!null":
				fa.Other = e.Value
			default:
				return fileAnswer{}, errFileAnswer
			}
		}
		if fa.Selected == nil && fa.Other == "" {
			return fileAnswer{}, errFileAnswer
		}
		return fa, nil
	}
	return fileAnswer{}, errFileAnswer
}

// label is a scalar's text; an empty value (null) is no label.
func label(n *yaml.Node) (string, error) {
	if n.Kind != yaml.ScalarNode || n.Tag == "!!null" {
		return "", errFileAnswer
	}
	return n.Value, nil
}

// Ask answers every question from the file, or fails naming the first it
// does not cover or answers with a label the question does not offer.
func (a *answersFile) Ask(ctx context.Context, qs []tools.Question) (tools.Answers, error) {
	out := tools.Answers{Status: "answered"}
	for _, q := range qs {
		fa, ok := a.lookup(q)
		if !ok {
			return tools.Answers{}, tools.Errorf(tools.ErrUnavailable, "ask_user_question: the answers file %s has no answer for %q (header) or its question text %q; add \"%s\": one of %s", a.path, q.Header, q.Question, q.Header, labels(q))
		}
		sel := make([]string, 0, len(fa.Selected))
		for _, s := range fa.Selected {
			l, ok := offered(q, s)
			if !ok {
				return tools.Answers{}, tools.Errorf(tools.ErrInvalidArgs, "ask_user_question: the answers file %s answers %q with %q, which is not one of its options: %s", a.path, q.Header, s, labels(q))
			}
			if !slices.Contains(sel, l) {
				sel = append(sel, l)
			}
		}
		if !q.MultiSelect && len(sel) > 1 {
			return tools.Answers{}, tools.Errorf(tools.ErrInvalidArgs, "ask_user_question: the answers file %s picks %d options for %q, which takes one", a.path, len(sel), q.Header)
		}
		out.Answers = append(out.Answers, tools.Answer{Header: q.Header, Question: q.Question, Selected: sel, Other: fa.Other})
	}
	return out, nil
}

// lookup finds q's answer: by its header, else its question text; first
// exactly, then ignoring case and spacing when one key matches.
func (a *answersFile) lookup(q tools.Question) (fileAnswer, bool) {
	for _, k := range []string{q.Header, q.Question} {
		if fa, ok := a.answers[k]; ok {
			return fa, true
		}
	}
	for _, k := range []string{q.Header, q.Question} {
		var found []fileAnswer
		for key, fa := range a.answers {
			if fold(key) == fold(k) {
				found = append(found, fa)
			}
		}
		if len(found) == 1 {
			return found[0], true
		}
	}
	return fileAnswer{}, false
}

// offered is the option label s names: exactly, else ignoring case and
// spacing when that matches one option.
func offered(q tools.Question, s string) (string, bool) {
	var folded []string
	for _, o := range q.Options {
		if o.Label == s {
			return s, true
		}
		if fold(o.Label) == fold(s) {
			folded = append(folded, o.Label)
		}
	}
	if len(folded) == 1 {
		return folded[0], true
	}
	return "", false
}

// fold is s for a loose match: lower case, spaces collapsed.
func fold(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

func labels(q tools.Question) string {
	l := make([]string, len(q.Options))
	for i, o := range q.Options {
		l[i] = fmt.Sprintf("%q", o.Label)
	}
	return strings.Join(l, ", ")
}

// terminalQuestioner asks the person at the terminal with a picker drawn
// on stderr (never on stdout, which carries --json and --events) and read
// from the controlling terminal (stdin may carry the script): arrow keys
// or the option's number move, space toggles a multiSelect option, enter
// answers, ctrl+c cancels.
type terminalQuestioner struct {
	out    io.Writer
	status *statusLine
	mu     sync.Mutex // one picker at a time
}

func (t *terminalQuestioner) By() string       { return "terminal" }
func (t *terminalQuestioner) AsksPerson() bool { return true }

func (t *terminalQuestioner) Ask(ctx context.Context, qs []tools.Question) (tools.Answers, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	tty, err := os.Open("/dev/tty")
	if err != nil {
		return tools.Answers{}, tools.Errorf(tools.ErrUnavailable, "ask_user_question: the terminal cannot be read (%v): %s", err, "continue with stated assumptions")
	}
	defer tty.Close()
	// Raw mode is ours to set: the picker reads the terminal through
	// numberKeys, which it cannot put in raw mode itself. Control, not Fd,
	// keeps the file non-blocking, so Close ends a pending read.
	var state *term.State
	if rc, err := tty.SyscallConn(); err == nil {
		_ = rc.Control(func(fd uintptr) { state, err = term.MakeRaw(int(fd)) })
		if state != nil {
			defer rc.Control(func(fd uintptr) { _ = term.Restore(int(fd), state) })
		}
	}
	if t.status != nil {
		defer t.status.hold()()
	}
	single := make([]string, len(qs))
	multi := make([][]string, len(qs))
	var fields []huh.Field
	for i, q := range qs {
		opts := make([]huh.Option[string], len(q.Options))
		for k, o := range q.Options {
			key := fmt.Sprintf("%d. %s", k+1, o.Label)
			if o.Description != "" {
				key += " — " + o.Description
			}
			opts[k] = huh.NewOption(tools.Visible(key), o.Label)
		}
		title := tools.Visible(q.Header)
		desc := tools.Visible(q.Question)
		if q.MultiSelect {
			desc += "  (space toggles, enter answers)"
			fields = append(fields, huh.NewMultiSelect[string]().Title(title).Description(desc).Options(opts...).Value(&multi[i]))
		} else {
			fields = append(fields, huh.NewSelect[string]().Title(title).Description(desc).Options(opts...).Value(&single[i]))
		}
	}
	// RunWithContext adds the context; WithProgramOptions would replace
	// the input and output set here.
	form := huh.NewForm(huh.NewGroup(fields...))
	screen := t.out
	if !hasSize(screen) {
		// A terminal that reports no size (a fresh pty, docker exec -t)
		// would get an empty picker: it is drawn at 80×24, the size
		// given, which the picker takes only from an output that is no
		// terminal file. Options first: they replace input and output.
		form = form.WithProgramOptions(tea.WithWindowSize(80, 24))
		screen = struct{ io.Writer }{screen}
	}
	form = form.WithInput(&pickerKeys{r: tty}).WithOutput(screen).WithShowHelp(true)
	err = form.RunWithContext(ctx)
	switch {
	case ctx.Err() != nil:
		return tools.Answers{}, ctx.Err()
	case errors.Is(err, huh.ErrUserAborted):
		return tools.Answers{Status: "cancelled"}, nil
	case err != nil:
		return tools.Answers{}, tools.Errorf(tools.ErrTool, "ask_user_question: the terminal picker failed: %v", err)
	}
	out := tools.Answers{Status: "answered"}
	for i, q := range qs {
		sel := []string{single[i]}
		if q.MultiSelect {
			sel = append([]string{}, multi[i]...)
		}
		out.Answers = append(out.Answers, tools.Answer{Header: q.Header, Question: q.Question, Selected: sel})
	}
	return out, nil
}

// hasSize reports whether w is a terminal that knows its size.
func hasSize(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	width, height, err := term.GetSize(int(f.Fd()))
	return err == nil && width > 0 && height > 0
}

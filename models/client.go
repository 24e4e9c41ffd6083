package models

import (
	"context"
	"fmt"
	"regexp"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"
)

// Defaults of Options.
const (
	DefaultMaxInFlight    = 4
	DefaultMaxInputTokens = 100_000
	// MaxImages is the most images one generateImages call may ask for.
	MaxImages = 10
)

// Configure is how to give scripts a provider, for errors that say so.
const Configure = `set OPENAI_BASE_URL (e.g. https://api.openai.com/v1, or http://127.0.0.1:8080/v1 for a local llama.cpp server) and OPENAI_API_KEY, or add a "models" block to your settings: {"models": {"baseURL": "...", "apiKeyEnv": "NAME_OF_THE_KEY_VARIABLE"}}`

// Options configure a Client.
type Options struct {
	// ClassifyModel and ImageModel are the models used when a call names
	// none. Without ClassifyModel, a provider that lists exactly one model
	// uses that one; without ImageModel, the provider picks.
	ClassifyModel string
	ImageModel    string
	// MaxInputTokens is the budget of one classification's prompt, in
	// estimated tokens (4 characters a token); 0 means
	// DefaultMaxInputTokens.
	MaxInputTokens int
	// MaxInFlight bounds a run's concurrent model calls; more wait, in
	// order. 0 means DefaultMaxInFlight.
	MaxInFlight int
}

// Client is a provider with its defaults. Safe for concurrent use.
type Client struct {
	p    Provider
	opts Options

	mu       sync.Mutex
	onlyOne  string // the provider's only model, once listed
	listedOK bool
}

// New returns a client of p. A nil p is a client whose every call fails
// with ErrNoProvider, saying how to configure one.
func New(p Provider, opts Options) *Client {
	if opts.MaxInFlight <= 0 {
		opts.MaxInFlight = DefaultMaxInFlight
	}
	if opts.MaxInputTokens <= 0 {
		opts.MaxInputTokens = DefaultMaxInputTokens
	}
	return &Client{p: p, opts: opts}
}

// Provider returns the client's provider (nil when none).
func (c *Client) Provider() Provider {
	if c == nil {
		return nil
	}
	return c.p
}

// Configured reports whether the client has a provider.
func (c *Client) Configured() bool { return c != nil && c.p != nil }

// NewRun starts one run's use of the client. A nil client has no provider.
func (c *Client) NewRun() *Run {
	if c == nil {
		c = New(nil, Options{})
	}
	return &Run{c: c, slots: make(chan struct{}, c.opts.MaxInFlight)}
}

// Run is one script run's model calls: at most Options.MaxInFlight at once
// (more wait, first come first served), their usage summed. Safe for
// concurrent use.
type Run struct {
	c     *Client
	slots chan struct{}

	mu     sync.Mutex
	totals Totals
}

// Totals returns what the run's calls used so far.
func (r *Run) Totals() Totals {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.totals
}

func (r *Run) count(u Usage) {
	r.mu.Lock()
	r.totals.Calls++
	r.totals.add(u)
	r.mu.Unlock()
}

// acquire waits for a slot. Goroutines blocked on a channel send are
// served in the order they came, so calls start in order.
func (r *Run) acquire(ctx context.Context, fn string) error {
	select {
	case r.slots <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctxError(ctx, fn, "while it waited for one of the run's "+fmt.Sprint(cap(r.slots))+" model-call slots")
	}
}

func (r *Run) release() { <-r.slots }

func (r *Run) provider(fn string) (Provider, error) {
	if r.c.p == nil {
		return nil, errorf(ErrNoProvider, "%s: no model provider is configured: %s", fn, Configure)
	}
	return r.c.p, nil
}

// List returns the provider's models.
func (r *Run) List(ctx context.Context) ([]Model, error) {
	const fn = "models.list"
	p, err := r.provider(fn)
	if err != nil {
		return nil, err
	}
	if err := r.acquire(ctx, fn); err != nil {
		return nil, err
	}
	defer r.release()
	list, err := p.List(ctx)
	if err != nil {
		return nil, prefix(fn, err)
	}
	r.count(Usage{})
	return list, nil
}

// Classify asks for one of req.Labels. Bad requests (no labels, an empty
// or repeated label, an input over the budget) fail before any request;
// an answer outside the labels is an ErrAnswer error naming it.
func (r *Run) Classify(ctx context.Context, req ClassifyRequest) (*Classification, error) {
	const fn = "models.classify"
	p, err := r.provider(fn)
	if err != nil {
		return nil, err
	}
	if err := r.c.checkClassify(req); err != nil {
		return nil, err
	}
	if err := r.acquire(ctx, fn); err != nil {
		return nil, err
	}
	defer r.release()
	model, err := r.c.classifyModel(ctx, req.Model)
	if err != nil {
		return nil, err
	}
	ans, err := p.Classify(ctx, model, req)
	if err != nil {
		return nil, prefix(fn, err)
	}
	r.count(ans.Usage)
	label, ok := matchLabel(ans.Label, req.Labels)
	if !ok {
		return nil, &Error{Code: ErrAnswer, Msg: fmt.Sprintf("%s: model %s answered %s, which is not one of the labels %s; give instructions that say what each label means, or use a model that follows structured output", fn, orDefault(ans.Model, model), quoteClip(ans.Label), quoteList(req.Labels))}
	}
	out := &Classification{Label: label, Model: orDefault(ans.Model, model), Usage: ans.Usage}
	if req.Scores && len(ans.Scores) > 0 {
		out.Scores = ans.Scores
	}
	return out, nil
}

// GenerateImages makes req.N images (default 1) for req.Prompt.
func (r *Run) GenerateImages(ctx context.Context, req ImageRequest) ([]Image, error) {
	const fn = "models.generateImages"
	p, err := r.provider(fn)
	if err != nil {
		return nil, err
	}
	if err := checkImages(req); err != nil {
		return nil, err
	}
	if req.N == 0 {
		req.N = 1
	}
	if err := r.acquire(ctx, fn); err != nil {
		return nil, err
	}
	defer r.release()
	model := orDefault(req.Model, r.c.opts.ImageModel)
	imgs, u, err := p.GenerateImages(ctx, model, req)
	if err != nil {
		return nil, prefix(fn, err)
	}
	r.count(u)
	return imgs, nil
}

func (c *Client) checkClassify(req ClassifyRequest) error {
	const fn = "models.classify"
	if len(req.Labels) == 0 {
		return errorf(ErrInvalidArgs, "%s: labels is empty; give the answers to choose from, e.g. labels: [\"bug\", \"feature\", \"question\"]", fn)
	}
	seen := map[string]bool{}
	for i, l := range req.Labels {
		if strings.TrimSpace(l) == "" {
			return errorf(ErrInvalidArgs, "%s: labels[%d] is empty; every label must be a non-empty string", fn, i)
		}
		if seen[l] {
			return errorf(ErrInvalidArgs, "%s: the label %q is given twice; labels must be distinct", fn, l)
		}
		seen[l] = true
	}
	if strings.TrimSpace(req.Input) == "" {
		return errorf(ErrInvalidArgs, "%s: input is empty; give the text to classify", fn)
	}
	if n := EstimateTokens(req.Instructions) + EstimateTokens(req.Input) + EstimateTokens(strings.Join(req.Labels, " ")); n > c.opts.MaxInputTokens {
		return errorf(ErrLimit, "%s: the input is about %d tokens (4 characters a token, with instructions and labels), over the budget of %d for a classification (models.maxInputTokens in settings); classify a shorter excerpt, e.g. input.slice(0, %d)", fn, n, c.opts.MaxInputTokens, c.opts.MaxInputTokens*2)
	}
	return nil
}

// sizePattern is what an image size looks like: 1024x1024, or a word
// (auto).
var sizePattern = regexp.MustCompile(`^(?:[1-9][0-9]{1,4}x[1-9][0-9]{1,4}|[a-z]+)$`)

func checkImages(req ImageRequest) error {
	const fn = "models.generateImages"
	if strings.TrimSpace(req.Prompt) == "" {
		return errorf(ErrInvalidArgs, "%s: prompt is empty; say what to draw", fn)
	}
	if req.N < 0 || req.N > MaxImages {
		return errorf(ErrInvalidArgs, "%s: n is %d; ask for 1 to %d images a call", fn, req.N, MaxImages)
	}
	if req.Size != "" && !sizePattern.MatchString(req.Size) {
		return errorf(ErrInvalidArgs, "%s: size %q is not WIDTHxHEIGHT (e.g. \"1024x1024\") or a word the model knows (\"auto\")", fn, req.Size)
	}
	return nil
}

// classifyModel is the model a classification without one uses.
func (c *Client) classifyModel(ctx context.Context, given string) (string, error) {
	if m := orDefault(given, c.opts.ClassifyModel); m != "" {
		return m, nil
	}
	c.mu.Lock()
	if c.listedOK {
		m := c.onlyOne
		c.mu.Unlock()
		if m != "" {
			return m, nil
		}
	} else {
		c.mu.Unlock()
	}
	list, err := c.p.List(ctx)
	if err != nil {
		return "", prefix("models.classify: no model was given, and listing the provider's to pick its only one failed", err)
	}
	ids := make([]string, len(list))
	for i, m := range list {
		ids[i] = m.ID
	}
	if len(ids) == 1 {
		c.mu.Lock()
		c.onlyOne, c.listedOK = ids[0], true
		c.mu.Unlock()
		return ids[0], nil
	}
	sort.Strings(ids)
	if len(ids) > 8 {
		ids = append(ids[:8], fmt.Sprintf("and %d more", len(list)-8))
	}
	return "", errorf(ErrInvalidArgs, "models.classify: no model was given and the provider offers %d (%s); pass {model: \"...\"} or set models.defaults.classify in settings", len(list), strings.Join(ids, ", "))
}

// matchLabel finds the label the model meant: the exact label (spaces
// trimmed), or the one label equal to it ignoring case.
func matchLabel(answer string, labels []string) (string, bool) {
	a := strings.TrimSpace(answer)
	for _, l := range labels {
		if l == a || strings.TrimSpace(l) == a {
			return l, true
		}
	}
	found := ""
	for _, l := range labels {
		if strings.EqualFold(strings.TrimSpace(l), a) {
			if found != "" {
				return "", false
			}
			found = l
		}
	}
	return found, found != ""
}

// EstimateTokens estimates the tokens of s: about 4 characters a token.
func EstimateTokens(s string) int {
	return (utf8.RuneCountInString(s) + 3) / 4
}

func orDefault(s, def string) string {
	if s != "" {
		return s
	}
	return def
}

func quoteClip(s string) string {
	if utf8.RuneCountInString(s) > 80 {
		r := []rune(s)
		s = string(r[:80]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

func quoteList(labels []string) string {
	q := make([]string, len(labels))
	for i, l := range labels {
		q[i] = fmt.Sprintf("%q", l)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// prefix puts fn before err's message, keeping its code.
func prefix(fn string, err error) error {
	return &Error{Code: CodeOf(err), Msg: fn + ": " + err.Error(), Status: statusOf(err), Err: err}
}

func statusOf(err error) int {
	if e, ok := err.(*Error); ok {
		return e.Status
	}
	return 0
}

// ctxError is the error of a call whose context ended.
func ctxError(ctx context.Context, fn, when string) error {
	if ctx.Err() == context.DeadlineExceeded {
		return &Error{Code: ErrTimeout, Msg: fn + ": the run's deadline passed " + when, Err: ctx.Err()}
	}
	return &Error{Code: ErrCancelled, Msg: fn + ": the run was cancelled " + when, Err: ctx.Err()}
}

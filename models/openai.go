package models

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"
)

// Structured-output modes of OpenAIConfig.StructuredOutput.
const (
	// StructuredAuto asks for a JSON-schema response format and, when the
	// server refuses that parameter, switches to a forced function call
	// for the rest of the client's life.
	StructuredAuto = "auto"
	// StructuredJSONSchema always asks for response_format json_schema.
	StructuredJSONSchema = "json_schema"
	// StructuredTools always asks for a forced function call.
	StructuredTools = "tools"
)

// Defaults of OpenAIConfig.
const (
	DefaultMaxRetries    = 3
	DefaultRetryBase     = 500 * time.Millisecond
	DefaultRetryMaxDelay = 8 * time.Second
	// MaxResponseBytes caps one answer's body (images are the large ones).
	MaxResponseBytes = 64 << 20
)

// maxRetryAfter is the longest Retry-After that is waited for; a server
// asking for more is answered with an error saying so.
const maxRetryAfter = 60 * time.Second

// OpenAIConfig configures an OpenAI-compatible provider.
type OpenAIConfig struct {
	// BaseURL is the API root, as OPENAI_BASE_URL gives it:
	// "https://api.openai.com/v1", "http://127.0.0.1:8080/v1".
	BaseURL string
	// APIKey is sent as "Authorization: Bearer KEY"; "" sends none (local
	// servers).
	APIKey string
	// KeySource names the environment variable the key comes from, for
	// error messages (default OPENAI_API_KEY).
	KeySource string
	// StructuredOutput is StructuredAuto (default), StructuredJSONSchema
	// or StructuredTools.
	StructuredOutput string
	// MaxRetries is how often a 408, 429 or 5xx answer, or a connection
	// that broke mid-request, is retried (0: DefaultMaxRetries; negative:
	// never).
	MaxRetries int
	// RetryBase is the first backoff, doubled on every retry up to
	// RetryMaxDelay, with jitter; a Retry-After header overrides it.
	RetryBase, RetryMaxDelay time.Duration
	// HTTPClient sends the requests (default: a client of its own with the
	// default transport's settings, proxies from the environment).
	HTTPClient *http.Client
	// UserAgent is sent as User-Agent.
	UserAgent string
}

// OpenAI is a provider speaking the OpenAI REST API: /models,
// /chat/completions and /images/generations under the base URL.
type OpenAI struct {
	cfg   OpenAIConfig
	base  string
	http  *http.Client
	tools atomic.Bool // auto mode fell back to function calls
}

// NewOpenAI validates cfg and returns the provider.
func NewOpenAI(cfg OpenAIConfig) (*OpenAI, error) {
	u, err := url.Parse(strings.TrimSpace(cfg.BaseURL))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return nil, fmt.Errorf("models: base URL %q: want http(s)://HOST[:PORT]/PATH, e.g. https://api.openai.com/v1 or http://127.0.0.1:8080/v1 (no credentials, query or fragment in it)", cfg.BaseURL)
	}
	switch cfg.StructuredOutput {
	case "":
		cfg.StructuredOutput = StructuredAuto
	case StructuredAuto, StructuredJSONSchema, StructuredTools:
	default:
		return nil, fmt.Errorf("models: structured output %q: want auto, json_schema or tools", cfg.StructuredOutput)
	}
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = DefaultMaxRetries
	}
	if cfg.RetryBase <= 0 {
		cfg.RetryBase = DefaultRetryBase
	}
	if cfg.RetryMaxDelay <= 0 {
		cfg.RetryMaxDelay = DefaultRetryMaxDelay
	}
	if cfg.KeySource == "" {
		cfg.KeySource = "OPENAI_API_KEY"
	}
	hc := cfg.HTTPClient
	if hc == nil {
		hc = &http.Client{Transport: http.DefaultTransport.(*http.Transport).Clone()}
	}
	// A redirect to another origin would carry the request (and its
	// prompt) somewhere the configuration never named.
	origin := u.Scheme + "://" + u.Host
	inner := *hc
	inner.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		if req.URL.Scheme+"://"+req.URL.Host != origin {
			return fmt.Errorf("the provider redirected to %s, another origin than the configured %s; set the base URL to where it redirects", req.URL.Redacted(), origin)
		}
		if len(via) >= 5 {
			return errors.New("the provider redirected 5 times")
		}
		return nil
	}
	return &OpenAI{cfg: cfg, base: strings.TrimRight(u.String(), "/"), http: &inner}, nil
}

// BaseURL returns the API root requests go to.
func (o *OpenAI) BaseURL() string { return o.base }

// List implements Provider.
func (o *OpenAI) List(ctx context.Context) ([]Model, error) {
	var resp struct {
		Data []struct {
			ID      string `json:"id"`
			Created int64  `json:"created"`
			OwnedBy string `json:"owned_by"`
		} `json:"data"`
	}
	if err := o.do(ctx, http.MethodGet, "/models", nil, &resp); err != nil {
		return nil, err
	}
	out := make([]Model, 0, len(resp.Data))
	for _, m := range resp.Data {
		if m.ID != "" {
			out = append(out, Model{ID: m.ID, OwnedBy: m.OwnedBy, Created: m.Created})
		}
	}
	return out, nil
}

// chatMessage is one message of a chat completion request.
type chatMessage struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// chatRequest is the body of POST /chat/completions.
type chatRequest struct {
	Model          string        `json:"model"`
	Messages       []chatMessage `json:"messages"`
	ResponseFormat any           `json:"response_format,omitempty"`
	Tools          []any         `json:"tools,omitempty"`
	ToolChoice     any           `json:"tool_choice,omitempty"`
	Logprobs       bool          `json:"logprobs,omitempty"`
	TopLogprobs    int           `json:"top_logprobs,omitempty"`
}

// chatResponse is the part of a chat completion answer that is read.
type chatResponse struct {
	Model   string `json:"model"`
	Choices []struct {
		Message struct {
			Content   *string `json:"content"`
			Refusal   *string `json:"refusal"`
			ToolCalls []struct {
				Function struct {
					Name      string `json:"name"`
					Arguments string `json:"arguments"`
				} `json:"function"`
			} `json:"tool_calls"`
		} `json:"message"`
		Logprobs *struct {
			Content []tokenLogprob `json:"content"`
		} `json:"logprobs"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens     int `json:"prompt_tokens"`
		CompletionTokens int `json:"completion_tokens"`
		TotalTokens      int `json:"total_tokens"`
	} `json:"usage"`
}

// topLogprobs is how many alternatives are asked for when scores are.
const topLogprobs = 10

// classifyFunction is the function a forced call answers through.
const classifyFunction = "classify"

// Classify implements Provider: the labels become an enum of a JSON schema
// the answer must follow (response_format, or a forced function call).
func (o *OpenAI) Classify(ctx context.Context, model string, req ClassifyRequest) (Answer, error) {
	useTools := o.cfg.StructuredOutput == StructuredTools || (o.cfg.StructuredOutput == StructuredAuto && o.tools.Load())
	ans, err := o.classify(ctx, model, req, useTools)
	var e *Error
	if err != nil && !useTools && o.cfg.StructuredOutput == StructuredAuto && errors.As(err, &e) && e.Status == http.StatusBadRequest && refusesResponseFormat(e.Msg) {
		o.tools.Store(true)
		return o.classify(ctx, model, req, true)
	}
	return ans, err
}

// refusesResponseFormat reports whether a 400's message is about the
// response_format parameter (a server without JSON-schema output).
func refusesResponseFormat(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "response_format") || strings.Contains(m, "json_schema")
}

func (o *OpenAI) classify(ctx context.Context, model string, req ClassifyRequest, useTools bool) (Answer, error) {
	schema := map[string]any{
		"type":                 "object",
		"properties":           map[string]any{"label": map[string]any{"type": "string", "enum": req.Labels}},
		"required":             []string{"label"},
		"additionalProperties": false,
	}
	system := "Classify the user's message. Answer with exactly one of these labels: " + quoteList(req.Labels) + "."
	if s := strings.TrimSpace(req.Instructions); s != "" {
		system += "\n\n" + s
	}
	body := chatRequest{
		Model:    model,
		Messages: []chatMessage{{Role: "system", Content: system}, {Role: "user", Content: req.Input}},
	}
	if useTools {
		body.Tools = []any{map[string]any{"type": "function", "function": map[string]any{
			"name": classifyFunction, "description": "Record the label of the user's message.", "parameters": schema, "strict": true,
		}}}
		body.ToolChoice = map[string]any{"type": "function", "function": map[string]any{"name": classifyFunction}}
	} else {
		body.ResponseFormat = map[string]any{"type": "json_schema", "json_schema": map[string]any{
			"name": "classification", "strict": true, "schema": schema,
		}}
		if req.Scores {
			body.Logprobs, body.TopLogprobs = true, topLogprobs
		}
	}
	var resp chatResponse
	if err := o.do(ctx, http.MethodPost, "/chat/completions", body, &resp); err != nil {
		return Answer{}, err
	}
	ans := Answer{Model: resp.Model}
	if resp.Usage != nil {
		ans.Usage = Usage{InputTokens: resp.Usage.PromptTokens, OutputTokens: resp.Usage.CompletionTokens, TotalTokens: resp.Usage.TotalTokens}
		if ans.Usage.TotalTokens == 0 {
			ans.Usage.TotalTokens = ans.Usage.InputTokens + ans.Usage.OutputTokens
		}
	}
	if len(resp.Choices) == 0 {
		return ans, errorf(ErrAnswer, "the provider's answer has no choices")
	}
	ch := resp.Choices[0]
	if ch.Message.Refusal != nil && *ch.Message.Refusal != "" {
		return ans, errorf(ErrAnswer, "the model refused: %s", *ch.Message.Refusal)
	}
	content := ""
	if ch.Message.Content != nil {
		content = *ch.Message.Content
	}
	var label string
	var ok bool
	for _, tc := range ch.Message.ToolCalls {
		if label, ok = labelOf(tc.Function.Arguments); ok {
			break
		}
	}
	if !ok {
		label, ok = labelOf(content)
	}
	if !ok {
		label = plainLabel(content)
		if label == "" {
			reason := ""
			if ch.FinishReason != "" && ch.FinishReason != "stop" && ch.FinishReason != "tool_calls" {
				reason = " (finish reason " + ch.FinishReason + ")"
			}
			return ans, errorf(ErrAnswer, "the model gave no label%s", reason)
		}
	}
	ans.Label = label
	if req.Scores && ch.Logprobs != nil {
		ans.Scores = labelScores(ch.Logprobs.Content, req.Labels)
	}
	return ans, nil
}

// labelOf reads {"label": "..."} from a JSON answer (fenced in ``` or
// not).
func labelOf(s string) (string, bool) {
	s = unfence(s)
	var v struct {
		Label *string `json:"label"`
	}
	if json.Unmarshal([]byte(s), &v) != nil || v.Label == nil {
		return "", false
	}
	return *v.Label, true
}

// plainLabel is a plain-text answer without the quotes, fences and final
// full stop models add.
func plainLabel(s string) string {
	s = strings.TrimSpace(unfence(s))
	var js string
	if json.Unmarshal([]byte(s), &js) == nil {
		s = js
	}
	s = strings.TrimSuffix(strings.TrimSpace(s), ".")
	return strings.Trim(strings.TrimSpace(s), "`'\"")
}

func unfence(s string) string {
	s = strings.TrimSpace(s)
	if !strings.HasPrefix(s, "```") {
		return s
	}
	s = strings.TrimPrefix(s, "```")
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[i+1:]
	}
	return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s), "```"))
}

// GenerateImages implements Provider. Images are asked for as base64
// (gpt-image models always answer so and refuse the parameter); an answer
// of URLs only is an error, since fetching a URL the provider names is
// not this client's to do.
func (o *OpenAI) GenerateImages(ctx context.Context, model string, req ImageRequest) ([]Image, Usage, error) {
	body := map[string]any{"prompt": req.Prompt, "n": req.N}
	if model != "" {
		body["model"] = model
	}
	if req.Size != "" {
		body["size"] = req.Size
	}
	if !strings.HasPrefix(model, "gpt-image") {
		body["response_format"] = "b64_json"
	}
	var resp struct {
		Data []struct {
			B64JSON       string `json:"b64_json"`
			URL           string `json:"url"`
			RevisedPrompt string `json:"revised_prompt"`
		} `json:"data"`
		Usage *struct {
			InputTokens  int `json:"input_tokens"`
			OutputTokens int `json:"output_tokens"`
			TotalTokens  int `json:"total_tokens"`
		} `json:"usage"`
	}
	if err := o.do(ctx, http.MethodPost, "/images/generations", body, &resp); err != nil {
		return nil, Usage{}, err
	}
	var u Usage
	if resp.Usage != nil {
		u = Usage{InputTokens: resp.Usage.InputTokens, OutputTokens: resp.Usage.OutputTokens, TotalTokens: resp.Usage.TotalTokens}
	}
	if len(resp.Data) == 0 {
		return nil, u, errorf(ErrAnswer, "the provider answered with no images")
	}
	out := make([]Image, 0, len(resp.Data))
	for i, d := range resp.Data {
		if d.B64JSON == "" {
			if d.URL != "" {
				return nil, u, errorf(ErrAnswer, "image %d came as a URL, not base64 data; use a model or server that returns b64_json", i+1)
			}
			return nil, u, errorf(ErrAnswer, "image %d has no data", i+1)
		}
		raw, err := base64.StdEncoding.DecodeString(d.B64JSON)
		if err != nil {
			return nil, u, errorf(ErrAnswer, "image %d is not valid base64: %v", i+1, err)
		}
		mime := http.DetectContentType(raw)
		switch mime {
		case "image/png", "image/jpeg", "image/gif", "image/webp":
		default:
			return nil, u, errorf(ErrAnswer, "image %d is %s, not a PNG, JPEG, GIF or WebP image", i+1, mime)
		}
		out = append(out, Image{Type: "image", Data: d.B64JSON, MIMEType: mime, RevisedPrompt: d.RevisedPrompt})
	}
	return out, u, nil
}

// do sends one API request, retrying what may pass (408, 429, 5xx, a
// connection broken mid-request) with backoff, and decodes the answer into
// out. ctx bounds everything, waits included.
func (o *OpenAI) do(ctx context.Context, method, path string, body, out any) error {
	var payload []byte
	if body != nil {
		var err error
		if payload, err = json.Marshal(body); err != nil {
			return errorf(ErrInvalidArgs, "encoding the request: %v", err)
		}
	}
	for attempt := 0; ; attempt++ {
		retryAfter, err := o.once(ctx, method, path, payload, out)
		if err == nil {
			return nil
		}
		var e *Error
		retryable := errors.As(err, &e) && e.Code == errRetry
		if !retryable {
			return err
		}
		e.Code = ErrProvider
		if attempt >= o.cfg.MaxRetries || o.cfg.MaxRetries < 0 {
			if attempt > 0 {
				e.Msg += fmt.Sprintf(" (after %d retries)", attempt)
			}
			return e
		}
		wait := backoff(o.cfg.RetryBase, o.cfg.RetryMaxDelay, attempt)
		if retryAfter >= 0 {
			wait = retryAfter
		}
		if wait > maxRetryAfter {
			return &Error{Code: ErrProvider, Status: e.Status, Msg: fmt.Sprintf("%s; it asks to retry after %v, longer than the %v this client waits", e.Msg, wait, maxRetryAfter), Err: e.Err}
		}
		if dl, ok := ctx.Deadline(); ok && time.Until(dl) < wait {
			return &Error{Code: ErrTimeout, Status: e.Status, Msg: fmt.Sprintf("%s; a retry in %v would pass the run's deadline", e.Msg, wait.Round(time.Millisecond)), Err: e.Err}
		}
		t := time.NewTimer(wait)
		select {
		case <-t.C:
		case <-ctx.Done():
			t.Stop()
			return ctxError(ctx, "the request", fmt.Sprintf("while it waited to retry (%s)", e.Msg))
		}
	}
}

// errRetry marks an error of once that do may retry.
const errRetry Code = "retry"

// once sends the request one time. retryAfter is the server's Retry-After
// (-1 when it gave none).
func (o *OpenAI) once(ctx context.Context, method, path string, payload []byte, out any) (retryAfter time.Duration, err error) {
	retryAfter = -1
	var rd io.Reader
	if payload != nil {
		rd = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, o.base+path, rd)
	if err != nil {
		return retryAfter, errorf(ErrProvider, "building the request: %v", err)
	}
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	req.Header.Set("Accept", "application/json")
	if o.cfg.APIKey != "" {
		req.Header.Set("Authorization", "Bearer "+o.cfg.APIKey)
	}
	if o.cfg.UserAgent != "" {
		req.Header.Set("User-Agent", o.cfg.UserAgent)
	}
	resp, err := o.http.Do(req)
	if err != nil {
		if ctx.Err() != nil {
			return retryAfter, ctxError(ctx, "the request to "+o.base+path, "while it was running")
		}
		code := ErrProvider
		if brokenMidway(err) {
			code = errRetry
		}
		return retryAfter, &Error{Code: code, Msg: fmt.Sprintf("%s %s: %v", method, o.base+path, unwrapURLError(err)), Err: err}
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxResponseBytes+1))
	if err != nil {
		if ctx.Err() != nil {
			return retryAfter, ctxError(ctx, "the request to "+o.base+path, "while its answer was read")
		}
		return retryAfter, &Error{Code: errRetry, Msg: fmt.Sprintf("%s %s: reading the answer: %v", method, o.base+path, err), Err: err}
	}
	if len(data) > MaxResponseBytes {
		return retryAfter, errorf(ErrLimit, "%s %s: the answer is over %d MiB", method, o.base+path, MaxResponseBytes>>20)
	}
	if resp.StatusCode/100 != 2 {
		e := o.statusError(method, path, resp.StatusCode, data)
		if resp.StatusCode == http.StatusRequestTimeout || resp.StatusCode == http.StatusTooManyRequests || resp.StatusCode >= 500 {
			e.Code = errRetry
			retryAfter = parseRetryAfter(resp.Header, time.Now())
		}
		return retryAfter, e
	}
	if err := json.Unmarshal(data, out); err != nil {
		return retryAfter, errorf(ErrProvider, "%s %s: the answer is not the JSON of an OpenAI-compatible API: %v (it begins %s)", method, o.base+path, err, quoteClip(string(data)))
	}
	return retryAfter, nil
}

// statusError turns an HTTP error answer into an Error with the server's
// own message and a hint for the usual causes.
func (o *OpenAI) statusError(method, path string, status int, body []byte) *Error {
	var apiErr struct {
		Error json.RawMessage `json:"error"`
	}
	msg := ""
	if json.Unmarshal(body, &apiErr) == nil && len(apiErr.Error) > 0 {
		var obj struct {
			Message string `json:"message"`
		}
		var s string
		switch {
		case json.Unmarshal(apiErr.Error, &obj) == nil && obj.Message != "":
			msg = obj.Message
		case json.Unmarshal(apiErr.Error, &s) == nil:
			msg = s
		}
	}
	if msg == "" {
		msg = strings.TrimSpace(string(body))
	}
	text := fmt.Sprintf("the provider answered %s %s with %d %s", method, o.base+path, status, http.StatusText(status))
	if msg != "" {
		text += ": " + clip(msg, 500)
	}
	switch {
	case status == http.StatusUnauthorized || status == http.StatusForbidden:
		if o.cfg.APIKey == "" {
			text += " (no API key was sent: set " + o.cfg.KeySource + ")"
		} else {
			text += " (check " + o.cfg.KeySource + ")"
		}
	case status == http.StatusNotFound && noPath(o.base):
		text += " (the base URL has no path: OpenAI-compatible servers usually serve under /v1)"
	}
	return &Error{Code: ErrProvider, Status: status, Msg: text}
}

func noPath(base string) bool {
	u, err := url.Parse(base)
	return err == nil && strings.Trim(u.Path, "/") == ""
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}

// brokenMidway reports whether a transport error is a connection that
// broke after it was made (worth a retry), not one that could not be made
// (a wrong host or port fails the same way again).
func brokenMidway(err error) bool {
	s := err.Error()
	return errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) ||
		strings.Contains(s, "connection reset") || strings.Contains(s, "broken pipe") || strings.Contains(s, "server closed idle connection")
}

func unwrapURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return ue.Err
	}
	return err
}

// Package openaifake is an OpenAI-compatible server for tests, on
// loopback: /v1/models, /v1/chat/completions (answers as content, as
// JSON-schema content or as a tool call, as the request asks) and
// /v1/images/generations. It counts concurrent requests, can fail the
// next requests with given statuses, delay answers and report the
// requests it saw cancelled.
package openaifake

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"io"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"time"
)

// Fault is an answer given instead of the real one.
type Fault struct {
	Status     int
	RetryAfter string // the Retry-After header, if any
	Message    string
}

// Server is the fake. Set its fields before the first request (with Set
// when the requests come from another process).
type Server struct {
	*httptest.Server

	// Key, when set, must come as "Authorization: Bearer KEY".
	Key string
	// Models are listed by /v1/models (default: one, "fake-model").
	Models []string
	// Answer picks a classification's answer (default: the first label
	// the input contains, ignoring case, else the first label).
	Answer func(input string, labels []string) string
	// Plain answers every classification as plain text content,
	// whatever format was asked for.
	Plain bool
	// NoJSONSchema refuses response_format json_schema with a 400, as
	// servers without structured output do.
	NoJSONSchema bool
	// URLImages answers image requests with URLs instead of data.
	URLImages bool
	// JPEGImages answers image requests with JPEG data (JPEG(i)) instead
	// of PNG, as gpt-image models do with output_format "jpeg".
	JPEGImages bool
	// Delay is how long a request to path waits before it is answered
	// (nil: no wait). A request cancelled meanwhile counts in Cancelled.
	Delay func(path string) time.Duration

	mu         sync.Mutex
	faults     []Fault
	inFlight   int
	maxFlight  int
	requests   map[string]int
	cancelled  int
	bodies     []map[string]any
	prompt     int
	completion int
}

// New starts a fake on loopback; it closes when the test's cleanup runs
// (or call Close).
func New() *Server {
	s := &Server{requests: map[string]int{}}
	s.Server = httptest.NewServer(http.HandlerFunc(s.serve))
	return s
}

// Set changes the fake's fields once it is serving: f runs under the lock
// every request takes first, so a request sees what f set (writing the
// fields directly after New races with the server's goroutines when the
// client is another process).
func (s *Server) Set(f func(*Server)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	f(s)
}

// BaseURL is the URL to configure, with /v1.
func (s *Server) BaseURL() string { return s.URL + "/v1" }

// FailNext makes the next requests (to chat or images) answer with these
// faults, in order.
func (s *Server) FailNext(f ...Fault) {
	s.mu.Lock()
	s.faults = append(s.faults, f...)
	s.mu.Unlock()
}

// Stats is what the fake saw.
type Stats struct {
	Requests    map[string]int // by path
	MaxInFlight int
	Cancelled   int
	// PromptTokens and CompletionTokens are the usage it reported, summed.
	PromptTokens, CompletionTokens int
}

// Stats returns what the fake saw so far.
func (s *Server) Stats() Stats {
	s.mu.Lock()
	defer s.mu.Unlock()
	r := map[string]int{}
	for k, v := range s.requests {
		r[k] = v
	}
	return Stats{Requests: r, MaxInFlight: s.maxFlight, Cancelled: s.cancelled, PromptTokens: s.prompt, CompletionTokens: s.completion}
}

// Bodies returns the JSON bodies of the POST requests, in arrival order.
func (s *Server) Bodies() []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]map[string]any(nil), s.bodies...)
}

func (s *Server) serve(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	s.requests[r.URL.Path]++
	s.inFlight++
	s.maxFlight = max(s.maxFlight, s.inFlight)
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		s.inFlight--
		s.mu.Unlock()
	}()
	if s.Key != "" && r.Header.Get("Authorization") != "Bearer "+s.Key {
		apiError(w, http.StatusUnauthorized, "Incorrect API key provided")
		return
	}
	var body map[string]any
	if r.Method == http.MethodPost {
		if err := json.NewDecoder(r.Body).Decode(&body); err != nil {
			apiError(w, http.StatusBadRequest, "bad JSON: "+err.Error())
			return
		}
		s.mu.Lock()
		s.bodies = append(s.bodies, body)
		s.mu.Unlock()
	}
	if s.Delay != nil {
		if d := s.Delay(r.URL.Path); d > 0 {
			select {
			case <-time.After(d):
			case <-r.Context().Done():
				s.mu.Lock()
				s.cancelled++
				s.mu.Unlock()
				return
			}
		}
	}
	switch r.URL.Path {
	case "/v1/models":
		s.models(w)
	case "/v1/chat/completions":
		if s.fault(w) {
			return
		}
		s.chat(w, body)
	case "/v1/images/generations":
		if s.fault(w) {
			return
		}
		s.images(w, body)
	default:
		apiError(w, http.StatusNotFound, "no route "+r.URL.Path)
	}
}

func (s *Server) fault(w http.ResponseWriter) bool {
	s.mu.Lock()
	if len(s.faults) == 0 {
		s.mu.Unlock()
		return false
	}
	f := s.faults[0]
	s.faults = s.faults[1:]
	s.mu.Unlock()
	if f.RetryAfter != "" {
		w.Header().Set("Retry-After", f.RetryAfter)
	}
	msg := f.Message
	if msg == "" {
		msg = http.StatusText(f.Status)
	}
	apiError(w, f.Status, msg)
	return true
}

func (s *Server) models(w http.ResponseWriter) {
	ids := s.Models
	if ids == nil {
		ids = []string{"fake-model"}
	}
	data := make([]map[string]any, len(ids))
	for i, id := range ids {
		data[i] = map[string]any{"id": id, "object": "model", "created": 1700000000 + i, "owned_by": "fake"}
	}
	writeJSON(w, map[string]any{"object": "list", "data": data})
}

func (s *Server) chat(w http.ResponseWriter, body map[string]any) {
	var system, input string
	msgs, _ := body["messages"].([]any)
	for _, m := range msgs {
		mm, _ := m.(map[string]any)
		c, _ := mm["content"].(string)
		if mm["role"] == "system" {
			system += c
		} else {
			input += c
		}
	}
	var labels []string
	asTool := body["tools"] != nil
	asSchema := false
	if rf, ok := body["response_format"].(map[string]any); ok && rf["type"] == "json_schema" {
		if s.NoJSONSchema {
			apiError(w, http.StatusBadRequest, "response_format type json_schema is not supported by this server")
			return
		}
		asSchema = true
		labels = enumOf(rf["json_schema"])
	}
	if asTool {
		ts, _ := body["tools"].([]any)
		if len(ts) > 0 {
			t, _ := ts[0].(map[string]any)
			f, _ := t["function"].(map[string]any)
			labels = enumOf(map[string]any{"schema": f["parameters"]})
		}
	}
	answer := ""
	if s.Answer != nil {
		answer = s.Answer(input, labels)
	} else if len(labels) > 0 {
		answer = labels[0]
		for _, l := range labels {
			if strings.Contains(strings.ToLower(input), strings.ToLower(l)) {
				answer = l
				break
			}
		}
	}
	prompt := (len(system) + len(input) + 3) / 4
	completion := 5
	s.mu.Lock()
	s.prompt += prompt
	s.completion += completion
	s.mu.Unlock()
	model, _ := body["model"].(string)
	msg := map[string]any{"role": "assistant"}
	label, _ := json.Marshal(map[string]string{"label": answer})
	choice := map[string]any{"index": 0, "finish_reason": "stop"}
	switch {
	case s.Plain:
		msg["content"] = answer
	case asTool:
		msg["content"] = nil
		msg["tool_calls"] = []any{map[string]any{"id": "call_1", "type": "function",
			"function": map[string]any{"name": "classify", "arguments": string(label)}}}
		choice["finish_reason"] = "tool_calls"
	case asSchema:
		msg["content"] = string(label)
		if body["logprobs"] == true {
			choice["logprobs"] = map[string]any{"content": logprobs(answer, labels)}
		}
	default:
		msg["content"] = answer
	}
	choice["message"] = msg
	writeJSON(w, map[string]any{
		"id": "chatcmpl-fake", "object": "chat.completion", "created": 1700000000, "model": model,
		"choices": []any{choice},
		"usage":   map[string]any{"prompt_tokens": prompt, "completion_tokens": completion, "total_tokens": prompt + completion},
	})
}

// ChosenProbability is the probability the fake gives its answer's label
// token; the other labels share the rest equally.
const ChosenProbability = 0.7

// logprobs are the tokens of {"label":"ANSWER"}: the label is one token
// whose alternatives are the other labels.
func logprobs(answer string, labels []string) []any {
	tok := func(t string, p float64, alts []any) map[string]any {
		return map[string]any{"token": t, "logprob": math.Log(p), "bytes": []byte(t), "top_logprobs": alts}
	}
	var alts []any
	alts = append(alts, map[string]any{"token": answer, "logprob": math.Log(ChosenProbability)})
	for _, l := range labels {
		if l != answer {
			alts = append(alts, map[string]any{"token": l, "logprob": math.Log((1 - ChosenProbability) / float64(len(labels)-1))})
		}
	}
	return []any{tok(`{"`, 1, nil), tok("label", 1, nil), tok(`":"`, 1, nil), tok(answer, ChosenProbability, alts), tok(`"}`, 1, nil)}
}

func enumOf(v any) []string {
	m, _ := v.(map[string]any)
	schema, _ := m["schema"].(map[string]any)
	props, _ := schema["properties"].(map[string]any)
	label, _ := props["label"].(map[string]any)
	enum, _ := label["enum"].([]any)
	out := make([]string, 0, len(enum))
	for _, e := range enum {
		if s, ok := e.(string); ok {
			out = append(out, s)
		}
	}
	return out
}

func (s *Server) images(w http.ResponseWriter, body map[string]any) {
	prompt, _ := body["prompt"].(string)
	n := 1
	if f, ok := body["n"].(float64); ok {
		n = int(f)
	}
	model, _ := body["model"].(string)
	if body["response_format"] != nil && strings.HasPrefix(model, "gpt-image") {
		apiError(w, http.StatusBadRequest, "Unknown parameter: 'response_format'.")
		return
	}
	data := make([]any, n)
	for i := range data {
		if s.URLImages {
			data[i] = map[string]any{"url": fmt.Sprintf("%s/files/%d.png", s.URL, i)}
			continue
		}
		b64 := PNG(i)
		if s.JPEGImages {
			b64 = JPEG(i)
		}
		data[i] = map[string]any{"b64_json": b64, "revised_prompt": prompt + " (revised)"}
	}
	in := (len(prompt) + 3) / 4
	out := 100 * n
	s.mu.Lock()
	s.prompt += in
	s.completion += out
	s.mu.Unlock()
	writeJSON(w, map[string]any{"created": 1700000000, "data": data,
		"usage": map[string]any{"input_tokens": in, "output_tokens": out, "total_tokens": in + out}})
}

// PNG is the base64 of a small PNG, different for each i.
func PNG(i int) string {
	var b bytes.Buffer
	_ = png.Encode(&b, picture(i))
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// JPEG is the base64 of a small JPEG, different for each i.
func JPEG(i int) string {
	var b bytes.Buffer
	_ = jpeg.Encode(&b, picture(i), nil)
	return base64.StdEncoding.EncodeToString(b.Bytes())
}

// picture is a 4×4 gradient whose red channel is i's.
func picture(i int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	for x := 0; x < 4; x++ {
		for y := 0; y < 4; y++ {
			img.Set(x, y, color.RGBA{uint8(40 * i), uint8(60 * x), uint8(60 * y), 255})
		}
	}
	return img
}

func apiError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(map[string]any{"error": map[string]any{"message": msg, "type": "invalid_request_error"}})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

// InstantAnswer is what an Instant server answers every request with: a
// chat completion whose JSON-schema content is {"label":"bug"}.
const InstantAnswer = `{"id":"chatcmpl-1","object":"chat.completion","created":1700000000,"model":"m",` +
	`"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"{\"label\":\"bug\"}"}}],` +
	`"usage":{"prompt_tokens":40,"completion_tokens":5,"total_tokens":45}}`

// InstantServer answers every request at once with InstantAnswer,
// keeping only the first request's body: the benchmarks' server, so that
// what they measure is the client.
type InstantServer struct {
	*httptest.Server
	mu    sync.Mutex
	first []byte
}

// Instant starts an InstantServer on loopback; Close it when done.
func Instant() *InstantServer {
	s := &InstantServer{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		s.mu.Lock()
		if s.first == nil {
			s.first = body
		}
		s.mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, InstantAnswer)
	}))
	return s
}

// BaseURL is the server's API root, for OPENAI_BASE_URL.
func (s *InstantServer) BaseURL() string { return s.URL + "/v1" }

// FirstBody is the body of the first request it answered.
func (s *InstantServer) FirstBody() []byte {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.first
}

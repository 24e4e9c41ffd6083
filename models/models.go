// Package models gives scripts models.list, models.classify and
// models.generateImages: a Provider interface, an OpenAI-compatible
// provider (OpenAI, a local llama.cpp, vLLM or Ollama server), the in-flight
// cap of a run and its token accounting.
//
//	p, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: "http://127.0.0.1:8080/v1"})
//	c := models.New(p, models.Options{ClassifyModel: "qwen2.5"})
//	run := c.NewRun()
//	out, err := run.Classify(ctx, models.ClassifyRequest{Input: "fix the crash", Labels: []string{"bug", "feature"}})
//
// A Client is safe for concurrent use and meant to be shared; a Run is one
// script run's use of it (at most MaxInFlight calls at once, usage summed)
// and is safe for concurrent use too.
package models

import (
	"context"
	"errors"
	"fmt"
)

// Provider is one model service. Its methods are called on many goroutines
// at once and must honour ctx. The Client validates requests before they
// reach a provider and validates what it answers.
type Provider interface {
	// List returns the models the service offers.
	List(ctx context.Context) ([]Model, error)
	// Classify asks model for one of req.Labels. The answer's Label is
	// what the model said, not yet checked against the labels.
	Classify(ctx context.Context, model string, req ClassifyRequest) (Answer, error)
	// GenerateImages makes images for req.Prompt; model "" means the
	// service's default.
	GenerateImages(ctx context.Context, model string, req ImageRequest) ([]Image, Usage, error)
}

// Model is one model a provider offers.
type Model struct {
	ID      string `json:"id"`
	OwnedBy string `json:"ownedBy,omitempty"`
	// Created is when the model was made, in Unix seconds (0: unknown).
	Created int64 `json:"created,omitempty"`
}

// ClassifyRequest is the argument of models.classify.
type ClassifyRequest struct {
	// Model names the model; "" means the configured default.
	Model string `json:"model,omitempty"`
	// Input is the text to classify.
	Input string `json:"input"`
	// Labels are the answers allowed; the result is always one of them.
	Labels []string `json:"labels"`
	// Instructions say how to choose (what each label means).
	Instructions string `json:"instructions,omitempty"`
	// Scores asks for each label's probability, from the provider's
	// log-probabilities (not every provider or model gives them).
	Scores bool `json:"scores,omitempty"`
}

// Answer is what a provider's model answered to a classification.
type Answer struct {
	// Label is the label as the model gave it.
	Label string
	// Scores are label probabilities, when asked for and given.
	Scores map[string]float64
	// Model is the model that answered, as the provider names it.
	Model string
	Usage Usage
}

// Classification is the result of models.classify.
type Classification struct {
	// Label is one of the request's labels, always.
	Label  string             `json:"label"`
	Scores map[string]float64 `json:"scores,omitempty"`
	Model  string             `json:"model"`
	Usage  Usage              `json:"usage"`
}

// ImageRequest is the argument of models.generateImages.
type ImageRequest struct {
	// Model names the model; "" means the configured default, else the
	// provider's.
	Model  string `json:"model,omitempty"`
	Prompt string `json:"prompt"`
	// N is how many images (1 to 10; 0 means 1).
	N int `json:"n,omitempty"`
	// Size is "1024x1024", "auto", ... as the model accepts; "" is its
	// default.
	Size string `json:"size,omitempty"`
}

// Image is one generated image, shaped as MCP image content so a script
// can pass it to image() as it is.
type Image struct {
	Type     string `json:"type"` // "image"
	Data     string `json:"data"` // base64
	MIMEType string `json:"mimeType"`
	// RevisedPrompt is the prompt the model actually drew, when it says.
	RevisedPrompt string `json:"revisedPrompt,omitempty"`
}

// Usage is the tokens one call used, as the provider counted them.
type Usage struct {
	InputTokens  int `json:"inputTokens"`
	OutputTokens int `json:"outputTokens"`
	TotalTokens  int `json:"totalTokens"`
}

func (u *Usage) add(v Usage) {
	u.InputTokens += v.InputTokens
	u.OutputTokens += v.OutputTokens
	u.TotalTokens += v.TotalTokens
}

// Totals is what a run's model calls used together.
type Totals struct {
	// Calls counts the model calls the provider answered (a classification
	// whose answer was outside the labels still cost its tokens).
	Calls int `json:"calls"`
	Usage
}

// Code is a stable error code; the engine passes it to scripts as
// error.code.
type Code string

// The codes a model call fails with.
const (
	ErrNoProvider  Code = "ERR_NO_PROVIDER"  // no provider is configured
	ErrInvalidArgs Code = "ERR_INVALID_ARGS" // a bad request, refused before any request
	ErrLimit       Code = "ERR_LIMIT"        // the input is over the model's budget, or an answer over the size cap
	ErrAnswer      Code = "ERR_MODEL_ANSWER" // the model's answer is unusable (a label outside the labels, a refusal)
	ErrProvider    Code = "ERR_PROVIDER"     // the provider failed or refused (HTTP status, transport)
	ErrTimeout     Code = "ERR_TIMEOUT"      // the run's deadline passed
	ErrCancelled   Code = "ERR_CANCELLED"    // the run was cancelled
)

// Error is a model call's failure. Msg says what went wrong and what to do
// next.
type Error struct {
	Code Code
	Msg  string
	// Status is the provider's HTTP status, when it answered with one.
	Status int
	Err    error
}

func (e *Error) Error() string { return e.Msg }
func (e *Error) Unwrap() error { return e.Err }

func errorf(code Code, format string, args ...any) *Error {
	err := fmt.Errorf(format, args...)
	return &Error{Code: code, Msg: err.Error(), Err: errors.Unwrap(err)}
}

// CodeOf returns err's code: an *Error's, or ErrTimeout/ErrCancelled for
// context errors, else ErrProvider.
func CodeOf(err error) Code {
	var e *Error
	switch {
	case err == nil:
		return ""
	case errors.As(err, &e) && e.Code != "":
		return e.Code
	case errors.Is(err, context.DeadlineExceeded):
		return ErrTimeout
	case errors.Is(err, context.Canceled):
		return ErrCancelled
	}
	return ErrProvider
}

package models_test

import (
	"context"
	"encoding/base64"
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/openaifake"
	"github.com/atomic-script/atomic-script/models"
)

// setup starts a fake and a run of a client for it.
func setup(t *testing.T, mode string, opts models.Options) (*openaifake.Server, *models.Run) {
	t.Helper()
	srv := openaifake.New()
	t.Cleanup(srv.Close)
	p, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: srv.BaseURL(), StructuredOutput: mode, RetryBase: time.Millisecond, RetryMaxDelay: 5 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return srv, models.New(p, opts).NewRun()
}

func code(err error) models.Code { return models.CodeOf(err) }

func TestList(t *testing.T) {
	srv, run := setup(t, "", models.Options{})
	srv.Models = []string{"a", "b"}
	list, err := run.List(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 2 || list[0].ID != "a" || list[1].ID != "b" || list[0].OwnedBy != "fake" || list[0].Created == 0 {
		t.Fatalf("list = %+v", list)
	}
	if got := run.Totals().Calls; got != 1 {
		t.Fatalf("calls = %d, want 1", got)
	}
}

// TestClassifyAnswerShapes: a label comes back right however the server
// gives it — JSON-schema content, a tool call, plain text — and what was
// asked for is what the mode says.
func TestClassifyAnswerShapes(t *testing.T) {
	for _, tc := range []struct {
		name, mode string
		plain      bool
		wantFormat bool // response_format asked for
		wantTools  bool
	}{
		{"json schema", models.StructuredJSONSchema, false, true, false},
		{"auto asks json schema", models.StructuredAuto, false, true, false},
		{"tool call", models.StructuredTools, false, false, true},
		{"plain content", models.StructuredJSONSchema, true, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, run := setup(t, tc.mode, models.Options{ClassifyModel: "m1"})
			srv.Plain = tc.plain
			out, err := run.Classify(context.Background(), models.ClassifyRequest{Input: "the app crashes: a bug", Labels: []string{"feature", "bug"}})
			if err != nil {
				t.Fatal(err)
			}
			if out.Label != "bug" || out.Model != "m1" || out.Usage.TotalTokens == 0 {
				t.Fatalf("out = %+v", out)
			}
			b := srv.Bodies()[0]
			if (b["response_format"] != nil) != tc.wantFormat || (b["tools"] != nil) != tc.wantTools || b["model"] != "m1" {
				t.Fatalf("request body = %v", b)
			}
		})
	}
}

// TestClassifyFallsBackToTools: in auto mode a server that refuses
// response_format json_schema is asked again with a forced function call,
// and later calls go straight to function calls.
func TestClassifyFallsBackToTools(t *testing.T) {
	srv, run := setup(t, models.StructuredAuto, models.Options{})
	srv.NoJSONSchema = true
	for i := 0; i < 2; i++ {
		out, err := run.Classify(context.Background(), models.ClassifyRequest{Input: "a question?", Labels: []string{"bug", "question"}})
		if err != nil {
			t.Fatal(err)
		}
		if out.Label != "question" {
			t.Fatalf("label = %q", out.Label)
		}
	}
	bodies := srv.Bodies()
	if len(bodies) != 3 || bodies[0]["response_format"] == nil || bodies[1]["tools"] == nil || bodies[2]["tools"] == nil || bodies[2]["response_format"] != nil {
		t.Fatalf("bodies = %v", bodies)
	}
	// The strict json_schema mode does not fall back: the server's refusal
	// is the error.
	srv2, run2 := setup(t, models.StructuredJSONSchema, models.Options{})
	srv2.NoJSONSchema = true
	_, err := run2.Classify(context.Background(), models.ClassifyRequest{Input: "x", Labels: []string{"a"}})
	if code(err) != models.ErrProvider || !strings.Contains(err.Error(), "400") || !strings.Contains(err.Error(), "json_schema is not supported") {
		t.Fatalf("err = %v", err)
	}
}

func TestClassifyLabelValidation(t *testing.T) {
	for _, tc := range []struct {
		answer, want, wantErr string
	}{
		{"bug", "bug", ""},
		{"  bug ", "bug", ""},
		{"BUG", "bug", ""},
		{"spam", "", `answered "spam", which is not one of the labels ["bug", "feature"]`},
		{"", "", `answered ""`},
	} {
		t.Run(tc.answer, func(t *testing.T) {
			srv, run := setup(t, models.StructuredJSONSchema, models.Options{ClassifyModel: "m"})
			srv.Answer = func(string, []string) string { return tc.answer }
			out, err := run.Classify(context.Background(), models.ClassifyRequest{Input: "x", Labels: []string{"bug", "feature"}})
			if tc.wantErr != "" {
				if code(err) != models.ErrAnswer || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want %s", err, tc.wantErr)
				}
				// The tokens were spent all the same.
				if run.Totals().Calls != 1 || run.Totals().TotalTokens == 0 {
					t.Fatalf("totals = %+v", run.Totals())
				}
				return
			}
			if err != nil || out.Label != tc.want {
				t.Fatalf("out = %+v, err = %v", out, err)
			}
		})
	}
}

// TestClassifyRefusedBeforeAnyRequest: bad requests fail with a clear
// error and the server never hears of them.
func TestClassifyRefusedBeforeAnyRequest(t *testing.T) {
	long := strings.Repeat("word ", 1000) // about 1,250 tokens
	for _, tc := range []struct {
		name string
		req  models.ClassifyRequest
		code models.Code
		want string
	}{
		{"no labels", models.ClassifyRequest{Input: "x"}, models.ErrInvalidArgs, "labels is empty"},
		{"empty label", models.ClassifyRequest{Input: "x", Labels: []string{"a", " "}}, models.ErrInvalidArgs, "labels[1] is empty"},
		{"repeated label", models.ClassifyRequest{Input: "x", Labels: []string{"a", "a"}}, models.ErrInvalidArgs, `"a" is given twice`},
		{"empty input", models.ClassifyRequest{Input: "  ", Labels: []string{"a"}}, models.ErrInvalidArgs, "input is empty"},
		{"over budget", models.ClassifyRequest{Input: long, Labels: []string{"a"}}, models.ErrLimit, "over the budget of 1000"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv, run := setup(t, "", models.Options{MaxInputTokens: 1000})
			_, err := run.Classify(context.Background(), tc.req)
			if code(err) != tc.code || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), "models.classify: ") {
				t.Fatalf("err = %v (%s), want %s: %s", err, code(err), tc.code, tc.want)
			}
			if n := len(srv.Stats().Requests); n != 0 {
				t.Fatalf("the server saw %d requests", n)
			}
		})
	}
}

func TestNoProvider(t *testing.T) {
	run := models.New(nil, models.Options{}).NewRun()
	for _, call := range []func() error{
		func() error { _, err := run.List(context.Background()); return err },
		func() error {
			_, err := run.Classify(context.Background(), models.ClassifyRequest{Input: "x", Labels: []string{"a"}})
			return err
		},
		func() error {
			_, err := run.GenerateImages(context.Background(), models.ImageRequest{Prompt: "x"})
			return err
		},
	} {
		err := call()
		if code(err) != models.ErrNoProvider || !strings.Contains(err.Error(), "OPENAI_BASE_URL") || !strings.Contains(err.Error(), `"models"`) {
			t.Fatalf("err = %v", err)
		}
	}
	var nilClient *models.Client
	if nilClient.Configured() {
		t.Fatal("a nil client is configured")
	}
	if _, err := nilClient.NewRun().List(context.Background()); code(err) != models.ErrNoProvider {
		t.Fatalf("nil client: %v", err)
	}
}

// TestInFlightCap: 20 classifications at once reach the server at most 4
// at a time (the server counts), and each result is its own input's.
func TestInFlightCap(t *testing.T) {
	srv, run := setup(t, "", models.Options{})
	srv.Delay = func(string) time.Duration { return 30 * time.Millisecond }
	labels := []string{"red", "green", "blue"}
	const n = 20
	got := make([]string, n)
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			out, err := run.Classify(context.Background(), models.ClassifyRequest{Model: "m", Input: fmt.Sprintf("item %d is %s", i, labels[i%3]), Labels: labels})
			errs[i] = err
			if err == nil {
				got[i] = out.Label
			}
		}()
	}
	wg.Wait()
	for i := 0; i < n; i++ {
		if errs[i] != nil || got[i] != labels[i%3] {
			t.Fatalf("call %d: %q, %v", i, got[i], errs[i])
		}
	}
	st := srv.Stats()
	if st.MaxInFlight != models.DefaultMaxInFlight {
		t.Fatalf("the server saw %d requests at once, want %d", st.MaxInFlight, models.DefaultMaxInFlight)
	}
	if st.Requests["/v1/chat/completions"] != n || run.Totals().Calls != n {
		t.Fatalf("requests %v, totals %+v", st.Requests, run.Totals())
	}
}

func TestRetries(t *testing.T) {
	req := models.ClassifyRequest{Model: "m", Input: "a bug", Labels: []string{"bug", "other"}}
	t.Run("429 and 503 then success", func(t *testing.T) {
		srv, run := setup(t, "", models.Options{})
		srv.FailNext(openaifake.Fault{Status: 429, RetryAfter: "0"}, openaifake.Fault{Status: 503})
		out, err := run.Classify(context.Background(), req)
		if err != nil || out.Label != "bug" {
			t.Fatalf("out = %+v, err = %v", out, err)
		}
		if n := srv.Stats().Requests["/v1/chat/completions"]; n != 3 {
			t.Fatalf("%d requests, want 3", n)
		}
	})
	t.Run("400 is not retried", func(t *testing.T) {
		srv, run := setup(t, "", models.Options{})
		srv.FailNext(openaifake.Fault{Status: 400, Message: "model m does not exist"})
		_, err := run.Classify(context.Background(), req)
		if code(err) != models.ErrProvider || !strings.Contains(err.Error(), "400 Bad Request: model m does not exist") {
			t.Fatalf("err = %v", err)
		}
		var me *models.Error
		if !errors.As(err, &me) || me.Status != 400 {
			t.Fatalf("status not kept: %#v", err)
		}
		if n := srv.Stats().Requests["/v1/chat/completions"]; n != 1 {
			t.Fatalf("%d requests, want 1", n)
		}
	})
	t.Run("retries run out", func(t *testing.T) {
		srv, run := setup(t, "", models.Options{})
		srv.FailNext(openaifake.Fault{Status: 500}, openaifake.Fault{Status: 502}, openaifake.Fault{Status: 503}, openaifake.Fault{Status: 504}, openaifake.Fault{Status: 500})
		_, err := run.Classify(context.Background(), req)
		if code(err) != models.ErrProvider || !strings.Contains(err.Error(), "504 Gateway Timeout") || !strings.Contains(err.Error(), "after 3 retries") {
			t.Fatalf("err = %v", err)
		}
		if n := srv.Stats().Requests["/v1/chat/completions"]; n != 1+models.DefaultMaxRetries {
			t.Fatalf("%d requests", n)
		}
	})
	t.Run("Retry-After is honoured", func(t *testing.T) {
		srv, run := setup(t, "", models.Options{})
		srv.FailNext(openaifake.Fault{Status: 429, RetryAfter: "1"})
		start := time.Now()
		if _, err := run.Classify(context.Background(), req); err != nil {
			t.Fatal(err)
		}
		// The backoff alone is a millisecond; the server asked for a second.
		if d := time.Since(start); d < 900*time.Millisecond {
			t.Fatalf("retried after %v, before the 1s Retry-After", d)
		}
	})
	t.Run("Retry-After past the deadline", func(t *testing.T) {
		srv, run := setup(t, "", models.Options{})
		srv.FailNext(openaifake.Fault{Status: 429, RetryAfter: "30"})
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		defer cancel()
		_, err := run.Classify(ctx, req)
		if code(err) != models.ErrTimeout || !strings.Contains(err.Error(), "429 Too Many Requests") || !strings.Contains(err.Error(), "would pass the run's deadline") {
			t.Fatalf("err = %v", err)
		}
		if ctx.Err() != nil {
			t.Fatal("the call waited for the deadline instead of failing at once")
		}
	})
}

// TestDeadlineReachesTheRequest: a slow server's request is cancelled when
// the context ends, and the call says it was the deadline.
func TestDeadlineReachesTheRequest(t *testing.T) {
	srv, run := setup(t, "", models.Options{})
	srv.Delay = func(string) time.Duration { return time.Minute }
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := run.Classify(ctx, models.ClassifyRequest{Model: "m", Input: "x", Labels: []string{"a"}})
	if code(err) != models.ErrTimeout || !strings.Contains(err.Error(), "deadline") {
		t.Fatalf("err = %v", err)
	}
	waitCancelled(t, srv, 1)
	// A cancelled context is reported as a cancellation.
	ctx2, cancel2 := context.WithCancel(context.Background())
	go func() { time.Sleep(50 * time.Millisecond); cancel2() }()
	_, err = run.Classify(ctx2, models.ClassifyRequest{Model: "m", Input: "x", Labels: []string{"a"}})
	if code(err) != models.ErrCancelled {
		t.Fatalf("err = %v", err)
	}
	waitCancelled(t, srv, 2)
}

func waitCancelled(t *testing.T, srv *openaifake.Server, n int) {
	t.Helper()
	for deadline := time.Now().Add(5 * time.Second); srv.Stats().Cancelled < n; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the server saw %d requests cancelled, want %d", srv.Stats().Cancelled, n)
		}
	}
}

func TestUsageTotals(t *testing.T) {
	srv, run := setup(t, "", models.Options{ClassifyModel: "m"})
	var sum models.Usage
	for _, in := range []string{"one bug", "a feature request that is longer than the others", "bug"} {
		out, err := run.Classify(context.Background(), models.ClassifyRequest{Input: in, Labels: []string{"bug", "feature"}})
		if err != nil {
			t.Fatal(err)
		}
		sum.InputTokens += out.Usage.InputTokens
		sum.OutputTokens += out.Usage.OutputTokens
		sum.TotalTokens += out.Usage.TotalTokens
	}
	imgs, err := run.GenerateImages(context.Background(), models.ImageRequest{Prompt: "a cat", N: 2})
	if err != nil || len(imgs) != 2 {
		t.Fatalf("images %d, %v", len(imgs), err)
	}
	st := srv.Stats()
	tot := run.Totals()
	if tot.Calls != 4 || tot.InputTokens != st.PromptTokens || tot.OutputTokens != st.CompletionTokens || tot.TotalTokens != st.PromptTokens+st.CompletionTokens {
		t.Fatalf("totals %+v, server %+v", tot, st)
	}
	if tot.InputTokens <= sum.InputTokens || tot.OutputTokens != sum.OutputTokens+200 {
		t.Fatalf("totals %+v do not add the images' usage to %+v", tot, sum)
	}
}

func TestGenerateImages(t *testing.T) {
	srv, run := setup(t, "", models.Options{ImageModel: "dall-e-3"})
	imgs, err := run.GenerateImages(context.Background(), models.ImageRequest{Prompt: "a lighthouse", N: 3, Size: "1024x1024"})
	if err != nil {
		t.Fatal(err)
	}
	for i, im := range imgs {
		raw, err := base64.StdEncoding.DecodeString(im.Data)
		if err != nil || im.Type != "image" || im.MIMEType != "image/png" || http.DetectContentType(raw) != "image/png" || im.Data != openaifake.PNG(i) || im.RevisedPrompt == "" {
			t.Fatalf("image %d: %+v (%v)", i, im.MIMEType, err)
		}
	}
	b := srv.Bodies()[0]
	if b["model"] != "dall-e-3" || b["response_format"] != "b64_json" || b["size"] != "1024x1024" || b["n"] != 3.0 {
		t.Fatalf("body = %v", b)
	}
	// gpt-image models always answer base64 and refuse the parameter.
	if _, err := run.GenerateImages(context.Background(), models.ImageRequest{Model: "gpt-image-1", Prompt: "x"}); err != nil {
		t.Fatal(err)
	}
	if b := srv.Bodies()[1]; b["response_format"] != nil || b["n"] != 1.0 {
		t.Fatalf("body = %v", b)
	}
	srv.URLImages = true
	_, err = run.GenerateImages(context.Background(), models.ImageRequest{Prompt: "x"})
	if code(err) != models.ErrAnswer || !strings.Contains(err.Error(), "came as a URL") {
		t.Fatalf("err = %v", err)
	}
	for _, tc := range []struct {
		req  models.ImageRequest
		want string
	}{
		{models.ImageRequest{}, "prompt is empty"},
		{models.ImageRequest{Prompt: "x", N: 11}, "n is 11"},
		{models.ImageRequest{Prompt: "x", N: -1}, "n is -1"},
		{models.ImageRequest{Prompt: "x", Size: "big/../x"}, `size "big/../x"`},
	} {
		before := len(srv.Bodies())
		_, err := run.GenerateImages(context.Background(), tc.req)
		if code(err) != models.ErrInvalidArgs || !strings.Contains(err.Error(), tc.want) || len(srv.Bodies()) != before {
			t.Fatalf("%+v: err = %v", tc.req, err)
		}
	}
}

func TestScores(t *testing.T) {
	_, run := setup(t, models.StructuredJSONSchema, models.Options{ClassifyModel: "m"})
	labels := []string{"bug", "feature", "question"}
	out, err := run.Classify(context.Background(), models.ClassifyRequest{Input: "a feature", Labels: labels, Scores: true})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"feature": openaifake.ChosenProbability, "bug": 0.15, "question": 0.15}
	if len(out.Scores) != 3 {
		t.Fatalf("scores = %v", out.Scores)
	}
	for l, p := range want {
		if math.Abs(out.Scores[l]-p) > 1e-9 {
			t.Fatalf("scores = %v, want %v", out.Scores, want)
		}
	}
	// Without scores: true, none are asked for or given.
	out, err = run.Classify(context.Background(), models.ClassifyRequest{Input: "a feature", Labels: labels})
	if err != nil || out.Scores != nil {
		t.Fatalf("out = %+v, %v", out, err)
	}
}

// TestDefaultModel: a call without a model uses the configured default,
// else the provider's only model, else fails naming the choices.
func TestDefaultModel(t *testing.T) {
	req := models.ClassifyRequest{Input: "x", Labels: []string{"a"}}
	srv, run := setup(t, "", models.Options{})
	srv.Models = []string{"only"}
	for i := 0; i < 2; i++ {
		if out, err := run.Classify(context.Background(), req); err != nil || out.Model != "only" {
			t.Fatalf("out = %+v, err = %v", out, err)
		}
	}
	if n := srv.Stats().Requests["/v1/models"]; n != 1 {
		t.Fatalf("listed %d times, want once", n)
	}
	srv2, run2 := setup(t, "", models.Options{})
	srv2.Models = []string{"big", "small"}
	_, err := run2.Classify(context.Background(), req)
	if code(err) != models.ErrInvalidArgs || !strings.Contains(err.Error(), "offers 2 (big, small)") || !strings.Contains(err.Error(), "models.defaults.classify") {
		t.Fatalf("err = %v", err)
	}
}

func TestAuth(t *testing.T) {
	srv := openaifake.New()
	defer srv.Close()
	srv.Key = "sk-right"
	for _, tc := range []struct {
		key, want string
	}{
		{"sk-right", ""},
		{"sk-wrong", "401 Unauthorized: Incorrect API key provided (check OPENAI_API_KEY)"},
		{"", "no API key was sent"},
	} {
		p, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: srv.BaseURL(), APIKey: tc.key, KeySource: "OPENAI_API_KEY"})
		if err != nil {
			t.Fatal(err)
		}
		_, err = models.New(p, models.Options{}).NewRun().List(context.Background())
		if (tc.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), tc.want)) {
			t.Fatalf("key %q: err = %v, want %q", tc.key, err, tc.want)
		}
		if err != nil && tc.key != "" && strings.Contains(err.Error(), tc.key) {
			t.Fatalf("the error shows the key: %v", err)
		}
	}
}

func TestBaseURL(t *testing.T) {
	for _, bad := range []string{"", "api.openai.com/v1", "ftp://x/v1", "http://user:pw@host/v1", "http:///v1", "http://h/v1?x=1"} {
		if _, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: bad}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if _, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: "http://h/v1", StructuredOutput: "xml"}); err == nil {
		t.Error("structured output xml accepted")
	}
	p, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: " http://127.0.0.1:8080/v1/ "})
	if err != nil || p.BaseURL() != "http://127.0.0.1:8080/v1" {
		t.Fatalf("%v %v", p, err)
	}
	// A base URL without /v1 gets a hint on 404.
	srv := openaifake.New()
	defer srv.Close()
	p, _ = models.NewOpenAI(models.OpenAIConfig{BaseURL: srv.URL})
	_, err = models.New(p, models.Options{}).NewRun().List(context.Background())
	if !strings.Contains(err.Error(), "404") || !strings.Contains(err.Error(), "usually serve under /v1") {
		t.Fatalf("err = %v", err)
	}
	// A connection that cannot be made fails at once, naming the URL.
	p, _ = models.NewOpenAI(models.OpenAIConfig{BaseURL: "http://127.0.0.1:1/v1"})
	_, err = models.New(p, models.Options{}).NewRun().List(context.Background())
	if code(err) != models.ErrProvider || !strings.Contains(err.Error(), "http://127.0.0.1:1/v1/models") {
		t.Fatalf("err = %v", err)
	}
}

// TestRedirectToAnotherOrigin: the prompt never follows a redirect to a
// host the configuration did not name.
func TestRedirectToAnotherOrigin(t *testing.T) {
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		t.Errorf("the request reached the other origin: %s", r.URL)
	}))
	defer other.Close()
	redir := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, other.URL+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	defer redir.Close()
	p, _ := models.NewOpenAI(models.OpenAIConfig{BaseURL: redir.URL + "/v1", APIKey: "k"})
	_, err := models.New(p, models.Options{}).NewRun().Classify(context.Background(), models.ClassifyRequest{Model: "m", Input: "x", Labels: []string{"a"}})
	if err == nil || !strings.Contains(err.Error(), "another origin") {
		t.Fatalf("err = %v", err)
	}
}

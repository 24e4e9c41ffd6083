package engine_test

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/testutil/openaifake"
	"github.com/atomic-script/atomic-script/models"
)

var jsEngines = map[string]engine.JSEngine{"quickjs": engine.QuickJS, "goja": engine.Goja}

// modelsEngine is an engine whose scripts reach a fresh fake provider.
func modelsEngine(t testing.TB, j engine.JSEngine, opts ...engine.Option) (*engine.Engine, *openaifake.Server) {
	t.Helper()
	srv := openaifake.New()
	t.Cleanup(srv.Close)
	p, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: srv.BaseURL(), RetryBase: time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	c := models.New(p, models.Options{ClassifyModel: "fake-model"})
	return newEngine(t, nil, append([]engine.Option{engine.WithJSEngine(j), engine.WithModels(c)}, opts...)...), srv
}

func TestModelsClassifyInScripts(t *testing.T) {
	for name, j := range jsEngines {
		t.Run(name, func(t *testing.T) {
			eng, srv := modelsEngine(t, j)
			var mu sync.Mutex
			var events []string
			r := run(t, eng, `
				const r = await models.classify({input: "the parser crashes: a bug", labels: ["feature", "bug"], instructions: "bug: something is broken"});
				return r;`, engine.WithRunEvents(func(ev engine.Event) {
				if ev.Call != nil {
					mu.Lock()
					events = append(events, ev.Type+" "+ev.Call.Name+" "+ev.Call.Status)
					mu.Unlock()
				}
			}))
			if !r.OK {
				t.Fatalf("%s", r.Text)
			}
			var out struct {
				Label string
				Model string
				Usage models.Usage
			}
			if err := json.Unmarshal(r.Value, &out); err != nil || out.Label != "bug" || out.Model != "fake-model" || out.Usage.TotalTokens == 0 {
				t.Fatalf("value %s (%v)", r.Value, err)
			}
			st := srv.Stats()
			if r.Usage == nil || r.Usage.Calls != 1 || r.Usage.InputTokens != st.PromptTokens || r.Usage.OutputTokens != st.CompletionTokens {
				t.Fatalf("usage %+v, server %+v", r.Usage, st)
			}
			if len(r.Calls) != 1 || r.Calls[0].Name != "models.classify" || r.Calls[0].Status != "ok" || r.Calls[0].Approval != "" {
				t.Fatalf("calls %+v", r.Calls)
			}
			if !strings.Contains(r.Text, "Model calls 1, tokens ") {
				t.Fatalf("text has no usage line:\n%s", r.Text)
			}
			if got := strings.Join(events, "; "); got != "call_start models.classify running; call_end models.classify ok" {
				t.Fatalf("events: %s", got)
			}
			data, _ := json.Marshal(r)
			if !strings.Contains(string(data), `"usage":{"calls":1,"inputTokens":`) {
				t.Fatalf("--json has no usage: %s", data)
			}
		})
	}
}

// TestModelsErrors: every failure is a thrown Error with a stable code,
// bad arguments are refused before any request, and an uncaught one names
// its call in the result.
func TestModelsErrors(t *testing.T) {
	for name, j := range jsEngines {
		t.Run(name, func(t *testing.T) {
			eng, srv := modelsEngine(t, j)
			srv.Answer = func(input string, labels []string) string {
				if strings.Contains(input, "off-list") {
					return "spam"
				}
				return labels[0]
			}
			for _, tc := range []struct {
				call, code, msg string
			}{
				{`models.classify({input: 42, labels: ["a"]})`, "ERR_INVALID_ARGS", "models.classify: input must be a string, got number 42"},
				{`models.classify({input: "x", labels: []})`, "ERR_INVALID_ARGS", "labels is empty"},
				{`models.classify({input: "x", labels: ["a", 2]})`, "ERR_INVALID_ARGS", "labels must be an array of strings, got an array whose item 1 is number 2"},
				{`models.classify({input: "x"})`, "ERR_INVALID_ARGS", "labels is required"},
				{`models.classify({input: "x", labels: ["a"], lables: 1})`, "ERR_INVALID_ARGS", `unknown argument "lables"; the arguments are input, instructions, labels, model, scores`},
				{`models.classify("x")`, "ERR_INVALID_ARGS", "arguments must be an object, e.g. models.classify({...}); got string"},
				{`models.classify({input: "x".repeat(500000), labels: ["a"]})`, "ERR_LIMIT", "over the budget"},
				{`models.classify({input: "off-list", labels: ["bug", "idea"]})`, "ERR_MODEL_ANSWER", `answered "spam", which is not one of the labels ["bug", "idea"]`},
				{`models.generateImages({prompt: "x", n: 1.5})`, "ERR_INVALID_ARGS", "n must be an integer, got number 1.5"},
				{`models.list({all: true})`, "ERR_INVALID_ARGS", `takes no arguments, got "all"`},
			} {
				r := run(t, eng, `try { await `+tc.call+`; return "no error" } catch (e) { return [e instanceof Error, e.code, e.message] }`)
				var got []any
				if err := json.Unmarshal(r.Value, &got); err != nil || len(got) != 3 || got[0] != true || got[1] != tc.code || !strings.Contains(got[2].(string), tc.msg) {
					t.Errorf("%s: got %s, want %s %q", tc.call, r.Value, tc.code, tc.msg)
				}
			}
			// Only the off-list answer reached the server.
			if n := srv.Stats().Requests["/v1/chat/completions"]; n != 1 {
				t.Fatalf("%d requests reached the server", n)
			}
			r := run(t, eng, `await models.classify({input: "off-list", labels: ["bug"]})`)
			if r.OK || r.Error.Code != "ERR_MODEL_ANSWER" || !strings.Contains(r.Text, "from tool call 1: models.classify") {
				t.Fatalf("%s", r.Text)
			}
		})
	}
}

func TestModelsWithoutProvider(t *testing.T) {
	for name, j := range jsEngines {
		t.Run(name, func(t *testing.T) {
			eng := newEngine(t, nil, engine.WithJSEngine(j))
			if eng.ModelsConfigured() {
				t.Fatal("configured without a provider")
			}
			r := run(t, eng, `await models.list()`)
			if r.OK || r.Error.Code != "ERR_NO_PROVIDER" || !strings.Contains(r.Error.Message, "set OPENAI_BASE_URL") || r.Usage != nil {
				t.Fatalf("%s", r.Text)
			}
			// The global is frozen and cannot be replaced.
			r = run(t, eng, `globalThis.models = 1; models.classify = 2; return [typeof models, Object.isFrozen(models), typeof models.classify, Object.keys(models)]`)
			if string(r.Value) != `["object",true,"function",["list","classify","generateImages"]]` {
				t.Fatalf("%s", r.Value)
			}
		})
	}
}

// TestModelsInFlightCap: a script's Promise.all of 12 classifications
// reaches the provider 4 at a time, and each result is its input's.
func TestModelsInFlightCap(t *testing.T) {
	for name, j := range jsEngines {
		t.Run(name, func(t *testing.T) {
			eng, srv := modelsEngine(t, j)
			srv.Delay = func(string) time.Duration { return 20 * time.Millisecond }
			r := run(t, eng, `
				const colours = ["red", "green", "blue"];
				const items = Array.from({length: 12}, (_, i) => "item " + i + " is " + colours[i % 3]);
				const out = await Promise.all(items.map(input => models.classify({input, labels: colours})));
				return out.map(o => o.label).join(",");`)
			if !r.OK {
				t.Fatalf("%s", r.Text)
			}
			if want := strings.TrimSuffix(strings.Repeat("red,green,blue,", 4), ","); string(r.Value) != `"`+want+`"` {
				t.Fatalf("value %s", r.Value)
			}
			if st := srv.Stats(); st.MaxInFlight != 4 {
				t.Fatalf("the server saw %d requests at once, want 4", st.MaxInFlight)
			}
			if r.Usage.Calls != 12 || len(r.Calls) != 12 {
				t.Fatalf("usage %+v, %d calls", r.Usage, len(r.Calls))
			}
		})
	}
}

// TestModelsImages: generated images go to image() as they are and come
// out as the run's image items.
func TestModelsImages(t *testing.T) {
	for name, j := range jsEngines {
		t.Run(name, func(t *testing.T) {
			eng, _ := modelsEngine(t, j)
			r := run(t, eng, `const imgs = await models.generateImages({prompt: "a red square", n: 2, size: "256x256"}); imgs.forEach(image); return imgs.map(i => i.mimeType)`)
			if !r.OK || string(r.Value) != `["image/png","image/png"]` {
				t.Fatalf("%s", r.Text)
			}
			n := 0
			for _, it := range r.Output {
				if it.Type == "image" && it.Image.MIMEType == "image/png" && len(it.Image.Data) > 0 {
					n++
				}
			}
			if n != 2 || r.Usage.Calls != 1 || r.Usage.OutputTokens != 200 {
				t.Fatalf("%d images, usage %+v", n, r.Usage)
			}
		})
	}
}

// TestModelsJPEGImages: a JPEG answer is an image/jpeg item image() takes.
func TestModelsJPEGImages(t *testing.T) {
	for name, j := range jsEngines {
		t.Run(name, func(t *testing.T) {
			eng, srv := modelsEngine(t, j)
			srv.JPEGImages = true
			r := run(t, eng, `const [img] = await models.generateImages({prompt: "a red square", model: "gpt-image-1"}); image(img); return img.mimeType`)
			if !r.OK || string(r.Value) != `"image/jpeg"` {
				t.Fatalf("%s", r.Text)
			}
			if len(r.Output) == 0 || r.Output[0].Type != "image" || r.Output[0].Image.MIMEType != "image/jpeg" || base64.StdEncoding.EncodeToString(r.Output[0].Image.Data) != openaifake.JPEG(0) {
				t.Fatalf("output %+v", r.Output)
			}
		})
	}
}

// TestModelsDeadline: a slow provider meets the run's deadline: the run
// times out at once and the HTTP request is cancelled.
func TestModelsDeadline(t *testing.T) {
	for name, j := range jsEngines {
		t.Run(name, func(t *testing.T) {
			eng, srv := modelsEngine(t, j)
			srv.Delay = func(string) time.Duration { return time.Minute }
			start := time.Now()
			r := run(t, eng, "// @options: {\"timeout_ms\": 300}\nawait models.classify({input: \"x\", labels: [\"a\"]})")
			if r.OK || r.Error.Kind != engine.KindTimeout {
				t.Fatalf("%s", r.Text)
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Fatalf("the run took %v", d)
			}
			if len(r.Calls) != 1 || r.Calls[0].Status == "ok" {
				t.Fatalf("calls %+v", r.Calls)
			}
			for deadline := time.Now().Add(5 * time.Second); srv.Stats().Cancelled < 1; time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("the provider's request was not cancelled")
				}
			}
		})
	}
}

// TestModelsCancellation: cancelling the run (a signal, an MCP
// cancellation) cancels the model call's HTTP request, and the run ends
// aborted at once rather than waiting for the provider.
func TestModelsCancellation(t *testing.T) {
	for name, j := range jsEngines {
		t.Run(name, func(t *testing.T) {
			eng, srv := modelsEngine(t, j)
			srv.Delay = func(string) time.Duration { return time.Minute }
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			go func() {
				for srv.Stats().Requests["/v1/chat/completions"] < 1 {
					time.Sleep(5 * time.Millisecond)
				}
				cancel()
			}()
			start := time.Now()
			r, err := eng.Run(ctx, `await models.classify({input: "x", labels: ["a", "b"]})`)
			if err != nil {
				t.Fatal(err)
			}
			if r.OK || r.Error.Kind != engine.KindAborted {
				t.Fatalf("%s", r.Text)
			}
			if d := time.Since(start); d > 20*time.Second {
				t.Fatalf("the run took %v", d)
			}
			for deadline := time.Now().Add(5 * time.Second); srv.Stats().Cancelled < 1; time.Sleep(5 * time.Millisecond) {
				if time.Now().After(deadline) {
					t.Fatal("the provider's request was not cancelled")
				}
			}
		})
	}
}

// TestModelsDescribeTool: describeTool finds the models global's calls,
// so a script that discovers its API that way learns models.* too.
func TestModelsDescribeTool(t *testing.T) {
	for name, j := range jsEngines {
		t.Run(name, func(t *testing.T) {
			eng, _ := modelsEngine(t, j)
			r := run(t, eng, `return ["models", "models.classify", "models.generateImages", "models.list", "models.nope"].map(n => { const d = describeTool(n); return d && [d.name, d.description.startsWith("The configured OpenAI-compatible model provider") && d.description.endsWith("summed into the result."), d.declaration] })`)
			var got [][]any
			if err := json.Unmarshal(r.Value, &got); err != nil || len(got) != 5 {
				t.Fatalf("%s (%v)", r.Value, err)
			}
			for i, want := range []string{"models", "models.classify", "models.generateImages", "models.list"} {
				if len(got[i]) != 3 || got[i][0] != want || got[i][1] != true {
					t.Fatalf("describeTool(%q) = %v", want, got[i])
				}
				decl, _ := got[i][2].(string)
				for _, part := range []string{"declare const models: {", "classify(args: { input: string; labels: string[]", "type ModelUsage = "} {
					if !strings.Contains(decl, part) {
						t.Fatalf("describeTool(%q).declaration lacks %q:\n%s", want, part, decl)
					}
				}
			}
			if got[4] != nil {
				t.Fatalf("describeTool(\"models.nope\") = %v, want undefined", got[4])
			}
		})
	}
}

func TestModelsNamespaceReserved(t *testing.T) {
	_, err := engine.New(engine.WithRoot(t.TempDir()), engine.WithNamespaces(engine.Namespace{Name: "models"}))
	if err == nil || !strings.Contains(err.Error(), `may not be named "models"`) {
		t.Fatalf("err = %v", err)
	}
}

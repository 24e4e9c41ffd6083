package models_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/models"
)

// classifyAnswer is a JSON-schema chat completion answer, as OpenAI sends
// it, written by the benchmark's server at once.
const classifyAnswer = `{"id":"chatcmpl-1","object":"chat.completion","created":1700000000,"model":"m",` +
	`"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"{\"label\":\"bug\"}"}}],` +
	`"usage":{"prompt_tokens":40,"completion_tokens":5,"total_tokens":45}}`

// BenchmarkClassifyOverhead measures what one models.classify call costs
// above the bare HTTP round trip of the same request to the same loopback
// server (the goal: at most 0.5 ms). Each iteration does one bare
// round trip (the request body the provider sent, posted with a plain
// http.Client) and one Classify, alternately, so both see the same load;
// overhead-ns/op is the difference of their mean times.
func BenchmarkClassifyOverhead(b *testing.B) {
	var mu sync.Mutex
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, _ := io.ReadAll(r.Body)
		mu.Lock()
		if body == nil {
			body = got
		}
		mu.Unlock()
		w.Header().Set("Content-Type", "application/json")
		io.WriteString(w, classifyAnswer)
	}))
	defer srv.Close()
	p, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: srv.URL + "/v1", APIKey: "sk-bench", StructuredOutput: models.StructuredJSONSchema})
	if err != nil {
		b.Fatal(err)
	}
	run := models.New(p, models.Options{ClassifyModel: "m"}).NewRun()
	req := models.ClassifyRequest{Input: "the parser crashes on an empty file", Labels: []string{"bug", "feature", "cleanup", "question"},
		Instructions: "bug: something is broken; feature: new behaviour; cleanup: tidying; question: an open question."}
	ctx := context.Background()
	if out, err := run.Classify(ctx, req); err != nil || out.Label != "bug" {
		b.Fatalf("classify = %+v, %v", out, err)
	}
	hc := &http.Client{}
	roundTrip := func() {
		rq, _ := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+"/v1/chat/completions", bytes.NewReader(body))
		rq.Header.Set("Content-Type", "application/json")
		rq.Header.Set("Authorization", "Bearer sk-bench")
		resp, err := hc.Do(rq)
		if err != nil {
			b.Fatal(err)
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	roundTrip()
	var bare, full time.Duration
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		roundTrip()
		t1 := time.Now()
		if _, err := run.Classify(ctx, req); err != nil {
			b.Fatal(err)
		}
		bare += t1.Sub(t0)
		full += time.Since(t1)
	}
	b.ReportMetric(float64(bare.Nanoseconds())/float64(b.N), "roundtrip-ns/op")
	b.ReportMetric(float64(full.Nanoseconds())/float64(b.N), "classify-ns/op")
	b.ReportMetric(float64((full-bare).Nanoseconds())/float64(b.N), "overhead-ns/op")
}

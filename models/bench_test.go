package models_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/internal/testutil/openaifake"
	"github.com/atomic-script/atomic-script/models"
)

// BenchmarkClassifyOverhead measures what one models.classify call costs
// above the bare HTTP round trip of the same request to the same loopback
// server (the goal: at most 0.5 ms). Each iteration does one bare
// round trip (the request body the provider sent, posted with a plain
// http.Client) and one Classify, alternately, so both see the same load;
// overhead-ns/op is the difference of their mean times.
func BenchmarkClassifyOverhead(b *testing.B) {
	srv := openaifake.Instant()
	defer srv.Close()
	p, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: srv.BaseURL(), APIKey: "sk-bench", StructuredOutput: models.StructuredJSONSchema})
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
	roundTrip := bareRoundTrip(b, srv)
	var bare, full time.Duration
	b.ReportAllocs()
	for b.Loop() {
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

// bareRoundTrip posts the server's first request body again with a plain
// http.Client and reads the answer: the baseline of a call.
func bareRoundTrip(b *testing.B, srv *openaifake.InstantServer) func() {
	body := srv.FirstBody()
	hc := &http.Client{}
	return func() {
		rq, _ := http.NewRequest(http.MethodPost, srv.BaseURL()+"/chat/completions", bytes.NewReader(body))
		rq.Header.Set("Content-Type", "application/json")
		rq.Header.Set("Authorization", "Bearer sk-bench")
		resp, err := hc.Do(rq)
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
}

package engine_test

import (
	"bytes"
	"io"
	"net/http"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/testutil/openaifake"
	"github.com/atomic-script/atomic-script/models"
)

// BenchmarkModelsClassify is a script's 100 sequential models.classify
// calls against a loopback provider that answers at once, beside 100 bare
// HTTP round trips of the same request body to the same server in the
// same iteration; overhead-ns/call is what a call costs a script above the
// round trip (the goal: at most 0.5 ms), the binding, the call
// record and the client included.
func BenchmarkModelsClassify(b *testing.B) {
	srv := openaifake.Instant()
	defer srv.Close()
	p, err := models.NewOpenAI(models.OpenAIConfig{BaseURL: srv.BaseURL(), StructuredOutput: models.StructuredJSONSchema})
	if err != nil {
		b.Fatal(err)
	}
	eng := newEngine(b, nil, engine.WithModels(models.New(p, models.Options{ClassifyModel: "m"})))
	const calls = 100
	code := `for (let i = 0; i < 100; i++) await models.classify({input: "the parser crashes: a bug", labels: ["bug", "feature", "cleanup", "question"]}); return 1`
	if r := run(b, eng, code); !r.OK {
		b.Fatal(r.Text)
	}
	body := srv.FirstBody()
	hc := &http.Client{}
	roundTrip := func() {
		resp, err := hc.Post(srv.BaseURL()+"/chat/completions", "application/json", bytes.NewReader(body))
		if err != nil {
			b.Fatal(err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
	}
	var bare, full time.Duration
	for b.Loop() {
		t0 := time.Now()
		for range calls {
			roundTrip()
		}
		t1 := time.Now()
		if r := run(b, eng, code); !r.OK {
			b.Fatal(r.Text)
		}
		bare += t1.Sub(t0)
		full += time.Since(t1)
	}
	n := float64(b.N * calls)
	b.ReportMetric(float64(bare.Nanoseconds())/n, "roundtrip-ns/call")
	b.ReportMetric(float64(full.Nanoseconds())/n, "classify-ns/call")
	b.ReportMetric(float64((full-bare).Nanoseconds())/n, "overhead-ns/call")
}

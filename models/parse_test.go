package models

import (
	"math"
	"net/http"
	"testing"
	"time"
)

func TestParseRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)
	for _, tc := range []struct {
		h    map[string]string
		want time.Duration
	}{
		{nil, -1},
		{map[string]string{"Retry-After": "3"}, 3 * time.Second},
		{map[string]string{"Retry-After": "0"}, 0},
		{map[string]string{"Retry-After": "1.5"}, 1500 * time.Millisecond},
		{map[string]string{"Retry-After": "-2"}, -1},
		{map[string]string{"Retry-After": "soon"}, -1},
		{map[string]string{"Retry-After": now.Add(7 * time.Second).Format(http.TimeFormat)}, 7 * time.Second},
		{map[string]string{"Retry-After": now.Add(-time.Hour).Format(http.TimeFormat)}, 0},
		{map[string]string{"Retry-After-Ms": "250", "Retry-After": "9"}, 250 * time.Millisecond},
		{map[string]string{"Retry-After-Ms": "x", "Retry-After": "9"}, 9 * time.Second},
	} {
		h := http.Header{}
		for k, v := range tc.h {
			h.Set(k, v)
		}
		if got := parseRetryAfter(h, now); got != tc.want {
			t.Errorf("%v: got %v, want %v", tc.h, got, tc.want)
		}
	}
}

func TestBackoff(t *testing.T) {
	base, max := 100*time.Millisecond, time.Second
	for attempt, want := range []time.Duration{100, 200, 400, 800, 1000, 1000} {
		want *= time.Millisecond
		for i := 0; i < 50; i++ {
			got := backoff(base, max, attempt)
			if got > want || got < want*3/4 {
				t.Fatalf("attempt %d: %v, want within [%v, %v]", attempt, got, want*3/4, want)
			}
		}
	}
}

func TestAnswerParsing(t *testing.T) {
	for _, tc := range []struct {
		in    string
		label string
		json  bool
	}{
		{`{"label":"bug"}`, "bug", true},
		{"```json\n{\"label\": \"bug\"}\n```", "bug", true},
		{`{"label": ""}`, "", true},
		{`{"other": "bug"}`, "bug", false},
		{`"bug"`, "bug", false},
		{"bug.", "bug", false},
		{" `bug` ", "bug", false},
		{"", "", false},
	} {
		l, ok := labelOf(tc.in)
		if ok != tc.json || (ok && l != tc.label) {
			t.Errorf("labelOf(%q) = %q, %v", tc.in, l, ok)
		}
		if !ok && tc.in != `{"other": "bug"}` {
			if got := plainLabel(tc.in); got != tc.label {
				t.Errorf("plainLabel(%q) = %q, want %q", tc.in, got, tc.label)
			}
		}
	}
}

func toks(pairs ...any) []tokenLogprob {
	var out []tokenLogprob
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, tokenLogprob{Token: pairs[i].(string), Logprob: math.Log(pairs[i+1].(float64))})
	}
	return out
}

func TestLabelScores(t *testing.T) {
	// The label in two tokens ("feat", "ure"), the first merged with the
	// quote before it; alternatives begin other labels or none.
	tokens := toks(`{"`, 1.0, `label`, 1.0, `":`, 1.0, `"feat`, 0.6, `ure`, 0.5, `"}`, 1.0)
	tokens[3].TopLogprobs = append(tokens[3].TopLogprobs,
		struct {
			Token   string  `json:"token"`
			Logprob float64 `json:"logprob"`
		}{`"feat`, math.Log(0.6)},
		struct {
			Token   string  `json:"token"`
			Logprob float64 `json:"logprob"`
		}{`"bug`, math.Log(0.3)},
		struct {
			Token   string  `json:"token"`
			Logprob float64 `json:"logprob"`
		}{`"q`, math.Log(0.05)},
		struct {
			Token   string  `json:"token"`
			Logprob float64 `json:"logprob"`
		}{`"b`, math.Log(0.01)}, // begins both bug and build: no one's
		struct {
			Token   string  `json:"token"`
			Logprob float64 `json:"logprob"`
		}{`x`, math.Log(0.01)}, // not after the quote
	)
	got := labelScores(tokens, []string{"bug", "build", "feature", "question"})
	want := map[string]float64{"feature": 0.3, "bug": 0.3, "question": 0.05, "build": 0}
	for l, p := range want {
		if math.Abs(got[l]-p) > 1e-9 {
			t.Fatalf("scores = %v, want %v", got, want)
		}
	}
	if s := labelScores(toks(`{"label":"spam"}`, 1.0), []string{"bug"}); s != nil {
		t.Fatalf("scores for an answer outside the labels: %v", s)
	}
	if s := labelScores(toks("bug", 0.9), []string{"bug"}); math.Abs(s["bug"]-0.9) > 1e-9 {
		t.Fatalf("plain answer: %v", s)
	}
}

// FuzzAnswer: no answer text, label list or token split makes the parsers
// panic, and scores are probabilities of the given labels.
func FuzzAnswer(f *testing.F) {
	f.Add(`{"label":"bug"}`, "bug,feature", 3, -0.5)
	f.Add("```json\n{\"label\"", "a", 1, 0.0)
	f.Add(`"label""`, `label,"`, 2, 2.0)
	f.Fuzz(func(t *testing.T, answer, labelList string, split int, lp float64) {
		labelOf(answer)
		plainLabel(answer)
		labels := splitComma(labelList)
		if split <= 0 || split > 64 {
			split = 3
		}
		var tokens []tokenLogprob
		for i := 0; i < len(answer); i += split {
			tok := tokenLogprob{Token: answer[i:min(i+split, len(answer))], Logprob: lp}
			tok.TopLogprobs = append(tok.TopLogprobs, struct {
				Token   string  `json:"token"`
				Logprob float64 `json:"logprob"`
			}{tok.Token, lp})
			tokens = append(tokens, tok)
		}
		s := labelScores(tokens, labels)
		for l, p := range s {
			if math.IsNaN(p) || p < 0 || p > 1 {
				t.Fatalf("score %v for %q", p, l)
			}
			found := false
			for _, x := range labels {
				found = found || x == l
			}
			if !found {
				t.Fatalf("score for %q, not a label", l)
			}
		}
	})
}

func splitComma(s string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ',' {
			out = append(out, s[start:i])
			start = i + 1
		}
	}
	return out
}

// FuzzRetryAfter: any header value gives a wait that is -1 or not
// negative.
func FuzzRetryAfter(f *testing.F) {
	f.Add("3", "")
	f.Add("Wed, 21 Oct 2015 07:28:00 GMT", "12.5")
	f.Fuzz(func(t *testing.T, ra, ms string) {
		h := http.Header{}
		h.Set("Retry-After", ra)
		h.Set("Retry-After-Ms", ms)
		if d := parseRetryAfter(h, time.Now()); d < -1 {
			t.Fatalf("wait %v", d)
		}
	})
}

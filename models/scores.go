package models

import (
	"math"
	"strings"
)

// tokenLogprob is one token of a chat answer with its log-probability and
// the most likely alternatives at its place.
type tokenLogprob struct {
	Token       string  `json:"token"`
	Logprob     float64 `json:"logprob"`
	TopLogprobs []struct {
		Token   string  `json:"token"`
		Logprob float64 `json:"logprob"`
	} `json:"top_logprobs"`
}

// labelScores turns the log-probabilities of a {"label": "..."} answer (or
// a plain-text one) into a probability for each label: the chosen label's
// is the product of its tokens' probabilities; another label's is that of
// the alternative, at the label's first token, that begins it and no other
// label (an upper bound for a label of several tokens); a label no
// alternative begins gets 0. A log-probability above 0 (a broken
// provider) counts as 0. nil when the answer's tokens do not show
// where the label is.
func labelScores(tokens []tokenLogprob, labels []string) map[string]float64 {
	if len(tokens) == 0 {
		return nil
	}
	var text strings.Builder
	starts := make([]int, len(tokens))
	for i, t := range tokens {
		starts[i] = text.Len()
		text.WriteString(t.Token)
	}
	s := text.String()
	start, end, chosen := labelSpan(s, labels)
	if chosen == "" {
		return nil
	}
	first := -1
	for i := range tokens {
		if starts[i] <= start && start < starts[i]+len(tokens[i].Token) {
			first = i
			break
		}
	}
	if first < 0 {
		return nil
	}
	scores := make(map[string]float64, len(labels))
	for _, l := range labels {
		scores[l] = 0
	}
	lp := 0.0
	for i := first; i < len(tokens) && starts[i] < end; i++ {
		lp += min(tokens[i].Logprob, 0)
	}
	// What the first token holds before the label ("\"" of a token
	// "\"bug").
	lead := s[starts[first]:start]
	for _, alt := range tokens[first].TopLogprobs {
		rest, ok := strings.CutPrefix(alt.Token, lead)
		if !ok || rest == "" {
			continue
		}
		rest = strings.TrimRight(rest, "\"")
		var match string
		n := 0
		for _, l := range labels {
			if strings.HasPrefix(l, rest) || (rest != "" && strings.HasPrefix(rest, l)) {
				match = l
				n++
			}
		}
		if n == 1 && match != chosen {
			scores[match] = min(scores[match]+math.Exp(min(alt.Logprob, 0)), 1)
		}
	}
	scores[chosen] = math.Exp(lp)
	return scores
}

// labelSpan finds the label in an answer: the value of its "label" key,
// or the whole trimmed text. It returns the byte span and the label, or ""
// when the answer holds none of labels.
func labelSpan(s string, labels []string) (start, end int, label string) {
	if i := strings.Index(s, `"label"`); i >= 0 {
		rest := s[i+len(`"label"`):]
		j := strings.IndexByte(rest, '"')
		if j < 0 {
			return 0, 0, ""
		}
		start = i + len(`"label"`) + j + 1
		k := strings.IndexByte(s[start:], '"')
		if k < 0 {
			return 0, 0, ""
		}
		end = start + k
	} else {
		t := strings.TrimSpace(s)
		start = strings.Index(s, t)
		end = start + len(t)
	}
	v := s[start:end]
	for _, l := range labels {
		if l == v {
			return start, end, l
		}
	}
	return 0, 0, ""
}

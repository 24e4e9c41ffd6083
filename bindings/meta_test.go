package bindings

import (
	"encoding/json"
	"testing"
)

type metaLimits struct {
	Files int `json:"files"`
}

type selfEncoded struct{ Meta string }

func (selfEncoded) MarshalJSON() ([]byte, error) { return []byte(`{"meta":"mine"}`), nil }

type embeddedMeta struct {
	Rows []string `json:"rows"`
}

type withEmbedded struct {
	embeddedMeta
	Meta2 struct {
		Kept bool `json:"kept"`
	} `json:"meta"`
}

// TestMetaOfMatchesEncoding: the meta found without encoding the details
// is the meta encoding them whole and decoding "meta" gives, for every
// shape a tool's details take.
func TestMetaOfMatchesEncoding(t *testing.T) {
	type search struct {
		Files []string `json:"files"`
		Meta  struct {
			Limits metaLimits `json:"limits"`
		} `json:"meta"`
	}
	s := search{Files: []string{"a.go", "b.go"}}
	s.Meta.Limits.Files = 20
	type read struct {
		Meta struct {
			Source string `json:"source"`
		} `json:"meta"`
	}
	type omitted struct {
		Meta map[string]int `json:"meta,omitempty"`
		Text string         `json:"text"`
	}
	type pointer struct {
		Meta *metaLimits `json:"meta"`
	}
	type untagged struct{ Meta []int }
	type hidden struct {
		Meta string `json:"-"`
		Data string `json:"data"`
	}
	type renamed struct {
		Meta string `json:"info"`
		Info string `json:"meta"`
	}
	type private struct {
		meta string
		Text string `json:"text"`
	}
	type both struct {
		Upper string `json:"Meta"`
		Lower string `json:"meta"`
	}
	for name, details := range map[string]any{
		"search":           s,
		"pointer to it":    &s,
		"read":             read{},
		"omitted, empty":   omitted{Text: "x"},
		"omitted, set":     omitted{Meta: map[string]int{"a": 1}},
		"nil pointer meta": pointer{},
		"pointer meta":     pointer{Meta: &metaLimits{Files: 3}},
		"untagged":         untagged{Meta: []int{1, 2}},
		"hidden":           hidden{Meta: "no", Data: "d"},
		"renamed":          renamed{Meta: "no", Info: "yes"},
		"private":          private{meta: "no", Text: "t"},
		"both spellings":   both{Upper: "U", Lower: "l"},
		"self-encoded":     selfEncoded{Meta: "field"},
		"embedded":         withEmbedded{embeddedMeta: embeddedMeta{Rows: []string{"r"}}},
		"map":              map[string]any{"meta": map[string]int{"n": 1}, "rows": []int{1}},
		"raw":              json.RawMessage(`{"meta":{"n":2},"rows":[]}`),
		"string":           "text",
		"nil pointer":      (*search)(nil),
	} {
		data, err := json.Marshal(details)
		if err != nil {
			t.Fatal(err)
		}
		var d struct {
			Meta json.RawMessage `json:"meta"`
		}
		_ = json.Unmarshal(data, &d)
		if got := metaOf(details); string(got) != string(d.Meta) {
			t.Errorf("%s: meta %s, encoding gives %s", name, got, d.Meta)
		}
	}
}

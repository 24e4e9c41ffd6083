package search

import (
	"encoding/json"

	"github.com/google/jsonschema-go/jsonschema"
)

// Schema helpers for the hand-written input schemas: they carry the
// descriptions, bounds and the string-or-array type that struct inference
// cannot express.

func object(required []string, props map[string]*jsonschema.Schema, order ...string) *jsonschema.Schema {
	return &jsonschema.Schema{
		Type:                 "object",
		Properties:           props,
		Required:             required,
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}},
		PropertyOrder:        order,
	}
}

func str(desc string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Description: desc}
}

func boolean(desc string, def bool) *jsonschema.Schema {
	d, _ := json.Marshal(def)
	return &jsonschema.Schema{Type: "boolean", Description: desc, Default: d}
}

func integer(desc string, min, max float64, def any) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "integer", Description: desc, Minimum: &min}
	if max > 0 {
		s.Maximum = &max
	}
	if def != nil {
		s.Default, _ = json.Marshal(def)
	}
	return s
}

func number(desc string, exclusiveMin, max float64, def any) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "number", Description: desc, ExclusiveMinimum: &exclusiveMin, Maximum: &max}
	if def != nil {
		s.Default, _ = json.Marshal(def)
	}
	return s
}

// pathList is a string or an array of strings, as anyOf: strict hosts
// refuse type lists.
func pathList(desc string) *jsonschema.Schema {
	return &jsonschema.Schema{Description: desc, AnyOf: []*jsonschema.Schema{
		{Type: "string"}, {Type: "array", Items: &jsonschema.Schema{Type: "string"}},
	}}
}

func enum(desc string, def string, values ...string) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "string", Description: desc}
	for _, v := range values {
		s.Enum = append(s.Enum, v)
	}
	s.Default, _ = json.Marshal(def)
	return s
}

package mcpserver

// checkSchema checks that a tool's JSON schemas are valid JSON Schema
// 2020-12 and portable to the strictest MCP hosts.
//
// Valid: the schema validates against the 2020-12 meta-schema (the
// official files, embedded from json-schema.org's publication).
//
// Portable: the rules strict hosts enforce (the MCP Inspector's --strict
// mode, Claude Code's tool loader, OpenAI strict function schemas): the
// root is an object schema; no subschema is a bare true or false (only
// additionalProperties: false, which strict hosts require); "type" is one
// name, never a list (use anyOf); every subschema says what it holds (a
// type, an enum or const, or an anyOf/oneOf/allOf of such); every property
// of an input schema is described; every object of an input schema says
// what other properties it takes (additionalProperties: false, or a typed
// schema for a map); required names only properties that exist.

import (
	"embed"
	"encoding/json"
	"fmt"
	"net/url"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

//go:embed testdata/metaschema
var metaFS embed.FS

const metaPrefix = "https://json-schema.org/draft/2020-12/"

var (
	metaOnce     sync.Once
	metaResolved *jsonschema.Resolved
	metaErr      error
)

func loadMeta(uri *url.URL) (*jsonschema.Schema, error) {
	rest, ok := strings.CutPrefix(uri.String(), metaPrefix)
	if !ok {
		return nil, fmt.Errorf("no schema %s", uri)
	}
	data, err := metaFS.ReadFile("testdata/metaschema/" + rest + ".json")
	if err != nil {
		return nil, err
	}
	var s jsonschema.Schema
	if err := json.Unmarshal(data, &s); err != nil {
		return nil, err
	}
	return &s, nil
}

func metaSchema() (*jsonschema.Resolved, error) {
	metaOnce.Do(func() {
		u, _ := url.Parse(metaPrefix + "schema")
		var s *jsonschema.Schema
		if s, metaErr = loadMeta(u); metaErr != nil {
			return
		}
		metaResolved, metaErr = s.Resolve(&jsonschema.ResolveOptions{Loader: loadMeta})
	})
	return metaResolved, metaErr
}

// checkSchema returns what is wrong with schema (its JSON), each problem with its
// location, or nil. input marks an inputSchema, which has stricter rules.
func checkSchema(schema json.RawMessage, input bool) []string {
	var problems []string
	m, err := metaSchema()
	if err != nil {
		return []string{"loading the 2020-12 meta-schema: " + err.Error()}
	}
	var v any
	if err := json.Unmarshal(schema, &v); err != nil {
		return []string{"not JSON: " + err.Error()}
	}
	if err := m.Validate(v); err != nil {
		problems = append(problems, "not valid JSON Schema 2020-12: "+err.Error())
	}
	root, ok := v.(map[string]any)
	if !ok || root["type"] != "object" {
		problems = append(problems, `the root is not {"type": "object", ...}`)
	}
	walkSchema(v, "#", input, &problems)
	return problems
}

// applicators are the keywords whose value is one subschema, a list of
// them, or a map of them.
var (
	schemaOne  = []string{"items", "additionalProperties", "not", "contains", "propertyNames", "if", "then", "else", "unevaluatedItems", "unevaluatedProperties", "additionalItems"}
	schemaList = []string{"anyOf", "oneOf", "allOf", "prefixItems"}
	schemaMaps = []string{"properties", "patternProperties", "$defs", "definitions", "dependentSchemas"}
)

func walkSchema(v any, at string, input bool, problems *[]string) {
	add := func(format string, args ...any) { *problems = append(*problems, at+": "+fmt.Sprintf(format, args...)) }
	s, ok := v.(map[string]any)
	if !ok {
		if b, isBool := v.(bool); isBool {
			add("a bare %v schema (strict hosts reject it: give a type)", b)
		}
		return
	}
	switch t := s["type"].(type) {
	case []any:
		add("a type list %v (use anyOf, or one type)", t)
	case nil:
		_, enum := s["enum"]
		_, konst := s["const"]
		_, ref := s["$ref"]
		if !enum && !konst && !ref && s["anyOf"] == nil && s["oneOf"] == nil && s["allOf"] == nil {
			add("no type (say what it holds: a type, an enum, or an anyOf of types)")
		}
	}
	if s["type"] == "object" {
		props, _ := s["properties"].(map[string]any)
		if req, ok := s["required"].([]any); ok {
			for _, r := range req {
				if _, ok := props[fmt.Sprint(r)]; !ok {
					add("required names %q, which is not a property", r)
				}
			}
		}
		if _, typed := s["additionalProperties"].(map[string]any); input && s["additionalProperties"] != false && !typed {
			add("an input object that does not say what other properties it takes (additionalProperties: false, or a schema)")
		}
		if input {
			names := make([]string, 0, len(props))
			for n := range props {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				p, _ := props[n].(map[string]any)
				if d, _ := p["description"].(string); strings.TrimSpace(d) == "" {
					add("input property %q has no description", n)
				}
			}
		}
	}
	for _, k := range schemaOne {
		if sub, ok := s[k]; ok {
			if k == "additionalProperties" && sub == false {
				continue
			}
			walkSchema(sub, at+"/"+k, input, problems)
		}
	}
	for _, k := range schemaList {
		if subs, ok := s[k].([]any); ok {
			for i, sub := range subs {
				walkSchema(sub, fmt.Sprintf("%s/%s/%d", at, k, i), input, problems)
			}
		}
	}
	for _, k := range schemaMaps {
		if subs, ok := s[k].(map[string]any); ok {
			names := make([]string, 0, len(subs))
			for n := range subs {
				names = append(names, n)
			}
			sort.Strings(names)
			for _, n := range names {
				walkSchema(subs[n], at+"/"+k+"/"+n, input, problems)
			}
		}
	}
}

func TestCheckSchema(t *testing.T) {
	for _, c := range []struct {
		schema string
		input  bool
		want   string // "" for no problem; else a substring of the joined problems
	}{
		{`{"type":"object","properties":{"a":{"type":"string","description":"x"}},"required":["a"],"additionalProperties":false}`, true, ""},
		{`{"type":"object","properties":{"v":{"description":"any","anyOf":[{"type":"string"},{"type":"null"}]}}}`, false, ""},
		{`{"type":"object","properties":{"args":true}}`, false, "#/properties/args: a bare true schema"},
		{`{"type":"object","properties":{"p":{"type":["string","array"]}}}`, false, `#/properties/p: a type list [string array]`},
		{`{"type":"object","properties":{"v":{"description":"the value"}}}`, false, "#/properties/v: no type"},
		{`{"type":"object","properties":{"a":{"type":"string"}},"additionalProperties":false}`, true, `input property "a" has no description`},
		{`{"type":"object","properties":{"a":{"type":"string","description":"x"}}}`, true, "does not say what other properties it takes"},
		{`{"type":"object","properties":{"env":{"type":"object","description":"x","additionalProperties":{"type":"string"}}},"additionalProperties":false}`, true, ""},
		{`{"type":"object","required":["b"]}`, false, `required names "b"`},
		{`{"type":"string"}`, false, "the root is not"},
		{`{"type":"object","properties":{"a":{"type":"strin"}}}`, false, "not valid JSON Schema 2020-12"},
		{`{"type":"object","minProperties":-1}`, false, "not valid JSON Schema 2020-12"},
	} {
		got := strings.Join(checkSchema(json.RawMessage(c.schema), c.input), "\n")
		if (c.want == "") != (got == "") || !strings.Contains(got, c.want) {
			t.Errorf("%s: %q, want %q", c.schema, got, c.want)
		}
	}
}

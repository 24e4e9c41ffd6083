package tools

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/google/jsonschema-go/jsonschema"

	textdist "github.com/atomic-script/atomic-script/internal/suggest"
)

// resolved caches one resolved schema per input schema. Schemas are built
// once per tool, so the cache is bounded by the number of tools.
var resolved sync.Map // *jsonschema.Schema -> *jsonschema.Resolved or error

// Validate checks args against tool's input schema. The error is an *Error
// with code ErrInvalidArgs whose message names the tool, each offending field
// and what was expected, e.g.
//
//	read: invalid arguments: at "path": got number, want string
//
// One schema library serves both jobs: google/jsonschema-go (what the MCP
// SDK speaks) decides validity with its full 2020-12 validator, and
// diagnose walks the schema beside the value to say why in those terms.
func Validate(tool Tool, args json.RawMessage) error {
	return ValidateSchema(tool.Name(), tool.InputSchema(), args)
}

// ValidateSchema is Validate for a tool known by its name and input schema
// (an external MCP server's tool). A schema that does not resolve is an
// ErrTool error.
func ValidateSchema(name string, schema *jsonschema.Schema, args json.RawMessage) error {
	if schema == nil {
		return nil
	}
	args = bytes.TrimSpace(args)
	if len(args) == 0 || string(args) == "{}" {
		// No arguments: valid unless something is required. This is the
		// common case of argument-less tools, worth skipping the validator.
		if len(schema.Required) == 0 && schema.MinProperties == nil && (schema.Type == "object" || schema.Type == "") {
			return nil
		}
		args = json.RawMessage("{}")
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(args))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return Errorf(ErrInvalidArgs, "%s: arguments are not valid JSON: %v", name, err)
	}
	rs, err := resolve(schema)
	if err != nil {
		return Errorf(ErrTool, "%s: input schema does not resolve: %v", name, err)
	}
	verr := rs.Validate(plain(v))
	if verr == nil {
		return nil
	}
	clauses := diagnose(schema, v, "")
	const maxClauses = 5 // a list of a thousand bad items needs a few examples
	if len(clauses) > maxClauses {
		clauses = append(clauses[:maxClauses], fmt.Sprintf("and %d more problems like these", len(clauses)-maxClauses))
	}
	msg := strings.Join(clauses, "; ")
	if msg == "" {
		msg = verr.Error()
	}
	if obj, ok := v.(map[string]any); ok && namesWrong(schema, obj) {
		msg += ". " + name + " takes: " + parameterList(schema)
	}
	return &Error{Code: ErrInvalidArgs, Msg: fmt.Sprintf("%s: invalid arguments: %s", name, msg), Err: verr}
}

func resolve(schema *jsonschema.Schema) (*jsonschema.Resolved, error) {
	if v, ok := resolved.Load(schema); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*jsonschema.Resolved), nil
	}
	rs, err := schema.Resolve(nil)
	if err != nil {
		resolved.Store(schema, err)
		return nil, err
	}
	resolved.Store(schema, rs)
	return rs, nil
}

// plain turns json.Number into float64 for the validator (json.Number
// keeps integers exact for diagnose's integer check).
func plain(v any) any {
	switch x := v.(type) {
	case json.Number:
		f, _ := x.Float64()
		return f
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = plain(e)
		}
		return m
	case []any:
		a := make([]any, len(x))
		for i, e := range x {
			a[i] = plain(e)
		}
		return a
	}
	return v
}

// diagnose explains why v does not satisfy s, as sorted "at "field":
// reason" clauses (the deepest ones). It covers the keywords tool schemas
// use; Validate falls back to the validator's own text when it finds none.
func diagnose(s *jsonschema.Schema, v any, at string) []string {
	if s == nil {
		return nil
	}
	clause := func(format string, args ...any) []string {
		msg := fmt.Sprintf(format, args...)
		if at == "" {
			return []string{msg}
		}
		return []string{fmt.Sprintf("at %q: %s", at, msg)}
	}
	if c := diagnoseShape(s, v, at, clause); c != nil {
		return c
	}
	var out []string
	for _, sub := range s.AllOf {
		out = append(out, diagnose(sub, v, at)...)
	}
	out = append(out, diagnoseBranches(s, v, at)...)
	switch x := v.(type) {
	case map[string]any:
		out = append(out, diagnoseObject(s, x, at, clause)...)
	case []any:
		out = append(out, diagnoseArray(s, x, at, clause)...)
	case string:
		n := utf8.RuneCountInString(x)
		if s.MinLength != nil && n < *s.MinLength {
			out = append(out, clause("want at least %d characters, got %d", *s.MinLength, n)...)
		}
		if s.MaxLength != nil && n > *s.MaxLength {
			out = append(out, clause("want at most %d characters, got %d", *s.MaxLength, n)...)
		}
	case json.Number:
		out = append(out, diagnoseNumber(s, x, clause)...)
	}
	sort.Strings(out)
	return dedupe(out)
}

// diagnoseShape checks what refuses a value whole (not, its type, enum,
// const): one clause, or nil when none of them does.
func diagnoseShape(s *jsonschema.Schema, v any, at string, clause func(string, ...any) []string) []string {
	if s.Not != nil && len(diagnose(s.Not, v, at)) == 0 {
		return clause("must not match the excluded form")
	}
	types := schemaTypes(s)
	if len(types) == 0 {
		// anyOf/oneOf branches that each name a type: a value of none of
		// them is refused by its type, naming them all.
		types = branchTypes(s)
	}
	if len(types) > 0 && !typeMatches(types, v) {
		got := kindOf(v)
		if got == "integer" {
			got = "number" // JSON has numbers; an integer is one that fits
		}
		return clause("got %s, want %s", got, strings.Join(types, " or "))
	}
	if len(s.Enum) > 0 && !inEnum(s.Enum, v) {
		quoted := make([]string, len(s.Enum))
		for i, e := range s.Enum {
			quoted[i] = quote(e)
		}
		return clause("value must be one of %s", strings.Join(quoted, ", "))
	}
	if s.Const != nil && !sameJSON(*s.Const, v) {
		return clause("value must be %s", quote(*s.Const))
	}
	return nil
}

// diagnoseBranches explains v against the closest of s's anyOf/oneOf
// branches (one of the value's type first, then the one with the fewest
// complaints); nothing when a branch matches.
func diagnoseBranches(s *jsonschema.Schema, v any, at string) []string {
	branches := append(append([]*jsonschema.Schema{}, s.AnyOf...), s.OneOf...)
	var best []string
	bestScore := 0
	for _, b := range branches {
		d := diagnose(b, v, at)
		if len(d) == 0 {
			return nil
		}
		score := len(d)
		if t := schemaTypes(b); len(t) > 0 && !typeMatches(t, v) {
			score += 1000
		}
		if best == nil || score < bestScore {
			best, bestScore = d, score
		}
	}
	return best
}

func diagnoseArray(s *jsonschema.Schema, x []any, at string, clause func(string, ...any) []string) []string {
	var out []string
	if s.MinItems != nil && len(x) < *s.MinItems {
		out = append(out, clause("want at least %d items, got %d", *s.MinItems, len(x))...)
	}
	if s.MaxItems != nil && len(x) > *s.MaxItems {
		out = append(out, clause("want at most %d items, got %d", *s.MaxItems, len(x))...)
	}
	for i, e := range x {
		item := s.Items
		if i < len(s.PrefixItems) {
			item = s.PrefixItems[i]
		}
		out = append(out, diagnose(item, e, join(at, fmt.Sprint(i)))...)
	}
	return out
}

func diagnoseNumber(s *jsonschema.Schema, x json.Number, clause func(string, ...any) []string) []string {
	var out []string
	f, _ := x.Float64()
	if s.Minimum != nil && f < *s.Minimum {
		out = append(out, clause("must be >= %v but found %v", *s.Minimum, x)...)
	}
	if s.Maximum != nil && f > *s.Maximum {
		out = append(out, clause("must be <= %v but found %v", *s.Maximum, x)...)
	}
	if s.ExclusiveMinimum != nil && f <= *s.ExclusiveMinimum {
		out = append(out, clause("must be > %v but found %v", *s.ExclusiveMinimum, x)...)
	}
	if s.ExclusiveMaximum != nil && f >= *s.ExclusiveMaximum {
		out = append(out, clause("must be < %v but found %v", *s.ExclusiveMaximum, x)...)
	}
	return out
}

func diagnoseObject(s *jsonschema.Schema, x map[string]any, at string, clause func(string, ...any) []string) []string {
	var out []string
	var missing []string
	for _, r := range s.Required {
		if _, ok := x[r]; !ok {
			missing = append(missing, r)
		}
	}
	for _, r := range missing {
		out = append(out, clause("missing property '%s'", r)...)
	}
	var extra []string
	for k, e := range x {
		if p, ok := s.Properties[k]; ok {
			out = append(out, diagnose(p, e, join(at, k))...)
			continue
		}
		if s.AdditionalProperties != nil {
			if isFalse(s.AdditionalProperties) {
				extra = append(extra, k)
			} else {
				out = append(out, diagnose(s.AdditionalProperties, e, join(at, k))...)
			}
		}
	}
	if len(extra) > 0 {
		sort.Strings(extra)
		out = append(out, clause("additional properties '%s' not allowed%s", strings.Join(extra, "', '"), meant(s, x, extra))...)
	}
	if s.MinProperties != nil && len(x) < *s.MinProperties {
		out = append(out, clause("want at least %d properties, got %d", *s.MinProperties, len(x))...)
	}
	return out
}

// namesWrong reports whether the object x names a property s does not
// have or lacks one s requires: then the message lists the parameters.
func namesWrong(s *jsonschema.Schema, x map[string]any) bool {
	for _, r := range s.Required {
		if _, ok := x[r]; !ok {
			return true
		}
	}
	if s.AdditionalProperties == nil || !isFalse(s.AdditionalProperties) {
		return false
	}
	for k := range x {
		if _, ok := s.Properties[k]; !ok {
			return true
		}
	}
	return false
}

// parameterList is s's required properties, then its optional ones marked
// "?" in declaration order: "pattern, paths?, i?".
func parameterList(s *jsonschema.Schema) string {
	names := append([]string(nil), s.Required...)
	for _, p := range Properties(s) {
		if !p.Required {
			names = append(names, p.Name+"?")
		}
	}
	if len(names) == 0 {
		return "no arguments"
	}
	return strings.Join(names, ", ")
}

// meant is " (did you mean 'paths'?)" for the unknown keys extra of x that
// are near a property x does not already set: by spelling, or else by a
// property whose description names the key ("glob" → paths, described as
// "files, directories, globs …").
func meant(s *jsonschema.Schema, x map[string]any, extra []string) string {
	var free []string
	for _, p := range Properties(s) {
		if _, set := x[p.Name]; !set {
			free = append(free, p.Name)
		}
	}
	var hints []string
	for _, k := range extra {
		near := textdist.Nearest(k, free, 1)
		if len(near) == 1 && !nearName(k, near[0]) {
			near = nil
		}
		if len(near) == 0 {
			near = suffixOf(k, free)
		}
		if len(near) == 0 {
			near = describing(s, free, k)
		}
		if len(near) == 0 {
			continue
		}
		h := "'" + near[0] + "'"
		if len(extra) > 1 {
			h += " for '" + k + "'"
		}
		hints = append(hints, h)
	}
	if len(hints) == 0 {
		return ""
	}
	return " (did you mean " + strings.Join(hints, ", ") + "?)"
}

// nearName is a tighter test than suggest.Nearest's for short parameter
// names: within a third of the key's length (at least 1), or one name
// prefixing the other by 3 or more letters.
func nearName(key, name string) bool {
	k, n := strings.ToLower(key), strings.ToLower(name)
	if len(k) >= 3 && len(n) >= 3 && (strings.HasPrefix(k, n) || strings.HasPrefix(n, k)) {
		return true
	}
	return textdist.Distance(k, n) <= max(1, len(k)/3)
}

// suffixOf is the first of names of 4 or more letters that ends the key,
// case, "-" and "_" ignored: file_path and filePath mean path.
func suffixOf(key string, names []string) []string {
	norm := func(s string) string { return strings.ToLower(strings.NewReplacer("-", "", "_", "").Replace(s)) }
	k := norm(key)
	for _, n := range names {
		if m := norm(n); len(m) >= 4 && strings.HasSuffix(k, m) {
			return []string{n}
		}
	}
	return nil
}

// describing is the first of names whose description has a word starting
// with key (case ignored), for keys of 3 or more letters.
func describing(s *jsonschema.Schema, names []string, key string) []string {
	key = strings.ToLower(key)
	if len(key) < 3 {
		return nil
	}
	for _, n := range names {
		words := strings.FieldsFunc(strings.ToLower(s.Properties[n].Description), func(r rune) bool {
			return !unicode.IsLetter(r) && !unicode.IsDigit(r)
		})
		for _, w := range words {
			if strings.HasPrefix(w, key) {
				return []string{n}
			}
		}
	}
	return nil
}

// isFalse reports whether s is the schema that matches nothing ({"not": {}}
// or false).
func isFalse(s *jsonschema.Schema) bool {
	if s.Not != nil {
		b, _ := json.Marshal(s.Not)
		return string(b) == "true" || string(b) == "{}"
	}
	b, _ := json.Marshal(s)
	return string(b) == "false"
}

// branchTypes is the types of s's anyOf/oneOf branches when every branch
// names its types, else nil.
func branchTypes(s *jsonschema.Schema) []string {
	var out []string
	for _, b := range append(append([]*jsonschema.Schema{}, s.AnyOf...), s.OneOf...) {
		t := schemaTypes(b)
		if len(t) == 0 {
			return nil
		}
		out = append(out, t...)
	}
	return out
}

func schemaTypes(s *jsonschema.Schema) []string {
	if s.Type != "" {
		return []string{s.Type}
	}
	return s.Types
}

func typeMatches(types []string, v any) bool {
	k := kindOf(v)
	for _, t := range types {
		if t == k || (t == "number" && k == "integer") {
			return true
		}
	}
	return false
}

// kindOf is v's JSON type; a number without a fraction is an integer.
func kindOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case json.Number:
		if f, err := x.Float64(); err == nil && f == math.Trunc(f) && !math.IsInf(f, 0) {
			return "integer"
		}
		return "number"
	case float64:
		if x == math.Trunc(x) {
			return "integer"
		}
		return "number"
	case string:
		return "string"
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

func inEnum(enum []any, v any) bool {
	for _, e := range enum {
		if sameJSON(e, v) {
			return true
		}
	}
	return false
}

func sameJSON(a, b any) bool {
	ja, _ := json.Marshal(plain(a))
	jb, _ := json.Marshal(plain(b))
	return bytes.Equal(ja, jb)
}

func quote(v any) string {
	if s, ok := v.(string); ok {
		return "'" + s + "'"
	}
	b, _ := json.Marshal(v)
	return string(b)
}

func join(at, key string) string {
	if at == "" {
		return key
	}
	return at + "." + key
}

func dedupe(s []string) []string {
	out := s[:0]
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

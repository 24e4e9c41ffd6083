package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"

	"github.com/google/jsonschema-go/jsonschema"
)

// Spec describes a tool built by New: its name, model-facing text, and the
// optional parts a plain function cannot express.
type Spec struct {
	Name        string
	Description string
	// Input overrides the schema inferred from the argument type. Use it to
	// add enums, bounds and descriptions the struct tags cannot carry.
	Input *jsonschema.Schema
	// Output is the schema of Result.Structured; nil for text tools. When
	// the function's result type is not Result, it is inferred from it.
	Output *jsonschema.Schema
	Tags   []Tag
}

type funcTool[In any] struct {
	spec Spec
	run  func(ctx context.Context, env *Env, in In) (Result, error)
	// emptyIsZero is set when decoding {} into In yields In's zero value
	// (a struct without its own UnmarshalJSON): a call without arguments
	// then skips the decoder.
	emptyIsZero bool
}

// New returns a Tool whose arguments are decoded into In before run is
// called. The input schema is inferred from In (json tags name the fields,
// `omitempty` makes them optional, `jsonschema` tags describe them) unless
// spec.Input is set. It panics if In cannot be described by a schema: that
// is a programming error found by the registry tests.
func New[In any](spec Spec, run func(ctx context.Context, env *Env, in In) (Result, error)) Tool {
	if spec.Input == nil {
		spec.Input = MustSchemaFor[In]()
	}
	t := reflect.TypeFor[In]()
	emptyIsZero := t.Kind() == reflect.Struct && !reflect.PointerTo(t).Implements(reflect.TypeFor[json.Unmarshaler]())
	return &funcTool[In]{spec: spec, run: run, emptyIsZero: emptyIsZero}
}

// NewStructured is New for a tool with an output schema: run returns a typed
// value that becomes Result.Structured, and text renders it for models.
func NewStructured[In, Out any](spec Spec, run func(ctx context.Context, env *Env, in In) (Out, error), text func(Out) string) Tool {
	if spec.Output == nil {
		spec.Output = MustSchemaFor[Out]()
	}
	return New(spec, func(ctx context.Context, env *Env, in In) (Result, error) {
		out, err := run(ctx, env, in)
		if err != nil {
			return Result{}, err
		}
		return Result{Text: text(out), Structured: out}, nil
	})
}

func (t *funcTool[In]) Name() string                     { return t.spec.Name }
func (t *funcTool[In]) Description() string              { return t.spec.Description }
func (t *funcTool[In]) InputSchema() *jsonschema.Schema  { return t.spec.Input }
func (t *funcTool[In]) OutputSchema() *jsonschema.Schema { return t.spec.Output }
func (t *funcTool[In]) Tags() []Tag                      { return t.spec.Tags }

func (t *funcTool[In]) Run(ctx context.Context, env *Env, args json.RawMessage) (Result, error) {
	var in In
	if len(args) > 0 && string(args) != "null" && (!t.emptyIsZero || string(args) != "{}") {
		if err := json.Unmarshal(args, &in); err != nil {
			return Result{}, Errorf(ErrInvalidArgs, "%s: invalid arguments: %v", t.spec.Name, err)
		}
	}
	return t.run(ctx, env, in)
}

// MustSchemaFor infers a JSON schema for T and panics if it cannot. Slices
// and maps are described as plain arrays and objects: the inference marks
// them nullable because Go's nil marshals as null, but a caller should send
// a value.
func MustSchemaFor[T any]() *jsonschema.Schema {
	s, err := jsonschema.For[T](nil)
	if err != nil {
		panic(fmt.Sprintf("tools: schema for %T: %v", *new(T), err))
	}
	dropNullable(s)
	return s
}

func dropNullable(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if len(s.Types) == 2 && s.Types[0] == "null" {
		s.Type, s.Types = s.Types[1], nil
	}
	for _, p := range s.Properties {
		dropNullable(p)
	}
	dropNullable(s.Items)
	dropNullable(s.AdditionalProperties)
}

// Property is one property of an object schema, as Properties lists it.
type Property struct {
	Name     string
	Schema   *jsonschema.Schema
	Required bool
}

// Properties lists the properties of object schema s in the order a reader
// should meet them: declaration order (PropertyOrder, which MustSchemaFor
// records from the struct), then any it leaves out sorted by name. The
// declarations, the server's tool briefs and validation hints all name a
// tool's arguments through it, so they never disagree on the order.
func Properties(s *jsonschema.Schema) []Property {
	if s == nil || len(s.Properties) == 0 {
		return nil
	}
	required := make(map[string]bool, len(s.Required))
	for _, r := range s.Required {
		required[r] = true
	}
	out := make([]Property, 0, len(s.Properties))
	seen := make(map[string]bool, len(s.Properties))
	add := func(name string) {
		if p := s.Properties[name]; p != nil && !seen[name] {
			seen[name] = true
			out = append(out, Property{Name: name, Schema: p, Required: required[name]})
		}
	}
	for _, n := range s.PropertyOrder {
		add(n)
	}
	rest := make([]string, 0, len(s.Properties)-len(out))
	for n := range s.Properties {
		if !seen[n] {
			rest = append(rest, n)
		}
	}
	sort.Strings(rest)
	for _, n := range rest {
		add(n)
	}
	return out
}

package tools

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/google/jsonschema-go/jsonschema"
	sj "github.com/santhosh-tekuri/jsonschema/v6"
)

// compiled caches one validator per schema. Schemas are built once per tool,
// so the cache is bounded by the number of tools.
var compiled sync.Map // *jsonschema.Schema -> *sj.Schema or error

// Validate checks args against tool's input schema. The error is an *Error
// with code ErrInvalidArgs whose message names the tool, each offending field
// and what was expected, e.g.
//
//	read: invalid arguments: at "path": got number, want string
//
// google/jsonschema-go provides the schema type (it is what the MCP SDK
// speaks); santhosh-tekuri/jsonschema validates, because its errors carry the
// instance location and a short reason that make good messages.
func Validate(tool Tool, args json.RawMessage) error {
	schema := tool.InputSchema()
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
	v, err := sj.UnmarshalJSON(bytes.NewReader(args))
	if err != nil {
		return Errorf(ErrInvalidArgs, "%s: arguments are not valid JSON: %v", tool.Name(), err)
	}
	sch, err := compile(schema)
	if err != nil {
		return Errorf(ErrTool, "%s: input schema does not compile: %v", tool.Name(), err)
	}
	err = sch.Validate(v)
	if err == nil {
		return nil
	}
	var ve *sj.ValidationError
	if !errors.As(err, &ve) {
		return Errorf(ErrInvalidArgs, "%s: invalid arguments: %v", tool.Name(), err)
	}
	return &Error{Code: ErrInvalidArgs, Msg: fmt.Sprintf("%s: invalid arguments: %s", tool.Name(), describe(ve)), Err: err}
}

// describe flattens a validation error into "at "field": reason" clauses, the
// deepest (most specific) ones only, sorted for stable output.
func describe(ve *sj.ValidationError) string {
	out := ve.BasicOutput()
	seen := map[string]bool{}
	var parts []string
	for _, u := range out.Errors {
		if u.Error == nil {
			continue
		}
		msg := u.Error.String()
		if strings.HasPrefix(msg, "validation failed") || strings.Contains(msg, "did not validate") {
			continue
		}
		loc := strings.TrimPrefix(u.InstanceLocation, "/")
		loc = strings.ReplaceAll(loc, "/", ".")
		var clause string
		if loc == "" {
			clause = msg
		} else {
			clause = fmt.Sprintf("at %q: %s", loc, msg)
		}
		if !seen[clause] {
			seen[clause] = true
			parts = append(parts, clause)
		}
	}
	if len(parts) == 0 {
		return ve.Error()
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}

func compile(schema *jsonschema.Schema) (*sj.Schema, error) {
	if v, ok := compiled.Load(schema); ok {
		if err, isErr := v.(error); isErr {
			return nil, err
		}
		return v.(*sj.Schema), nil
	}
	sch, err := compileNow(schema)
	if err != nil {
		compiled.Store(schema, err)
		return nil, err
	}
	compiled.Store(schema, sch)
	return sch, nil
}

func compileNow(schema *jsonschema.Schema) (*sj.Schema, error) {
	raw, err := json.Marshal(schema)
	if err != nil {
		return nil, err
	}
	doc, err := sj.UnmarshalJSON(bytes.NewReader(raw))
	if err != nil {
		return nil, err
	}
	c := sj.NewCompiler()
	if err := c.AddResource("tool.json", doc); err != nil {
		return nil, err
	}
	return c.Compile("tool.json")
}

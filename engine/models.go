package engine

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sort"
	"strings"

	"github.com/atomic-script/atomic-script/bindings"
	"github.com/atomic-script/atomic-script/models"
	"github.com/atomic-script/atomic-script/tools"
)

// WithModels gives scripts models.list, models.classify and
// models.generateImages through c (shared by the engine's runs; each run
// has its own in-flight cap and usage). Without it, or with a client
// without a provider, those calls fail with ERR_NO_PROVIDER saying how to
// configure one.
func WithModels(c *models.Client) Option {
	return func(cfg *config) error { cfg.models = c; return nil }
}

// ModelsConfigured reports whether scripts of this engine have a model
// provider.
func (e *Engine) ModelsConfigured() bool { return e.cfg.models.Configured() }

// reservedNamespace is the namespace name the models global's calls use.
const reservedNamespace = "models"

// checkNamespaces refuses a namespace whose calls would be taken for
// models.* calls.
func checkNamespaces(ns []Namespace) error {
	for _, n := range ns {
		if n.Name == reservedNamespace {
			return fmt.Errorf("engine: a namespace (MCP server) may not be named %q: scripts call the model provider as models.*; rename the server", reservedNamespace)
		}
	}
	return nil
}

// callModel runs one models.* call of the run. Model calls change no file
// and start no process, so they pass the approval gate as read-only tools
// do; the provider's URL is the host's configuration, never the script's.
func (s *scriptRun) callModel(ctx context.Context, name string, raw json.RawMessage) (json.RawMessage, error) {
	if d := s.clock.Deadline(); !d.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, d)
		defer cancel()
	}
	var v any
	var err error
	switch name {
	case "models.list":
		if err = decodeModelArgs(name, raw, nil); err == nil {
			v, err = s.models.List(ctx)
		}
	case "models.classify":
		var req models.ClassifyRequest
		if err = decodeModelArgs(name, raw, map[string]any{
			"input": &req.Input, "labels": &req.Labels, "instructions": &req.Instructions, "model": &req.Model, "scores": &req.Scores,
		}, "input", "labels"); err == nil {
			v, err = s.models.Classify(ctx, req)
		}
	case "models.generateImages":
		var req models.ImageRequest
		if err = decodeModelArgs(name, raw, map[string]any{
			"prompt": &req.Prompt, "n": &req.N, "size": &req.Size, "model": &req.Model,
		}, "prompt"); err == nil {
			v, err = s.models.GenerateImages(ctx, req)
		}
	default:
		return nil, tools.Errorf(tools.ErrUnknownTool, "unknown model call %q", name)
	}
	if err != nil {
		var te *tools.Error
		if errors.As(err, &te) {
			return nil, err
		}
		return nil, &tools.Error{Code: tools.Code(models.CodeOf(err)), Msg: err.Error(), Err: err}
	}
	return json.Marshal(v)
}

// decodeModelArgs reads a models.* call's arguments into fields (name →
// pointer to a string, []string, int or bool), refusing unknown names,
// missing required ones and values of the wrong type with an error that
// says what to pass. null is the same as leaving an argument out.
func decodeModelArgs(fn string, raw json.RawMessage, fields map[string]any, required ...string) error {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(raw, &m); err != nil {
		return tools.Errorf(tools.ErrInvalidArgs, "%s: arguments must be an object: %v", fn, err)
	}
	names := make([]string, 0, len(fields))
	for k := range fields {
		names = append(names, k)
	}
	sort.Strings(names)
	for k := range m {
		if _, ok := fields[k]; !ok {
			if len(names) == 0 {
				return tools.Errorf(tools.ErrInvalidArgs, "%s: takes no arguments, got %q", fn, k)
			}
			return tools.Errorf(tools.ErrInvalidArgs, "%s: unknown argument %q; the arguments are %s", fn, k, strings.Join(names, ", "))
		}
	}
	for _, k := range required {
		if v, ok := m[k]; !ok || string(v) == "null" {
			return tools.Errorf(tools.ErrInvalidArgs, "%s: %s is required", fn, k)
		}
	}
	for k, v := range m {
		if string(v) == "null" {
			continue
		}
		var want string
		switch p := fields[k].(type) {
		case *string:
			want = "a string"
			if json.Unmarshal(v, p) == nil {
				continue
			}
		case *[]string:
			want = "an array of strings"
			if json.Unmarshal(v, p) == nil {
				continue
			}
		case *int:
			want = "an integer"
			var f float64
			if json.Unmarshal(v, &f) == nil && f == float64(int(f)) {
				*p = int(f)
				continue
			}
		case *bool:
			want = "true or false"
			if json.Unmarshal(v, p) == nil {
				continue
			}
		}
		return tools.Errorf(tools.ErrInvalidArgs, "%s: %s must be %s, got %s", fn, k, want, describeJSON(v))
	}
	return nil
}

// describeJSON names a JSON value's kind for an error: "number 42",
// "an object", "an array with a number in it".
func describeJSON(v json.RawMessage) string {
	s := strings.TrimSpace(string(v))
	if s == "" {
		return "nothing"
	}
	switch s[0] {
	case '{':
		return "an object"
	case '[':
		var items []json.RawMessage
		if json.Unmarshal(v, &items) == nil {
			for i, it := range items {
				if d := describeJSON(it); !strings.HasPrefix(d, "string") {
					return fmt.Sprintf("an array whose item %d is %s", i, d)
				}
			}
		}
		return "an array"
	case '"':
		return "string " + clipArgs(v)
	case 't', 'f':
		return "boolean " + s
	}
	return "number " + clipArgs(v)
}

// modelUsage is the run's model usage for its result; nil when it made no
// model call.
func (s *scriptRun) modelUsage() *models.Totals {
	if t := s.models.Totals(); t.Calls > 0 {
		return &t
	}
	return nil
}

// modelsHeader is the text result's line for the run's model usage.
func modelsHeader(t *models.Totals) string {
	if t == nil || t.Calls == 0 {
		return ""
	}
	return fmt.Sprintf("Model calls %d, tokens %d (%d input, %d output)\n", t.Calls, t.TotalTokens, t.InputTokens, t.OutputTokens)
}

// isModelCall reports whether a call name is one of models.*.
func isModelCall(name string) bool { return bindings.IsModelCall(name) }

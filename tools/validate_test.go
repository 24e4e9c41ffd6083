package tools

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

func schemaTool(t *testing.T, schema string) Tool {
	t.Helper()
	var s jsonschema.Schema
	if err := json.Unmarshal([]byte(schema), &s); err != nil {
		t.Fatal(err)
	}
	return New(Spec{Name: "t", Description: "test", Input: &s}, func(ctx context.Context, env *Env, in map[string]any) (Result, error) {
		return Result{}, nil
	})
}

// TestValidateMessages: every keyword tool schemas use is explained in
// the message; valid arguments pass.
func TestValidateMessages(t *testing.T) {
	const schema = `{"type":"object","additionalProperties":false,"required":["path"],"properties":{
		"path":{"type":"string","minLength":1},
		"n":{"type":"integer","minimum":0,"maximum":10},
		"ratio":{"type":"number","exclusiveMaximum":1},
		"mode":{"type":"string","enum":["a","b"],"description":"how: a or b"},
		"list":{"type":"array","maxItems":2,"items":{"type":"object","required":["x"],"additionalProperties":false,"properties":{"x":{"type":"boolean"}}}},
		"either":{"anyOf":[{"type":"string"},{"type":"array","items":{"type":"string"}}]}}}`
	tool := schemaTool(t, schema)
	cases := []struct{ args, want string }{
		{`{"path":"a"}`, ""},
		{`{"path":"a","n":3,"ratio":0.5,"mode":"b","list":[{"x":true}],"either":["s"]}`, ""},
		{`{}`, `t: invalid arguments: missing property 'path'. t takes: path, either?, list?, mode?, n?, ratio?`},
		{`{"path":3}`, `t: invalid arguments: at "path": got number, want string`},
		{`{"path":""}`, `t: invalid arguments: at "path": want at least 1 characters, got 0`},
		{`{"path":"a","n":1.5}`, `t: invalid arguments: at "n": got number, want integer`},
		{`{"path":"a","n":"1"}`, `t: invalid arguments: at "n": got string, want integer`},
		{`{"path":"a","n":11}`, `t: invalid arguments: at "n": must be <= 10 but found 11`},
		{`{"path":"a","n":-1}`, `t: invalid arguments: at "n": must be >= 0 but found -1`},
		{`{"path":"a","ratio":1}`, `t: invalid arguments: at "ratio": must be < 1 but found 1`},
		{`{"path":"a","mode":"c"}`, `t: invalid arguments: at "mode": value must be one of 'a', 'b'`},
		{`{"path":"a","list":[{},{},{}]}`, `t: invalid arguments: at "list": want at most 2 items, got 3; at "list.0": missing property 'x'; at "list.1": missing property 'x'; at "list.2": missing property 'x'`},
		{`{"path":"a","list":[{"x":1}]}`, `t: invalid arguments: at "list.0.x": got number, want boolean`},
		{`{"path":"a","either":5}`, `t: invalid arguments: at "either": got number, want string or array`},
		{`{"path":"a","either":[5]}`, `t: invalid arguments: at "either.0": got number, want string`},
		{`{"path":"a","zz":1,"glob":2}`, `t: invalid arguments: additional properties 'glob', 'zz' not allowed. t takes: path, either?, list?, mode?, n?, ratio?`},
		{`{"pth":"a"}`, `t: invalid arguments: additional properties 'pth' not allowed (did you mean 'path'?); missing property 'path'. t takes: path, either?, list?, mode?, n?, ratio?`},
		{`{"path":"a","Mode":"a","ration":0.5}`, `t: invalid arguments: additional properties 'Mode', 'ration' not allowed (did you mean 'mode' for 'Mode', 'ratio' for 'ration'?). t takes: path, either?, list?, mode?, n?, ratio?`},
		{`{"path":"a","mode":"a","modes":"b"}`, `t: invalid arguments: additional properties 'modes' not allowed. t takes: path, either?, list?, mode?, n?, ratio?`},
		{`{"path":"a","list":[{"y":true}]}`, `t: invalid arguments: at "list.0": additional properties 'y' not allowed (did you mean 'x'?); at "list.0": missing property 'x'`},
		{`{"path":null}`, `t: invalid arguments: at "path": got null, want string`},
		{`[1]`, `t: invalid arguments: got array, want object`},
		{`{"path":`, `t: arguments are not valid JSON: unexpected EOF`},
	}
	for _, c := range cases {
		err := Validate(tool, json.RawMessage(c.args))
		got := ""
		if err != nil {
			got = err.Error()
			if CodeOf(err) != ErrInvalidArgs {
				t.Errorf("%s: code %s", c.args, CodeOf(err))
			}
		}
		if got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.args, got, c.want)
		}
	}
}

// TestValidateNamesAFewProblems: a thousand bad items make a short message.
func TestValidateNamesAFewProblems(t *testing.T) {
	tool := schemaTool(t, `{"type":"object","properties":{"l":{"type":"array","items":{"type":"string"}}}}`)
	args := `{"l":[` + strings.TrimSuffix(strings.Repeat("1,", 1000), ",") + `]}`
	err := Validate(tool, json.RawMessage(args))
	if err == nil || !strings.HasSuffix(err.Error(), `want string; and 995 more problems like these`) || !strings.Contains(err.Error(), `at "l.0": got number, want string; `) || len(err.Error()) > 400 {
		t.Errorf("%v", err)
	}
}

// TestValidateSuggestsByDescription: an unknown key with no near spelling
// is matched to the property whose description names it, as a model that
// passes glob: to search means paths (described as "files, directories,
// globs …"); a key that names nothing near gets no guess.
func TestValidateSuggestsByDescription(t *testing.T) {
	tool := schemaTool(t, `{"type":"object","additionalProperties":false,"required":["pattern"],"properties":{
		"pattern":{"type":"string","description":"Regular expression (RE2 syntax)"},
		"paths":{"type":"string","description":"Files, directories, globs or file:LINES selectors to search"},
		"i":{"type":"boolean","description":"Ignore case"}}}`)
	for _, c := range []struct{ args, want string }{
		{`{"pattern":"x","glob":"*.go"}`, `t: invalid arguments: additional properties 'glob' not allowed (did you mean 'paths'?). t takes: pattern, i?, paths?`},
		{`{"pattern":"x","ignore":true}`, `t: invalid arguments: additional properties 'ignore' not allowed (did you mean 'i'?). t takes: pattern, i?, paths?`},
		{`{"pattern":"x","file_paths":"a"}`, `t: invalid arguments: additional properties 'file_paths' not allowed (did you mean 'paths'?). t takes: pattern, i?, paths?`},
		{`{"pattern":"x","zzz":1}`, `t: invalid arguments: additional properties 'zzz' not allowed. t takes: pattern, i?, paths?`},
		{`{"pattern":"x","paths":"a","glob":"*.go"}`, `t: invalid arguments: additional properties 'glob' not allowed. t takes: pattern, i?, paths?`},
	} {
		err := Validate(tool, json.RawMessage(c.args))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s:\n got %v\nwant %s", c.args, err, c.want)
		}
	}
}

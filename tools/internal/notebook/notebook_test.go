package notebook

import (
	"encoding/json"
	"reflect"
	"testing"
)

const seed = `{"cells": [{"cell_type": "code", "source": ["a\n", "b"], "outputs": [], "metadata": {"k": [1]}},
 {"cell_type": "markdown", "source": "x", "metadata": {}}], "metadata": {}, "nbformat": 4, "z": {"y": null}}`

func TestSetSourceShapes(t *testing.T) {
	for _, c := range []struct {
		in   string
		cell int
		src  string
		want string
	}{
		{`{"cells": [{"source": "old"}]}`, 0, "new\nline", `{"cells": [{"source": "new\nline"}]}`},
		{`{"cells": [{"source": ["a\n", "b"]}]}`, 0, "x\ny\n", `{"cells": [{"source": ["x\n", "y\n"]}]}`},
		{"{\"cells\": [{\"source\": [\n    \"a\"\n   ]}]}", 0, "p <b> & q\nr", "{\"cells\": [{\"source\": [\n    \"p <b> & q\\n\",\n    \"r\"\n   ]}]}"},
		{`{"cells": [{"source": ["a"]}, {"source": []}]}`, 1, "", `{"cells": [{"source": ["a"]}, {"source": []}]}`},
		{`{"a": {"source": 1}, "cells" : [ {"id": "s", "source" : "q"} ]}`, 0, "r", `{"a": {"source": 1}, "cells" : [ {"id": "s", "source" : "r"} ]}`},
	} {
		out, err := SetSource("nb", []byte(c.in), c.cell, c.src)
		if err != nil || string(out) != c.want {
			t.Errorf("SetSource(%s, %d, %q) =\n%s, %v\nwant\n%s", c.in, c.cell, c.src, out, err, c.want)
		}
	}
	for _, bad := range []string{`[]`, `{"cells": {}}`, `{"cells": [{"id": 1}]}`, `{"cells": []}`, `{"cells": [`} {
		if _, err := SetSource("nb", []byte(bad), 0, "x"); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// FuzzSetSource: setting a cell's source leaves valid JSON whose cell holds
// exactly the new source and whose every other value is unchanged.
func FuzzSetSource(f *testing.F) {
	f.Add(seed, 0, "new\nsource\n")
	f.Add(seed, 1, "")
	f.Add(seed, 1, "\"quoted\" \\ \u2028 <tag>")
	f.Fuzz(func(t *testing.T, in string, cell int, src string) {
		var before map[string]any
		if json.Unmarshal([]byte(in), &before) != nil {
			return
		}
		out, err := SetSource("nb", []byte(in), cell, src)
		if err != nil {
			return
		}
		var after map[string]any
		if err := json.Unmarshal(out, &after); err != nil {
			t.Fatalf("invalid JSON after SetSource: %v\n%s", err, out)
		}
		var nb Notebook
		if err := json.Unmarshal(out, &nb); err != nil || string(nb.Cells[cell].Source) != toValid(src) {
			t.Fatalf("cell %d source %q, want %q (%v)", cell, nb.Cells[cell].Source, src, err)
		}
		cells := before["cells"].([]any)
		cells[cell].(map[string]any)["source"] = after["cells"].([]any)[cell].(map[string]any)["source"]
		if !reflect.DeepEqual(before, after) {
			t.Fatalf("other values changed:\n%s\n%s", in, out)
		}
	})
}

// toValid is src as JSON round-trips it (invalid UTF-8 becomes U+FFFD).
func toValid(src string) string {
	data, _ := json.Marshal(src)
	var s string
	json.Unmarshal(data, &s)
	return s
}

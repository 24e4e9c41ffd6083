package bindings

import (
	"encoding/base64"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/google/jsonschema-go/jsonschema"
)

func TestCleanStack(t *testing.T) {
	pre := len(wrapperPrefix)
	for _, c := range []struct{ in, want string }{
		{"    at <anonymous> (<eval>:3:10)\n", "    at codemode.js:3:10"},
		{"    at f (<eval>:2:5)\n    at <anonymous> (<eval>:4:1)\n", "    at f (codemode.js:2:5)\n    at codemode.js:4:1"},
		// Bindings' frames and the wrapper's global code are dropped.
		{"    at __as_callTool (<eval>:50:3)\n    at <anonymous> (<eval>:1:40)\n    at <eval> (<eval>:1:33)\n", "    at codemode.js:1:" + strconv.Itoa(40-pre)},
		// Native frames stay; unknown locations go.
		{"    at map (native)\n    at x (other.js:1:1)\n", "    at map (native)"},
		{"", ""},
		// goja's frame of the wrapper, which calls __as_main, has no name.
		{"\tat __as_x (<eval>:1:49(3))\n\tat <eval>:1:" + strconv.Itoa(pre+9) + "(15)\n\tat __as_main (<eval>:237:17(14))\n\tat <eval>:1:10(2)\n", "    at codemode.js:1:9"},
		// A recursion is one frame and a count.
		{strings.Repeat("    at f (<eval>:2:14)\n", 500) + "    at <anonymous> (<eval>:1:40)\n", "    at f (codemode.js:2:14)\n    ... the frame above repeated 499 more times\n    at codemode.js:1:" + strconv.Itoa(40-pre)},
		{"    at f (<eval>:2:14)\n    at f (<eval>:2:14)\n", "    at f (codemode.js:2:14)\n    at f (codemode.js:2:14)"},
	} {
		if got := CleanStack(c.in, Source{}); got != c.want {
			t.Errorf("CleanStack(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestCleanStackBounded: a mutual recursion keeps its first 30 and last
// 10 frames.
func TestCleanStackBounded(t *testing.T) {
	got := strings.Split(CleanStack(strings.Repeat("    at f (<eval>:2:1)\n    at g (<eval>:3:1)\n", 1000), Source{}), "\n")
	if len(got) != maxFrames+1 || got[maxFrames-10] != "    ... 1960 more frames" || got[0] != "    at f (codemode.js:2:1)" || got[len(got)-1] != "    at g (codemode.js:3:1)" {
		t.Errorf("%d frames: %q ... %q", len(got), got[:3], got[len(got)-12:])
	}
}

func TestIdentifiers(t *testing.T) {
	for _, c := range []struct {
		in   []string
		want []string
	}{
		{[]string{"read", "bash_output"}, []string{"read", "bash_output"}},
		{[]string{"search-code", "get.thing", "2fa"}, []string{"search_code", "get_thing", "_2fa"}},
		{[]string{"delete", "class", "new"}, []string{"delete_", "class_", "new_"}},
		{[]string{"a-b", "a_b", "a.b"}, []string{"a_b_2", "a_b", "a_b_3"}},
		{[]string{"x-y", "x_y_2", "x_y"}, []string{"x_y_3", "x_y_2", "x_y"}},
		{[]string{""}, []string{"_"}},
		{[]string{"héllo wörld"}, []string{"héllo_wörld"}},
	} {
		got := Identifiers(c.in)
		if strings.Join(got, ",") != strings.Join(c.want, ",") {
			t.Errorf("Identifiers(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestSearchRanking(t *testing.T) {
	props := func(names ...string) *jsonschema.Schema {
		s := &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{}}
		for _, n := range names {
			s.Properties[n] = &jsonschema.Schema{Type: "string"}
		}
		return s
	}
	entries := []Entry{
		{Name: "read", Path: []string{"read"}, Description: "Read a file or list a directory.", Input: props("path")},
		{Name: "search", Path: []string{"search"}, Description: "Search file contents with a regular expression.", Input: props("pattern", "paths")},
		{Name: "find", Path: []string{"find"}, Description: "Find paths by glob.", Input: props("paths")},
		{Name: "gh.search_issues", Path: []string{"gh", "search_issues"}, Namespace: "gh", Description: "Search GitHub issues.", Input: props("query")},
	}
	ix := newSearchIndex(entries)
	checkSearch(t, ix, "search", "", 0, []string{"search", "gh.search_issues"}, 2)
	checkSearch(t, ix, "regular expression contents", "", 0, []string{"search"}, 1)
	checkSearch(t, ix, "glob", "", 0, []string{"find"}, 1)
	checkSearch(t, ix, "paths", "", 1, []string{"find"}, 3) // "path" of read matches too
	checkSearch(t, ix, "issues", "gh", 0, []string{"gh.search_issues"}, 1)
	checkSearch(t, ix, "search", "gh", 0, []string{"gh.search_issues"}, 1)
	checkSearch(t, ix, "", "", 2, []string{"read", "search"}, 4)
	checkSearch(t, ix, "nothing matches this", "", 0, nil, 0)
	checkSearch(t, ix, "READ", "", 0, []string{"read"}, 1)

	// A catalog where common words are everywhere: the words of a query
	// that say nothing ("a", "the", "in") rank nothing, a hit far below the
	// best is left out, and at most five come back unless asked.
	many := []Entry{
		{Name: "bash", Path: []string{"bash"}, Description: "Run a shell command with bash in the workspace and return its output.\nA second line the brief leaves out.", Input: props("command", "runInBackground")},
		{Name: "bash_output", Path: []string{"bash_output"}, Description: "Poll a background task started by bash. It waits 5 s by default.", Input: props("taskId")},
		{Name: "kill", Path: []string{"kill"}, Description: "Stop a background task that bash started.", Input: props("id")},
	}
	for i := range 9 {
		n := fmt.Sprintf("tool%d", i)
		many = append(many, Entry{Name: n, Path: []string{n}, Description: "Do a thing in the workspace with a file and return the text of it.", Input: props("path")})
	}
	ix = newSearchIndex(many)
	checkSearch(t, ix, "stop a background task", "", 0, []string{"kill", "bash_output"}, 2)
	checkSearch(t, ix, "run a command in the background", "", 0, []string{"bash"}, 1)           // kill and bash_output only share "background"
	checkSearch(t, ix, "the", "", 0, []string{"tool0", "tool1", "tool2", "tool3", "tool4"}, 10) // only function words: kept
	checkSearch(t, ix, "workspace file", "", 0, []string{"tool0", "tool1", "tool2", "tool3", "tool4"}, 9)
	checkSearch(t, ix, "workspace file", "", 20, []string{"tool0", "tool1", "tool2", "tool3", "tool4", "tool5", "tool6", "tool7", "tool8"}, 9)
	checkSearch(t, ix, "bash", "", 0, []string{"bash", "bash_output", "kill"}, 3) // the exact name first, the rest on their merit
	got, _ := ix.search("background task bash", "", 0)
	for _, g := range got {
		if strings.Contains(g.Description, "\n") || strings.Contains(g.Description, "waits 5 s") || strings.Contains(g.Description, "second line") {
			t.Errorf("%s: the brief is not one sentence: %q", g.Name, g.Description)
		}
	}
}

// checkSearch runs one search of ix and compares the names and the total.
func checkSearch(t *testing.T, ix *searchIndex, query, ns string, limit int, want []string, total int) {
	t.Helper()
	got, n := ix.search(query, ns, limit)
	var names []string
	for _, g := range got {
		names = append(names, g.Name)
	}
	if strings.Join(names, ",") != strings.Join(want, ",") || n != total {
		t.Errorf("search(%q, %q, %d) = %v (%d), want %v (%d)", query, ns, limit, names, n, want, total)
	}
}

func TestTokenize(t *testing.T) {
	got := strings.Join(tokenize("readFile bash_output, Files3 HTTPServer"), " ")
	if want := "read file bash output files3 httpserver"; got != want {
		t.Errorf("tokenize = %q, want %q", got, want)
	}
}

func TestDecodeImage(t *testing.T) {
	png := "\x89PNG\r\n\x1a\n" + "rest"
	b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
	for _, c := range []struct {
		payload, mime, err string
	}{
		{`"data:image/png;base64,` + b64(png) + `"`, "image/png", ""},
		{`"data:image/gif;base64,` + b64("\xFF\xD8\xFFjpeg") + `"`, "image/jpeg", ""},
		{`"DATA:IMAGE/PNG;BASE64,` + b64("GIF89a...") + `"`, "image/gif", ""},
		{`"data:image/webp;base64,` + b64("RIFF\x00\x00\x00\x00WEBPVP8 ") + `"`, "image/webp", ""},
		{`{"type":"image","data":"` + b64(png) + `","mimeType":"image/jpeg"}`, "image/png", ""},
		{`"data:image/png;base64,` + b64("BM bitmap") + `"`, "", "unsupported or unrecognised"},
		{`"data:image/png;base64,not base64!"`, "", "malformed base64"},
		{`"data:image/png,rawdata"`, "", "must be base64-encoded"},
		{`"https://example.com/x.png"`, "", "remote URLs are not supported"},
		{`"file:///etc/passwd"`, "", "expected a base64 data URL"},
		{`{"type":"text","text":"x"}`, "", "expected a base64 data URL"},
		{`null`, "", "expected a base64 data URL"},
	} {
		img, err := decodeImage([]byte(c.payload))
		switch {
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err)):
			t.Errorf("%s: err = %v, want %q", c.payload, err, c.err)
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.payload, err)
		case c.err == "" && img.MIMEType != c.mime:
			t.Errorf("%s: mime %q, want %q", c.payload, img.MIMEType, c.mime)
		}
	}
}

func TestDeclaration(t *testing.T) {
	s := &jsonschema.Schema{
		Type: "object",
		Properties: map[string]*jsonschema.Schema{
			"path":  {Type: "string", Description: "file to read"},
			"limit": {Type: "integer"},
			"mode":  {Enum: []any{"a", "b"}},
			"tags":  {Type: "array", Items: &jsonschema.Schema{Type: "string"}},
			"opt-x": {Types: []string{"null", "boolean"}},
			"meta":  {Type: "object", AdditionalProperties: &jsonschema.Schema{Type: "number"}},
		},
		PropertyOrder: []string{"path", "limit", "mode", "tags", "opt-x", "meta"},
		Required:      []string{"path"},
	}
	got := Declaration(Entry{Name: "read", Path: []string{"read"}, Description: "Read a file.\nSecond line.", Input: s})
	want := `/**
 * Read a file.
 * Second line.
 */
read(args: {
  /** file to read */
  path: string;
  limit?: number;
  mode?: "a" | "b";
  tags?: string[];
  "opt-x"?: null | boolean;
  meta?: Record<string, number>;
}): Promise<string>;`
	if got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	empty := Declaration(Entry{Name: "x", Path: []string{"ns", "x"}, Input: &jsonschema.Schema{Type: "object"}, Output: &jsonschema.Schema{Type: "object", Properties: map[string]*jsonschema.Schema{"n": {Type: "number"}}, Required: []string{"n"}}})
	if empty != "x(args?: {}): Promise<{\n  n: number;\n}>;" {
		t.Errorf("empty: %q", empty)
	}
}

package engine

import (
	"fmt"
	"strings"
	"testing"
)

func TestPrepareScript(t *testing.T) {
	for _, c := range []struct {
		in, out string
		opts    ScriptOptions
		err     string
	}{
		{in: "return 1", out: "return 1"},
		{in: "// @options: {\"max_output_tokens\": 2000, \"timeout_ms\": 60000}\nreturn 1",
			out: "// @options: {\"max_output_tokens\": 2000, \"timeout_ms\": 60000}\nreturn 1", opts: ScriptOptions{MaxOutputTokens: 2000, TimeoutMs: 60000}},
		{in: "// @options: {\"strict\": true}\nreturn 1", out: "// @options: {\"strict\": true}\nreturn 1", opts: ScriptOptions{Strict: true}},
		{in: "// @options: {\"dry_run\": true}\nreturn 1", out: "// @options: {\"dry_run\": true}\nreturn 1", opts: ScriptOptions{DryRun: true}},
		{in: "// @options: {\"dry_run\": \"yes\"}", err: "bad // @options line"},
		{in: "\n\n  //@options {\"timeout_ms\": 5}\nx", out: "\n\n  //@options {\"timeout_ms\": 5}\nx", opts: ScriptOptions{TimeoutMs: 5}},
		// Only the first non-blank line counts.
		{in: "x\n// @options: {\"timeout_ms\": 5}", out: "x\n// @options: {\"timeout_ms\": 5}"},
		// One fence around the whole script becomes blank lines.
		{in: "```js\nreturn 1\n```", out: "\nreturn 1\n"},
		{in: "```\n// @options: {\"timeout_ms\": 7}\nreturn 1\n```\n", out: "\n// @options: {\"timeout_ms\": 7}\nreturn 1\n\n", opts: ScriptOptions{TimeoutMs: 7}},
		{in: "```javascript\na\n```", out: "\na\n"},
		// A fence that does not close the script is left alone.
		{in: "```js\na", out: "```js\na"},
		{in: "\uFEFFreturn 1", out: "return 1"},
		{in: "// @options: {\"nope\": 1}", err: `unknown field "nope"`},
		{in: "// @options: {nope}", err: "bad // @options line"},
		{in: "// @options: ", err: "bad // @options line"},
		{in: "// @options: {\"timeout_ms\": -1}", err: "must be positive"},
		{in: "// @options: {\"timeout_ms\": 1} {}", err: "trailing text"},
		{in: "// @options: {\"timeout_ms\": \"5\"}", err: "bad // @options line"},
	} {
		out, opts, err := prepareScript(c.in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%q: err = %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || out != c.out || opts != c.opts {
			t.Errorf("%q: got %q %+v %v, want %q %+v", c.in, out, opts, err, c.out, c.opts)
		}
	}
}

// FuzzPrepareScript: any input either errors or yields a script with the
// same number of lines (line numbers in errors must match what was written).
func FuzzPrepareScript(f *testing.F) {
	for _, s := range []string{"return 1", "```js\nx\n```", "// @options: {\"timeout_ms\": 1}\n", "\uFEFF```\n```", "// @options: {"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		out, opts, err := prepareScript(in)
		if err != nil {
			return
		}
		if opts.TimeoutMs < 0 || opts.MaxOutputTokens < 0 {
			t.Fatalf("negative options %+v", opts)
		}
		trimmed := strings.TrimPrefix(in, "\uFEFF")
		if strings.Count(out, "\n") != strings.Count(trimmed, "\n") {
			t.Fatalf("line count changed: %q → %q", in, out)
		}
	})
}

func TestCapText(t *testing.T) {
	var body strings.Builder
	for i := 0; i < 2000; i++ {
		body.WriteString("line ")
		body.WriteString(strings.Repeat("x", i%7))
		body.WriteString("\n")
	}
	header := "Script completed\nWall time 0.1 seconds\n"
	out := capText(header, []segment{{body.String(), false}}, 500, "/tmp/full.txt")
	if EstimateTokens(out) > 500 {
		t.Errorf("capped text is %d tokens, want ≤ 500", EstimateTokens(out))
	}
	for _, want := range []string{header, "Warning: truncated output (original token count: ", "characters omitted", "[Full output: /tmp/full.txt]\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if !strings.Contains(out, "\nline \n") || !strings.HasSuffix(strings.TrimSuffix(out, "[Full output: /tmp/full.txt]\n"), "line xxxx\n") {
		t.Errorf("head or tail lost:\n%s", out)
	}
	if got := capText(header, []segment{{"é", false}}, 1, ""); !strings.Contains(got, "[Full output could not be saved]") {
		t.Errorf("unsaved: %q", got)
	}
}

// TestCapTextKeepsVerdict: the segments saying how a run ended survive the
// cap whole, between the cut output and the cut call list.
func TestCapTextKeepsVerdict(t *testing.T) {
	long := func(prefix string, n int) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, "%s %d\n", prefix, i)
		}
		return b.String()
	}
	header := "Script failed\nWall time 0.1 seconds\n"
	verdict := "Warning: Atomic run failed: file changes were rolled back.\nScript error:\nError: boom\n    at codemode.js:3:7\n"
	out := capText(header, []segment{{long("item", 500), false}, {verdict, true}, {long("- call", 500), false}}, 300, "/tmp/full.txt")
	if !strings.Contains(out, verdict) {
		t.Errorf("verdict lost:\n%s", out)
	}
	for _, want := range []string{"item 0\n", "item 499\n", "- call 0\n", "- call 499\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("missing %q in\n%s", want, out)
		}
	}
	if strings.Index(out, "item 499") > strings.Index(out, "Script error:") || strings.Index(out, "Script error:") > strings.Index(out, "- call 0") {
		t.Errorf("segments out of order:\n%s", out)
	}
	if got := EstimateTokens(out); got > 300+len(verdict)/4 {
		t.Errorf("capped text is %d tokens", got)
	}
	// A kept segment larger than half the budget keeps its head.
	huge := "Script error:\n" + long("    at f (codemode.js:1:14)", 5000)
	out = capText(header, []segment{{huge, true}}, 500, "")
	if !strings.Contains(out, "Script error:\n    at f (codemode.js:1:14) 0\n") || EstimateTokens(out) > 600 {
		t.Errorf("huge kept segment: %d tokens\n%s", EstimateTokens(out), out)
	}
}

func TestPickLimit(t *testing.T) {
	for _, c := range []struct {
		ceiling, script, want int
		over                  bool
	}{
		{0, 0, 0, false}, {5, 0, 5, false}, {0, 7, 7, false}, {5, 7, 5, true}, {9, 7, 7, false}, {7, 7, 7, false},
	} {
		if got, over := pickLimit(c.ceiling, c.script); got != c.want || over != c.over {
			t.Errorf("pickLimit(%d, %d) = %d, %v, want %d, %v", c.ceiling, c.script, got, over, c.want, c.over)
		}
	}
}

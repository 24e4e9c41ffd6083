package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
)

// ScriptOptions are the settings a script may give on its first non-blank
// line: `// @options: {"max_output_tokens": 2000, "timeout_ms": 60000, "dry_run": true}`.
type ScriptOptions struct {
	MaxOutputTokens int `json:"max_output_tokens,omitempty"`
	TimeoutMs       int `json:"timeout_ms,omitempty"`
	// DryRun makes the run a dry run, as --dry-run does: a script can ask
	// to write nothing (a preview), never to write when the host said not.
	DryRun bool `json:"dry_run,omitempty"`
	// Strict fails the run on an unhandled promise rejection (WithStrict);
	// false leaves the host's choice.
	Strict bool `json:"strict,omitempty"`
}

var optionsLine = regexp.MustCompile(`^\s*//\s*@options\s*:?(.*)$`)

var fenceOpen = regexp.MustCompile("^\\s*```[A-Za-z0-9_+-]*\\s*$")

// prepareScript strips one Markdown code fence around the whole script and
// reads the options line. Fence lines become blank lines, so error line
// numbers still match what was written.
func prepareScript(code string) (string, ScriptOptions, error) {
	code = strings.TrimPrefix(code, "\uFEFF")
	lines := strings.Split(code, "\n")
	first, last := -1, -1
	for i, l := range lines {
		if strings.TrimSpace(l) != "" {
			if first < 0 {
				first = i
			}
			last = i
		}
	}
	if first >= 0 && first != last && fenceOpen.MatchString(lines[first]) && strings.TrimSpace(lines[last]) == "```" {
		lines[first], lines[last] = "", ""
		code = strings.Join(lines, "\n")
	}
	var opts ScriptOptions
	for _, l := range lines {
		if strings.TrimSpace(l) == "" {
			continue
		}
		m := optionsLine.FindStringSubmatch(l)
		if m == nil {
			break
		}
		raw := strings.TrimSpace(m[1])
		dec := json.NewDecoder(bytes.NewReader([]byte(raw)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&opts); err != nil {
			return "", opts, fmt.Errorf("bad // @options line: %v. Expected JSON such as {\"max_output_tokens\": 2000, \"timeout_ms\": 60000, \"dry_run\": true}; known keys: max_output_tokens, timeout_ms, dry_run, strict", cleanJSONErr(err))
		}
		if dec.More() {
			return "", opts, fmt.Errorf("bad // @options line: trailing text after the JSON object")
		}
		if opts.MaxOutputTokens < 0 || opts.TimeoutMs < 0 {
			return "", opts, fmt.Errorf("bad // @options line: max_output_tokens and timeout_ms must be positive")
		}
		break
	}
	return code, opts, nil
}

func cleanJSONErr(err error) string {
	s := err.Error()
	s = strings.TrimPrefix(s, "json: ")
	return s
}

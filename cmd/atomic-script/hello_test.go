package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/internal/cli"
)

// TestHelloExample runs README's first set-up command — scripts/hello.js on
// this repository — and checks what it promises: success, a count of the
// Go files, the constructors found under tools/, and no file changed.
func TestHelloExample(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	code := cli.Main([]string{"run", "--cwd", root, "--json", filepath.Join(root, "scripts", "hello.js"), "--", "tester"},
		cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
	}
	var res struct {
		OK    bool     `json:"ok"`
		Logs  []string `json:"logs"`
		Value struct {
			Go        string `json:"go"`
			FirstFile string `json:"firstFile"`
		} `json:"value"`
		Changes []any  `json:"changes"`
		Text    string `json:"text"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatalf("--json output: %v\n%s", err, out.String())
	}
	if !res.OK || len(res.Logs) != 1 {
		t.Fatalf("ok=%v logs=%q", res.OK, res.Logs)
	}
	m := regexp.MustCompile(`^hello tester: (\d+) Go files, (\d+) files define constructors$`).FindStringSubmatch(res.Logs[0])
	if m == nil {
		t.Fatalf("log line %q", res.Logs[0])
	}
	if n, _ := strconv.Atoi(m[1]); n < 100 {
		t.Errorf("only %d Go files found in the repository", n)
	}
	if n, _ := strconv.Atoi(m[2]); n < 1 {
		t.Errorf("no constructors found under tools/")
	}
	if !strings.HasPrefix(res.Value.FirstFile, "tools/") {
		t.Errorf("firstFile %q is not under tools/", res.Value.FirstFile)
	} else if _, err := os.Stat(filepath.Join(root, res.Value.FirstFile)); err != nil {
		t.Errorf("firstFile: %v", err)
	}
	if !strings.HasPrefix(res.Value.Go, "go version ") && res.Value.Go != "no go on PATH" {
		t.Errorf("go = %q", res.Value.Go)
	}
	if len(res.Changes) != 0 {
		t.Errorf("hello.js changed files: %v", res.Changes)
	}
	if !strings.Contains(res.Text, "Script completed") || !strings.Contains(res.Text, "func New") {
		t.Errorf("text result:\n%s", res.Text)
	}
}

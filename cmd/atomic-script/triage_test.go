package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/internal/cli"
	"github.com/atomic-script/atomic-script/internal/testutil/openaifake"
)

// TestTriageExample runs the triage example of docs/models.md, scripts/triage-todos.js,
// on a small repository against a loopback provider: every TODO is
// classified once, into the label its text names.
func TestTriageExample(t *testing.T) {
	repoRoot, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for name, content := range map[string]string{
		"src/a.go":  "package a\n// TODO: a bug: crashes when the config file is missing\nfunc A() {}\n",
		"src/b.py":  "# TODO feature: a --verbose flag\nx = 1\n# FIXME: cleanup this copy of a()\n",
		"docs/c.md": "TODO: question: why do we retry twice?\n",
		"src/d.go":  "package a // no open item here\n",
	} {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	srv := openaifake.New()
	defer srv.Close()
	srv.Key = "sk-triage"
	t.Setenv("OPENAI_BASE_URL", srv.BaseURL())
	t.Setenv("OPENAI_API_KEY", "sk-triage")
	t.Setenv("ATOMIC_HOME", t.TempDir())
	t.Setenv("TMPDIR", t.TempDir())
	var out, errb bytes.Buffer
	code := cli.Main([]string{"run", "--cwd", dir, "--json", filepath.Join(repoRoot, "scripts", "triage-todos.js")},
		cli.Stdio{In: strings.NewReader(""), Out: &out, Err: &errb})
	if code != 0 {
		t.Fatalf("exit %d\nstdout: %s\nstderr: %s", code, out.String(), errb.String())
	}
	var res struct {
		Value map[string]int `json:"value"`
		Usage struct {
			Calls int `json:"calls"`
		} `json:"usage"`
		Text string `json:"text"`
	}
	if err := json.Unmarshal(out.Bytes(), &res); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"todos": 4, "bug": 1, "feature": 1, "cleanup": 1, "question": 1}
	for k, v := range want {
		if res.Value[k] != v {
			t.Fatalf("value %v, want %v", res.Value, want)
		}
	}
	if res.Usage.Calls != 4 || srv.Stats().Requests["/v1/chat/completions"] != 4 {
		t.Fatalf("usage %+v, server %+v", res.Usage, srv.Stats())
	}
	if !strings.Contains(res.Text, "bug (1):\n  src/a.go:2  // TODO: a bug: crashes when the config file is missing") {
		t.Fatalf("text:\n%s", res.Text)
	}
}

// TestTriageExampleIsInDocs: the models page's triage example is the
// script TestTriageExample runs, so what users copy is what is tested.
func TestTriageExampleIsInDocs(t *testing.T) {
	assertScriptShown(t, "scripts/triage-todos.js", "docs/models.md")
}

// TestHelloExampleIsInREADME: the script the front page shows is
// scripts/hello.js, which TestHelloExample runs.
func TestHelloExampleIsInREADME(t *testing.T) {
	assertScriptShown(t, "scripts/hello.js", "README.md")
}

// assertScriptShown fails unless the page (relative to the repository
// root) has a js block holding the script without its comment lines (an
// "// @options" line stays: it changes what the script does).
func assertScriptShown(t *testing.T, script, page string) {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "..", script))
	if err != nil {
		t.Fatal(err)
	}
	doc, err := os.ReadFile(filepath.Join("..", "..", page))
	if err != nil {
		t.Fatal(err)
	}
	var body []string
	for _, l := range strings.Split(strings.TrimSpace(string(src)), "\n") {
		if !strings.HasPrefix(l, "//") || strings.HasPrefix(l, "// @options") {
			body = append(body, l)
		}
	}
	if want := "```js\n" + strings.Join(body, "\n") + "\n```"; !strings.Contains(string(doc), want) {
		t.Fatalf("%s has no block with %s (without its comment lines):\n%s", page, script, want)
	}
}

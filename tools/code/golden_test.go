package code

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/atomic-script/atomic-script/tools"
)

var update = flag.Bool("update", false, "rewrite golden files")

// call invokes tool with args and returns its result and text, or
// "ERROR <code>: msg".
func call(t testing.TB, tool tools.Tool, env *tools.Env, args string) (tools.Result, string) {
	t.Helper()
	res, err := tools.Invoke(context.Background(), tool, env, json.RawMessage(args))
	if err != nil {
		return res, fmt.Sprintf("ERROR %s: %s", tools.CodeOf(err), err.Error())
	}
	return res, res.Text
}

func newEnv(root string) *tools.Env {
	return &tools.Env{Root: root, Session: tools.NewSession("test"), Files: tools.DirectFiles{}}
}

// TestGolden runs testdata/<tool>/*.txtar. Each archive holds args.json
// (the call's arguments), want (the text, or "ERROR CODE: message"), an
// optional values file (the structured result as the tool's valuesOf
// renders it), after/PATH files (PATH's content after the call) and
// fixture files. -update rewrites want, values and the after files.
func TestGolden(t *testing.T) {
	for _, tool := range Tools() {
		files, _ := filepath.Glob(filepath.Join("testdata", tool.Name(), "*.txtar"))
		if len(files) == 0 {
			t.Errorf("no golden files for %s", tool.Name())
		}
		for _, file := range files {
			t.Run(tool.Name()+"/"+strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
				runGolden(t, tool, file)
			})
		}
	}
}

func runGolden(t *testing.T, tool tools.Tool, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	var args string
	for _, f := range ar.Files {
		switch f.Name {
		case "args.json":
			args = string(f.Data)
		case "want", "values":
		default:
			if strings.HasPrefix(f.Name, "after/") {
				continue
			}
			p := filepath.Join(root, f.Name)
			os.MkdirAll(filepath.Dir(p), 0o755)
			if err := os.WriteFile(p, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	res, text := call(t, tool, newEnv(root), args)
	text = strings.ReplaceAll(text, root, "$ROOT") + "\n"
	values := ""
	if res.Structured != nil {
		values = valuesOf(res.Structured)
	}
	changed := false
	for i := range ar.Files {
		f := &ar.Files[i]
		switch f.Name {
		case "want":
			if string(f.Data) != text {
				if *update {
					f.Data, changed = []byte(text), true
				} else {
					t.Errorf("text differs:\n--- got\n%s--- want\n%s", text, f.Data)
				}
			}
		case "values":
			if string(f.Data) != values {
				if *update {
					f.Data, changed = []byte(values), true
				} else {
					t.Errorf("values differ:\n--- got\n%s--- want\n%s", values, f.Data)
				}
			}
		default:
			if !strings.HasPrefix(f.Name, "after/") {
				continue
			}
			got, _ := os.ReadFile(filepath.Join(root, strings.TrimPrefix(f.Name, "after/")))
			if string(got) != string(f.Data) {
				if *update {
					f.Data, changed = got, true
				} else {
					t.Errorf("%s after the call:\n--- got\n%s--- want\n%s", f.Name, got, f.Data)
				}
			}
		}
	}
	if changed {
		os.WriteFile(file, txtar.Format(ar), 0o644)
	}
}

// valuesOf renders the part of a structured result the goldens pin that
// the text does not show.
func valuesOf(v any) string {
	var b strings.Builder
	switch r := v.(type) {
	case *RewriteResult:
		for _, f := range r.Files {
			fmt.Fprintf(&b, "%s %d changes\n", f.Path, f.Changes)
		}
		for _, o := range r.Overlapped {
			fmt.Fprintf(&b, "overlapped %s:%d %q\n", o.Path, o.Line, o.Text)
		}
	case *OutlineResult:
		for _, f := range r.Files {
			fmt.Fprintf(&b, "%s %s %s\n", f.Path, f.Language, f.Precision)
			for _, s := range f.Symbols {
				fmt.Fprintf(&b, "  %d %s %q in %q %d-%d exported=%v\n", s.Depth, s.Kind, s.Name, s.Container, s.StartLine, s.EndLine, s.Exported)
			}
		}
	}
	return b.String()
}

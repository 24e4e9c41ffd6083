package shell

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestGolden runs each testdata/bash/*.txtar: its args.json through bash
// (with files/* as the workspace; an "options" file may say nospill), and
// compares the model-facing text (or, with text.tail, its end) and the
// structured result, with wall time, the workspace and the spill directory
// normalized. go test -update rewrites them.
func TestGolden(t *testing.T) {
	paths, _ := filepath.Glob(filepath.Join("testdata", "bash", "*.txtar"))
	if len(paths) == 0 {
		t.Fatal("no golden files")
	}
	for _, p := range paths {
		t.Run(strings.TrimSuffix(filepath.Base(p), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(p)
			if err != nil {
				t.Fatal(err)
			}
			env := newEnv(t)
			var args map[string]any
			for _, f := range ar.Files {
				switch {
				case f.Name == "args.json":
					if err := json.Unmarshal(f.Data, &args); err != nil {
						t.Fatal(err)
					}
				case f.Name == "options" && strings.Contains(string(f.Data), "nospill"):
					env.Spill = nil
				case strings.HasPrefix(f.Name, "files/"):
					dst := filepath.Join(env.Root, strings.TrimPrefix(f.Name, "files/"))
					os.MkdirAll(filepath.Dir(dst), 0o755)
					os.WriteFile(dst, f.Data, 0o644)
				}
			}
			res, err := invoke(t, env, Bash(), args)
			if err != nil {
				t.Fatal(err)
			}
			norm := func(s string) string {
				if env.Spill != nil {
					s = strings.ReplaceAll(s, env.Spill.Path(), "$SPILL")
				}
				s = strings.ReplaceAll(s, env.Root, "$ROOT")
				return regexp.MustCompile(`\$SPILL/bash-\d+-\d+\.log`).ReplaceAllString(s, "$$SPILL/bash-N.log")
			}
			tailMode := false
			for _, f := range ar.Files {
				if f.Name == "text.tail" {
					tailMode = true
				}
			}
			r := res.Structured.(BashResult)
			r.WallTimeMs = 0
			if tailMode { // long output: its size and end stand for it
				r.Output = fmt.Sprintf("<%d bytes ending %q>", len(r.Output), r.Output[max(0, len(r.Output)-20):])
			}
			var structured bytes.Buffer
			enc := json.NewEncoder(&structured)
			enc.SetEscapeHTML(false)
			enc.SetIndent("", "  ")
			enc.Encode(r)
			text := norm(res.Text) + "\n"
			got := map[string]string{"structured.json": norm(structured.String())}
			if tailMode {
				lines := strings.SplitAfter(text, "\n")
				got["text.tail"] = strings.Join(lines[max(0, len(lines)-6):], "")
			} else {
				got["text"] = text
			}
			changed := false
			for i, f := range ar.Files {
				want, ok := got[f.Name]
				if !ok {
					continue
				}
				delete(got, f.Name)
				if !bytes.Equal(f.Data, []byte(want)) {
					if *update {
						ar.Files[i].Data = []byte(want)
						changed = true
						continue
					}
					t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s--- want\n%s", f.Name, want, f.Data)
				}
			}
			for name, want := range got {
				if !*update {
					t.Errorf("%s has no %s section", p, name)
					continue
				}
				ar.Files = append(ar.Files, txtar.File{Name: name, Data: []byte(want)})
				changed = true
			}
			if changed {
				os.WriteFile(p, txtar.Format(ar), 0o644)
			}
		})
	}
}

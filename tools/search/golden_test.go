package search

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/atomic-script/atomic-script/tools"
	"github.com/rogpeppe/go-internal/txtar"
)

var update = flag.Bool("update", false, "rewrite golden files")

// overlayFiles is a dry-run Files: writes stay in memory and Pending lists
// them, as the engine's overlay does.
type overlayFiles struct {
	tools.DirectFiles
	pending map[string][]byte
}

func (o *overlayFiles) Pending() map[string][]byte { return o.pending }

// newEnv returns an Env rooted at a fresh copy of the fixture files.
func newEnv(t testing.TB, root string) *tools.Env {
	t.Helper()
	return &tools.Env{Root: root, Session: tools.NewSession("test"), Files: tools.DirectFiles{}}
}

// call invokes tool with args and returns its text, or "ERROR <code>: msg".
func call(t testing.TB, tool tools.Tool, env *tools.Env, args string) (tools.Result, string) {
	t.Helper()
	res, err := tools.Invoke(context.Background(), tool, env, json.RawMessage(args))
	if err != nil {
		return res, fmt.Sprintf("ERROR %s: %s", tools.CodeOf(err), err.Error())
	}
	return res, res.Text
}

// TestGolden runs testdata/<tool>/*.txtar. Each archive holds:
//
//	args.json       the call's arguments
//	want            the expected text (or "ERROR CODE: message")
//	settings.json   optional tools.Settings
//	mtimes          optional "path seconds-ago" lines
//	symlinks        optional "link -> target" lines
//	overlay/PATH    optional pending dry-run content of PATH
//	deleted         optional pending deletions, one path a line
//	anything else   a fixture file (".keep" files make empty directories)
//
// The workspace root is the fixture directory; "$ROOT" in args.json and
// want stands for it. -update rewrites want.
func TestGolden(t *testing.T) {
	for _, name := range []string{"find", "search", "structural_search", "grep", "glob"} {
		files, _ := filepath.Glob(filepath.Join("testdata", name, "*.txtar"))
		if len(files) == 0 {
			t.Errorf("no golden files for %s", name)
		}
		tool := toolByName(name)
		for _, file := range files {
			t.Run(name+"/"+strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
				runGolden(t, tool, file)
			})
		}
	}
}

func toolByName(name string) tools.Tool {
	for _, t := range Tools() {
		if t.Name() == name {
			return t
		}
	}
	panic(name)
}

func runGolden(t *testing.T, tool tools.Tool, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	sections := map[string][]byte{}
	pending := map[string][]byte{}
	for _, f := range ar.Files {
		switch {
		case f.Name == "args.json" || f.Name == "want" || f.Name == "settings.json" || f.Name == "mtimes" || f.Name == "deleted" || f.Name == "symlinks":
			sections[f.Name] = f.Data
		case strings.HasPrefix(f.Name, "overlay/"):
			pending[filepath.Join(root, strings.TrimPrefix(f.Name, "overlay/"))] = f.Data
		default:
			p := filepath.Join(root, f.Name)
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if filepath.Base(p) != ".keep" {
				if err := os.WriteFile(p, f.Data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
		}
	}
	for _, line := range nonEmptyLines(sections["symlinks"]) {
		link, target, _ := strings.Cut(line, " -> ")
		if err := os.Symlink(target, filepath.Join(root, link)); err != nil {
			t.Fatal(err)
		}
	}
	now := time.Now()
	for _, line := range nonEmptyLines(sections["mtimes"]) {
		p, ago, _ := strings.Cut(line, " ")
		secs, _ := strconv.Atoi(ago)
		tm := now.Add(-time.Duration(secs) * time.Second)
		if err := os.Chtimes(filepath.Join(root, p), tm, tm); err != nil {
			t.Fatal(err)
		}
	}
	for _, line := range nonEmptyLines(sections["deleted"]) {
		pending[filepath.Join(root, line)] = nil
	}
	env := newEnv(t, root)
	if len(pending) > 0 {
		env.Files = &overlayFiles{pending: pending}
	}
	if s := sections["settings.json"]; s != nil {
		if err := json.Unmarshal(s, &env.Settings); err != nil {
			t.Fatal(err)
		}
	}
	jroot, _ := json.Marshal(root) // a JSON string: Windows' backslashes escaped
	args := strings.ReplaceAll(string(sections["args.json"]), "$ROOT", string(jroot[1:len(jroot)-1]))
	_, got := call(t, tool, env, args)
	got = strings.ReplaceAll(got, root, "$ROOT") + "\n"
	if *update {
		for i := range ar.Files {
			if ar.Files[i].Name == "want" {
				ar.Files[i].Data = []byte(got)
			}
		}
		if sections["want"] == nil {
			ar.Files = append(ar.Files, txtar.File{Name: "want", Data: []byte(got)})
		}
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	if want := string(sections["want"]); got != want {
		t.Errorf("%s\n--- got ---\n%s--- want ---\n%s", file, got, want)
	}
}

func nonEmptyLines(b []byte) []string {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.TrimSpace(l) != "" {
			out = append(out, l)
		}
	}
	sort.Strings(out)
	return out
}

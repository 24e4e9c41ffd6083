package mcpserver_test

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/atomic-script/atomic-script/tools"
)

// report renders a status as one line per entry.
func report(st tools.Status) string {
	var b strings.Builder
	for _, a := range st.Active {
		fmt.Fprintf(&b, "active    %s\n", a.Name)
	}
	for _, in := range st.Inactive {
		fmt.Fprintf(&b, "inactive  %s: %s; to enable: %s\n", in.Name, in.Reason, in.Enable)
	}
	for _, u := range st.Unknown {
		fmt.Fprintf(&b, "unknown   %s in %s", u.Name, u.Source)
		if u.Suggestion != "" {
			fmt.Fprintf(&b, " (did you mean %q?)", u.Suggestion)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

var update = flag.Bool("update", false, "rewrite the golden files in testdata/status")

// TestStatusGolden checks settings precedence and the get_tools report.
// Each testdata/status/*.txtar holds the user settings (user.json), the
// project settings (project.json), the serve flags (args) and the expected
// report (want: each tool's state and reasons, without the descriptions,
// which belong to the tools' own tests) and tools/list names (tools).
func TestStatusGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/status/*.txtar")
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden files: %v", err)
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
			ar, err := txtar.ParseFile(file)
			if err != nil {
				t.Fatal(err)
			}
			get := func(name string) string {
				for _, f := range ar.Files {
					if f.Name == name {
						return string(f.Data)
					}
				}
				return ""
			}
			w := newWorkspace(t, get("user.json"), get("project.json"))
			c := w.serve(t, strings.Fields(get("args"))...)
			res := c.call(t, "get_tools", map[string]any{})
			var st tools.Status
			structured(t, res, &st)
			if !strings.HasPrefix(text(res), fmt.Sprintf("Active tools (%d):", len(st.Active))) {
				t.Errorf("text and structured reports disagree:\n%s", text(res))
			}
			got := strings.ReplaceAll(report(st), w.dir, "$WORK")
			got = strings.ReplaceAll(got, echoPath, "$ECHO")
			var names []string
			for tool, err := range c.Tools(t.Context(), nil) {
				if err != nil {
					t.Fatal(err)
				}
				names = append(names, tool.Name)
			}
			gotTools := strings.Join(names, "\n") + "\n"
			if *update {
				for i := range ar.Files {
					switch ar.Files[i].Name {
					case "want":
						ar.Files[i].Data = []byte(got)
					case "tools":
						ar.Files[i].Data = []byte(gotTools)
					}
				}
				if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if want := get("want"); got != want {
				t.Errorf("get_tools:\n%s\nwant:\n%s", got, want)
			}
			if want := get("tools"); gotTools != want {
				t.Errorf("tools/list:\n%s\nwant:\n%s", gotTools, want)
			}
		})
	}
}

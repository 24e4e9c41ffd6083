package files

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"

	"github.com/atomic-script/atomic-script/hashline"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

var update = flag.Bool("update", false, "rewrite golden files")

// TestGolden runs testdata/{read,write,edit}/*.txtar. Each archive holds:
//
//	files/PATH   a fixture file of the workspace
//	setup        optional lines: "lines P N" (a file of N lines "line K"),
//	             "bytes P N C" (N bytes of C, then a newline), "chmod P MODE",
//	             "mtime P SECONDS-AGO", "symlink P TARGET", "mkdir P",
//	             "binary P" (a PNG header), "crlf P", "cr P", "bom P",
//	             "noeol P" (convert a fixture's line endings, add a BOM,
//	             drop its final newline),
//	             "dryrun" (the calls run against a dry-run journal)
//	calls        one call a line: "read PATH", "write PATH @SECTION",
//	             "edit @SECTION", "json TOOL {args}"; a "details " prefix
//	             also prints the result's details. Between calls:
//	             "disk PATH @SECTION" writes a file behind the tools' back,
//	             "rm PATH" removes one. $TAG(PATH) in a section or in args
//	             is PATH's current tag.
//	want         every call's output after a ">>> CALL" line; an error is
//	             "ERROR CODE: message"
//	after/PATH   optional: PATH's expected content on disk at the end
//	             ("<missing>" for none)
//	diff         in a dry run: the journal's diff
//
// "$ROOT" stands for the workspace root. go test -update rewrites want and
// diff.
func TestGolden(t *testing.T) {
	for _, dir := range []string{"read", "write", "edit"} {
		files, _ := filepath.Glob(filepath.Join("testdata", dir, "*.txtar"))
		if len(files) == 0 {
			t.Errorf("no golden files in testdata/%s", dir)
		}
		for _, file := range files {
			t.Run(dir+"/"+strings.TrimSuffix(filepath.Base(file), ".txtar"), func(t *testing.T) {
				runGolden(t, file)
			})
		}
	}
}

func runGolden(t *testing.T, file string) {
	ar, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	sections := map[string]string{}
	for _, f := range ar.Files {
		sections[f.Name] = string(f.Data)
		if name, ok := strings.CutPrefix(f.Name, "files/"); ok {
			writeFixture(t, filepath.Join(root, name), f.Data, 0o644)
		}
	}
	env := &tools.Env{Root: root, Session: tools.NewSession("golden"), Owner: "golden/run-1", Files: tools.DirectFiles{}}
	var jr *journal.Journal
	for _, line := range nonEmpty(sections["setup"]) {
		if line == "dryrun" {
			jr = journal.New(journal.DryRun)
			env.Files = jr
			continue
		}
		setupLine(t, root, line)
	}
	tagOf := func(s string) string {
		return regexp.MustCompile(`\$TAG\(([^)]*)\)`).ReplaceAllStringFunc(s, func(m string) string {
			p := m[len("$TAG(") : len(m)-1]
			data, err := env.Files.ReadFile(env.Abs(p))
			if err != nil {
				t.Fatalf("$TAG(%s): %v", p, err)
			}
			return hashline.Tag(string(data))
		})
	}
	section := func(ref string) string {
		name := strings.TrimPrefix(ref, "@")
		s, ok := sections[name]
		if !ok {
			t.Fatalf("no section %q", name)
		}
		return tagOf(strings.ReplaceAll(s, "$ROOT", root))
	}
	var out strings.Builder
	for _, line := range nonEmpty(sections["calls"]) {
		call := strings.ReplaceAll(line, "$ROOT", root)
		withDetails := false
		if rest, ok := strings.CutPrefix(call, "details "); ok {
			call, withDetails = rest, true
		}
		verb, rest, _ := strings.Cut(call, " ")
		var tool, args string
		switch verb {
		case "read":
			tool, args = "read", jsonArgs("path", tagOf(rest))
		case "write":
			p, ref, _ := strings.Cut(rest, " @")
			tool, args = "write", jsonArgs("path", p, "content", section(ref))
		case "edit":
			tool, args = "edit", jsonArgs("input", section(rest))
		case "json":
			tool, args, _ = strings.Cut(rest, " ")
			args = tagOf(args)
		case "disk":
			p, ref, _ := strings.Cut(rest, " @")
			writeFixture(t, filepath.Join(root, p), []byte(section(ref)), 0o644)
			continue
		case "rm":
			os.Remove(filepath.Join(root, rest))
			continue
		default:
			t.Fatalf("unknown call %q", line)
		}
		fmt.Fprintf(&out, ">>> %s\n", line)
		res, err := tools.Invoke(context.Background(), toolNamed(tool), env, json.RawMessage(args))
		if err != nil {
			fmt.Fprintf(&out, "ERROR %s: %s\n", tools.CodeOf(err), err.Error())
			continue
		}
		out.WriteString(res.Text + "\n")
		if withDetails {
			out.WriteString("details: " + marshal(res.Details) + "\n")
		}
	}
	got := map[string]string{"want": withRoot(out.String(), root)}
	if jr != nil {
		got["diff"] = jr.Diff(env.Display)
	}
	changed := false
	for name, text := range got {
		i := indexOf(ar, name)
		switch {
		case i >= 0 && string(ar.Files[i].Data) == text:
		case *update && i >= 0:
			ar.Files[i].Data, changed = []byte(text), true
		case *update:
			ar.Files, changed = append(ar.Files, txtar.File{Name: name, Data: []byte(text)}), true
		default:
			t.Errorf("%s differs (go test -update rewrites it):\n--- got\n%s--- want\n%s", name, text, sections[name])
		}
	}
	if changed {
		if err := os.WriteFile(file, txtar.Format(ar), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, f := range ar.Files {
		name, ok := strings.CutPrefix(f.Name, "after/")
		if !ok {
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, name))
		gotFile := string(data)
		if err != nil {
			gotFile = "<missing>\n"
		}
		if gotFile != string(f.Data) {
			t.Errorf("%s on disk:\n%q\nwant:\n%q", name, gotFile, f.Data)
		}
	}
}

// testTools are built once, as a registry does: each build makes new
// schemas, which the validator would compile again.
var testTools = Tools()

func toolNamed(name string) tools.Tool {
	for _, t := range testTools {
		if t.Name() == name {
			return t
		}
	}
	panic(name)
}

func jsonArgs(kv ...string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	data, _ := json.Marshal(m)
	return string(data)
}

func marshal(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(v)
	return strings.TrimSpace(b.String())
}

func indexOf(ar *txtar.Archive, name string) int {
	for i, f := range ar.Files {
		if f.Name == name {
			return i
		}
	}
	return -1
}

func nonEmpty(s string) []string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimSpace(l) != "" && !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return out
}

func writeFixture(t *testing.T, p string, data []byte, mode os.FileMode) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if filepath.Base(p) == ".keep" {
		return
	}
	if err := os.WriteFile(p, data, mode); err != nil {
		t.Fatal(err)
	}
}

func setupLine(t *testing.T, root, line string) {
	t.Helper()
	f := strings.Fields(line)
	p := func(i int) string { return filepath.Join(root, f[i]) }
	atoi := func(s string) int {
		n, err := strconv.Atoi(s)
		if err != nil {
			t.Fatalf("setup %q: %v", line, err)
		}
		return n
	}
	switch f[0] {
	case "lines":
		var b strings.Builder
		for k := 1; k <= atoi(f[2]); k++ {
			fmt.Fprintf(&b, "line %d\n", k)
		}
		writeFixture(t, p(1), []byte(b.String()), 0o644)
	case "bytes":
		writeFixture(t, p(1), []byte(strings.Repeat(f[3], atoi(f[2]))+"\n"), 0o644)
	case "chmod":
		m, _ := strconv.ParseUint(f[2], 8, 32)
		if err := os.Chmod(p(1), os.FileMode(m)); err != nil {
			t.Fatal(err)
		}
	case "mtime":
		tm := time.Now().Add(-time.Duration(atoi(f[2])) * time.Second)
		if err := os.Chtimes(p(1), tm, tm); err != nil {
			t.Fatal(err)
		}
	case "symlink":
		if err := os.Symlink(f[2], p(1)); err != nil {
			t.Skipf("cannot make a symbolic link here: %v", err) // Windows without Developer Mode
		}
	case "posix":
		if runtime.GOOS == "windows" {
			t.Skip("needs POSIX file modes (Windows has no executable bit)")
		}
	case "binary":
		writeFixture(t, p(1), []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01"), 0o644)
	case "crlf", "cr", "bom", "noeol":
		data, err := os.ReadFile(p(1))
		if err != nil {
			t.Fatal(err)
		}
		switch f[0] {
		case "crlf":
			data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r\n"))
		case "cr":
			data = bytes.ReplaceAll(data, []byte("\n"), []byte("\r"))
		case "bom":
			data = append([]byte("\uFEFF"), data...)
		case "noeol":
			data = bytes.TrimSuffix(data, []byte("\n"))
		}
		writeFixture(t, p(1), data, 0o644)
	case "mkdir":
		os.MkdirAll(p(1), 0o755)
	default:
		t.Fatalf("unknown setup %q", line)
	}
}

// withRoot writes root as $ROOT in s, and paths below it with '/': on
// Windows also where JSON escaped their backslashes ("C:\\w\\a.ts" in
// details is "$ROOT/a.ts").
func withRoot(s, root string) string {
	if esc := strings.ReplaceAll(root, `\`, `\\`); esc != root {
		re := regexp.MustCompile(regexp.QuoteMeta(esc) + `((?:\\\\[^"\\]+)*)`)
		s = re.ReplaceAllStringFunc(s, func(m string) string {
			return "$ROOT" + strings.ReplaceAll(m[len(esc):], `\\`, "/")
		})
	}
	return strings.ReplaceAll(s, root, "$ROOT")
}

//go:build cgo

package structural

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/atomic-script/atomic-script/internal/testutil/peer"
	"github.com/atomic-script/atomic-script/internal/testutil/racecheck"
	"github.com/atomic-script/atomic-script/tools/internal/syntax"
)

// The differential tests run the same patterns over the same files through
// this package and the ast-grep CLI (pinned in .ci/run) and require the
// same match ranges, captures and rewritten files. CI runs a sample of
// the Go tree ($ATOMIC_ASTGREP_SAMPLE files, 40 by default); `make
// astgrep-long` runs every file of it.

// astGrep is the ast-grep CLI .ci/run installs.
func astGrep(t *testing.T) string {
	return peer.Program(t, "ast-grep", "ATOMIC_AST_GREP", ".ci/astgrep/node_modules/.bin/ast-grep")
}

// diffCase is one pattern of the corpus. A case whose ast-grep pattern
// reads the code otherwise gives ast-grep the contextual rule that means
// what the pattern means (context), with the reason (why).
type diffCase struct {
	lang, pattern string
	rewrite       string   // a replacement to compare too
	where         string   // ast-grep constraints and relational rules (YAML lines under rule:/constraints:)
	context       string   // ast-grep's contextual pattern for the same code, when its plain one differs on purpose
	why           string   // why the plain pattern differs
	ours          whereSet // the same constraints for this package
}

type whereSet struct {
	where     map[string]Constraint
	inside    string
	notInside string
}

// Intended differences, each with its reason.
const (
	whyGoCall = "tree-sitter-go reads pkg.F($A) at the top level as a conversion to the type pkg.F, so ast-grep's plain pattern matches no call (ast-grep#646, its FAQ); this package parses it in a function body, as its contextual form does"
	whyCCall  = "tree-sitter-c reads f($A) at the top level as a macro type, so ast-grep's plain pattern matches no call; this package parses it as a statement, as its contextual form does"
)

var diffCases = []diffCase{
	// Go (the Go tree).
	{lang: "go", pattern: "$X == nil", rewrite: "nil == $X"},
	{lang: "go", pattern: "$X != nil"},
	{lang: "go", pattern: "if err != nil { return $$$R }"},
	{lang: "go", pattern: "fmt.Errorf($MSG)", rewrite: "errors.New($MSG)", context: "func t() { fmt.Errorf($MSG) }", why: whyGoCall},
	{lang: "go", pattern: "fmt.Errorf($F, $$$ARGS)", rewrite: "fmt.Errorf(\"wrap: \"+$F, $$$ARGS)"},
	{lang: "go", pattern: "errors.New($M)", context: "func t() { errors.New($M) }", why: whyGoCall},
	{lang: "go", pattern: "ioutil.ReadFile($F)", rewrite: "os.ReadFile($F)", context: "func t() { ioutil.ReadFile($F) }", why: whyGoCall},
	{lang: "go", pattern: "$A := $B"},
	{lang: "go", pattern: "for $K, $V := range $X { $$$ }"},
	{lang: "go", pattern: "defer $X.Close()"},
	{lang: "go", pattern: "append($S, $$$E)", rewrite: "append($S, $$$E)"},
	{lang: "go", pattern: "len($X) == 0", rewrite: "len($X) < 1"},
	{lang: "go", pattern: "[]byte($S)"},
	{lang: "go", pattern: "go func() { $$$ }()"},
	{lang: "go", pattern: "switch $X := $Y.(type) { $$$ }"},
	{lang: "go", pattern: "$A($A)"},
	{lang: "go", pattern: "t.Fatalf($$$)", context: "func t() { t.Fatalf($$$) }", why: whyGoCall},
	{lang: "go", pattern: "func ($R $T) String() string { $$$B }"},
	{lang: "go", pattern: "fmt.Errorf($MSG)", context: "func t() { fmt.Errorf($MSG) }", why: whyGoCall,
		where: "constraints:\n  MSG: {regex: '^\"[^%]*\"$'}", ours: whereSet{where: map[string]Constraint{"MSG": {Regex: regexp.MustCompile(`^"[^%]*"$`)}}}},
	{lang: "go", pattern: "$X == nil", where: "  inside: {pattern: 'func $F($$$P) error { $$$B }', stopBy: end}", ours: whereSet{inside: "func $F($$$P) error { $$$B }"}},
	{lang: "go", pattern: "$X != nil", where: "  not: {inside: {kind: if_statement, stopBy: end}}", ours: whereSet{notInside: "if $$$C { $$$B }"}},
	{lang: "go", pattern: "$F($$$A)", where: "constraints:\n  F: {kind: selector_expression, regex: '^strings\\.'}",
		ours: whereSet{where: map[string]Constraint{"F": {Kinds: []string{"selector_expression"}, Regex: regexp.MustCompile(`^strings\.`)}}}},
	// C (the Go tree's C files).
	{lang: "c", pattern: "free($P)", context: "void t(void) { free($P); }", why: whyCCall},
	{lang: "c", pattern: "if ($C) { $$$ }"},
	{lang: "c", pattern: "$A->$B"},
	{lang: "c", pattern: "return $X;", rewrite: "return ($X);"},
	// JavaScript (the Go tree's, the corpus's and .ci's node_modules).
	{lang: "javascript", pattern: "console.log($$$A)", rewrite: "logger.debug($$$A)"},
	{lang: "javascript", pattern: "$A === $B", rewrite: "Object.is($A, $B)"},
	{lang: "javascript", pattern: "require($M)"},
	{lang: "javascript", pattern: "function $F($$$P) { $$$B }"},
	{lang: "javascript", pattern: "$X.then($$$)"},
	{lang: "javascript", pattern: "new $C($$$)"},
	{lang: "javascript", pattern: "$A ? $B : $C", rewrite: "($A) ? ($B) : ($C)"},
	{lang: "javascript", pattern: "var $N = $V", rewrite: "let $N = $V"},
	// TypeScript and TSX.
	{lang: "typescript", pattern: "$A as $T"},
	{lang: "typescript", pattern: "console.log($$$A)", rewrite: "log.info(\n  $$$A\n)"},
	{lang: "typescript", pattern: "if ($C) { $$$B }"},
	{lang: "typescript", pattern: "$X!"},
	{lang: "typescript", pattern: "const $N = $V"},
	{lang: "typescript", pattern: "export function $F($$$P): $R { $$$B }"},
	{lang: "tsx", pattern: "useState($I)"},
	{lang: "tsx", pattern: "<$C $$$P />"},
	{lang: "tsx", pattern: "console.log($$$A)"},
	// Python.
	{lang: "python", pattern: "print($$$A)", rewrite: "log($$$A)"},
	{lang: "python", pattern: "self.$A = $B"},
	{lang: "python", pattern: "$A.append($B)", rewrite: "$A += [$B]"},
	{lang: "python", pattern: "raise $E"},
	{lang: "python", pattern: "with open($F) as $V:\n    $$$B"},
	{lang: "python", pattern: "if $C is None:\n    $$$B"},
}

// corpus lists the files of a language the differential tests read: the
// Go tree (sampled), .ci's node_modules (JavaScript and TypeScript),
// Python's standard library (sampled) and testdata/corpus.
func corpus(t *testing.T, lang string) []string {
	exts := map[string][]string{"go": {".go"}, "c": {".c"}, "javascript": {".js"}, "typescript": {".ts"}, "tsx": {".tsx"}, "python": {".py"}}[lang]
	var files []string
	add := func(root string, limit int) {
		if r, err := filepath.EvalSymlinks(root); err == nil {
			root = r // a linked node_modules, as in a worktree
		}
		var found []string
		filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				return nil
			}
			if d.IsDir() && strings.HasPrefix(d.Name(), ".") && p != root {
				return filepath.SkipDir
			}
			if !d.IsDir() && slices.Contains(exts, filepath.Ext(p)) && !strings.HasSuffix(p, ".min.js") {
				if fi, err := d.Info(); err == nil && fi.Size() < 1<<20 && d.Type().IsRegular() {
					found = append(found, p)
				}
			}
			return nil
		})
		sort.Strings(found)
		files = append(files, sample(found, limit)...)
	}
	add("testdata/corpus", 0)
	goroot := strings.TrimSpace(run(t, "go", "env", "GOROOT"))
	add(filepath.Join(goroot, "src"), sampleSize())
	add(filepath.Join(goroot, "lib"), sampleSize())
	add(filepath.Join(goroot, "misc"), sampleSize())
	if ci, err := filepath.Abs(filepath.Join("..", "..", "..", ".ci", "node_modules")); err == nil {
		add(ci, sampleSize())
	}
	if lang == "python" {
		// Python's own standard library, where python3 is installed.
		if out, err := exec.Command("python3", "-c", "import sysconfig; print(sysconfig.get_paths()['stdlib'])").Output(); err == nil {
			add(strings.TrimSpace(string(out)), sampleSize())
		}
	}
	return files
}

// sampleSize is how many files of a tree a run reads ($ATOMIC_ASTGREP_SAMPLE,
// 0 or "all" for every one; 40 by default, 10 under -race, which the
// same comparison without it covers).
func sampleSize() int {
	switch v := os.Getenv("ATOMIC_ASTGREP_SAMPLE"); v {
	case "":
		if racecheck.Enabled {
			return 10
		}
		return 40
	case "all":
		return 0
	default:
		n, _ := strconv.Atoi(v)
		return n
	}
}

// sample takes n files spread evenly over the sorted list (all for 0).
func sample(files []string, n int) []string {
	if n <= 0 || len(files) <= n {
		return files
	}
	out := make([]string, 0, n)
	for i := range n {
		out = append(out, files[i*len(files)/n])
	}
	return out
}

func run(t *testing.T, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 1 && stderr.Len() == 0 {
			return string(out) // ast-grep: no match
		}
		t.Fatalf("%s %s: %v\n%s", name, strings.Join(args[:min(len(args), 8)], " "), err, stderr.String())
	}
	return string(out)
}

// found is one match as both sides report it.
type found struct {
	file       string
	start, end int
	captures   string // NAME=text of the single captures, sorted
}

func (f found) String() string {
	return fmt.Sprintf("%s:[%d,%d) %s", f.file, f.start, f.end, f.captures)
}

// theirs runs ast-grep over files: the plain pattern, or the rule of a
// case with a context or constraints.
func theirs(t *testing.T, ag string, c diffCase, files []string, fix string) []found {
	vars := compileCase(t, c).Pattern
	var out string
	if c.context != "" || c.where != "" || fix != "" {
		out = run(t, ag, append([]string{"scan", "--inline-rules", rule(c, fix), "--json=compact"}, files...)...)
	} else {
		out = run(t, ag, append([]string{"run", "-p", c.pattern, "-l", c.lang, "--json=compact"}, files...)...)
	}
	var ms []struct {
		File  string `json:"file"`
		Range struct {
			ByteOffset struct{ Start, End int } `json:"byteOffset"`
		} `json:"range"`
		MetaVariables struct {
			Single map[string]struct {
				Text string `json:"text"`
			} `json:"single"`
		} `json:"metaVariables"`
	}
	if strings.TrimSpace(out) != "" {
		if err := json.Unmarshal([]byte(out), &ms); err != nil {
			t.Fatalf("ast-grep's JSON: %v\n%.300s", err, out)
		}
	}
	var res []found
	for _, m := range ms {
		var caps []string
		for k, v := range m.MetaVariables.Single {
			if vars.vars[k] { // not those of an inside rule's pattern
				caps = append(caps, k+"="+v.Text)
			}
		}
		sort.Strings(caps)
		res = append(res, found{m.File, m.Range.ByteOffset.Start, m.Range.ByteOffset.End, strings.Join(caps, " ")})
	}
	return sortFound(res)
}

// rule is the ast-grep YAML rule of a case (with fix, for a rewrite).
func rule(c diffCase, fix string) string {
	pat := fmt.Sprintf("  pattern: %s\n", yamlString(c.pattern))
	if c.context != "" {
		pat = fmt.Sprintf("  pattern:\n    context: %s\n    selector: call_expression\n", yamlString(c.context))
	}
	r := fmt.Sprintf("id: diff\nlanguage: %s\nseverity: info\nmessage: m\nrule:\n%s", c.lang, pat)
	if c.where != "" {
		if strings.HasPrefix(c.where, "constraints:") {
			r += c.where + "\n"
		} else {
			r = strings.Replace(r, "rule:\n", "rule:\n"+c.where+"\n", 1)
		}
	}
	if fix != "" {
		r += "fix: " + yamlString(fix) + "\n"
	}
	return r
}

func yamlString(s string) string { b, _ := json.Marshal(s); return string(b) }

// ours runs this package over files.
func ours(t *testing.T, c diffCase, files []string) []found {
	q := compileCase(t, c)
	var res []found
	var p syntax.Parser
	for _, f := range files {
		tree := parseFile(t, &p, q.Pattern.Lang, f)
		if tree == nil {
			continue
		}
		q.Find(tree, func(m Match) bool {
			var caps []string
			for k, v := range m.Captures {
				if !v.Multi {
					caps = append(caps, k+"="+string(tree.Src[v.Start:v.End]))
				}
			}
			sort.Strings(caps)
			res = append(res, found{f, m.Start, m.End, strings.Join(caps, " ")})
			return true
		})
	}
	return sortFound(res)
}

func compileCase(t *testing.T, c diffCase) *Query {
	lang, err := syntax.Lookup(c.lang)
	if err != nil {
		t.Fatal(err)
	}
	compile := func(src string) *Pattern {
		p, err := Compile(context.Background(), lang, src)
		if err != nil {
			t.Fatalf("%s %q: %v", c.lang, src, err)
		}
		return p
	}
	q := &Query{Pattern: compile(c.pattern), Where: c.ours.where}
	if c.ours.inside != "" {
		q.Inside = compile(c.ours.inside)
	}
	if c.ours.notInside != "" {
		q.NotInside = compile(c.ours.notInside)
	}
	return q
}

func parseFile(t *testing.T, p *syntax.Parser, lang *syntax.Language, file string) *syntax.Tree {
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	tree, err := p.Parse(context.Background(), lang, src, syntax.Options{})
	if err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	return tree
}

func sortFound(fs []found) []found {
	sort.Slice(fs, func(i, j int) bool {
		if fs[i].file != fs[j].file {
			return fs[i].file < fs[j].file
		}
		if fs[i].start != fs[j].start {
			return fs[i].start < fs[j].start
		}
		return fs[i].end > fs[j].end
	})
	return fs
}

// TestDifferentialSearch: every case's matches (file, byte range, single
// captures) equal ast-grep's; a case with an intended difference equals
// ast-grep's contextual rule, and ast-grep's plain pattern is checked to
// still differ (so the reason stays true).
func TestDifferentialSearch(t *testing.T) {
	ag := astGrep(t)
	files := map[string][]string{}
	total := 0
	for _, c := range diffCases {
		t.Run(c.lang+"/"+c.pattern, func(t *testing.T) {
			fs, ok := files[c.lang]
			if !ok {
				fs = corpus(t, c.lang)
				files[c.lang] = fs
				t.Logf("%s: %d files", c.lang, len(fs))
			}
			want, got := theirs(t, ag, c, fs, ""), ours(t, c, fs)
			total += len(got)
			if d := diffFound(want, got); d != "" {
				t.Errorf("%s %q over %d files: %d matches by ast-grep, %d here\n%s", c.lang, c.pattern, len(fs), len(want), len(got), d)
			}
			if c.why != "" && c.where == "" && len(got) > 0 {
				if plain := theirs(t, ag, diffCase{lang: c.lang, pattern: c.pattern}, fs, ""); len(plain) == len(got) {
					t.Errorf("ast-grep's plain pattern now finds what this package does: drop the intended difference (%s)", c.why)
				}
			}
		})
	}
	t.Logf("%d matches compared", total)
}

func diffFound(want, got []found) string {
	var b strings.Builder
	i, j := 0, 0
	for (i < len(want) || j < len(got)) && b.Len() < 4000 {
		switch {
		case j >= len(got) || i < len(want) && lessFound(want[i], got[j]):
			fmt.Fprintf(&b, "  only ast-grep: %s\n", want[i])
			i++
		case i >= len(want) || lessFound(got[j], want[i]):
			fmt.Fprintf(&b, "  only here:     %s\n", got[j])
			j++
		default:
			if want[i].captures != got[j].captures {
				fmt.Fprintf(&b, "  captures differ at %s:[%d,%d): ast-grep %q, here %q\n", want[i].file, want[i].start, want[i].end, want[i].captures, got[j].captures)
			}
			i, j = i+1, j+1
		}
	}
	return b.String()
}

func lessFound(a, b found) bool {
	if a.file != b.file {
		return a.file < b.file
	}
	if a.start != b.start {
		return a.start < b.start
	}
	return a.end > b.end
}

// TestDifferentialRewrite: for every case with a replacement, the files
// ast-grep rewrites (-U on a copy) equal this package's Rewrite, except
// for the intended differences in indentation, each checked for what it
// is.
func TestDifferentialRewrite(t *testing.T) {
	ag := astGrep(t)
	for _, c := range diffCases {
		if c.rewrite == "" {
			continue
		}
		t.Run(c.lang+"/"+c.pattern, func(t *testing.T) {
			fs := corpus(t, c.lang)
			dir := t.TempDir()
			copies := make([]string, len(fs))
			for i, f := range fs {
				copies[i] = filepath.Join(dir, fmt.Sprintf("%04d%s", i, filepath.Ext(f)))
				data, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(copies[i], data, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if c.context != "" || c.where != "" {
				run(t, ag, "scan", "--inline-rules", rule(c, c.rewrite), "-U", dir)
			} else {
				run(t, ag, "run", "-p", c.pattern, "-r", c.rewrite, "-l", c.lang, "-U", dir)
			}
			q := compileCase(t, c)
			tmpl, err := ParseTemplate(c.rewrite, q.Pattern)
			if err != nil {
				t.Fatal(err)
			}
			var p syntax.Parser
			changed := 0
			for i, f := range fs {
				tree := parseFile(t, &p, q.Pattern.Lang, f)
				var ms []Match
				q.Find(tree, func(m Match) bool { ms = append(ms, m); return true })
				got, applied, _ := Rewrite(tree, ms, tmpl)
				changed += len(applied)
				want, _ := os.ReadFile(copies[i])
				if !bytes.Equal(got, want) {
					if why := indentOnly(string(want), string(got)); why != "" {
						continue // an intended difference, checked by indentOnly
					}
					if why := stringKept(f, string(want), string(got)); why != "" {
						continue // an intended difference, checked by stringKept
					}
					t.Errorf("%s: rewritten differently from ast-grep:\n%s", f, lineDiff(string(want), string(got)))
				}
			}
			t.Logf("%d replacements", changed)
		})
	}
}

// stringKept names the intended difference between ast-grep's rewrite
// (want) and ours (got) of file, or "" when there is none: ast-grep
// indents every later line of a capture, also those inside a multi-line
// string or template literal, which changes the string; ours leaves those
// lines as they are. Every line that differs must be, in ours, a line of
// the file as it was, and in ast-grep's, that line with spaces before it.
func stringKept(file, want, got string) string {
	src, err := os.ReadFile(file)
	if err != nil {
		return ""
	}
	orig := map[string]bool{}
	for _, l := range strings.Split(string(src), "\n") {
		orig[l] = true
	}
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	if len(wl) != len(gl) {
		return ""
	}
	differs := false
	for i := range wl {
		if wl[i] == gl[i] {
			continue
		}
		pad, ok := strings.CutSuffix(wl[i], gl[i])
		if !ok || pad == "" || strings.Trim(pad, " ") != "" || !orig[gl[i]] {
			return ""
		}
		differs = true
	}
	if !differs {
		return ""
	}
	return "ast-grep re-indents the lines of a multi-line string in a capture"
}

// indentOnly names the intended difference between ast-grep's rewrite
// (want) and ours (got), or "" when there is none: ast-grep re-indents a
// replacement's later lines with spaces only (its indent.rs TODO), so in
// tab-indented code they keep the template's indentation; ours get the
// indentation of the line the match is on. Every line must otherwise be
// the same, and each line of ours that differs must start with a tab.
func indentOnly(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	if len(wl) != len(gl) {
		return ""
	}
	differs := false
	for i := range wl {
		if wl[i] == gl[i] {
			continue
		}
		if strings.TrimLeft(wl[i], " \t") != strings.TrimLeft(gl[i], " \t") || !strings.HasPrefix(gl[i], "\t") {
			return ""
		}
		differs = true
	}
	if !differs {
		return ""
	}
	return "ast-grep re-indents with spaces only"
}

func lineDiff(want, got string) string {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	for i := 0; i < max(len(wl), len(gl)) && b.Len() < 3000; i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			fmt.Fprintf(&b, "line %d:\n  ast-grep: %q\n  here:     %q\n", i+1, w, g)
		}
	}
	return b.String()
}

package cli

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"

	"github.com/atomic-script/atomic-script/engine"
)

// hostile is text a script controls that reaches a report: XML and HTML
// specials, a CDATA end, Markdown table pipes, backticks and a newline.
const hostile = "a|b <script>x</script> ]]> & `tick` **bold**\nsecond line"

func hostileResult() *engine.Result {
	return &engine.Result{
		OK: false, ExitCode: 1, Wall: 1500 * time.Millisecond,
		Error:   &engine.ScriptError{Kind: engine.KindScript, Name: "Error", Message: hostile, Stack: "    at codemode.js:3:7"},
		Changes: []engine.FileChange{{Path: "dir/a|b`c.txt", Action: "modified"}, {Path: "x.go", Action: "created"}},
		Calls: []engine.Call{
			{ID: "1", Name: "write", Args: json.RawMessage(`{"path":"dir/a|b` + "`" + `c.txt"}`), Status: "ok"},
			{ID: "2", Name: "bash", Args: json.RawMessage(`{"command":"echo '|'"}`), Status: "error", Error: hostile},
		},
		Warnings: []string{"careful: " + hostile},
	}
}

// TestJUnitReportKeepsText parses the JUnit report back: the error, the
// files and calls come out exactly as they went in, whatever they hold.
func TestJUnitReportKeepsText(t *testing.T) {
	data := junitReport(hostileResult(), runInfo{Script: "m.js", Workspace: "/w/repo-1", Mode: "atomic"})
	var doc struct {
		Tests    int `xml:"tests,attr"`
		Failures int `xml:"failures,attr"`
		Suites   []struct {
			Cases []struct {
				Name      string `xml:"name,attr"`
				Classname string `xml:"classname,attr"`
				Time      string `xml:"time,attr"`
				Failure   *struct {
					Message string `xml:"message,attr"`
					Type    string `xml:"type,attr"`
					Text    string `xml:",chardata"`
				} `xml:"failure"`
				SystemOut string `xml:"system-out"`
				SystemErr string `xml:"system-err"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("the report is not XML: %v\n%s", err, data)
	}
	if doc.Tests != 1 || doc.Failures != 1 || len(doc.Suites) != 1 || len(doc.Suites[0].Cases) != 1 {
		t.Fatalf("want one failed test case:\n%s", data)
	}
	tc := doc.Suites[0].Cases[0]
	// Named after the repository (here the workspace's directory, no
	// --name), so a fleet's cases stay apart in one test report.
	if tc.Name != "repo-1" || tc.Classname != "atomic-script.m.js" || tc.Time != "1.500" {
		t.Errorf("test case %q %q %q", tc.Name, tc.Classname, tc.Time)
	}
	if tc.Failure == nil || tc.Failure.Message != "Error: a|b <script>x</script> ]]> & `tick` **bold**" || tc.Failure.Type != "script" {
		t.Fatalf("failure = %+v", tc.Failure)
	}
	if want := "Error: " + hostile + "\n    at codemode.js:3:7"; tc.Failure.Text != want {
		t.Errorf("failure text = %q, want %q", tc.Failure.Text, want)
	}
	for _, want := range []string{"2 files changed\n", "  modified dir/a|b`c.txt\n", "  created x.go\n", "2 tool calls (1 failed)\n", `  #2 bash error 0ms {"command":"echo '|'"} — a|b <script>x</script> ]]> & ` + "`tick` **bold**\n"} {
		if !strings.Contains(tc.SystemOut, want) {
			t.Errorf("system-out lacks %q:\n%s", want, tc.SystemOut)
		}
	}
	if !strings.Contains(tc.SystemErr, "warning: careful: "+hostile) {
		t.Errorf("system-err lacks the warning:\n%s", tc.SystemErr)
	}
}

// TestMarkdownReportIsWellFormed renders the summary as GitHub does
// (CommonMark with tables): each table keeps its columns whatever a path
// or an error holds, and no HTML from the script gets through.
func TestMarkdownReportIsWellFormed(t *testing.T) {
	data := markdownReport(hostileResult(), runInfo{Script: "m.js", Workspace: "/w/repo-1", Mode: "atomic"})
	var html bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(data, &html); err != nil {
		t.Fatal(err)
	}
	out := html.String()
	if n := strings.Count(out, "<table>"); n != 2 {
		t.Fatalf("want 2 tables (changes, failed calls), got %d:\n%s\n%s", n, data, out)
	}
	changes, calls, _ := strings.Cut(out[strings.Index(out, "<table>"):], "</table>")
	if rows, cells := strings.Count(changes, "<tr>"), strings.Count(changes, "<td>"); rows != 3 || cells != 4 {
		t.Errorf("changes table: %d rows, %d cells, want 3 and 4:\n%s", rows, cells, changes)
	}
	if !strings.Contains(changes, "<code>dir/a|b`c.txt</code>") {
		t.Errorf("the path is not shown as it is:\n%s", changes)
	}
	calls = calls[strings.Index(calls, "<table>"):]
	if rows, cells := strings.Count(calls, "<tr>"), strings.Count(calls, "<td>"); rows != 2 || cells != 5 {
		t.Errorf("failed calls table: %d rows, %d cells, want 2 and 5:\n%s", rows, cells, calls)
	}
	if strings.Contains(out, "<script>") {
		t.Errorf("script HTML got through:\n%s", out)
	}
	for _, want := range []string{"wall time 1.5 s", "2 tool calls (1 failed)", "2 files changed", "failed (exit 1)"} {
		if !strings.Contains(string(data), want) {
			t.Errorf("summary lacks %q:\n%s", want, data)
		}
	}
}

// TestMarkdownRollbackTable: an incomplete rollback's table keeps its two
// columns whatever the paths and errors hold, and names each file's fate.
func TestMarkdownRollbackTable(t *testing.T) {
	res := hostileResult()
	res.ExitCode = engine.ExitRollbackIncomplete
	res.Rollback = &engine.Rollback{
		Restored: []string{"dir/a|b`c.txt"},
		Removed:  []string{"<script>x</script>.js"},
		Failed:   []engine.RollbackFailure{{Path: "d|e.txt", Error: "permission denied | <b>x</b>\nsecond"}},
	}
	data := markdownReport(res, runInfo{Script: "m.js", Workspace: "/w/repo-1", Mode: "atomic"})
	var html bytes.Buffer
	if err := goldmark.New(goldmark.WithExtensions(extension.GFM)).Convert(data, &html); err != nil {
		t.Fatal(err)
	}
	out := html.String()
	at := strings.Index(out, "<h4>Rollback</h4>")
	if at < 0 {
		t.Fatalf("no rollback section:\n%s", data)
	}
	table, _, _ := strings.Cut(out[at:], "</table>")
	if rows, cells := strings.Count(table, "<tr>"), strings.Count(table, "<td>"); rows != 4 || cells != 6 {
		t.Errorf("rollback table: %d rows, %d cells, want 4 and 6:\n%s", rows, cells, table)
	}
	for _, want := range []string{"<code>dir/a|b`c.txt</code></td>\n<td>restored</td>", "removed (created by the run)", "<code>d|e.txt</code></td>\n<td>NOT restored (left as the run changed it: permission denied | &lt;b&gt;x&lt;/b&gt; second)</td>"} {
		if !strings.Contains(table, want) {
			t.Errorf("rollback table lacks %q:\n%s", want, table)
		}
	}
	if strings.Contains(out, "<script>") || strings.Contains(out, "<b>") {
		t.Errorf("HTML got through:\n%s", out)
	}
	if !strings.Contains(string(data), "rollback INCOMPLETE: 1 file left as the run changed it") {
		t.Errorf("the verdict does not say the rollback is incomplete:\n%s", data)
	}
}

func TestParseReport(t *testing.T) {
	for _, tc := range []struct{ in, format, path, err string }{
		{"out/r.xml", "junit", "out/r.xml", ""},
		{"S.MD", "markdown", "S.MD", ""},
		{"md:/tmp/step_summary_1", "markdown", "/tmp/step_summary_1", ""},
		{"junit:report", "junit", "report", ""},
		{"r.json", "", "", "for another name write junit:r.json or md:r.json"},
		{"", "", "", "it needs a file"},
	} {
		r, err := parseReport(tc.in)
		if tc.err != "" {
			if err == nil || !strings.Contains(err.Error(), tc.err) {
				t.Errorf("parseReport(%q) = %v, want error with %q", tc.in, err, tc.err)
			}
			continue
		}
		if err != nil || r.format != tc.format || r.path != tc.path {
			t.Errorf("parseReport(%q) = %+v, %v", tc.in, r, err)
		}
	}
}

// FuzzParseReport: any --report value is either a format and a path or
// an error that says what to write.
func FuzzParseReport(f *testing.F) {
	for _, s := range []string{"r.xml", "md:/tmp/x", "junit:", "a.MD", "x.txt", ":", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		r, err := parseReport(v)
		if err != nil {
			if r.path != "" || !strings.Contains(err.Error(), ".xml") {
				t.Fatalf("parseReport(%q) = %+v, %v", v, r, err)
			}
			return
		}
		if r.path == "" || (r.format != "junit" && r.format != "markdown") {
			t.Fatalf("parseReport(%q) = %+v", v, r)
		}
	})
}

package cli

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/tools"
)

// A reportSpec is a file `run --report` writes for CI: JUnit XML, which test
// tabs of CI systems show, or a Markdown summary for $GITHUB_STEP_SUMMARY.
type reportSpec struct {
	format string // junit | markdown
	path   string
}

// parseReport reads one --report value: PATH, its format by extension
// (.xml JUnit, .md Markdown), or FORMAT:PATH (junit:, md:) for a path
// without one, such as $GITHUB_STEP_SUMMARY.
func parseReport(v string) (reportSpec, error) {
	if v == "" {
		return reportSpec{}, errors.New("it needs a file: out.xml (JUnit), summary.md (Markdown), or junit:PATH / md:PATH")
	}
	if f, p, ok := strings.Cut(v, ":"); ok && p != "" {
		switch f {
		case "junit", "xml":
			return reportSpec{"junit", p}, nil
		case "md", "markdown":
			return reportSpec{"markdown", p}, nil
		}
	}
	switch strings.ToLower(filepath.Ext(v)) {
	case ".xml":
		return reportSpec{"junit", v}, nil
	case ".md", ".markdown":
		return reportSpec{"markdown", v}, nil
	}
	return reportSpec{}, fmt.Errorf("the format comes from the extension, .xml (JUnit) or .md (Markdown); for another name write junit:%s or md:%s", v, v)
}

// runInfo names a run in its reports.
type runInfo struct {
	Script    string // the script's file name, "-e" or "stdin"
	Name      string // the repository (see runFlags.repoName)
	Workspace string // the workspace root
	Mode      string // write, dry-run or atomic
	Started   time.Time
}

// writeReports writes every report of a finished run. Each file is
// replaced whole (written beside it, then renamed), except the file
// $GITHUB_STEP_SUMMARY names, which collects every step's summary and is
// appended to.
func writeReports(reports []reportSpec, res *engine.Result, info runInfo) error {
	var errs []string
	for _, r := range reports {
		var data []byte
		switch r.format {
		case "junit":
			data = junitReport(res, info)
		default:
			data = markdownReport(res, info)
		}
		if err := writeReportFile(r.path, data); err != nil {
			errs = append(errs, fmt.Sprintf("--report %s: %v", r.path, err))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("run: the run ended, but a report could not be written: %s", strings.Join(errs, "; "))
	}
	return nil
}

func writeReportFile(path string, data []byte) error {
	if s := os.Getenv("GITHUB_STEP_SUMMARY"); s != "" && sameFile(s, path) {
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o644)
		if err != nil {
			return err
		}
		_, err = f.Write(data)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		return err
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Chmod(0o644); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

func sameFile(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	bb, err2 := filepath.Abs(b)
	return err1 == nil && err2 == nil && aa == bb
}

// runName is the test case's name: the repository, so a fleet's cases
// in one CI test report stay apart.
func (i runInfo) runName() string {
	if i.Name != "" {
		return i.Name
	}
	return filepath.Base(i.Workspace)
}

// verdict is the run's outcome in a few words: a run passes only with
// exit 0 (--fail-on-change fails one that changed files), and what an
// --atomic rollback did is part of a failure.
func verdict(res *engine.Result) string {
	rb := res.Rollback
	switch {
	case res.ExitCode == engine.ExitChanged:
		return fmt.Sprintf("found changes (exit %d, --fail-on-change)", res.ExitCode)
	case res.OK && res.DryRun:
		return "succeeded (dry run)"
	case res.OK:
		return "succeeded"
	case rb != nil && len(rb.Failed) > 0:
		return fmt.Sprintf("failed (exit %d), rollback INCOMPLETE: %s left as the run changed %s", res.ExitCode, plural(len(rb.Failed), "file"), them(len(rb.Failed)))
	case res.RolledBack:
		return fmt.Sprintf("failed (exit %d), changes rolled back", res.ExitCode)
	}
	return fmt.Sprintf("failed (exit %d)", res.ExitCode)
}

// rollbackState is the JUnit property: none, complete or incomplete.
func rollbackState(res *engine.Result) string {
	switch rb := res.Rollback; {
	case rb == nil || len(rb.Restored)+len(rb.Removed)+len(rb.Failed) == 0:
		return "none"
	case len(rb.Failed) > 0:
		return "incomplete"
	}
	return "complete"
}

func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}

// rollbackStep is what an --atomic rollback did to one file.
type rollbackStep struct {
	path, did, detail string
}

// rollbackSteps are what an --atomic rollback did, file by file: restored,
// removed (the run had created it), or not restored and why. Empty when
// nothing was rolled back.
func rollbackSteps(res *engine.Result) (steps []rollbackStep) {
	rb := res.Rollback
	if rb == nil {
		return nil
	}
	for _, p := range rb.Restored {
		steps = append(steps, rollbackStep{p, "restored", ""})
	}
	for _, p := range rb.Removed {
		steps = append(steps, rollbackStep{p, "removed", "created by the run"})
	}
	for _, f := range rb.Failed {
		steps = append(steps, rollbackStep{f.Path, "NOT restored", "left as the run changed it: " + f.Error})
	}
	return steps
}

func (s rollbackStep) String() string {
	if s.detail == "" {
		return s.did
	}
	return s.did + " (" + s.detail + ")"
}

// errorText is a failed run's error: its first line, and the whole of it
// with the stack.
func errorText(res *engine.Result) (first, full string) {
	if res.Error == nil {
		if res.OK {
			return "", ""
		}
		return fmt.Sprintf("exit %d", res.ExitCode), fmt.Sprintf("exit %d", res.ExitCode)
	}
	full = res.Error.Error()
	first, _, _ = strings.Cut(full, "\n")
	if res.Error.Stack != "" {
		full += "\n" + res.Error.Stack
	}
	return first, full
}

// callArgs is a call's arguments on one line, cut to n characters.
func callArgs(c engine.Call, n int) string {
	var buf bytes.Buffer
	if err := json.Compact(&buf, c.Args); err != nil {
		buf.Reset()
		buf.Write(c.Args)
	}
	s := strings.ReplaceAll(buf.String(), "\n", `\n`)
	if len([]rune(s)) > n {
		s = string([]rune(s)[:n]) + "…"
	}
	return s
}

// callCounts are every call the run made, how many failed and how many
// were cancelled (stopped unfinished: not failures of their own), from
// CallStats when calls were folded out of Calls; listed says so.
func callCounts(res *engine.Result) (total, failed, cancelled int, listed string) {
	total = len(res.Calls)
	for _, c := range res.Calls {
		switch c.Status {
		case "ok":
		case "cancelled":
			cancelled++
		default:
			failed++
		}
	}
	if cs := res.CallStats; cs.Total > total {
		total, failed, cancelled = cs.Total, 0, 0
		for _, t := range cs.ByTool {
			failed += t.Errors
			cancelled += t.Cancelled
		}
		listed = fmt.Sprintf(" — %d listed below (the first and last, and the failed ones), the rest counted only", len(res.Calls))
	}
	return total, failed, cancelled, listed
}

// callsLine is "N tool calls (F failed, C cancelled)".
func callsLine(total, failed, cancelled int) string {
	s := fmt.Sprintf("%s (%d failed", plural(total, "tool call"), failed)
	if cancelled > 0 {
		s += fmt.Sprintf(", %d cancelled", cancelled)
	}
	return s + ")"
}

func failedCalls(res *engine.Result) []engine.Call {
	var out []engine.Call
	for _, c := range res.Calls {
		if c.Status != "ok" {
			out = append(out, c)
		}
	}
	return out
}

// changeSummary says how many files the run changed, would change, or
// what its rollback did (rollbackSteps names the files).
func changeSummary(res *engine.Result) string {
	rb := res.Rollback
	switch {
	case rb != nil && len(rb.Failed) > 0:
		return fmt.Sprintf("%s left changed by an incomplete rollback, %d rolled back", plural(len(rb.Failed), "file"), len(rb.Restored)+len(rb.Removed))
	case res.RolledBack:
		return plural(len(rb.Restored)+len(rb.Removed), "file") + " rolled back"
	case res.DryRun:
		return plural(len(res.Changes), "file") + " would change"
	}
	return plural(len(res.Changes), "file") + " changed"
}

// failureText is why a run that did not pass failed: its error, or the
// --fail-on-change note; an incomplete rollback's note comes first.
func failureText(res *engine.Result) (message, kind, full string) {
	message, full = errorText(res)
	kind = "error"
	if res.Error != nil {
		kind = string(res.Error.Kind)
	}
	if res.ExitCode == engine.ExitChanged {
		kind, message = "changed", verdict(res)
		for _, w := range res.Warnings {
			if strings.HasPrefix(w, "--fail-on-change:") {
				message = w
			}
		}
		full = message
	}
	if rb := res.Rollback; rb != nil && len(rb.Failed) > 0 {
		for _, w := range res.Warnings {
			if strings.Contains(w, "rollback is INCOMPLETE") {
				full = w + "\n\n" + full
			}
		}
	}
	return message, kind, full
}

// junitReport is the run as one JUnit test case: a <failure> with the
// script error when it failed, the files changed and the tool calls in
// <system-out>, warnings and console output in <system-err>.
func junitReport(res *engine.Result, info runInfo) []byte {
	type property struct {
		Name  string `xml:"name,attr"`
		Value string `xml:"value,attr"`
	}
	type failure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",cdata"`
	}
	type cdata struct {
		Text string `xml:",cdata"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Time      string   `xml:"time,attr"`
		Failure   *failure `xml:"failure,omitempty"`
		SystemOut *cdata   `xml:"system-out,omitempty"`
		SystemErr *cdata   `xml:"system-err,omitempty"`
	}
	type testsuite struct {
		Name       string     `xml:"name,attr"`
		Tests      int        `xml:"tests,attr"`
		Failures   int        `xml:"failures,attr"`
		Errors     int        `xml:"errors,attr"`
		Skipped    int        `xml:"skipped,attr"`
		Time       string     `xml:"time,attr"`
		Timestamp  string     `xml:"timestamp,attr"`
		Properties []property `xml:"properties>property"`
		Cases      []testcase `xml:"testcase"`
	}
	type testsuites struct {
		XMLName  xml.Name    `xml:"testsuites"`
		Name     string      `xml:"name,attr"`
		Tests    int         `xml:"tests,attr"`
		Failures int         `xml:"failures,attr"`
		Errors   int         `xml:"errors,attr"`
		Time     string      `xml:"time,attr"`
		Suites   []testsuite `xml:"testsuite"`
	}
	secs := fmt.Sprintf("%.3f", res.Wall.Seconds())
	tc := testcase{Name: info.runName(), Classname: "atomic-script." + info.Script, Time: secs}
	failures := 0
	if res.ExitCode != engine.ExitOK {
		failures = 1
		message, kind, full := failureText(res)
		tc.Failure = &failure{Message: message, Type: kind, Text: full}
	}
	var out strings.Builder
	fmt.Fprintf(&out, "atomic-script run %s in %s: %s\n", info.Script, info.Workspace, verdict(res))
	fmt.Fprintf(&out, "%s\n", changeSummary(res))
	if steps := rollbackSteps(res); len(steps) > 0 {
		for _, st := range steps {
			fmt.Fprintf(&out, "  %s %s", st.did, st.path)
			if st.detail != "" {
				fmt.Fprintf(&out, " (%s)", st.detail)
			}
			out.WriteString("\n")
		}
	} else {
		for _, c := range res.Changes {
			fmt.Fprintf(&out, "  %s %s\n", c.Action, c.Path)
		}
	}
	total, failed, cancelled, listed := callCounts(res)
	fmt.Fprintf(&out, "%s%s\n", callsLine(total, failed, cancelled), listed)
	for _, c := range res.Calls {
		fmt.Fprintf(&out, "  #%s %s %s %dms %s", c.ID, c.Name, c.Status, c.Duration.Milliseconds(), callArgs(c, 200))
		if q, ok := questionOf(c); ok {
			fmt.Fprintf(&out, " → %s", q.summary())
		}
		if c.Error != "" {
			first, _, _ := strings.Cut(c.Error, "\n")
			fmt.Fprintf(&out, " — %s", first)
		}
		out.WriteString("\n")
	}
	tc.SystemOut = &cdata{out.String()}
	var errOut strings.Builder
	for _, w := range res.Warnings {
		fmt.Fprintf(&errOut, "warning: %s\n", w)
	}
	for _, l := range res.Logs {
		fmt.Fprintf(&errOut, "%s\n", l)
	}
	if errOut.Len() > 0 {
		tc.SystemErr = &cdata{errOut.String()}
	}
	doc := testsuites{
		Name: "atomic-script", Tests: 1, Failures: failures, Time: secs,
		Suites: []testsuite{{
			Name: "atomic-script run", Tests: 1, Failures: failures, Time: secs,
			Timestamp: info.Started.UTC().Format("2006-01-02T15:04:05"),
			Properties: []property{
				{"workspace", info.Workspace}, {"script", info.Script}, {"mode", info.Mode},
				{"exitCode", fmt.Sprint(res.ExitCode)}, {"version", Version}, {"rollback", rollbackState(res)},
			},
			Cases: []testcase{tc},
		}},
	}
	data, err := xml.MarshalIndent(doc, "", "  ")
	if err != nil { // only strings and ints: cannot fail
		panic(err)
	}
	return append([]byte(xml.Header), append(data, '\n')...)
}

// markdownReport is a summary fit for $GITHUB_STEP_SUMMARY: the outcome,
// a table of the files changed, the failed calls, the warnings and the
// wall time.
func markdownReport(res *engine.Result, info runInfo) []byte {
	var b strings.Builder
	icon := "✅"
	if res.ExitCode != engine.ExitOK {
		icon = "❌"
	}
	fmt.Fprintf(&b, "### %s atomic-script run %s in %s: %s\n\n", icon, mdCode(info.Script), mdCode(info.runName()), verdict(res))
	total, failed, cancelled, _ := callCounts(res)
	fmt.Fprintf(&b, "Mode %s · wall time %.1f s · %s · %s\n\n",
		info.Mode, res.Wall.Seconds(), callsLine(total, failed, cancelled), changeSummary(res))
	if first, full := errorText(res); first != "" {
		fmt.Fprintf(&b, "**Error:** %s\n\n<details><summary>Full error</summary>\n\n```text\n%s\n```\n\n</details>\n\n", mdCell(first), strings.ReplaceAll(full, "```", "` ` `"))
	}
	if steps := rollbackSteps(res); len(steps) > 0 {
		b.WriteString("#### Rollback\n\n| File | Rollback |\n|---|---|\n")
		for _, st := range steps {
			fmt.Fprintf(&b, "| %s | %s |\n", mdCode(st.path), mdCell(st.String()))
		}
		b.WriteString("\n")
	} else if len(res.Changes) > 0 {
		b.WriteString("| File | Change |\n|---|---|\n")
		for _, c := range res.Changes {
			fmt.Fprintf(&b, "| %s | %s |\n", mdCode(c.Path), c.Action)
		}
		b.WriteString("\n")
	}
	if qs := questionCalls(res); len(qs) > 0 {
		b.WriteString("#### Questions asked\n\n| Call | Question | Answer | Answered by |\n|---|---|---|---|\n")
		for _, q := range qs {
			for _, row := range q.rows() {
				fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", q.id, mdCell(row[0]), mdCell(row[1]), q.By)
			}
		}
		b.WriteString("\n")
	}
	if list := failedCalls(res); len(list) > 0 {
		b.WriteString("#### Failed and cancelled calls\n\n| Call | Tool | Status | Arguments | Error |\n|---|---|---|---|---|\n")
		for _, c := range list {
			first, _, _ := strings.Cut(c.Error, "\n")
			fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", c.ID, c.Name, c.Status, mdCode(callArgs(c, 80)), mdCell(first))
		}
		if n := res.CallStats.FailedFolded; n > 0 {
			fmt.Fprintf(&b, "\n%s more failed (counted, not listed: see `callStats` in the `--json` result).\n", plural(n, "call"))
		}
		b.WriteString("\n")
	}
	if len(res.Warnings) > 0 {
		b.WriteString("#### Warnings\n\n")
		for _, w := range res.Warnings {
			fmt.Fprintf(&b, "- %s\n", mdCell(w))
		}
		b.WriteString("\n")
	}
	return []byte(b.String())
}

func plural(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return fmt.Sprintf("%d %ss", n, what)
}

// mdCell makes text safe inside a Markdown table cell: one line, pipes
// escaped, HTML not interpreted.
func mdCell(s string) string {
	s = strings.ReplaceAll(s, "\r", "")
	s = strings.ReplaceAll(s, "\n", " ")
	r := strings.NewReplacer(`\`, `\\`, "|", `\|`, "<", "&lt;", ">", "&gt;", "&", "&amp;", "`", "\\`", "*", `\*`, "_", `\_`, "[", `\[`, "]", `\]`)
	return r.Replace(s)
}

// mdCode is s as inline code inside a table cell: backticks longer than
// any run in s, pipes escaped (GitHub splits cells on them even in code).
func mdCode(s string) string {
	s = strings.ReplaceAll(strings.ReplaceAll(s, "\r", ""), "\n", " ")
	fence := "`"
	for strings.Contains(s, fence) {
		fence += "`"
	}
	s = strings.ReplaceAll(s, "|", `\|`)
	if strings.HasPrefix(s, "`") || strings.HasSuffix(s, "`") {
		s = " " + s + " "
	}
	return fence + s + fence
}

// askedQuestion is an ask_user_question call as its record has it: the
// answers and who gave them (details.meta), the questions (args).
type askedQuestion struct {
	id      string
	Status  string         `json:"status"`
	By      string         `json:"answeredBy"`
	Answers []tools.Answer `json:"answers"`
	asked   []tools.Question
}

// questionOf reads a question call's record; ok is false for other calls.
func questionOf(c engine.Call) (q askedQuestion, ok bool) {
	var head struct {
		Source string `json:"source"`
	}
	if len(c.Meta) == 0 || json.Unmarshal(c.Meta, &head) != nil || head.Source != "question" || json.Unmarshal(c.Meta, &q) != nil {
		return q, false
	}
	var args struct {
		Questions []tools.Question `json:"questions"`
		Question  string           `json:"question"`
	}
	_ = json.Unmarshal(c.Args, &args)
	q.id, q.asked = c.ID, args.Questions
	if len(q.asked) == 0 && args.Question != "" {
		q.asked = []tools.Question{{Header: "Question", Question: args.Question}}
	}
	return q, true
}

func questionCalls(res *engine.Result) []askedQuestion {
	var out []askedQuestion
	for _, c := range res.Calls {
		if q, ok := questionOf(c); ok {
			out = append(out, q)
		}
	}
	return out
}

// rows are (question, answer) pairs; a question not answered shows the
// status.
func (q askedQuestion) rows() [][2]string {
	var out [][2]string
	for i, a := range q.asked {
		ans := q.Status
		if i < len(q.Answers) {
			ans = strings.Join(q.Answers[i].Selected, ", ")
			if o := q.Answers[i].Other; o != "" {
				ans += " (other: " + o + ")"
			}
		}
		out = append(out, [2]string{a.Header + ": " + a.Question, ans})
	}
	return out
}

// summary is the answers on one line: "Header: label; …", or the status.
func (q askedQuestion) summary() string {
	if q.Status != "answered" {
		return q.Status + " (" + q.By + ")"
	}
	var parts []string
	for _, a := range q.Answers {
		parts = append(parts, a.Header+": "+strings.Join(a.Selected, ", "))
	}
	return strings.Join(parts, "; ") + " (" + q.By + ")"
}

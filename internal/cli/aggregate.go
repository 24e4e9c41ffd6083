package cli

import (
	"bytes"
	"encoding/json"
	"encoding/xml"

	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"text/tabwriter"

	segjson "github.com/segmentio/encoding/json"

	"github.com/atomic-script/atomic-script/engine"
)

// aggregateRun is one result file's line in `aggregate`.
type aggregateRun struct {
	Run  string `json:"run"`
	File string `json:"file"`
	// OK: the run passed, ok and exit 0 (a --fail-on-change run that
	// found changes is ok but exits 7: it did not pass).
	OK           bool `json:"ok"`
	ExitCode     int  `json:"exitCode"`
	DryRun       bool `json:"dryRun"`
	FilesChanged int  `json:"filesChanged"`
	Calls        int  `json:"calls"`
	FailedCalls  int  `json:"failedCalls"`
	// RolledBack: --atomic put every file back after the failure;
	// LeftChanged: the files an incomplete rollback could not restore
	// (exit 6), left as the run changed them.
	RolledBack  bool     `json:"rolledBack"`
	LeftChanged []string `json:"leftChanged,omitempty"`
	// Error is the first line of the run's error, of its first failed
	// call, or why the file is not a result.
	Error string `json:"error"`
	// Invalid is set when the file could not be read as a result.
	Invalid bool `json:"invalid,omitempty"`
}

type aggregateTotals struct {
	Runs         int `json:"runs"`
	OK           int `json:"ok"`
	Failed       int `json:"failed"`
	Invalid      int `json:"invalid"`
	FilesChanged int `json:"filesChanged"`
	Calls        int `json:"calls"`
	FailedCalls  int `json:"failedCalls"`
	// Of the failed runs: those --fail-on-change failed (exit 7), those
	// rolled back, those whose rollback is incomplete (exit 6).
	FoundChanges       int `json:"foundChanges"`
	RolledBack         int `json:"rolledBack"`
	RollbackIncomplete int `json:"rollbackIncomplete"`
}

// resultSummary is the part of a `run --json` result aggregate reads;
// the rest of the document is skipped unparsed.
type resultSummary struct {
	OK       *bool `json:"ok"`
	ExitCode *int  `json:"exitCode"`
	DryRun   bool  `json:"dryRun"`
	Error    *struct {
		Kind    string `json:"kind"`
		Name    string `json:"name"`
		Message string `json:"message"`
	} `json:"error"`
	CallStats *struct {
		Total  int `json:"total"`
		ByTool map[string]struct {
			Errors    int `json:"errors"`
			Cancelled int `json:"cancelled"`
		} `json:"byTool"`
	} `json:"callStats"`
	Changes    []struct{} `json:"changes"` // counted, not read
	Warnings   []string   `json:"warnings"`
	RolledBack bool       `json:"rolledBack"`
	Rollback   *struct {
		Failed []struct {
			Path  string `json:"path"`
			Error string `json:"error"`
		} `json:"failed"`
	} `json:"rollback"`
	SchemaVersion *int `json:"schemaVersion"`
}

// resultCalls are a result's call records, decoded only when the counts
// of callStats are not enough: a result without them (an older
// atomic-script), or a failed call whose error is the run's first.
type resultCalls struct {
	Calls []struct {
		Status string `json:"status"`
		Error  string `json:"error"`
	} `json:"calls"`
}

func cmdAggregate(args []string, stdio Stdio) (int, error) {
	cmd := newCommand("aggregate", "atomic-script aggregate [--json|--markdown|--junit] RESULT.json... (or a directory of them)", 1, -1)
	asJSON := cmd.fs.Bool("json", false, "print the runs and totals as JSON")
	asMD := cmd.fs.Bool("markdown", false, "print the table as Markdown (for $GITHUB_STEP_SUMMARY)")
	asJUnit := cmd.fs.Bool("junit", false, "print JUnit XML, one test case per run (for a CI's test report)")
	pos, _, err := cmd.parse(args, stdio.Out)
	if err != nil {
		return 0, err
	}
	format := "table"
	n := 0
	for _, o := range []struct {
		on   bool
		name string
	}{{*asJSON, "json"}, {*asMD, "markdown"}, {*asJUnit, "junit"}} {
		if o.on {
			format, n = o.name, n+1
		}
	}
	if n > 1 {
		return 0, usagef("aggregate: --json, --markdown and --junit each choose the output; pick one")
	}
	files, err := resultFiles(pos)
	if err != nil {
		return 0, err
	}
	return cmdAggregateFiles(files, format, stdio)
}

// cmdAggregateFiles prints the table (or JSON, Markdown, JUnit) of the
// result files and returns 1 when any run failed or any file is not a
// result.
func cmdAggregateFiles(files []string, format string, stdio Stdio) (int, error) {
	runs := readResults(files)
	var t aggregateTotals
	for _, r := range runs {
		t.Runs++
		switch {
		case r.Invalid:
			t.Invalid++
			fmt.Fprintf(stdio.Err, "atomic-script: aggregate: %s: %s\n", r.File, r.Error)
		case r.OK:
			t.OK++
		default:
			t.Failed++
			switch {
			case r.ExitCode == engine.ExitChanged:
				t.FoundChanges++
			case len(r.LeftChanged) > 0:
				t.RollbackIncomplete++
			case r.RolledBack:
				t.RolledBack++
			}
		}
		t.FilesChanged += r.FilesChanged
		t.Calls += r.Calls
		t.FailedCalls += r.FailedCalls
	}
	switch format {
	case "json":
		enc := json.NewEncoder(stdio.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			OK     bool            `json:"ok"`
			Runs   []aggregateRun  `json:"runs"`
			Totals aggregateTotals `json:"totals"`
		}{t.Failed == 0 && t.Invalid == 0, runs, t}); err != nil {
			return 0, err
		}
	case "markdown":
		writeAggregateMarkdown(stdio.Out, runs, t)
	case "junit":
		if _, err := stdio.Out.Write(aggregateJUnit(runs, t)); err != nil {
			return 0, err
		}
	default:
		writeAggregateTable(stdio.Out, runs, t)
	}
	if t.Failed > 0 || t.Invalid > 0 {
		return 1, nil
	}
	return 0, nil
}

// resultFiles expands the arguments: files as given, directories to the
// .json files directly in them, sorted.
func resultFiles(args []string) ([]string, error) {
	var files []string
	for _, a := range args {
		st, err := os.Stat(a)
		if err != nil {
			files = append(files, a) // reported as unreadable, with the others
			continue
		}
		if !st.IsDir() {
			files = append(files, a)
			continue
		}
		found, err := filepath.Glob(filepath.Join(a, "*.json"))
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, usagef("aggregate: %s holds no .json result files", a)
		}
		files = append(files, found...)
	}
	return files, nil
}

// readResults reads the files on all cores, keeping their order.
func readResults(files []string) []aggregateRun {
	runs := make([]aggregateRun, len(files))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(files)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				runs[i] = readResult(files[i])
			}
		}()
	}
	for i := range files {
		next <- i
	}
	close(next)
	wg.Wait()
	return runs
}

func readResult(file string) aggregateRun {
	r := aggregateRun{Run: runName(file), File: file}
	fail := func(msg string) aggregateRun {
		r.Invalid, r.OK, r.Error = true, false, msg
		return r
	}
	data, err := os.ReadFile(file)
	if err != nil {
		return fail(fmt.Sprintf("cannot read it: %v", unwrapPath(err)))
	}
	var s resultSummary
	if err := segjson.Unmarshal(data, &s); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) || len(bytes.TrimSpace(data)) == 0 {
			return fail(fmt.Sprintf("not an atomic-script result: not JSON (%v); write results with `atomic-script run --json > FILE`", err))
		}
		return fail(fmt.Sprintf("not an atomic-script result: %v", err))
	}
	if s.OK == nil || s.ExitCode == nil {
		return fail("not an atomic-script result: it has no ok and exitCode fields; write results with `atomic-script run --json > FILE`")
	}
	if s.SchemaVersion != nil && *s.SchemaVersion > ResultSchemaVersion {
		return fail(fmt.Sprintf("written by a newer atomic-script (result schema version %d; this one reads up to %d): aggregate with that version", *s.SchemaVersion, ResultSchemaVersion))
	}
	r.OK, r.ExitCode, r.DryRun, r.RolledBack = *s.OK && *s.ExitCode == engine.ExitOK, *s.ExitCode, s.DryRun, s.RolledBack
	r.FilesChanged = len(s.Changes)
	if err := r.countCalls(&s, data); err != nil {
		return fail(fmt.Sprintf("not an atomic-script result: %v", err))
	}
	r.explain(&s)
	return r
}

// countCalls counts the calls from callStats, and reads the call records
// only when they are needed: for the first failed call's error, or when
// the result has no callStats (an older atomic-script).
func (r *aggregateRun) countCalls(s *resultSummary, data []byte) error {
	if cs := s.CallStats; cs != nil {
		r.Calls = cs.Total
		for _, t := range cs.ByTool {
			r.FailedCalls += t.Errors + t.Cancelled
		}
	}
	if s.CallStats != nil && (s.Error != nil || r.FailedCalls == 0) {
		return nil
	}
	var rc resultCalls
	if err := segjson.Unmarshal(data, &rc); err != nil {
		return err
	}
	failed := 0
	for _, c := range rc.Calls {
		if c.Status != "ok" {
			failed++
			if r.Error == "" && c.Error != "" {
				r.Error = firstLine(c.Error)
			}
		}
	}
	if s.CallStats == nil {
		r.Calls, r.FailedCalls = len(rc.Calls), failed
	}
	return nil
}

// explain sets the run's error line: the script's error, the
// --fail-on-change note, or the exit code; the files an incomplete
// rollback left changed come first, they matter most.
func (r *aggregateRun) explain(s *resultSummary) {
	if s.Error != nil {
		msg := s.Error.Message
		if s.Error.Name != "" {
			msg = s.Error.Name + ": " + msg
		}
		r.Error = firstLine(msg)
	}
	if *s.OK && r.ExitCode == engine.ExitChanged {
		r.Error = "--fail-on-change: the run found changes"
		for _, w := range s.Warnings {
			if strings.HasPrefix(w, "--fail-on-change:") {
				r.Error = firstLine(w)
			}
		}
	}
	if !r.OK && r.Error == "" {
		r.Error = fmt.Sprintf("exit %d", r.ExitCode)
	}
	if s.Rollback != nil && len(s.Rollback.Failed) > 0 {
		left := make([]string, 0, len(s.Rollback.Failed))
		for _, f := range s.Rollback.Failed {
			r.LeftChanged = append(r.LeftChanged, f.Path)
			left = append(left, f.Path+" ("+f.Error+")")
		}
		r.Error = firstLine("rollback INCOMPLETE, left changed: " + strings.Join(left, ", ") + " — " + r.Error)
	}
}

// runName names a run by its file: the file name without .json.
func runName(file string) string {
	return strings.TrimSuffix(filepath.Base(file), ".json")
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	if r := []rune(s); len(r) > 160 {
		s = string(r[:160]) + "…"
	}
	return s
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func (r aggregateRun) status() string {
	switch {
	case r.Invalid:
		return "invalid"
	case r.OK:
		return "ok"
	case r.ExitCode == engine.ExitChanged:
		return fmt.Sprintf("CHANGED (%d)", r.ExitCode)
	case len(r.LeftChanged) > 0:
		return fmt.Sprintf("FAIL (%d) rollback incomplete", r.ExitCode)
	case r.RolledBack:
		return fmt.Sprintf("FAIL (%d) rolled back", r.ExitCode)
	}
	return fmt.Sprintf("FAIL (%d)", r.ExitCode)
}

func writeAggregateTable(w io.Writer, runs []aggregateRun, t aggregateTotals) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "RUN\tOK\tFILES CHANGED\tCALLS\tFAILED CALLS\tERROR")
	for _, r := range runs {
		fmt.Fprintf(tw, "%s\t%s\t%d\t%d\t%d\t%s\n", oneLine(r.Run), r.status(), r.FilesChanged, r.Calls, r.FailedCalls, oneLine(r.Error))
	}
	tw.Flush()
	fmt.Fprintln(w, totalsLine(t))
}

func totalsLine(t aggregateTotals) string {
	s := fmt.Sprintf("%d runs: %d ok, %d failed", t.Runs, t.OK, t.Failed)
	var of []string
	if t.FoundChanges > 0 {
		of = append(of, fmt.Sprintf("%d found changes", t.FoundChanges))
	}
	if t.RolledBack > 0 {
		of = append(of, fmt.Sprintf("%d rolled back", t.RolledBack))
	}
	if t.RollbackIncomplete > 0 {
		of = append(of, fmt.Sprintf("%d ROLLBACK INCOMPLETE", t.RollbackIncomplete))
	}
	if len(of) > 0 {
		s += " (" + strings.Join(of, ", ") + ")"
	}
	if t.Invalid > 0 {
		s += fmt.Sprintf(", %d not results", t.Invalid)
	}
	return s + fmt.Sprintf("; %d files changed, %d calls, %d failed calls", t.FilesChanged, t.Calls, t.FailedCalls)
}

func writeAggregateMarkdown(w io.Writer, runs []aggregateRun, t aggregateTotals) {
	icon := "✅"
	if t.Failed > 0 || t.Invalid > 0 {
		icon = "❌"
	}
	fmt.Fprintf(w, "### %s atomic-script: %s\n\n", icon, totalsLine(t))
	fmt.Fprintln(w, "| Run | OK | Files changed | Calls | Failed calls | Error |\n|---|---|---|---|---|---|")
	for _, r := range runs {
		fmt.Fprintf(w, "| %s | %s | %d | %d | %d | %s |\n", mdCode(r.Run), r.status(), r.FilesChanged, r.Calls, r.FailedCalls, mdCell(r.Error))
	}
}

func oneLine(s string) string {
	return strings.NewReplacer("\t", " ", "\n", " ", "\r", " ").Replace(s)
}

// aggregateJUnit is the runs as one JUnit test suite, a test case per
// run (repository or shard): a <failure> with its status and first error
// line when it did not pass, its counts and the files an incomplete
// rollback left changed in <system-out>.
func aggregateJUnit(runs []aggregateRun, t aggregateTotals) []byte {
	type failure struct {
		Message string `xml:"message,attr"`
		Type    string `xml:"type,attr"`
		Text    string `xml:",cdata"`
	}
	type testcase struct {
		Name      string   `xml:"name,attr"`
		Classname string   `xml:"classname,attr"`
		Failure   *failure `xml:"failure,omitempty"`
		Error     *failure `xml:"error,omitempty"`
		SystemOut string   `xml:"system-out"`
	}
	type testsuite struct {
		XMLName  xml.Name   `xml:"testsuite"`
		Name     string     `xml:"name,attr"`
		Tests    int        `xml:"tests,attr"`
		Failures int        `xml:"failures,attr"`
		Errors   int        `xml:"errors,attr"`
		Cases    []testcase `xml:"testcase"`
	}
	suite := testsuite{Name: "atomic-script aggregate", Tests: t.Runs, Failures: t.Failed, Errors: t.Invalid}
	for _, r := range runs {
		tc := testcase{Name: r.Run, Classname: "atomic-script"}
		tc.SystemOut = fmt.Sprintf("%s: %s; %d files changed, %d calls, %d failed calls\n", r.File, r.status(), r.FilesChanged, r.Calls, r.FailedCalls)
		for _, p := range r.LeftChanged {
			tc.SystemOut += "left changed by an incomplete rollback: " + p + "\n"
		}
		switch {
		case r.Invalid: // not a test that failed: a file that is not a result
			tc.Error = &failure{Message: r.Error, Type: "invalid", Text: r.File + ": " + r.Error}
		case r.ExitCode == engine.ExitChanged:
			tc.Failure = &failure{Message: r.Error, Type: "changed", Text: r.status() + ": " + r.Error}
		case !r.OK:
			tc.Failure = &failure{Message: r.Error, Type: "failed", Text: r.status() + ": " + r.Error}
		}
		suite.Cases = append(suite.Cases, tc)
	}
	data, err := xml.MarshalIndent(suite, "", "  ")
	if err != nil { // only strings and ints: cannot fail
		panic(err)
	}
	return append([]byte(xml.Header), append(data, '\n')...)
}

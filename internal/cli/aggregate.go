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

// aggregateRun is one result file's line in `aggregate`, or one
// repository of --expect that has none.
type aggregateRun struct {
	// Run names the run: its file's name, the repository it encodes when
	// it is a result name (see resultName).
	Run  string `json:"run"`
	File string `json:"file"`
	// OK: the run passed, exit 0 (a --fail-on-change run that found
	// changes exits 7: it did not pass).
	OK           bool `json:"ok"`
	ExitCode     int  `json:"exitCode"`
	DryRun       bool `json:"dryRun"`
	FilesChanged int  `json:"filesChanged"`
	Calls        int  `json:"calls"`
	// FailedCalls failed with an error; CancelledCalls were stopped
	// (the script ended or was interrupted while they ran).
	FailedCalls    int `json:"failedCalls"`
	CancelledCalls int `json:"cancelledCalls"`
	// RolledBack: --atomic put every file back after the failure;
	// LeftChanged: the files an incomplete rollback could not restore
	// (exit 6), left as the run changed them.
	RolledBack  bool     `json:"rolledBack"`
	LeftChanged []string `json:"leftChanged"`
	// Error is the first line of the run's error, of its first failed
	// call, or why the file is not a result.
	Error string `json:"error"`
	// Invalid: the file could not be read as a result. Missing: a
	// repository of --expect left no result. NotRun: an interrupted
	// fleet never started it. Each is a failure.
	Invalid bool `json:"invalid"`
	Missing bool `json:"missing"`
	NotRun  bool `json:"notRun"`
}

type aggregateTotals struct {
	Runs    int `json:"runs"`
	OK      int `json:"ok"`
	Failed  int `json:"failed"`
	Invalid int `json:"invalid"`
	Missing int `json:"missing"`
	NotRun  int `json:"notRun"`
	// FilesChanged counts the files changed, and in a dry run the files
	// that would change; DryRuns counts the dry runs.
	FilesChanged   int `json:"filesChanged"`
	DryRuns        int `json:"dryRuns"`
	Calls          int `json:"calls"`
	FailedCalls    int `json:"failedCalls"`
	CancelledCalls int `json:"cancelledCalls"`
	// Of the failed runs: those --fail-on-change failed (exit 7), those
	// rolled back, those whose rollback is incomplete (exit 6).
	FoundChanges       int `json:"foundChanges"`
	RolledBack         int `json:"rolledBack"`
	RollbackIncomplete int `json:"rollbackIncomplete"`

	wouldChange int // files of the dry runs, for the text
}

// exitCode is aggregate's exit: 0 when every run passed, 7 when every
// failure is a --fail-on-change check that found changes, else 1.
func (t aggregateTotals) exitCode() int {
	switch {
	case t.Invalid+t.Missing+t.NotRun == 0 && t.Failed == 0:
		return engine.ExitOK
	case t.Invalid+t.Missing+t.NotRun == 0 && t.Failed == t.FoundChanges:
		return engine.ExitChanged
	}
	return engine.ExitScript
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
	NotRun     bool       `json:"notRun"`
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
	cmd := newCommand("aggregate", "atomic-script aggregate [--json|--markdown|--junit] [--expect LIST] RESULT.json... (or a directory of them)", 1, -1)
	asJSON := cmd.fs.Bool("json", false, "print the runs and totals as JSON")
	asMD := cmd.fs.Bool("markdown", false, "print the table as Markdown (for $GITHUB_STEP_SUMMARY)")
	asJUnit := cmd.fs.Bool("junit", false, "print JUnit XML, one test case per run (for a CI's test report)")
	expectFile := cmd.fs.String("expect", "", "LIST: the repositories the fan-out ran over (a file, one a line, or a JSON list; - for stdin): each without a result NAME.json (NAME from atomic-script result-name) is MISSING, a failure")
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
	var expect []string
	if *expectFile != "" {
		if expect, err = readRepoList(*expectFile, stdio.In); err != nil {
			return 0, usagef("aggregate: --expect %s: %v (give the list of repositories the fan-out ran over)", *expectFile, unwrapPath(err))
		}
		if len(expect) == 0 {
			return 0, usagef("aggregate: --expect %s lists no repositories", *expectFile)
		}
	}
	files, err := resultFiles(pos, expect != nil)
	if err != nil {
		return 0, err
	}
	return aggregateFiles(files, expect, format, stdio)
}

// aggregateFiles prints the table (or JSON, Markdown, JUnit) of the result
// files, with a MISSING line for each repository of expect that has no
// result, and returns aggregate's exit code (see aggregateTotals.exitCode).
func aggregateFiles(files, expect []string, format string, stdio Stdio) (int, error) {
	runs := readResults(files)
	runs = append(runs, missingRuns(runs, expect, stdio)...)
	var t aggregateTotals
	for _, r := range runs {
		t.add(r)
		if r.Invalid {
			fmt.Fprintf(stdio.Err, "atomic-script: aggregate: %s: %s\n", r.File, r.Error)
		}
	}
	switch format {
	case "json":
		enc := json.NewEncoder(stdio.Out)
		enc.SetIndent("", "  ")
		if err := enc.Encode(struct {
			OK     bool            `json:"ok"`
			Runs   []aggregateRun  `json:"runs"`
			Totals aggregateTotals `json:"totals"`
		}{t.exitCode() == engine.ExitOK, runs, t}); err != nil {
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
	return t.exitCode(), nil
}

// add counts one run into the totals.
func (t *aggregateTotals) add(r aggregateRun) {
	t.Runs++
	switch {
	case r.Missing:
		t.Missing++
	case r.Invalid:
		t.Invalid++
	case r.NotRun:
		t.NotRun++
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
	if r.DryRun {
		t.DryRuns++
		t.wouldChange += r.FilesChanged
	}
	t.Calls += r.Calls
	t.FailedCalls += r.FailedCalls
	t.CancelledCalls += r.CancelledCalls
}

// missingRuns are the repositories of expect without a result among runs
// (matched by result name), in the order listed; results of repositories
// not in expect are named on stderr (counted, not failed).
func missingRuns(runs []aggregateRun, expect []string, stdio Stdio) []aggregateRun {
	if expect == nil {
		return nil
	}
	have := map[string]bool{}
	for _, r := range runs {
		have[runName(r.File)] = true
	}
	want := map[string]bool{}
	var missing []aggregateRun
	for _, spec := range expect {
		key := repoKey(spec)
		name := resultName(key)
		if want[name] {
			continue
		}
		want[name] = true
		if !have[name] {
			missing = append(missing, aggregateRun{Run: key, File: name + ".json", Missing: true, LeftChanged: []string{},
				Error: "MISSING: no result for " + key + " (its job never ran, failed before atomic-script wrote NAME.json, or its result was lost)"})
		}
	}
	var extra []string
	for _, r := range runs {
		if !want[runName(r.File)] {
			extra = append(extra, r.File)
		}
	}
	if len(extra) > 0 {
		fmt.Fprintf(stdio.Err, "atomic-script: aggregate: %d of the results are not in the --expect list (counted all the same): %s\n", len(extra), strings.Join(extra[:min(len(extra), 10)], ", "))
	}
	return missing
}

// resultFiles expands the arguments: files as given, directories to the
// .json files directly in them, sorted. With expect, a directory with no
// result is not an error: every expected repository is then MISSING.
func resultFiles(args []string, expect bool) ([]string, error) {
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
		if len(found) == 0 && !expect {
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
	r := aggregateRun{Run: displayName(runName(file)), File: file, LeftChanged: []string{}}
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
	r.OK, r.ExitCode, r.DryRun, r.RolledBack, r.NotRun = *s.OK && *s.ExitCode == engine.ExitOK && !s.NotRun, *s.ExitCode, s.DryRun, s.RolledBack, s.NotRun
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
			r.FailedCalls += t.Errors
			r.CancelledCalls += t.Cancelled
		}
	}
	if s.CallStats != nil && (s.Error != nil || r.FailedCalls+r.CancelledCalls == 0) {
		return nil
	}
	var rc resultCalls
	if err := segjson.Unmarshal(data, &rc); err != nil {
		return err
	}
	failed, cancelled := 0, 0
	for _, c := range rc.Calls {
		if c.Status == "ok" {
			continue
		}
		if c.Status == "cancelled" {
			cancelled++
		} else {
			failed++
		}
		if r.Error == "" && c.Error != "" {
			r.Error = firstLine(c.Error)
		}
	}
	if s.CallStats == nil {
		r.Calls, r.FailedCalls, r.CancelledCalls = len(rc.Calls), failed, cancelled
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
	if r.ExitCode == engine.ExitChanged && s.Error == nil {
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
	case r.Missing:
		return "MISSING"
	case r.Invalid:
		return "invalid"
	case r.NotRun:
		return "NOT RUN"
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

// filesColumn is the files column's title and a run's cell: "files
// changed", or "would change" when every run was a dry run; a dry run
// among real ones is marked in its cell.
func filesColumn(t aggregateTotals) (title string, cell func(aggregateRun) string) {
	allDry := t.DryRuns > 0 && t.DryRuns == t.Runs-t.Missing-t.Invalid-t.NotRun
	return map[bool]string{true: "would change", false: "files changed"}[allDry], func(r aggregateRun) string {
		if r.DryRun && !allDry {
			return fmt.Sprintf("%d would change", r.FilesChanged)
		}
		return fmt.Sprint(r.FilesChanged)
	}
}

func writeAggregateTable(w io.Writer, runs []aggregateRun, t aggregateTotals) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	title, files := filesColumn(t)
	fmt.Fprintf(tw, "RUN\tOK\t%s\tCALLS\tFAILED CALLS\tCANCELLED\tERROR\n", strings.ToUpper(title))
	for _, r := range runs {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%d\t%d\t%s\n", oneLine(r.Run), r.status(), files(r), r.Calls, r.FailedCalls, r.CancelledCalls, oneLine(r.Error))
	}
	tw.Flush()
	fmt.Fprintln(w, totalsLine(t))
}

// totalsLine is the one line of totals every human-readable form shows.
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
	if t.NotRun > 0 {
		s += fmt.Sprintf(", %d NOT RUN (interrupted)", t.NotRun)
	}
	if t.Missing > 0 {
		s += fmt.Sprintf(", %d MISSING (no result)", t.Missing)
	}
	if t.Invalid > 0 {
		s += fmt.Sprintf(", %d not results", t.Invalid)
	}
	var files string
	switch changed := t.FilesChanged - t.wouldChange; {
	case t.DryRuns == 0:
		files = plural(changed, "file") + " changed"
	case changed == 0 && t.DryRuns == t.Runs-t.Missing-t.Invalid-t.NotRun:
		files = plural(t.wouldChange, "file") + " would change (dry run)"
	default:
		files = fmt.Sprintf("%s changed, %d would change (dry run)", plural(changed, "file"), t.wouldChange)
	}
	return s + fmt.Sprintf("; %s, %d calls, %d failed calls, %d cancelled", files, t.Calls, t.FailedCalls, t.CancelledCalls)
}

func writeAggregateMarkdown(w io.Writer, runs []aggregateRun, t aggregateTotals) {
	icon := "✅"
	if t.exitCode() != engine.ExitOK {
		icon = "❌"
	}
	title, files := filesColumn(t)
	fmt.Fprintf(w, "### %s atomic-script: %s\n\n", icon, totalsLine(t))
	fmt.Fprintf(w, "| Run | OK | %s | Calls | Failed calls | Cancelled | Error |\n|---|---|---|---|---|---|---|\n", strings.ToUpper(title[:1])+title[1:])
	for _, r := range runs {
		fmt.Fprintf(w, "| %s | %s | %s | %d | %d | %d | %s |\n", mdCode(r.Run), r.status(), files(r), r.Calls, r.FailedCalls, r.CancelledCalls, mdCell(r.Error))
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
	suite := testsuite{Name: "atomic-script aggregate", Tests: t.Runs, Failures: t.Failed + t.Missing + t.NotRun, Errors: t.Invalid}
	for _, r := range runs {
		tc := testcase{Name: r.Run, Classname: "atomic-script"}
		files := "changed"
		if r.DryRun {
			files = "would change"
		}
		tc.SystemOut = fmt.Sprintf("%s: %s; %s %s, %d calls, %d failed calls, %d cancelled\n", r.File, r.status(), plural(r.FilesChanged, "file"), files, r.Calls, r.FailedCalls, r.CancelledCalls)
		for _, p := range r.LeftChanged {
			tc.SystemOut += "left changed by an incomplete rollback: " + p + "\n"
		}
		switch {
		case r.Missing:
			tc.Failure = &failure{Message: r.Error, Type: "missing", Text: r.Error}
		case r.Invalid: // not a test that failed: a file that is not a result
			tc.Error = &failure{Message: r.Error, Type: "invalid", Text: r.File + ": " + r.Error}
		case r.NotRun:
			tc.Failure = &failure{Message: r.Error, Type: "not run", Text: r.Error}
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

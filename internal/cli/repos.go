package cli

import (
	"bufio"
	"bytes"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/schollz/progressbar/v3"

	"github.com/atomic-script/atomic-script/engine"
)

// A repo is one workspace of `run --repos`.
type repo struct {
	path    string
	key     string // the repository as listed (repoKey): its name in reports
	name    string // its result file's name (resultName of key)
	missing string // why the path cannot be used (it still gets a result)
}

// listRepos reads --repos: a directory whose subdirectories are the
// repositories, or a file listing one path a line (relative to the file;
// blank lines and # comments skipped). A repository listed twice is
// refused: its two runs would write one result.
func listRepos(arg string) ([]repo, error) {
	st, err := os.Stat(arg)
	if err != nil {
		return nil, usagef("run: --repos %s: %v (give a directory of repositories or a file listing them)", arg, unwrapPath(err))
	}
	var repos []repo
	line := map[string]int{}
	if st.IsDir() {
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
				repos = append(repos, repo{path: filepath.Join(arg, e.Name()), key: e.Name()})
			}
		}
	} else {
		data, err := os.ReadFile(arg)
		if err != nil {
			return nil, err
		}
		base := filepath.Dir(arg)
		sc := bufio.NewScanner(bytes.NewReader(data))
		for n := 1; sc.Scan(); n++ {
			entry := strings.TrimSpace(sc.Text())
			if entry == "" || strings.HasPrefix(entry, "#") {
				continue
			}
			p := entry
			if !filepath.IsAbs(p) {
				p = filepath.Join(base, p)
			}
			r := repo{path: p, key: repoKey(filepath.ToSlash(entry))}
			if first, ok := line[r.key]; ok {
				return nil, usagef("run: --repos %s lists %s twice (lines %d and %d): each repository once", arg, r.key, first, n)
			}
			line[r.key] = n
			if st, err := os.Stat(p); err != nil {
				r.missing = fmt.Sprintf("repository %s (line %d of %s) cannot be used: %v", entry, n, arg, unwrapPath(err))
			} else if !st.IsDir() {
				r.missing = fmt.Sprintf("repository %s (line %d of %s) is not a directory", entry, n, arg)
			}
			repos = append(repos, r)
		}
	}
	if len(repos) == 0 {
		return nil, usagef("run: --repos %s lists no repositories", arg)
	}
	for i := range repos {
		repos[i].name = resultName(repos[i].key)
	}
	return repos, nil
}

// fleet is one `run --repos`: the repositories, how each run is started,
// and the progress shown as they finish.
type fleet struct {
	f          *runFlags
	repos      []repo
	exe        string
	forward    []string // the flags every run gets
	script     []string // the script as each run takes it
	scriptArgs []string
	inv        invocation // what every result must say it ran, for --resume
	stdio      Stdio
	rd         *engine.Redactor // for what the fleet writes itself (stderr files, start errors)

	started time.Time
	total   int // the runs to make
	mu      sync.Mutex
	done    int
	failed  int
	bar     *progressbar.ProgressBar
}

// runRepos runs the script in every repository with at most -j runs at
// once, each an `atomic-script run --json` process of its own (a failure,
// a crash or a timeout in one repository cannot reach the others), writes
// one result per repository to --results (and its reports beside it),
// and prints the aggregate of every repository listed: one the fleet
// never started (it was interrupted) has a `not run` result.
func runRepos(f *runFlags, fs *flag.FlagSet, src []string, code string, scriptArgs []string, stdio Stdio) (int, error) {
	switch {
	case f.events:
		return 0, usagef("run: --repos writes one --json result per repository; --events is for one run")
	case f.cwd != "":
		return 0, usagef("run: --repos names the workspaces; --cwd is for one run")
	case f.jobs < 0:
		return 0, usagef("run: -j %d: give the number of repositories to run at once (at least 1)", f.jobs)
	case f.resume && f.overwrite:
		return 0, usagef("run: --resume keeps the results that passed, --overwrite replaces them all; pick one")
	}
	repos, err := listRepos(f.repos)
	if err != nil {
		return 0, err
	}
	if err := os.MkdirAll(f.results, 0o755); err != nil {
		return 0, usagef("run: --results %s: %v", f.results, unwrapPath(err))
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	rd := engine.NewRedactor(f.redact...)
	fl := &fleet{f: f, repos: repos, exe: exe, script: src, scriptArgs: scriptArgs, stdio: stdio, rd: rd,
		inv: newInvocation(scriptName(f.expr, nil), code, redactAll(rd, scriptArgs), f.modeName(), "")}
	if len(src) == 1 {
		fl.inv.Script = filepath.Base(src[0])
	}
	// The flags each run gets: those given, less the fan-out's own.
	fs.Visit(func(fg *flag.Flag) {
		switch fg.Name {
		case "repos", "j", "results", "json", "events", "cwd", "e", "report", "resume", "overwrite", "name":
			return
		case "redact": // a Func flag: its Value prints nothing
			for _, n := range f.redact {
				fl.forward = append(fl.forward, "--redact="+n)
			}
			return
		}
		fl.forward = append(fl.forward, "--"+fg.Name+"="+fg.Value.String())
	})
	todo, err := fl.plan()
	if err != nil {
		return 0, err
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	notRun := fl.runAll(ctx, todo)
	return fl.finish(ctx, notRun)
}

// resultFile is where repository i's result goes.
func (fl *fleet) resultFile(i int) string {
	return filepath.Join(fl.f.results, fl.repos[i].name+".json")
}

// plan says which repositories run: all of them; with --resume, not those
// whose result passed for the same script, arguments and mode. A result
// already there is never replaced silently: without --resume or
// --overwrite the run is refused.
func (fl *fleet) plan() ([]int, error) {
	var todo, kept []int
	var earlier []string
	for i, r := range fl.repos {
		file := fl.resultFile(i)
		if _, err := os.Stat(file); err != nil {
			todo = append(todo, i)
			continue
		}
		earlier = append(earlier, r.name+".json")
		if fl.f.resume && fl.inv.passedIn(file) {
			kept = append(kept, i)
			continue
		}
		todo = append(todo, i)
	}
	if len(earlier) > 0 && !fl.f.resume && !fl.f.overwrite {
		return nil, usagef("run: --results %s already holds %s of an earlier run (%s%s): pass --resume to keep those that passed with this script and arguments and run the rest, --overwrite to run every repository again, or a new --results directory",
			fl.f.results, plural(len(earlier), "result"), strings.Join(earlier[:min(3, len(earlier))], ", "), map[bool]string{true: ", …", false: ""}[len(earlier) > 3])
	}
	for _, i := range kept {
		fmt.Fprintf(fl.stdio.Err, "atomic-script: %s passed earlier with this script and arguments: skipped (--resume); its result stays\n", fl.repos[i].key)
	}
	if fl.f.resume && len(kept) < len(earlier) {
		fmt.Fprintf(fl.stdio.Err, "atomic-script: --resume: %d earlier results did not pass, or ran another script, arguments or mode: those repositories run again and their results are replaced\n", len(earlier)-len(kept))
	}
	return todo, nil
}

// runAll runs the repositories of todo with at most -j at once and
// returns those never started because ctx ended first.
func (fl *fleet) runAll(ctx context.Context, todo []int) (notRun []int) {
	jobs := fl.f.jobs
	if jobs == 0 {
		jobs = runtime.NumCPU()
	}
	fl.started, fl.total = time.Now(), len(todo)
	fl.bar = reposBar(fl.stdio.Err, len(todo))
	started := make([]bool, len(fl.repos))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, len(todo)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				if ctx.Err() != nil {
					continue // interrupted: left for the not-run results
				}
				t0 := time.Now()
				code, ran := fl.runOne(ctx, i)
				if !ran {
					continue
				}
				fl.mu.Lock()
				started[i] = true
				fl.mu.Unlock()
				fl.progress(i, code, time.Since(t0))
			}
		}()
	}
	for _, i := range todo {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if fl.bar != nil {
		_ = fl.bar.Exit()
	}
	for _, i := range todo {
		if !started[i] {
			notRun = append(notRun, i)
		}
	}
	return notRun
}

// progress prints a repository's line when its run ends.
func (fl *fleet) progress(i, code int, took time.Duration) {
	r := readResult(fl.resultFile(i))
	fl.mu.Lock()
	defer fl.mu.Unlock()
	fl.done++
	status, why := "ok", ""
	if code != 0 {
		fl.failed++
		status, why = repoFailure(code, r)
	}
	files := plural(r.FilesChanged, "file") + " changed"
	if r.DryRun {
		files = plural(r.FilesChanged, "file") + " would change"
	}
	if fl.bar != nil {
		_ = fl.bar.Clear()
	}
	fmt.Fprintf(fl.stdio.Err, "atomic-script: [%d/%d] %s %s, %s, in %.1fs (%d failed so far, %.0fs elapsed)%s\n",
		fl.done, fl.total, fl.repos[i].key, status, files, took.Seconds(), fl.failed, time.Since(fl.started).Seconds(), why)
	if fl.bar != nil {
		fl.bar.Describe(fmt.Sprintf("repositories (%d failed)", fl.failed))
		_ = fl.bar.Add(1)
	}
}

// finish writes the not-run results, prints the aggregate of every
// repository listed and writes the aggregate's reports.
func (fl *fleet) finish(ctx context.Context, notRun []int) (int, error) {
	for _, i := range notRun {
		fl.writeNotRun(i)
	}
	files := make([]string, len(fl.repos))
	expect := make([]string, len(fl.repos))
	for i, r := range fl.repos {
		files[i], expect[i] = fl.resultFile(i), r.key
	}
	format := "table"
	if fl.f.asJSON {
		format = "json"
	}
	code, err := aggregateFiles(files, expect, format, fl.stdio)
	if err != nil {
		return 0, err
	}
	if rerr := fl.writeReports(files, expect); rerr != nil {
		fmt.Fprintln(fl.stdio.Err, "atomic-script:", rerr)
		if code == engine.ExitOK {
			code = engine.ExitUsage // a CI step must not pass when its report is missing
		}
	}
	if ctx.Err() != nil {
		fmt.Fprintf(fl.stdio.Err, "atomic-script: interrupted: %d of %d repositories were not started (their results say not run); run the same command with --resume to finish\n", len(notRun), len(fl.repos))
		return engine.ExitAborted, nil
	}
	return code, nil
}

// writeNotRun writes the result of a repository an interrupted fleet never
// started: not ok, exit 5, notRun set.
func (fl *fleet) writeNotRun(i int) {
	var buf bytes.Buffer
	writeNotRunResult(&buf, fl.inv.withName(fl.repos[i].key), "not run: the fleet run was interrupted before "+fl.repos[i].key+" started; run it again with --resume")
	_ = writeReportFile(fl.resultFile(i), buf.Bytes())
}

// writeReports writes the aggregate's --report files (each repository's
// own are beside its result).
func (fl *fleet) writeReports(files, expect []string) error {
	var errs []string
	for _, rep := range fl.f.reports {
		var buf bytes.Buffer
		format := "junit"
		if rep.format == "markdown" {
			format = "markdown"
		}
		if _, err := aggregateFiles(files, expect, format, Stdio{Out: &buf, Err: io.Discard}); err != nil {
			return err
		}
		if err := writeReportFile(rep.path, buf.Bytes()); err != nil {
			errs = append(errs, fmt.Sprintf("--report %s: %v", rep.path, err))
		}
	}
	if len(errs) > 0 {
		return fmt.Errorf("run: the fleet ended, but a report could not be written: %s", strings.Join(errs, "; "))
	}
	return nil
}

// repoFailure is how a repository's line names its failure: the exit
// code, what the rollback did, and the first line of the error, read
// from the result it wrote.
func repoFailure(code int, r aggregateRun) (status, why string) {
	status = fmt.Sprintf("FAILED (exit %d)", code)
	switch {
	case code == engine.ExitChanged:
		status = fmt.Sprintf("CHANGED (exit %d, --fail-on-change)", code)
	case len(r.LeftChanged) > 0:
		status = fmt.Sprintf("FAILED (exit %d, rollback INCOMPLETE)", code)
	case r.RolledBack:
		status = fmt.Sprintf("FAILED (exit %d, rolled back)", code)
	}
	if r.Error != "" {
		why = ": " + r.Error
	}
	return status, why
}

// runOne runs the script in repository i and writes its --json result
// (and its reports) beside the others; it returns the run's exit code,
// and ran false when ctx ended before the run could start.
func (fl *fleet) runOne(ctx context.Context, i int) (code int, ran bool) {
	r, file := fl.repos[i], fl.resultFile(i)
	if r.missing != "" {
		var buf bytes.Buffer
		writeStartError(&buf, fmt.Errorf("%s", r.missing))
		_ = writeReportFile(file, buf.Bytes())
		return engine.ExitUsage, true
	}
	args := append(append([]string{"run"}, fl.forward...), "--cwd", r.path, "--json", "--name", r.key)
	for _, rep := range fl.f.reports {
		args = append(args, "--report", rep.format+":"+filepath.Join(fl.f.results, r.name+rep.ext()))
	}
	args = append(append(append(args, fl.script...), "--"), fl.scriptArgs...)
	cmd := exec.CommandContext(ctx, fl.exe, args...)
	// An interrupted run gets SIGTERM, so --atomic rolls back before it ends.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = time.Minute
	// The fan-out reports each repository; a run's own progress lines would
	// only fill its .stderr file.
	cmd.Env = append(os.Environ(), "ATOMIC_PROGRESS_INTERVAL=0")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		if ctx.Err() != nil {
			return 0, false
		}
		code = engine.ExitUsage
		writeStartError(&out, fmt.Errorf("could not run atomic-script in %s: %s", r.path, fl.rd.String(err.Error())))
	} else if err := cmd.Wait(); err != nil {
		code = engine.ExitAborted
		if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() >= 0 {
			code = ee.ExitCode()
		}
	}
	if out.Len() == 0 {
		writeStartError(&out, fmt.Errorf("atomic-script in %s printed no result (exit %d): %s", r.path, code, fl.rd.String(firstLine(errOut.String()))))
	}
	if err := writeReportFile(file, out.Bytes()); err != nil {
		return engine.ExitUsage, true
	}
	if errOut.Len() > 0 {
		_ = writeReportFile(strings.TrimSuffix(file, ".json")+".stderr", fl.rd.Bytes(errOut.Bytes()))
	}
	return code, true
}

// scriptSource is how each run of --repos gets the script: the file's
// absolute path, -e CODE, or stdin saved to a file in dir.
func scriptSource(expr string, pos []string, code, dir string) ([]string, error) {
	switch {
	case expr != "":
		return []string{"-e", expr}, nil
	case len(pos) == 1 && pos[0] != "-":
		abs, err := filepath.Abs(pos[0])
		return []string{abs}, err
	}
	p := filepath.Join(dir, ".script.js")
	if err := os.WriteFile(p, []byte(code), 0o600); err != nil {
		return nil, err
	}
	return []string{p}, nil
}

// reposBar is the live line of --repos on a live terminal (liveTerminal):
// repositories done of total and the time elapsed. The per-repository
// lines are printed above it.
func reposBar(w io.Writer, total int) *progressbar.ProgressBar {
	if _, ok := liveTerminal(w); !ok {
		return nil
	}
	return progressbar.NewOptions(total,
		progressbar.OptionSetWriter(w),
		progressbar.OptionSetDescription("repositories"),
		progressbar.OptionShowCount(),
		progressbar.OptionSetElapsedTime(true),
		progressbar.OptionSetPredictTime(false),
		progressbar.OptionSetRenderBlankState(true),
		progressbar.OptionClearOnFinish(),
		progressbar.OptionThrottle(100*time.Millisecond),
	)
}

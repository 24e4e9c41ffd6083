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
)

// A repo is one workspace of `run --repos`.
type repo struct {
	path    string
	name    string // the result file's name, unique within the run
	missing string // why the path cannot be used (it still gets a result)
}

// listRepos reads --repos: a directory whose subdirectories are the
// repositories, or a file listing one path a line (relative to the file;
// blank lines and # comments skipped).
func listRepos(arg string) ([]repo, error) {
	st, err := os.Stat(arg)
	if err != nil {
		return nil, usagef("run: --repos %s: %v (give a directory of repositories or a file listing them)", arg, unwrapPath(err))
	}
	var repos []repo
	if st.IsDir() {
		entries, err := os.ReadDir(arg)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if e.IsDir() && !strings.HasPrefix(e.Name(), ".") {
				repos = append(repos, repo{path: filepath.Join(arg, e.Name())})
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
			line := strings.TrimSpace(sc.Text())
			if line == "" || strings.HasPrefix(line, "#") {
				continue
			}
			p := line
			if !filepath.IsAbs(p) {
				p = filepath.Join(base, p)
			}
			r := repo{path: p}
			if st, err := os.Stat(p); err != nil {
				r.missing = fmt.Sprintf("repository %s (line %d of %s) cannot be used: %v", line, n, arg, unwrapPath(err))
			} else if !st.IsDir() {
				r.missing = fmt.Sprintf("repository %s (line %d of %s) is not a directory", line, n, arg)
			}
			repos = append(repos, r)
		}
	}
	if len(repos) == 0 {
		return nil, usagef("run: --repos %s lists no repositories", arg)
	}
	seen := map[string]int{}
	for i := range repos {
		name := filepath.Base(filepath.Clean(repos[i].path))
		if seen[name]++; seen[name] > 1 {
			name = fmt.Sprintf("%s-%d", name, seen[name])
		}
		repos[i].name = name
	}
	return repos, nil
}

// runRepos runs the script in every repository with at most -j runs at
// once, each an `atomic-script run --json` process of its own (a failure,
// a crash or a timeout in one repository cannot reach the others), writes
// one result per repository to --results, and prints the aggregate.
func runRepos(f *runFlags, fs *flag.FlagSet, script []string, scriptArgs []string, stdio Stdio) (int, error) {
	switch {
	case f.events:
		return 0, usagef("run: --repos writes one --json result per repository; --events is for one run")
	case len(f.reports) > 0:
		return 0, usagef("run: --repos writes one result per repository to --results; make reports from them with atomic-script aggregate --markdown %s (a step summary) or aggregate --junit %s > report.xml (a test case per repository)", f.results, f.results)
	case f.cwd != "":
		return 0, usagef("run: --repos names the workspaces; --cwd is for one run")
	case f.jobs < 0:
		return 0, usagef("run: -j %d: give the number of repositories to run at once (at least 1)", f.jobs)
	}
	repos, err := listRepos(f.repos)
	if err != nil {
		return 0, err
	}
	jobs := f.jobs
	if jobs == 0 {
		jobs = runtime.NumCPU()
	}
	if err := os.MkdirAll(f.results, 0o755); err != nil {
		return 0, usagef("run: --results %s: %v", f.results, unwrapPath(err))
	}
	exe, err := os.Executable()
	if err != nil {
		return 0, err
	}
	// The flags each run gets: those given, less the fan-out's own.
	var forward []string
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "repos", "j", "results", "json", "events", "cwd", "e", "report":
			return
		}
		forward = append(forward, "--"+fl.Name+"="+fl.Value.String())
	})

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	started := time.Now()
	files := make([]string, len(repos))
	var mu sync.Mutex
	done, failed := 0, 0
	bar := reposBar(stdio.Err, len(repos))
	next := make(chan int)
	var wg sync.WaitGroup
	for range min(jobs, len(repos)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				r := repos[i]
				files[i] = filepath.Join(f.results, r.name+".json")
				t0 := time.Now()
				code := runOneRepo(ctx, exe, r, files[i], forward, script, scriptArgs)
				mu.Lock()
				done++
				status, why := "ok", ""
				if code != 0 {
					failed++
					status, why = repoFailure(code, files[i])
				}
				if bar != nil {
					_ = bar.Clear()
				}
				fmt.Fprintf(stdio.Err, "atomic-script: [%d/%d] %s %s in %.1fs (%d failed so far, %.0fs elapsed)%s\n", done, len(repos), r.name, status, time.Since(t0).Seconds(), failed, time.Since(started).Seconds(), why)
				if bar != nil {
					bar.Describe(fmt.Sprintf("repositories (%d failed)", failed))
					_ = bar.Add(1)
				}
				mu.Unlock()
			}
		}()
	}
	for i := range repos {
		if ctx.Err() != nil {
			break
		}
		next <- i
	}
	close(next)
	wg.Wait()
	if bar != nil {
		_ = bar.Exit()
	}
	var ran []string
	for _, file := range files {
		if file != "" {
			ran = append(ran, file)
		}
	}
	format := "table"
	if f.asJSON {
		format = "json"
	}
	code, err := cmdAggregateFiles(ran, format, stdio)
	if ctx.Err() != nil {
		fmt.Fprintf(stdio.Err, "atomic-script: interrupted: %d of %d repositories were not started\n", len(repos)-len(ran), len(repos))
		return 5, err
	}
	return code, err
}

// repoFailure is how a repository's line names its failure: the exit
// code, what the rollback did, and the first line of the error, read
// from the result it wrote.
func repoFailure(code int, file string) (status, why string) {
	r := readResult(file)
	status = fmt.Sprintf("FAILED (exit %d)", code)
	switch {
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

// runOneRepo runs the script in one repository and writes its --json
// result to file; it returns the run's exit code.
func runOneRepo(ctx context.Context, exe string, r repo, file string, forward, script, scriptArgs []string) int {
	if r.missing != "" {
		var buf bytes.Buffer
		writeStartError(&buf, fmt.Errorf("%s", r.missing))
		_ = writeReportFile(file, buf.Bytes())
		return 2
	}
	args := append(append(append([]string{"run"}, forward...), "--cwd", r.path, "--json"), script...)
	args = append(append(args, "--"), scriptArgs...)
	cmd := exec.CommandContext(ctx, exe, args...)
	// An interrupted run gets SIGTERM, so --atomic rolls back before it ends.
	cmd.Cancel = func() error { return cmd.Process.Signal(syscall.SIGTERM) }
	cmd.WaitDelay = time.Minute
	// The fan-out reports each repository; a run's own progress lines would
	// only fill its .stderr file.
	cmd.Env = append(os.Environ(), "ATOMIC_PROGRESS_INTERVAL=0")
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
		if code < 0 {
			code = 5
		}
	} else if err != nil {
		code = 2
		out.Reset()
		writeStartError(&out, fmt.Errorf("could not run atomic-script in %s: %v", r.path, err))
	}
	if out.Len() == 0 {
		writeStartError(&out, fmt.Errorf("atomic-script in %s printed no result (exit %d): %s", r.path, code, firstLine(errOut.String())))
	}
	if err := writeReportFile(file, out.Bytes()); err != nil {
		return 2
	}
	if errOut.Len() > 0 {
		_ = writeReportFile(strings.TrimSuffix(file, ".json")+".stderr", errOut.Bytes())
	}
	return code
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

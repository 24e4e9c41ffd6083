package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/atomic-script/atomic-script/engine"
	"github.com/atomic-script/atomic-script/internal/mcpclient"
)

type runFlags struct {
	common
	expr         string
	asJSON       bool
	events       bool
	timeout      time.Duration
	maxTokens    int
	engine       string
	session      string
	dryRun       bool
	atomic       bool
	approve      string
	yes          bool
	failOnChange bool
	requireClean bool
	strict       bool
	reports      []reportSpec
	repos        string
	jobs         int
	results      string
	answers      string
	resume       bool
	overwrite    bool
	name         string
	redact       []string
	commit       string
	commitSet    bool
	branch       string
}

// registerRun defines run's flags on fs.
func (f *runFlags) registerRun(fs *flag.FlagSet) {
	f.register(fs)
	fs.StringVar(&f.expr, "e", "", "run CODE instead of a file")
	fs.BoolVar(&f.asJSON, "json", false, "print the structured result as JSON")
	fs.BoolVar(&f.events, "events", false, "print one JSON line per event (run start, call start/end, log, text, run end)")
	fs.DurationVar(&f.timeout, "timeout", 0, fmt.Sprintf("deadline for the run, e.g. 30s (a script's timeout_ms can only shorten it); under CI=true the default is %v, --timeout 0 for none", ciTimeout))
	fs.IntVar(&f.maxTokens, "max-output-tokens", 0, "cap on the rendered result in estimated tokens (default 10000)")
	fs.StringVar(&f.engine, "engine", "quickjs", "JavaScript engine: quickjs, or goja (pure Go, no heap limit of its own; for differential runs)")
	fs.StringVar(&f.session, "session", "", "session id: store() values persist under it across runs")
	fs.BoolVar(&f.dryRun, "dry-run", false, "write no files: the run's reads see its pending writes, and the result shows the unified diff it would apply (bash runs in a scratch copy of the workspace holding the pending changes; what it changes there joins the diff)")
	fs.BoolVar(&f.atomic, "atomic", false, "restore every file the run changed (content and mode; created files removed) when the script fails, times out or is interrupted")
	fs.StringVar(&f.approve, "approve", "", "ask before the script's calls of these approval classes (write,bash) that no allow pattern of the settings covers: on a terminal a prompt per call; without one (CI) they are denied unless --yes")
	fs.StringVar(&f.answers, "answers", "", "answer the script's ask_user_question calls from FILE (JSON or YAML keyed by question header, or question text): {\"Merge approval\": \"Proceed\"}; a question it does not cover fails. Without it a terminal gets a picker, and a run with neither (CI) has no ask_user_question")
	fs.BoolVar(&f.strict, "strict", false, "fail the run (exit 1) when the script leaves a promise rejection unhandled; without it that is a warning")
	fs.BoolVar(&f.yes, "yes", false, "answer yes to every approval ask without prompting (deny rules still deny)")
	fs.BoolVar(&f.failOnChange, "fail-on-change", false, fmt.Sprintf("exit %d when the run succeeds but changed files (with --dry-run: would change them), like gofmt -l: CI checks that a migration was applied everywhere", engine.ExitChanged))
	fs.BoolVar(&f.requireClean, "require-clean", false, "refuse to start (exit 2, the files listed) when the workspace's git work tree has uncommitted changes")
	fs.Func("report", "after the run, write a report for CI to FILE: .xml is JUnit, .md a Markdown summary (for $GITHUB_STEP_SUMMARY, which is appended to); junit:PATH or md:PATH for other names; repeatable", func(v string) error {
		r, err := parseReport(v)
		f.reports = append(f.reports, r)
		return err
	})
	fs.StringVar(&f.repos, "repos", "", "run the script in each repository: DIR (its subdirectories) or a FILE listing paths, one a line; one --json result per repository in --results, then the aggregate table")
	fs.IntVar(&f.jobs, "j", 0, "with --repos: repositories run at once (default: the number of CPUs)")
	fs.StringVar(&f.results, "results", "atomic-results", "with --repos: the directory for the results (NAME.json per repository, NAME from atomic-script result-name; each --report beside it as NAME.xml or NAME.md)")
	fs.BoolVar(&f.resume, "resume", false, "with --repos: skip the repositories whose result in --results passed for the same script, arguments and mode; run the others again")
	fs.BoolVar(&f.overwrite, "overwrite", false, "with --repos: run every repository again, replacing the results in --results (without it, or --resume, earlier results are never replaced)")
	fs.Func("redact", "NAME[,NAME...]: also replace the value of these environment variables with *** in the result, reports, events and logs (those named *TOKEN*, *SECRET*, *PASSWORD*, *_KEY and token shapes of GitHub, GitLab, AWS and OpenAI always are); repeatable", func(v string) error {
		for _, n := range strings.Split(v, ",") {
			if n = strings.TrimSpace(n); n != "" {
				f.redact = append(f.redact, n)
			}
		}
		return nil
	})
	fs.StringVar(&f.commit, "commit", "", "MESSAGE: when the run passes, commit the files it changed (nothing else) on a new branch, from HEAD, with hooks off; the author from GIT_AUTHOR_NAME/GIT_AUTHOR_EMAIL or git's config")
	fs.StringVar(&f.branch, "branch", "", "with --commit: the new branch's name (default atomic-script/ and the message as a slug); it must not exist")
	fs.StringVar(&f.name, "name", "", "the repository's name in reports and the result's invocation (default: its git remote origin as host/owner/name, else the directory's name)")
}

// redactAll is list with the secrets in each string replaced.
func redactAll(rd *engine.Redactor, list []string) []string {
	out := make([]string, len(list))
	for i, s := range list {
		out[i] = rd.String(s)
	}
	return out
}

// ciTimeout is run's deadline under CI=true when --timeout is not given.
const ciTimeout = 30 * time.Minute

// flagSet reports whether the flag was given on the command line.
func flagSet(fs *flag.FlagSet, name string) bool {
	set := false
	fs.Visit(func(f *flag.Flag) { set = set || f.Name == name })
	return set
}

// requireClean refuses a workspace whose git work tree has uncommitted
// changes, naming the files (--require-clean).
func requireClean(root string) error {
	dirty, err := engine.DirtyFiles(root)
	if err != nil {
		return usagef("run: --require-clean: %v", err)
	}
	if len(dirty) > 0 {
		shown := dirty[:min(len(dirty), 20)]
		more := ""
		if len(dirty) > len(shown) {
			more = fmt.Sprintf(" and %d more", len(dirty)-len(shown))
		}
		return usagef("run: --require-clean: the work tree has uncommitted changes in %d files: %s%s; commit or stash them first", len(dirty), strings.Join(shown, ", "), more)
	}
	return nil
}

// eventHandler is the one events handler that feeds every consumer:
// --events, the status line, or the plain progress lines (CI, a pipe,
// TERM=dumb, --events). nil when none listens; closeEvents stops the
// progress lines.
func (f *runFlags) eventHandler(stdio Stdio, status *statusLine) (onEvent func(engine.Event), closeEvents func()) {
	var handlers []func(engine.Event)
	closeEvents = func() {}
	var out sync.Mutex
	if f.events {
		handlers = append(handlers, func(ev engine.Event) {
			out.Lock()
			defer out.Unlock()
			_ = ev.WriteJSON(stdio.Out)
		})
	}
	if status != nil {
		handlers = append(handlers, status.event)
	}
	if d := progressInterval(); status == nil && d > 0 {
		lines := newProgressLines(stdio.Err, d)
		closeEvents = lines.close
		handlers = append(handlers, lines.event)
	}
	if len(handlers) == 0 {
		return nil, closeEvents
	}
	return func(ev engine.Event) {
		for _, h := range handlers {
			h(ev)
		}
	}, closeEvents
}

// conflicts refuses flags that cannot go together.
func (f *runFlags) conflicts() error {
	if f.asJSON && f.events {
		return usagef("run: --json and --events both write stdout; pick one (the last --events line carries the result)")
	}
	if f.dryRun && f.atomic {
		return usagef("run: --dry-run writes nothing, so there is nothing for --atomic to roll back; pick one")
	}
	return f.commitFlags()
}

func cmdRun(args []string, stdio Stdio) (exit int, err error) {
	cmd := newCommand("run", "atomic-script run FILE|-|-e CODE [flags] [-- ARGS...]", 0, -1)
	fs := cmd.fs
	var f runFlags
	defer func() {
		// With --json, a run that could not start still answers on stdout,
		// so a CI step that parses the JSON sees why (stderr says it too).
		if err != nil && (f.asJSON || jsonRequested(args)) {
			writeStartError(stdio.Out, fmt.Errorf("%s", engine.NewRedactor(f.redact...).String(err.Error())))
		}
	}()
	f.registerRun(fs)
	pos, scriptArgs, err := cmd.parse(args, stdio.Out)
	if err != nil {
		return 0, err
	}
	code, name, err := f.script(pos, stdio.In)
	if err != nil {
		return 0, err
	}
	engine.WarmUp(name) // overlaps the setup below
	f.commitSet = flagSet(fs, "commit")
	if err := f.conflicts(); err != nil {
		return 0, err
	}
	if !flagSet(fs, "timeout") && ciEnv() {
		// Unattended, a run that hangs would hold its job to the CI's own
		// limit (hours): it gets a deadline unless one is given.
		f.timeout = ciTimeout
	}
	if f.repos != "" {
		if err := os.MkdirAll(f.results, 0o755); err != nil {
			return 0, usagef("run: --results %s: %v", f.results, err)
		}
		src, err := scriptSource(f.expr, pos, code, f.results)
		if err != nil {
			return 0, err
		}
		return runRepos(&f, fs, src, code, scriptArgs, stdio)
	}
	approve, err := parseApprove("run", f.approve)
	if err != nil {
		return 0, err
	}
	ws, err := f.load(stdio.Err)
	if err != nil {
		return 0, err
	}

	if f.requireClean {
		if err := requireClean(ws.root); err != nil {
			return 0, err
		}
	}
	if err := f.checkCommit(ws.root); err != nil {
		return 0, err
	}
	rd := engine.NewRedactor(f.redact...)
	opts, err := f.engineOptions(ws, approve)
	if err != nil {
		return 0, err
	}
	opts = append(opts, engine.WithRedactor(rd))
	// Configured MCP servers become tools.<server>.*; they start on first use.
	hub := mcpclient.New(ws.settings.MCPServers, mcpclient.Options{Root: ws.root, Stderr: stdio.Err, Version: Version})
	defer hub.Close()
	opts = append(opts, engine.WithNamespaces(hub.Namespaces(ws.enabled)...))
	if r := hub.Router(ws.enabled); r != nil { // their resources are mcp://SERVER/URI
		opts = append(opts, engine.WithRouter(mcpclient.Scheme, r))
	}
	// With --events the stream is the progress: a status line would be
	// drawn into it on a terminal.
	var status *statusLine
	if !f.events {
		status = newStatusLine(stdio.Err)
	}
	onEvent, closeEvents := f.eventHandler(stdio, status)
	defer closeEvents()
	if onEvent != nil {
		opts = append(opts, engine.WithEvents(onEvent))
	}
	eng, err := engine.New(opts...)
	if err != nil {
		return 0, err
	}
	defer eng.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	// Old spill trees are reaped off the startup path; a run that ends
	// first simply leaves the sweep to a later one.
	engine.StartSpillReaper(ctx, 50*time.Millisecond)
	asker := newTerminalAsker(status)
	defer asker.close()
	runOpts := []engine.RunOption{engine.WithArgs(scriptArgs...), engine.WithAsker("terminal", asker.ask), engine.WithScriptName(name)}
	q, _, err := questioner(f.answers, stdio.Err, status)
	if err != nil {
		return 0, err
	}
	if q != nil {
		runOpts = append(runOpts, engine.WithQuestions(q))
	}
	started := time.Now()
	res, err := eng.Run(ctx, code, runOpts...)
	if status != nil {
		status.close()
	}
	if err != nil {
		return 0, err
	}
	head := resultHead{Invocation: newInvocation(scriptName(f.expr, pos), code, redactAll(rd, scriptArgs), f.modeName(), f.repoName(ws.root))}
	var commitExit int
	head.Commit, commitExit = f.commitRun(stdio, ws.root, res)
	info := runInfo{Script: head.Invocation.Script, Name: head.Invocation.Name, Workspace: ws.root, Mode: f.modeName(), Started: started}
	runExit, err := f.finish(stdio, res, head, info)
	if runExit == engine.ExitOK {
		runExit = commitExit
	}
	return runExit, err
}

// finish writes a finished run's reports and its result (text, --json;
// with --events run_end carried it) and returns the exit code.
func (f *runFlags) finish(stdio Stdio, res *engine.Result, head resultHead, info runInfo) (int, error) {
	exit := res.ExitCode
	if len(f.reports) > 0 {
		if err := writeReports(f.reports, res, info); err != nil {
			fmt.Fprintln(stdio.Err, "atomic-script:", err)
			if res.ExitCode == engine.ExitOK {
				// A CI step must not pass when its report is missing.
				exit = engine.ExitUsage
			}
		}
	}
	switch {
	case f.events:
		// run_end already carried the result.
	case f.asJSON:
		if err := writeResultJSON(stdio.Out, res, head); err != nil {
			return 0, err
		}
	default:
		io.WriteString(stdio.Out, res.Text)
	}
	return exit, nil
}

// engineOptions are the engine's options for one run of the flags in ws.
func (f *runFlags) engineOptions(ws *workspace, approve []engine.ApprovalClass) ([]engine.Option, error) {
	newVM, err := vmFor(f.engine)
	if err != nil {
		return nil, err
	}
	mc, err := ws.modelsClient()
	if err != nil {
		return nil, err
	}
	opts := []engine.Option{
		engine.WithJSEngine(newVM),
		engine.WithRoot(ws.root),
		engine.WithTools(ws.enabled),
		engine.WithSettings(ws.settings.Tools()),
		engine.WithTimeout(f.timeout),
		engine.WithMaxOutputTokens(f.maxTokens),
		engine.WithFileMode(f.fileMode()),
		engine.WithSessionEndsWithRun(),
		engine.WithApprovals(ws.settings.Policy(approve, f.yes)),
		engine.WithModels(mc),
	}
	if f.session != "" {
		opts = append(opts, engine.WithSession(f.session))
	}
	if f.failOnChange {
		opts = append(opts, engine.WithFailOnChange())
	}
	if f.strict {
		opts = append(opts, engine.WithStrict())
	}
	return opts, nil
}

// modeName is the file mode as reports name it.
func (f *runFlags) modeName() string {
	switch f.fileMode() {
	case engine.DryRun:
		return "dry-run"
	case engine.Atomic:
		return "atomic"
	}
	return "write"
}

// scriptName names the script in reports: its file name, "-e" or "stdin".
func scriptName(expr string, pos []string) string {
	switch {
	case expr != "":
		return "-e"
	case len(pos) == 0 || pos[0] == "-":
		return "stdin"
	}
	return filepath.Base(pos[0])
}

// fileMode is what --dry-run and --atomic select.
func (f *runFlags) fileMode() engine.FileMode {
	switch {
	case f.dryRun:
		return engine.DryRun
	case f.atomic:
		return engine.Atomic
	}
	return engine.WriteFiles
}

// script reads the script from -e, a file or stdin ("-") and names it for
// stack frames and findings: the path, [eval] or [stdin].
func (f *runFlags) script(pos []string, stdin io.Reader) (code, name string, err error) {
	switch {
	case f.expr != "" && len(pos) > 0:
		return "", "", usagef("run: give either -e CODE or a file, not both (extra argument %q; pass script arguments after --)", pos[0])
	case f.expr != "":
		return f.expr, "[eval]", nil
	case len(pos) == 0:
		return "", "", usagef("run: missing script: give a FILE, - for stdin, or -e CODE")
	case len(pos) > 1:
		return "", "", usagef("run: one script at a time (got %q and %q); pass script arguments after --", pos[0], pos[1])
	case pos[0] == "-":
		data, err := io.ReadAll(stdin)
		if err != nil {
			return "", "", fmt.Errorf("reading the script from stdin: %w", err)
		}
		return string(data), "[stdin]", nil
	}
	data, err := os.ReadFile(pos[0])
	if err != nil {
		return "", "", usagef("run: cannot read script: %v", err)
	}
	return string(data), pos[0], nil
}

// vmFor maps --engine to the engine's choice.
func vmFor(name string) (engine.JSEngine, error) {
	j, err := engine.ParseJSEngine(name)
	if err != nil {
		return "", usagef("run: --engine: %v", err)
	}
	return j, nil
}

// jsonRequested reports whether --json appears among the run flags (before
// "--"), so a usage error found before the flag parser reached it is still
// answered in JSON.
func jsonRequested(args []string) bool {
	for _, a := range args {
		switch a {
		case "--":
			return false
		case "--json", "-json", "--json=true", "-json=true":
			return true
		}
	}
	return false
}

// writeStartError prints the --json answer of a run that never started:
// the shape of a result, with error kind "usage" and exit code 2.
func writeStartError(w io.Writer, err error) {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(struct {
		SchemaVersion int        `json:"schemaVersion"`
		OK            bool       `json:"ok"`
		ExitCode      int        `json:"exitCode"`
		Error         startError `json:"error"`
	}{ResultSchemaVersion, false, engine.ExitUsage, startError{"usage", err.Error()}})
}

package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
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
}

func cmdRun(args []string, stdio Stdio) (_ int, err error) {
	cmd := newCommand("run", "atomic-script run FILE|-|-e CODE [flags] [-- ARGS...]", 0, -1)
	fs := cmd.fs
	var f runFlags
	defer func() {
		// With --json, a run that could not start still answers on stdout,
		// so a CI step that parses the JSON sees why (stderr says it too).
		if err != nil && (f.asJSON || jsonRequested(args)) {
			writeStartError(stdio.Out, err)
		}
	}()
	f.register(fs)
	fs.StringVar(&f.expr, "e", "", "run CODE instead of a file")
	fs.BoolVar(&f.asJSON, "json", false, "print the structured result as JSON")
	fs.BoolVar(&f.events, "events", false, "print one JSON line per event (run start, call start/end, log, text, run end)")
	fs.DurationVar(&f.timeout, "timeout", 0, "deadline for the run, e.g. 30s (a script's timeout_ms can only shorten it)")
	fs.IntVar(&f.maxTokens, "max-output-tokens", 0, "cap on the rendered result in estimated tokens (default 10000)")
	fs.StringVar(&f.engine, "engine", "quickjs", "JavaScript engine: quickjs, or goja (pure Go, no heap limit of its own; for differential runs)")
	fs.StringVar(&f.session, "session", "", "session id: store() values persist under it across runs")
	fs.BoolVar(&f.dryRun, "dry-run", false, "write no files: the run's reads see its pending writes, and the result shows the unified diff it would apply (bash runs in a scratch copy of the workspace holding the pending changes; what it changes there joins the diff)")
	fs.BoolVar(&f.atomic, "atomic", false, "restore every file the run changed (content and mode; created files removed) when the script fails, times out or is interrupted")
	fs.StringVar(&f.approve, "approve", "", "ask before the script's calls of these approval classes (write,bash) that no allow pattern of the settings covers: on a terminal a prompt per call; without one (CI) they are denied unless --yes")
	fs.BoolVar(&f.strict, "strict", false, "fail the run (exit 1) when the script leaves a promise rejection unhandled; without it that is a warning")
	fs.BoolVar(&f.yes, "yes", false, "answer yes to every approval ask without prompting (deny rules still deny)")
	fs.BoolVar(&f.failOnChange, "fail-on-change", false, fmt.Sprintf("exit %d when the run succeeds but changed files (with --dry-run: would change them), like gofmt -l: CI checks that a migration was applied everywhere", engine.ExitChanged))
	fs.BoolVar(&f.requireClean, "require-clean", false, "refuse to start (exit 2, the files listed) when the workspace's git work tree has uncommitted changes")
	pos, scriptArgs, err := cmd.parse(args, stdio.Out)
	if err != nil {
		return 0, err
	}
	code, name, err := f.script(pos, stdio.In)
	if err != nil {
		return 0, err
	}
	engine.WarmUp(name) // overlaps the setup below
	if f.asJSON && f.events {
		return 0, usagef("run: --json and --events both write stdout; pick one (the last --events line carries the result)")
	}
	if f.dryRun && f.atomic {
		return 0, usagef("run: --dry-run writes nothing, so there is nothing for --atomic to roll back; pick one")
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
		dirty, err := engine.DirtyFiles(ws.root)
		if err != nil {
			return 0, usagef("run: --require-clean: %v", err)
		}
		if len(dirty) > 0 {
			shown := dirty[:min(len(dirty), 20)]
			more := ""
			if len(dirty) > len(shown) {
				more = fmt.Sprintf(" and %d more", len(dirty)-len(shown))
			}
			return 0, usagef("run: --require-clean: the work tree has uncommitted changes in %d files: %s%s; commit or stash them first", len(dirty), strings.Join(shown, ", "), more)
		}
	}
	newVM, err := vmFor(f.engine)
	if err != nil {
		return 0, err
	}
	mc, err := ws.modelsClient()
	if err != nil {
		return 0, err
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
	// Configured MCP servers become tools.<server>.*; they start on first use.
	hub := mcpclient.New(ws.settings.MCPServers, mcpclient.Options{Root: ws.root, Stderr: stdio.Err, Version: Version})
	defer hub.Close()
	opts = append(opts, engine.WithNamespaces(hub.Namespaces(ws.enabled)...))
	var out sync.Mutex
	if f.events {
		opts = append(opts, engine.WithEvents(func(ev engine.Event) {
			out.Lock()
			defer out.Unlock()
			_ = ev.WriteJSON(stdio.Out)
		}))
	}
	status := newStatusLine(stdio.Err)
	if status != nil && !f.events {
		opts = append(opts, engine.WithEvents(status.event))
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
	res, err := eng.Run(ctx, code, engine.WithArgs(scriptArgs...), engine.WithAsker("terminal", asker.ask), engine.WithScriptName(name))
	if status != nil {
		status.close()
	}
	if err != nil {
		return 0, err
	}
	switch {
	case f.events:
		// run_end already carried the result.
	case f.asJSON:
		if err := res.WriteJSON(stdio.Out, "  "); err != nil {
			return 0, err
		}
	default:
		io.WriteString(stdio.Out, res.Text)
	}
	return res.ExitCode, nil
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
	type startError struct {
		Kind    string `json:"kind"`
		Message string `json:"message"`
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	_ = enc.Encode(struct {
		OK       bool       `json:"ok"`
		ExitCode int        `json:"exitCode"`
		Error    startError `json:"error"`
	}{false, engine.ExitUsage, startError{"usage", err.Error()}})
}

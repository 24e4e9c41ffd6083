// Package cli implements the atomic-script command: run, serve, tools,
// types and store. main is a thin wrapper around Main so the whole CLI can be
// tested in memory and with testscript.
package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"runtime/debug"
	"strings"

	"github.com/atomic-script/atomic-script/engine"
)

// Stdio is the process's standard streams.
type Stdio struct {
	In  io.Reader
	Out io.Writer
	Err io.Writer
}

// OSStdio returns the real standard streams.
func OSStdio() Stdio { return Stdio{In: os.Stdin, Out: os.Stdout, Err: os.Stderr} }

// Version is the running atomic-script's version, from its build
// information (see engine.Version).
var Version = engine.Version()

const usage = `atomic-script — run one JavaScript program that drives coding tools.

Usage:
  atomic-script run FILE|-|-e CODE [flags] [-- ARGS...]   (FILE.js, or FILE.ts: TypeScript)
  atomic-script check [--json] FILE...          syntax errors, forgotten awaits, unknown tools, without running
  atomic-script serve [--http ADDR] [flags]     MCP server over stdio (or streamable HTTP with a bearer token)
  atomic-script tools [--json] [--tools LIST]   which tools are active, and how to enable the others
  atomic-script types [--tools LIST]            TypeScript declarations of everything a script can call
  atomic-script store list|get|rm|export|import --session ID [KEY|FILE]
  atomic-script aggregate [--json|--markdown|--junit] [--expect LIST] RESULT.json...   one table of many run --json results
  atomic-script result-name REPOSITORY...       the result file name (NAME.json) a fleet gives a repository
  atomic-script schema result|events            the JSON Schema of run --json results and --events lines
  atomic-script help [TOPIC]                     the reference pages (docs/*.md), one at a time
  atomic-script version

Run "atomic-script COMMAND -h" for a command's flags, "atomic-script help"
for the reference topics and "atomic-script help TOPIC" for one of them.

Settings: ~/.atomic/agent/settings.json, then the workspace's
.atomic/settings.json (its values win), then --tools. The workspace's file is
untrusted: the MCP servers it configures start only with --trust-project or
ATOMIC_TRUST_PROJECT=1, and never replace a user server of the same name.
serve --http requires "Authorization: Bearer TOKEN": TOKEN is
$ATOMIC_SERVE_TOKEN (16+ characters) or a random one printed on stderr.

Exit codes: 0 success, 1 script error, 2 usage or configuration error,
3 timeout, 4 sandbox (memory limit, engine fault), 5 aborted (signal),
6 an --atomic run failed and its rollback is incomplete (files left changed),
7 --fail-on-change and the run changed (or would change) files.
`

// usageError is a mistake on the command line: exit 2 with a one-line
// message and a hint.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{msg: fmt.Sprintf(format, args...)}
}

// Main runs the command line args (without the program name) and returns
// the exit code.
func Main(args []string, stdio Stdio) int {
	if len(args) == 0 {
		fmt.Fprint(stdio.Err, usage)
		return engine.ExitUsage
	}
	var err error
	code := 0
	switch args[0] {
	case "run", "serve":
		engine.SetMemoryBackstop()
	}
	switch args[0] {
	case "run":
		code, err = cmdRun(args[1:], stdio)
	case "check":
		code, err = cmdCheck(args[1:], stdio)
	case "serve":
		code, err = cmdServe(args[1:], stdio)
	case "aggregate":
		code, err = cmdAggregate(args[1:], stdio)
	case "result-name":
		err = cmdResultName(args[1:], stdio)
	case "schema":
		err = cmdSchema(args[1:], stdio)
	case "tools":
		err = cmdTools(args[1:], stdio)
	case "types":
		err = cmdTypes(args[1:], stdio)
	case "store":
		err = cmdStore(args[1:], stdio)
	case "version", "--version":
		err = cmdVersion(args[1:], stdio)
	case "help", "-h", "--help":
		err = cmdHelp(args[1:], stdio)
	default:
		err = usagef("unknown command %q", args[0])
	}
	if errors.Is(err, errHelpShown) {
		return 0
	}
	if err != nil {
		return report(stdio.Err, err)
	}
	return code
}

// report prints err in one or two lines and returns its exit code.
func report(w io.Writer, err error) int {
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(w, "atomic-script: %s\nRun \"atomic-script help\" for usage.\n", engine.NewRedactor().String(ue.msg))
		return engine.ExitUsage
	}
	// An error may quote an argument or a command's output: no secret
	// reaches a CI log through it.
	msg := engine.NewRedactor().String(err.Error())
	if !strings.HasPrefix(msg, "atomic-script") {
		msg = "atomic-script: " + msg
	}
	fmt.Fprintln(w, msg)
	return engine.ExitUsage
}

func cmdVersion(args []string, stdio Stdio) error {
	if _, _, err := newCommand("version", "atomic-script version", 0, 0).parse(args, stdio.Out); err != nil {
		return err
	}
	fmt.Fprintln(stdio.Out, "atomic-script", versionString(Version, buildInfo()), "("+goruntime.GOOS+"/"+goruntime.GOARCH+")")
	return nil
}

// buildInfo is the binary's build information (nil when there is none).
func buildInfo() *debug.BuildInfo {
	bi, _ := debug.ReadBuildInfo()
	return bi
}

// versionString is the version a binary reports: the one set with
// -ldflags (release archives), else the module version `go install
// …@vX.Y.Z` recorded, else the commit a checkout was built from
// ("+dirty" with uncommitted changes), else "dev".
func versionString(set string, bi *debug.BuildInfo) string {
	if set != "dev" || bi == nil {
		return set
	}
	if v := bi.Main.Version; v != "" && v != "(devel)" {
		return v
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch {
		case s.Key == "vcs.revision":
			rev = s.Value
		case s.Key == "vcs.modified" && s.Value == "true":
			dirty = "+dirty"
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev == "" {
		return set
	}
	return "dev-" + rev + dirty
}

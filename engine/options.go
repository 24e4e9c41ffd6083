package engine

import (
	"fmt"
	"time"

	"github.com/atomic-script/atomic-script/models"
	"github.com/atomic-script/atomic-script/runtime"
	"github.com/atomic-script/atomic-script/runtime/quickjs"
	"github.com/atomic-script/atomic-script/tools"
	"github.com/atomic-script/atomic-script/tools/journal"
)

// config is what Options set.
type config struct {
	redactor        *Redactor
	root            string
	registry        *tools.Registry
	sessionID       string
	ephemeralStore  bool
	endsWithRun     bool
	storePath       string
	owner           string
	timeout         time.Duration
	maxOutputTokens int
	memoryLimit     int64
	settings        tools.Settings
	newVM           runtime.New
	events          func(Event)
	namespaces      []Namespace
	routers         map[string]tools.Router
	fileMode        journal.Mode
	approvals       ApprovalPolicy
	failOnChange    bool
	models          *models.Client
	strict          bool
}

func defaultConfig() config {
	return config{newVM: quickjs.New}
}

func (c config) memoryLimitOrDefault() int64 {
	if c.memoryLimit > 0 {
		return c.memoryLimit
	}
	return runtime.DefaultMemoryLimit
}

// Option configures an Engine.
type Option func(*config) error

// WithRoot sets the workspace root (default: the current directory).
func WithRoot(dir string) Option {
	return func(c *config) error { c.root = dir; return nil }
}

// WithTools sets the tools scripts may call (default: none).
func WithTools(r *tools.Registry) Option {
	return func(c *config) error { c.registry = r; return nil }
}

// WithSession names the session: store() values persist under this id in
// the SQLite store, and spill files go under its temp tree. Without it,
// values last only as long as the Engine.
func WithSession(id string) Option {
	return func(c *config) error {
		if id == "" {
			return fmt.Errorf("engine: empty session id")
		}
		c.sessionID = id
		return nil
	}
}

// WithStorePath sets the SQLite store file (default: kvstore.DefaultPath).
func WithStorePath(path string) Option {
	return func(c *config) error { c.storePath = path; return nil }
}

// WithMemoryStore keeps store() values in memory even for a named session
// (an MCP session whose branch must not outlive the server).
func WithMemoryStore() Option {
	return func(c *config) error { c.ephemeralStore = true; return nil }
}

// WithSessionEndsWithRun says the engine's session is closed after one run
// (the CLI): a run that leaves background tasks running is warned that they
// end with it, and so is one that writes store() values kept only in
// memory (no --session).
func WithSessionEndsWithRun() Option {
	return func(c *config) error { c.endsWithRun = true; return nil }
}

// WithOwner sets who owns background tasks started by runs of this engine
// (default: each run owns its own).
func WithOwner(owner string) Option {
	return func(c *config) error { c.owner = owner; return nil }
}

// WithTimeout bounds every run (0: no deadline). A script's timeout_ms can
// only shorten it.
func WithTimeout(d time.Duration) Option {
	return func(c *config) error {
		if d < 0 {
			return fmt.Errorf("engine: negative timeout %v", d)
		}
		c.timeout = d
		return nil
	}
}

// WithMaxOutputTokens caps the rendered result (default 10,000 estimated
// tokens). A script's max_output_tokens can only lower it.
func WithMaxOutputTokens(n int) Option {
	return func(c *config) error {
		if n < 0 {
			return fmt.Errorf("engine: negative max output tokens %d", n)
		}
		c.maxOutputTokens = n
		return nil
	}
}

// WithMemoryLimit sets the VM heap limit in bytes (default 256 MiB).
func WithMemoryLimit(bytes int64) Option {
	return func(c *config) error {
		if bytes < 1<<20 {
			return fmt.Errorf("engine: memory limit %d is below 1 MiB", bytes)
		}
		c.memoryLimit = bytes
		return nil
	}
}

// WithSettings sets the tool settings.
func WithSettings(s tools.Settings) Option {
	return func(c *config) error { c.settings = s; return nil }
}

// WithFileMode sets what the file mutations of scripts do (default
// WriteFiles). Changes made by bash commands are outside the journal in
// every mode.
func WithFileMode(m FileMode) Option {
	return func(c *config) error {
		jm, err := m.journalMode()
		if err != nil {
			return err
		}
		c.fileMode = jm
		return nil
	}
}

// WithStrict fails a run that leaves a promise rejection unhandled (by
// default it is a warning); a script may ask for it with
// `// @options: {"strict": true}`.
func WithStrict() Option {
	return func(c *config) error { c.strict = true; return nil }
}

// WithFailOnChange makes a run that succeeds but changed files (in a dry
// run: would change them) exit ExitChanged, the check mode of `gofmt -l`:
// CI can require that a migration has already been applied everywhere.
func WithFailOnChange() Option {
	return func(c *config) error { c.failOnChange = true; return nil }
}

// WithJSEngine selects the JavaScript engine (default QuickJS).
func WithJSEngine(j JSEngine) Option {
	return func(c *config) error {
		if _, err := ParseJSEngine(string(j)); err != nil {
			return fmt.Errorf("engine: %w", err)
		}
		c.newVM = j.constructor()
		return nil
	}
}

// WithEvents streams every run's events to fn. fn may be called from
// several goroutines (progress comes from tool goroutines).
func WithEvents(fn func(Event)) Option {
	return func(c *config) error { c.events = fn; return nil }
}

// WithNamespaces adds groups of tools (MCP servers) that scripts call as
// tools.<namespace>.<tool>.
func WithNamespaces(ns ...Namespace) Option {
	return func(c *config) error { c.namespaces = append(c.namespaces, ns...); return nil }
}

// WithRouter serves the resources of a URI scheme (mcp://: the external
// MCP servers' resources) to read and search.
func WithRouter(scheme string, r tools.Router) Option {
	return func(c *config) error {
		if c.routers == nil {
			c.routers = map[string]tools.Router{}
		}
		c.routers[scheme] = r
		return nil
	}
}

// WithQuestions sets who answers the run's ask_user_question calls (the
// MCP host's user, the person at the terminal, an answers file). Without
// it the tool is left out of the run's catalog and calling it throws
// ERR_UNAVAILABLE.
func WithQuestions(q tools.Questioner) RunOption {
	return func(c *runConfig) { c.questions = q }
}

// runConfig is what RunOptions set.
type runConfig struct {
	fileMode     journal.Mode
	fileModeSet  bool
	name         string
	args         []string
	callIDPrefix string
	events       func(Event)
	ask          AskFunc
	askBy        string
	questions    tools.Questioner
}

// RunOption configures one Run.
type RunOption func(*runConfig)

// WithRunFileMode sets what this run's file mutations do, overriding the
// engine's WithFileMode for one run: a host that offers a per-call dry run
// (an MCP codemode call with dry_run) previews with the same journal,
// overlay and scratch copy as `run --dry-run`.
func WithRunFileMode(m FileMode) RunOption {
	return func(r *runConfig) {
		if jm, err := m.journalMode(); err == nil {
			r.fileMode, r.fileModeSet = jm, true
		}
	}
}

// WithArgs passes arguments to the script as ARGS.
func WithArgs(args ...string) RunOption {
	return func(r *runConfig) { r.args = args }
}

// WithCallIDPrefix makes nested call ids "<prefix>/<n>" so a host can
// attribute them to its own call.
func WithCallIDPrefix(prefix string) RunOption {
	return func(r *runConfig) { r.callIDPrefix = prefix }
}

// WithRunEvents streams this run's events to fn, in addition to the
// engine's.
func WithRunEvents(fn func(Event)) RunOption {
	return func(r *runConfig) { r.events = fn }
}

// WithScriptName names the script's file: stack frames and findings point
// at it ("task.ts:7:9"), and its extension picks the language (.ts, .mts
// and .cts are TypeScript, .js, .mjs and .cjs JavaScript). Without a
// name, or with another extension, a script that does not parse as
// JavaScript runs as TypeScript, and frames say codemode.js (codemode.ts).
func WithScriptName(name string) RunOption {
	return func(r *runConfig) { r.name = name }
}
